/**
 * Issue 47's speed item: ingest with the change event log at ≥ 0.9× of the same ingest without it,
 * in one process, one run, on two workloads the bench generates itself into WORKDIR:
 * - `runs`: assertion run events (ASSERTIONS assertions × 10 completed runs, each one RUN event;
 *   what the log costs most, one series event per aspect written);
 * - `datasets`: the bench's generated datasets (bench/generate.ts: 4 aspects each, every one an
 *   aspect the log covers), as `catalog ingest` writes them.
 *
 * The harness is made to be fair, because the machine it runs on is shared and the margin is small:
 * - three sides per round, each a fresh store: `with` (the log on), `without` (the log off) and
 *   `control` (the log off as well: an A/A row; its ratio to `without` is what the harness itself
 *   puts between two identical sides, and should read 1.00 give or take the spread);
 * - every side ingests the same file batch by batch (CHUNK lines, parsed inside the timed part, as
 *   `catalog ingest` parses what it writes, each commit awaited), the sides in turn within each
 *   batch, the order going through every permutation of the sides batch after batch, so each side
 *   takes each place equally often; the stores are opened in a turning order too;
 * - each side's batch starts on a scavenged young generation (`gc({ type: 'minor' })`), so no side's
 *   short-lived garbage is collected in another side's time (without it, the A/A row's rounds spread
 *   over 0.77–1.55×). The runs of docs/events.md were made with `gc({ type: 'major' })`, thought a
 *   full collection: in Node 20's V8 (11.3) a synchronous `gc` given any argument runs a scavenge
 *   (`--trace-gc` prints "Scavenge … testing" for it, and it frees nothing of the old generation), so
 *   they were made with this same scavenge; `--collect minor` names it for what it is.
 *   Not `gc()` with no argument (`--collect forced`, what the bench did before): V8's forced
 *   collection also drops the hidden classes ("maps") no live object holds — between two batches,
 *   those of the whole ingest — then throws away every optimized function that embeds them
 *   (`--trace-deopt`: reason "weak objects", 349 times in one side's 60 batches, none with the
 *   scavenge), and each side compiles its ingest path again at every batch on V8's helper
 *   threads: the larger the path, the more, so the log's side paid most. An ingest (`catalog
 *   ingest`, a server) is never collected that way and compiles its path once;
 * - a first round is a warm-up, not counted (V8 compiling the ingest path, the first stores' pages);
 * - each round's ratio is of that round's own two sides (paired), and the run reports the median of
 *   the rounds' ratios with their spread (lowest, highest, and the middle half), by wall time
 *   (the rate) and by CPU time of the process (`process.cpuUsage`, all its threads); the same by
 *   batch (each batch on one side against the same batch on the other, run next to it); and each
 *   side's CPU split between the main thread (the transaction's puts) and the others (lmdb's writer
 *   thread, which commits; read from /proc, Linux only);
 * - the load average before and after, as the machine reported it.
 *
 * Usage: node --expose-gc --import tsx bench/events.ts WORKDIR [--workload runs|datasets|both]
 *   [--rounds 7] [--assertions 3000] [--datasets 5000] [--collect minor|forced]
 * Prints one JSON object per workload, then the rows as text.
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { proposalFromMcp } from '../src/model/mcp.ts';
import { openCatalog } from '../src/ops/core/openCatalog.ts';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import { CHUNK } from '../src/ops/ingest/ingestRecords.ts';
import type { Store } from '../src/store/store.ts';
import { generate } from './generate.ts';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    workload: { type: 'string', default: 'both' },
    rounds: { type: 'string', default: '7' },
    assertions: { type: 'string', default: '3000' },
    datasets: { type: 'string', default: '5000' },
    collect: { type: 'string', default: 'minor' },
  },
});
const work = positionals[0];
const rounds = Number(flags.rounds);
const assertions = Number(flags.assertions);
const datasets = Number(flags.datasets);
if (
  !work ||
  !['runs', 'datasets', 'both'].includes(flags.workload!) ||
  !['minor', 'forced'].includes(flags.collect!) ||
  ![rounds, assertions, datasets].every((n) => Number.isInteger(n) && n > 0)
)
  throw new Error(
    'usage: bench/events.ts WORKDIR [--workload runs|datasets|both] [--rounds N] [--assertions N] [--datasets N] [--collect minor|forced]',
  );

/** Runs of each assertion, all COMPLETE (each one RUN event), an hour apart. */
const RUNS = 10;

/** Writes ASSERTIONS × RUNS assertion run events as MCPs, one assertion's runs in a row (as a monitor reports them). */
async function generateRuns(path: string): Promise<number> {
  const out = createWriteStream(path);
  let n = 0;
  for (let a = 0; a < assertions; a++)
    for (let r = 0; r < RUNS; r++) {
      const urn = `urn:li:assertion:bench-${a}`;
      const line = JSON.stringify({
        entityType: 'assertion',
        entityUrn: urn,
        changeType: 'UPSERT',
        aspectName: 'assertionRunEvent',
        aspect: {
          json: {
            timestampMillis: 1_700_000_000_000 + r * 3_600_000,
            runId: `r${r}`,
            asserteeUrn: `urn:li:dataset:(urn:li:dataPlatform:hive,bench_${a % 500},PROD)`,
            assertionUrn: urn,
            status: 'COMPLETE',
            // 2 runs in 5 fail, by a fixed pattern.
            result: { type: (a + r) % 5 < 2 ? 'FAILURE' : 'SUCCESS' },
          },
        },
      });
      if (!out.write(`${line}\n`)) await once(out, 'drain');
      n++;
    }
  out.end();
  await once(out, 'finish');
  return n;
}

/**
 * CPU clock ticks of this process's main thread and of its other threads (lmdb's writer, which commits,
 * V8's helpers), from /proc (Linux; zeros elsewhere): where a side's CPU time went.
 */
function threadTicks(): [number, number] {
  const ticks: [number, number] = [0, 0];
  let tasks: string[] = [];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return ticks;
  }
  for (const tid of tasks) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // utime and stime: fields 14 and 15, counted after the command name's closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks[tid === String(process.pid) ? 0 : 1] += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return ticks;
}

type SideName = 'with' | 'without' | 'control';
const SIDES: readonly SideName[] = ['with', 'without', 'control'];

/** Every order of the sides: batch k takes ORDERS[k % 6], so each side holds each place equally often. */
const ORDERS: ReadonlyArray<readonly number[]> = [
  [0, 1, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
  [0, 2, 1],
  [1, 0, 2],
];

interface SideTimes {
  wallMs: number;
  cpuMs: number;
  /** Each batch's wall and CPU ms, in the file's order. */
  batches: Array<[number, number]>;
  /** CPU clock ticks of the main thread and of the other threads, over all batches (threadTicks). */
  threads: [number, number];
  /** Entries in the side's log (0 with the log off). */
  entries: number;
}

/** V8's collector, with --expose-gc: forced with no argument, a scavenge given `{ type: 'minor' }`. */
const gc = (globalThis as { gc?: (options?: { type: 'minor' }) => void }).gc;

/** Before each side's batch (module header): a scavenge, or V8's forced full collection with `--collect forced`. */
const collect = () => (flags.collect === 'forced' ? gc?.() : gc?.({ type: 'minor' }));

/** Before each round: the earlier round's stores collected and its written pages on disk, not flushed during this one. */
function settle(): void {
  collect();
  spawnSync('sync', { stdio: 'ignore' });
}

/** One round: FILE ingested into a fresh store of each side, batch by batch, the sides in turn (module header). */
async function round(file: string, index: number): Promise<Record<SideName, SideTimes>> {
  settle();
  const dirs = SIDES.map((side) => join(work!, `events-${side}-${index}`));
  const stores: Store[] = new Array(SIDES.length);
  // Opened in a turning order, so no side is always the first store of the round.
  for (const i of ORDERS[index % ORDERS.length]!) {
    rmSync(dirs[i]!, { recursive: true, force: true });
    mkdirSync(dirs[i]!, { recursive: true });
    const store = openCatalog(join(dirs[i]!, 'catalog.lmdb'));
    if (SIDES[i] !== 'with') store.setEventDeriver(undefined);
    stores[i] = store;
  }
  const batches: Array<Array<[number, number]>> = SIDES.map(() => []);
  const threads = SIDES.map((): [number, number] => [0, 0]);
  let batch: string[] = [];
  let turn = index;
  const flush = async () => {
    for (const i of ORDERS[turn++ % ORDERS.length]!) {
      // Each side's batch starts on a collected heap: the garbage of the side before is not collected in its time.
      collect();
      const ticks = threadTicks();
      const c = process.cpuUsage();
      const started = performance.now();
      const proposals = batch.map((line) => proposalFromMcp(JSON.parse(line)));
      await ingestProposals({ store: stores[i]!, actor: 'urn:li:corpuser:datahub' }, proposals);
      const wall = performance.now() - started;
      const used = process.cpuUsage(c);
      const [main, other] = threadTicks();
      threads[i]![0] += main - ticks[0];
      threads[i]![1] += other - ticks[1];
      batches[i]!.push([wall, (used.user + used.system) / 1000]);
    }
    batch = [];
  };
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(line);
    if (batch.length === CHUNK) await flush();
  }
  if (batch.length) await flush();
  const out = {} as Record<SideName, SideTimes>;
  for (const [i, side] of SIDES.entries()) {
    const sum = (k: 0 | 1) => batches[i]!.reduce((n, b) => n + b[k], 0);
    out[side] = {
      wallMs: sum(0),
      cpuMs: sum(1),
      batches: batches[i]!,
      threads: threads[i]!,
      entries: stores[i]!.eventLog.summary().count,
    };
    await stores[i]!.close();
    rmSync(dirs[i]!, { recursive: true, force: true });
  }
  return out;
}

/** The value at quantile q (0..1) of sorted xs, by the nearest rank. */
const quantile = (sorted: number[], q: number) => sorted[Math.round(q * (sorted.length - 1))]!;

interface Ratio {
  median: number;
  min: number;
  max: number;
  /** The middle half of the rounds' ratios: [first quartile, third quartile]. */
  iqr: [number, number];
  rounds: number[];
}

function ratioOf(values: number[]): Ratio {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: quantile(sorted, 0.5),
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    iqr: [quantile(sorted, 0.25), quantile(sorted, 0.75)],
    rounds: values,
  };
}

/** A workload's rows: the log's ratio (with / without) and the control's (control / without), by rate and by CPU. */
async function measure(workload: string, file: string, items: number) {
  const load = { before: loadavg().map((x) => +x.toFixed(2)) };
  process.stderr.write(`${workload}: warm-up round …\n`);
  await round(file, 0);
  const measured: Array<Record<SideName, SideTimes>> = [];
  for (let r = 1; r <= rounds; r++) {
    process.stderr.write(`${workload}: round ${r} of ${rounds} …\n`);
    measured.push(await round(file, r));
  }
  // A rate ratio is the inverse of the time ratio: with / without of the rate = without's time / with's time.
  // Paired by round: each round's whole ingest on one side against the other's.
  const byRound = (a: SideName, k: 'wallMs' | 'cpuMs') => ratioOf(measured.map((m) => m.without[k] / m[a][k]));
  // Paired by batch: the same batch on both sides, run next to each other; the median of those is
  // less moved by a burst on the machine that hit one side's batch.
  const byBatch = (a: SideName, k: 0 | 1) =>
    ratioOf(measured.flatMap((m) => m.without.batches.map((b, i) => b[k] / m[a].batches[i]![k])));
  const rowOf = (a: SideName) => {
    const { rounds: _r, ...wallBatch } = byBatch(a, 0);
    const { rounds: _c, ...cpuBatch } = byBatch(a, 1);
    return { rate: byRound(a, 'wallMs'), cpu: byRound(a, 'cpuMs'), batchRate: wallBatch, batchCpu: cpuBatch };
  };
  const rate = (side: SideName) =>
    Math.round(
      items /
        (quantile(
          measured.map((m) => m[side].wallMs).sort((a, b) => a - b),
          0.5,
        ) /
          1000),
    );
  return {
    workload,
    items,
    rounds,
    collect: flags.collect,
    batches: measured[0]!.with.batches.length,
    entries: measured[0]!.with.entries,
    rate: { with: rate('with'), without: rate('without'), control: rate('control') },
    // CPU seconds of each side over the counted rounds: [main thread, other threads] (Linux).
    threads: Object.fromEntries(
      SIDES.map((side) => [
        side,
        // 100 clock ticks a second (USER_HZ on Linux).
        [0, 1].map((k) => +(measured.reduce((n, m) => n + m[side].threads[k]!, 0) / 100).toFixed(2)),
      ]),
    ) as Record<SideName, number[]>,
    log: rowOf('with'),
    control: rowOf('control'),
    load: { ...load, after: loadavg().map((x) => +x.toFixed(2)) },
  };
}

mkdirSync(work, { recursive: true });
const results = [];
if (flags.workload !== 'datasets') {
  const file = join(work, `runs-${assertions}.jsonl`);
  if (!existsSync(file)) await generateRuns(file);
  results.push(await measure('runs', file, assertions * RUNS));
}
if (flags.workload !== 'runs') {
  const file = join(work, `datasets-${datasets}.jsonl`);
  const aspects = existsSync(file) ? datasets * 4 : await generate(file, datasets, 'jsonl');
  results.push(await measure('datasets', file, aspects));
}
for (const r of results) process.stdout.write(`${JSON.stringify(r)}\n`);
const f = (x: number) => x.toFixed(2);
const spread = (r: Omit<Ratio, 'rounds'>) =>
  `${f(r.median)}× (${f(r.min)}–${f(r.max)}, middle half ${f(r.iqr[0])}–${f(r.iqr[1])})`;
for (const r of results) {
  const line = (name: string, row: (typeof r)['log']) =>
    `  ${name}\n    by round: rate ${spread(row.rate)}, CPU ${spread(row.cpu)}\n    by batch: rate ${spread(row.batchRate)}, CPU ${spread(row.batchCpu)}\n`;
  process.stdout.write(
    `${r.workload}: ${r.items} items in ${r.batches} batches, ${r.rounds} rounds after a warm-up, ${r.collect} collection before each batch, ${r.entries} log entries; median rates/s with ${r.rate.with}, without ${r.rate.without}, control ${r.rate.control}; load average ${r.load.before.join(' ')} → ${r.load.after.join(' ')}\n` +
      `  CPU seconds over the counted rounds, main thread + other threads: with ${r.threads.with.join(' + ')}, without ${r.threads.without.join(' + ')}, control ${r.threads.control.join(' + ')}\n` +
      line('with the log vs without:', r.log) +
      line('control vs without (A/A, the log off on both):', r.control),
  );
}
