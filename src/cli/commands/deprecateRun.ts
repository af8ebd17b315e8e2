/** `catalog deprecate`: parses the URNs and the date, then one atomic batchUpdateDeprecation. */
import { BadRequestError } from '../../errors.ts';
import { SYSTEM_ACTOR } from '../../ops/core/context.ts';
import { batchUpdateDeprecation } from '../../ops/labels/deprecation.ts';
import type { Store } from '../../store/store.ts';
import { readText } from '../inputFiles.ts';

/** Epoch millis from `1767225600000`, `2026-12-31` or `2026-12-31T12:00:00Z`. */
export function parseDecommissionTime(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  const ms = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms))
    throw new BadRequestError(
      `--decommission-time: "${text}" is not a date (YYYY-MM-DD, an ISO date-time, or epoch milliseconds)`,
    );
  return ms;
}

/** URNs of a file: one a line; blank lines and # comments skipped; surrounding quotes removed. */
export async function readUrnFile(file: string): Promise<string[]> {
  return (await readText(file))
    .split('\n')
    .map((l) =>
      l
        .replace(/#.*$/, '')
        .trim()
        .replace(/^["']|["']$/g, ''),
    )
    .filter(Boolean);
}

export async function runDeprecate(
  store: Store,
  args: { urn?: string[]; file?: string; note?: string; decommissionTime?: string; undo: boolean },
): Promise<void> {
  const urns = [...(args.urn ?? []), ...(args.file ? await readUrnFile(args.file) : [])];
  if (urns.length === 0) throw new BadRequestError(`${args.file}: no URNs in the file`);
  const decommissionTime = args.decommissionTime === undefined ? null : parseDecommissionTime(args.decommissionTime);
  const written = await batchUpdateDeprecation(
    { store, actor: SYSTEM_ACTOR },
    urns.map((resourceUrn) => ({ resourceUrn })),
    { deprecated: !args.undo, note: args.note ?? null, decommissionTime },
  );
  for (const urn of written) process.stdout.write(`${args.undo ? 'Un-deprecated' : 'Deprecated'} ${urn}\n`);
}
