/** Shared output helpers of the CLI: DataHub-style JSON printing and error reporting. */
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

/** Prints an error the way every command does and sets a failing exit code. */
export function reportError(err: unknown): void {
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
  return cells.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd()).join('\n');
}
