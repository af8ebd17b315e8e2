/**
 * Section 12 of `npm run bench`, checksums and `catalog verify` (issue 43), at each size, each figure
 * beside a baseline measured in the same run:
 * - `catalog verify` of the file `catalog ingest` wrote: wall time, against `catalog backup --compact`
 *   of the same file (which reads every entry of every table too, and writes them); its peak RSS,
 *   sampled every 20 ms, as a whole and its anonymous part, at the largest size against the smallest
 *   (verify releases the pages it has read as it goes, so it should stay flat);
 * - the checksum upgrade of the same catalog as the release before checksums left it (format 3: the
 *   checksums taken off every value): the time the first read-write open takes to give every value
 *   its checksum, as the command reports it, against the same `backup --compact`.
 * Also runnable alone: node --import tsx bench/verify.ts BINARY [--datasets 20000,100000]
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withoutChecksums } from '../test/formats.ts';
import { generate } from './generate.ts';
import { timed, type SyncRow } from './sync.ts';

export async function verifyBench(
  bin: string,
  sizes: readonly number[],
  work: string,
  log: (s: string) => void,
): Promise<SyncRow[]> {
  const rows: SyncRow[] = [];
  const push = (r: SyncRow) => {
    rows.push(r);
    log(
      `[row] ${r.metric}: ours ${r.ours.toFixed(2)}, ${r.baselineName} ${r.baseline?.toFixed(2) ?? '—'}${r.note ? ` (${r.note})` : ''}`,
    );
  };
  const peaks = new Map<number, Awaited<ReturnType<typeof timed>>>();
  for (const n of sizes) {
    // The file section 2a's `catalog ingest` wrote, when the whole bench runs; else made here.
    const data = join(work, `cli-${n}.lmdb`);
    if (!existsSync(data)) {
      const file = join(work, `datasets-${n}.jsonl`);
      if (!existsSync(file)) await generate(file, n, 'jsonl');
      log(`[verify ${n}] catalog ingest …`);
      await timed(bin, ['ingest', '-f', file, '--data', data]);
    }
    log(`[verify ${n}] catalog verify …`);
    const verify = await timed(bin, ['verify', '--data', data]);
    if (!verify.stdout.includes(': no problem found in '))
      throw new Error(`verify found problems in a freshly ingested file: ${verify.stdout.slice(0, 2000)}`);
    peaks.set(n, verify);
    log(`[verify ${n}] catalog backup --compact (the baseline) …`);
    const copy = join(work, `verify-copy-${n}.lmdb`);
    const backup = await timed(bin, ['backup', '-f', copy, '--compact', '--data', data]);
    rmSync(copy, { force: true });
    push({
      section: '12 verify',
      metric: `catalog verify s, ${n} datasets`,
      ours: verify.seconds,
      baseline: backup.seconds,
      baselineName: 'backup --compact of the same file',
      target: '—',
      note: `peak RSS ${verify.peakMb.toFixed(0)} MB (${verify.peakAnonMb.toFixed(0)} MB anonymous, ${verify.peakFileMb.toFixed(0)} MB file pages); wall times include start-up`,
    });

    log(`[verify ${n}] the same catalog without checksums (format 3), given them by a read-write open …`);
    const old = join(work, `verify-format3-${n}.lmdb`);
    copyFileSync(data, old);
    const values = await withoutChecksums(old, 3);
    // Any command that writes opens read-write; adding a remote writes next to nothing itself.
    const upgrade = await timed(bin, ['remote', 'add', 'bench', 'http://127.0.0.1:9', '--data', old]);
    const said = / every value has its checksum now \((\d+) given in ([\d.]+)s\)/.exec(upgrade.stderr);
    // The command's own figure, without its start-up; a tiny catalog's rounds to nothing, and then the wall time is shown.
    const seconds = said && Number(said[2]) > 0 ? Number(said[2]) : upgrade.seconds;
    const after = await timed(bin, ['verify', '--data', old]);
    if (!after.stdout.includes(': no problem found in '))
      throw new Error(`verify after the upgrade: ${after.stdout.slice(0, 2000)}`);
    rmSync(old, { force: true });
    rmSync(`${old}-lock`, { force: true });
    push({
      section: '12 verify',
      metric: `checksum upgrade of a format 3 file s, ${n} datasets`,
      ours: seconds,
      baseline: backup.seconds,
      baselineName: 'backup --compact of the same file',
      target: '—',
      note: `${values} values given their checksum${said && Number(said[2]) > 0 ? '' : ' (wall time, start-up included)'}; verify passes afterwards`,
    });
  }
  if (sizes.length > 1) {
    const small = Math.min(...sizes);
    const large = Math.max(...sizes);
    const a = peaks.get(small)!;
    const b = peaks.get(large)!;
    push({
      section: '12 verify',
      metric: `peak RSS MB of verify, ${large} vs ${small} datasets`,
      ours: b.peakMb,
      baseline: a.peakMb,
      baselineName: `at ${small}`,
      target: '≤ 1.5× (flat)',
      check: (r) => r <= 1.5,
      note: `anonymous ${b.peakAnonMb.toFixed(0)} vs ${a.peakAnonMb.toFixed(0)} MB, file pages ${b.peakFileMb.toFixed(0)} vs ${a.peakFileMb.toFixed(0)} MB`,
    });
  }
  return rows;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const bin = process.argv[2];
  if (!bin) throw new Error('usage: verify.ts BINARY [--datasets 20000,100000]');
  const i = process.argv.indexOf('--datasets');
  const sizes = (i > 0 ? process.argv[i + 1]! : '20000,100000').split(',').map(Number);
  const work = mkdtempSync(join(tmpdir(), 'catalog-bench-verify-'));
  try {
    const rows = await verifyBench(bin, sizes, work, (s) => process.stderr.write(`${s}\n`));
    for (const r of rows) {
      const ratio = r.baseline ? r.ours / r.baseline : null;
      process.stdout.write(
        `${r.section} | ${r.metric} | ours ${r.ours.toFixed(2)} | ${r.baselineName} ${r.baseline?.toFixed(2) ?? '—'} | ratio ${ratio?.toFixed(2) ?? '—'} | target ${r.target} | ${ratio !== null && r.check ? (r.check(ratio) ? 'met' : 'NOT MET') : '—'}${r.note ? ` | ${r.note}` : ''}\n`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
