/**
 * Section 1's GraphQL read in process, for profiling: a store of N bench datasets (made once in
 * WORKDIR), then READ_DOCUMENT executed through the server's own execution path (graphql-jit's
 * compiled query over the root resolvers, the answer serialised) over 2000 of them, in passes; prints
 * the best and median pass in reads per second of wall time and of the process's CPU time. With
 * `--dump FILE`, writes every answer of one pass to FILE (to compare two builds' answers byte for
 * byte). Run it under `node --cpu-prof` to see where a read's time goes. tsx compiles with esbuild's
 * keepNames (a `__name` call per function created), which the executable does not: for a profile
 * like the executable's, bundle it first (`npx esbuild bench/read-profile.ts --bundle --platform=node
 * --format=esm --packages=external --outfile=build/prof/rp.mjs`, the .graphql files copied beside it)
 * and run that with NODE_ENV=production.
 * Usage: node --import tsx bench/read-profile.ts WORKDIR [--datasets N] [--passes P] [--dump FILE]
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { proposalFromMcp, type Proposal } from '../src/model/mcp.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import { getSchema } from '../src/server/graphql/schema.ts';
import { rootValue } from '../src/server/graphql/resolvers.ts';
import { datasetMcps, datasetUrn } from './generate.ts';
import { READ_DOCUMENT } from './queries.ts';

const args = process.argv.slice(2);
const work = args[0];
if (!work) throw new Error('usage: read-profile.ts WORKDIR [--datasets N] [--passes P] [--dump FILE]');
const option = (name: string) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};
const n = Number(option('--datasets') ?? 2000);
const passes = Number(option('--passes') ?? 15);
const dump = option('--dump');

mkdirSync(work, { recursive: true });
const path = join(work, `read-${n}.lmdb`);
const fresh = !existsSync(path);
const store = openCatalog(path);
if (fresh) {
  // The generator's PRNG, seeded as bench/generate.ts seeds it.
  let a = 42 >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let batch: Proposal[] = [];
  for (let i = 0; i < n; i++) {
    for (const mcp of datasetMcps(i, random)) batch.push(proposalFromMcp(mcp as never));
    if (batch.length >= 2000) {
      await ingestProposals({ store, actor: 'urn:li:corpuser:datahub' }, batch);
      batch = [];
    }
  }
  if (batch.length) await ingestProposals({ store, actor: 'urn:li:corpuser:datahub' }, batch);
}

const compiled = compileQuery(getSchema(), parse(READ_DOCUMENT), undefined, { disablingCapturingStackErrors: true });
if (!isCompiledQuery(compiled)) throw new Error(JSON.stringify(compiled));
const urns = Array.from({ length: 2000 }, (_, i) => datasetUrn(Math.floor((i * n) / 2000)));
const readOne = async (urn: string): Promise<string> => {
  const context = { store, actor: 'urn:li:corpuser:datahub' };
  const result = await compiled.query(rootValue, context, { urn });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return JSON.stringify({ data: result.data, extensions: {} });
};

if (dump) {
  const out: string[] = [];
  for (const urn of urns) out.push(await readOne(urn));
  writeFileSync(dump, `${out.join('\n')}\n`);
}

// Reads per second of wall time, and per second of this process's CPU time (user + system): on a
// shared machine the wall time counts the neighbours' load too.
const rates: number[] = [];
const cpuRates: number[] = [];
let bytes = 0;
for (let pass = 0; pass < passes; pass++) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (const urn of urns) bytes = (await readOne(urn)).length;
  const used = process.cpuUsage(cpu);
  rates.push(urns.length / ((performance.now() - started) / 1000));
  cpuRates.push(urns.length / ((used.user + used.system) / 1e6));
}
const best = (xs: number[]) => Math.round(Math.max(...xs));
const median = (xs: number[]) => Math.round([...xs].sort((x, y) => x - y)[xs.length >> 1]!);
process.stdout.write(
  `${JSON.stringify({ datasets: n, answerBytes: bytes, wall: { best: best(rates), median: median(rates) }, cpu: { best: best(cpuRates), median: median(cpuRates) } })}\n`,
);
await store.close();
