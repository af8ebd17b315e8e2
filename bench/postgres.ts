/**
 * Bench section 11 (issue 37): `catalog export --to postgres://…` and `catalog pull postgres://…` of
 * the generated datasets against `catalog ingest` of the same records, in one run, on a PostgreSQL
 * server started for it in a temp folder (test/pg/server.ts; `bash scripts/setup.sh postgres`
 * installs it). Each rate is the records of the generated file per second: ingest as its own summary
 * line says, export as its own summary line says, pull as its wall time.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startPostgres } from '../test/pg/server.ts';

export interface PgBenchResult {
  n: number;
  records: number;
  ingest: number;
  exportRate: number;
  pullRate: number;
  exportSeconds: number;
  pullSeconds: number;
  rows: number;
}

/** Ingests `file` (`records` records of `n` datasets) into a new file, exports it into a new database, pulls it into another file. */
export async function postgresBench(
  binary: string,
  work: string,
  file: string,
  n: number,
  records: number,
): Promise<PgBenchResult> {
  const pg = await startPostgres();
  try {
    const data = join(work, `pg-source-${n}.lmdb`);
    const ingested = execFileSync(binary, ['ingest', '-f', file, '--data', data], { encoding: 'utf8' });
    const im = / in ([\d.]+)s \((\d+) aspects\/s\)/.exec(ingested);
    if (!im) throw new Error(`unexpected ingest output: ${ingested}`);
    const db = pg.createDatabase(`bench_${n}`);
    const exported = execFileSync(binary, ['export', '--to', pg.url(db), '--data', data], { encoding: 'utf8' });
    const em = /\((\d+) rows with their history\).* in ([\d.]+)s$/m.exec(exported);
    if (!em) throw new Error(`unexpected export output: ${exported}`);
    const exportSeconds = Number(em[2]);
    const started = performance.now();
    execFileSync(binary, ['pull', pg.url(db), '--data', join(work, `pg-pulled-${n}.lmdb`)], { encoding: 'utf8' });
    const pullSeconds = (performance.now() - started) / 1000;
    return {
      n,
      records,
      ingest: Number(im[2]),
      exportRate: records / exportSeconds,
      pullRate: records / pullSeconds,
      exportSeconds,
      pullSeconds,
      rows: Number(em[1]),
    };
  } finally {
    pg.stop();
  }
}
