/** What `catalog verify` prints: one line when all is well, else each problem and what to do. */
import type { VerifyReport } from '../../ops/admin/verify.ts';

/** Problems printed in full before the rest are only counted (--json has the first thousand). */
const PRINTED = 100;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function printVerifyReport(report: VerifyReport, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  const s = report.summary;
  const seconds = report.seconds.toFixed(2);
  const checked =
    `${plural(s.tables, 'table')} (${plural(s.entries, 'entry', 'entries')}): ${plural(s.entities, 'entity', 'entities')}, ` +
    `${plural(s.aspectValues, 'aspect value')} and ${plural(s.timeseriesValues, 'timeseries value')} ` +
    `${s.unsealed === 0 ? 'against their checksums' : `(${s.checksummed} values against their checksums, ${s.unsealed} written before checksums only decoded)`}, the entity index, ` +
    `${s.relationships === 'checked' ? `the relationships index (${plural(s.edges, 'edge')})` : 'no relationships index'} and ` +
    `${s.search === 'checked' ? `the search index (${plural(s.documents, 'document')})` : 'no search index'} against the aspects, ` +
    `${plural(s.syncBases, 'sync base')} of ${plural(s.remotes, 'remote')}`;
  const out: string[] = [];
  if (report.ok) out.push(`${report.file}: no problem found in ${seconds}s; checked ${checked}.`);
  else {
    out.push(`${report.file}: ${plural(report.problemCount, 'problem')} found in ${seconds}s:`);
    for (const p of report.problems.slice(0, PRINTED)) out.push(`  ${p.part}: ${p.subject}: ${p.problem}`);
    if (report.problemCount > PRINTED)
      out.push(`  … and ${report.problemCount - PRINTED} more (--json lists the first ${report.problems.length})`);
    out.push('What to do:');
    for (const r of report.remedies) out.push(`  ${r.advice} (${plural(r.problems, 'problem')})`);
    out.push(`Checked ${checked}.`);
  }
  // What the walk could not hold to anything, although nothing is wrong with it.
  if (s.pending || s.unsealed > 0)
    out.push(
      'Note: this file was written by a release before checksums; the next read-write open (any command that writes to it) gives every value its checksum.',
    );
  if (s.relationships === 'stale' || s.search === 'stale')
    out.push(
      `Note: the ${[s.relationships === 'stale' && 'relationships', s.search === 'stale' && 'search'].filter(Boolean).join(' and ')} index of this file was built by another release's declarations and was not checked; the next read-write open rebuilds it (or \`catalog reindex\`).`,
    );
  // What the change log holds (docs/events.md), last: the lines above say what is wrong or to note.
  const log = s.events;
  out.push(
    `Change log (its events: catalog events): ${plural(log.count, 'change')}${log.oldest === undefined ? '' : ` (offsets ${log.oldest} to ${log.newest})`}; it keeps ${plural(log.retention.maxAgeDays, 'day')} of changes, at most ${plural(log.retention.maxEvents, 'change')}.`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
}
