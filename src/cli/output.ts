/** Shared output helpers of the CLI: DataHub-style JSON printing and error reporting. */
import { getSystemErrorMap } from 'node:util';
import { CatalogError } from '../errors.ts';

/** JSON with object keys sorted at every level and a 2-space indent, as `datahub get` prints. */
export function sortedJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2);
}

export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) out[k] = sortKeys((value as Record<string, unknown>)[k]);
  return out;
}

/**
 * The reader of the command's output went away (a closed pipe, EPIPE): nothing is wrong with the
 * command, and nobody is left to read a message. The command ends quietly with status 141, as a
 * program killed by SIGPIPE does (`catalog search '*' | head -1`).
 */
export class OutputClosedError extends Error {
  constructor() {
    super('the output was closed by its reader');
    this.name = 'OutputClosedError';
  }
}

/** The exit status of a command whose output was closed under it: 128 + SIGPIPE, what a shell reports for `yes | head -1`'s yes. */
export const OUTPUT_CLOSED_STATUS = 141;

/** A system error as a person reads it: `no space left on device (ENOSPC)`; any other error, its message. */
export function systemErrorText(e: unknown): string {
  const err = e as NodeJS.ErrnoException | undefined;
  if (err && typeof err.errno === 'number' && err.code) {
    const known = getSystemErrorMap().get(err.errno);
    if (known) return `${known[1]} (${err.code})`;
  }
  if (err && typeof err.code === 'string' && /^E[A-Z]+$/.test(err.code))
    return `${err.message.replace(new RegExp(`^${err.code}: `), '').replace(/, \w+ .*$/, '')} (${err.code})`;
  return err instanceof Error ? err.message : String(e);
}

/** Whether a closed standard output or error ends the command (every command) or only silences it (`catalog serve`). */
let whenOutputCloses: 'end' | 'go-on' = 'end';

/**
 * Catches errors of standard output and error, which Node otherwise turns into a crash with a stack
 * trace: a closed pipe ends the command quietly with status 141; any other failure (a full disk under
 * `> file`) ends it with one line saying so and status 1. Called once, when the command line starts.
 */
export function guardStandardStreams(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => standardStreamFailed('standard output', e));
  process.stderr.on('error', (e: NodeJS.ErrnoException) => standardStreamFailed('standard error', e));
}

/**
 * For a command whose output is a log beside its real work (`catalog serve`): a closed or failing
 * standard output or error drops the lines written to it from then on, and the work goes on.
 */
export function goOnWhenOutputCloses(): void {
  whenOutputCloses = 'go-on';
}

function standardStreamFailed(name: string, e: NodeJS.ErrnoException): void {
  // The stream is destroyed now: what is written to it later is dropped without another error.
  if (whenOutputCloses === 'go-on') return;
  if (e.code === 'EPIPE') process.exit(OUTPUT_CLOSED_STATUS);
  if (name !== 'standard error') process.stderr.write(`error: cannot write ${name}: ${systemErrorText(e)}\n`);
  process.exit(1);
}

/** Prints an error the way every command does and sets a failing exit code. */
export function reportError(err: unknown): void {
  if (err instanceof OutputClosedError || (err as NodeJS.ErrnoException | undefined)?.code === 'EPIPE') {
    process.exitCode = OUTPUT_CLOSED_STATUS;
    return;
  }
  const message = err instanceof CatalogError || err instanceof Error ? err.message : String(err);
  process.stderr.write(`error: ${message}\n`);
  if (!(err instanceof CatalogError) && err instanceof Error && process.env['CATALOG_DEBUG']) {
    process.stderr.write(`${err.stack}\n`);
  }
  process.exitCode = 1;
}

/**
 * A plain text table: a header row and aligned columns, the last column unpadded (urns are long).
 * Cells are cut to `max` characters with an ellipsis so a row stays on one line on a terminal.
 */
export function formatTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>, max = 60): string {
  const cut = (s: string, last: boolean) => (last || s.length <= max ? s : `${s.slice(0, max - 1)}…`);
  const cells = [header, ...rows].map((r) => r.map((c, i) => cut(c.replace(/\s+/g, ' '), i === r.length - 1)));
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i]?.length ?? 0)));
  return cells
    .map((r) =>
      r
        .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
