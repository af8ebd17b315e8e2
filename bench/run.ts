/**
 * `npm run bench`: Catalog's speed, memory and scaling, each figure next to a baseline measured in the
 * same run on the same machine (bare node:http, raw lmdb-js, `node -e 0`, DataHub Lite). Prints a
 * table and writes it to bench/results.json. See bench/README.md.
 *
 *   npm run bench -- [--datasets 1000,20000,100000] [--duration 10] [--connections 10] [--quick] [--no-peer] [--no-sync] [--no-verify] [--no-bundle] [--no-events] [--no-build] [--out FILE]
 *   npm run bench -- --only postgres [--datasets 100000]     (section 11 alone, at the largest size)
 *   npm run bench -- --only verify [--datasets 20000,100000]  (section 12 alone)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { CATALOG_BIN, spawnServer, type SpawnedServer } from '../test/helpers.ts';
import { datasetUrn, generate } from './generate.ts';
import { postgresBench } from './postgres.ts';
import { READ_DOCUMENT } from './queries.ts';
import { bundleBench } from './bundle.ts';
import { syncBench } from './sync.ts';
import { verifyBench } from './verify.ts';
import { entityQuery, SCHEMA_QUERY } from '../src/ui/api/queries.ts';
import { SEARCH as UI_SEARCH } from '../src/ui/api/search.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The executable measured: CATALOG_BIN when set (used as it is), else build/catalog built from the current source. */
const BINARY = CATALOG_BIN ?? join(ROOT, 'build', 'catalog');

const { values: flags } = parseArgs({
  options: {
    datasets: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'no-peer': { type: 'boolean', default: false },
    'no-sync': { type: 'boolean', default: false },
    'no-verify': { type: 'boolean', default: false },
    'no-bundle': { type: 'boolean', default: false },
    'no-events': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string' },
    only: { type: 'string' },
  },
});
if (flags.only !== undefined && flags.only !== 'postgres' && flags.only !== 'verify')
  throw new Error('--only takes one section: postgres or verify');
const quick = flags.quick ?? false;
// 1 000 datasets are a hot set every cache holds; 20 000 and 100 000, read at random, are more than the caches hold.
const sizes = (flags.datasets ?? (quick ? '1000,5000' : '1000,20000,100000')).split(',').map(Number);
const duration = Number(flags.duration ?? (quick ? 3 : 10));
const connections = Number(flags.connections ?? 10);
if (sizes.length < 1 || sizes.some((n) => !Number.isInteger(n) || n < 10))
  throw new Error('--datasets takes sizes like 1000,100000');

interface Row {
  section: string;
  metric: string;
  ours: number | null;
  baseline: number | null;
  baselineName: string;
  ratio: number | null;
  target: string;
  met: boolean | null;
  note?: string;
}
const rows: Row[] = [];
const work = mkdtempSync(join(tmpdir(), 'catalog-bench-'));
const log = (s: string) => process.stderr.write(`${s}\n`);

/** A section's one row when it does not run, saying why (`note`). */
function skippedRow(section: string, metric: string, note: string): void {
  rows.push({
    section,
    metric,
    ours: null,
    baseline: null,
    baselineName: '—',
    ratio: null,
    target: '—',
    met: null,
    note,
  });
}

function row(r: Omit<Row, 'ratio' | 'met'> & { ratio?: number | null; check?: (ratio: number) => boolean }): void {
  const ratio = r.ratio !== undefined ? r.ratio : r.ours !== null && r.baseline ? r.ours / r.baseline : null;
  rows.push({ ...r, ratio, met: ratio === null || !r.check ? null : r.check(ratio) });
}

const READ_QUERY = (urn: string) => JSON.stringify({ query: READ_DOCUMENT, variables: { urn } });

const SEARCH_QUERY = (input: Record<string, unknown>) =>
  JSON.stringify({
    query:
      'query s($i: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $i) { total searchResults { entity { urn } matchedFields { name value } } facets { field aggregations { value count } } } }',
    variables: { i: input },
  });

/**
 * The typical searches of a catalog of `n` generated datasets, by kind: a dataset's exact name, a
 * name prefix, a word with a tag filter, the `*` listing with facets (a search page), a scroll page
 * as the SDK asks for it, and a word every dataset holds (the worst case: every dataset matches).
 */
function searchKinds(n: number): Record<string, (k: number) => string> {
  const pick = (k: number) => Math.floor((k * 7919) % n);
  return {
    'exact name': (k) => SEARCH_QUERY({ query: `table_${pick(k)}`, count: 10 }),
    prefix: (k) => SEARCH_QUERY({ query: `table_${pick(k) % 100}*`, count: 10 }),
    'word + tag filter': (k) =>
      SEARCH_QUERY({
        query: 'benchmark',
        count: 10,
        orFilters: [{ and: [{ field: 'tags', values: [`urn:li:tag:tag_${k % 20}`] }] }],
      }),
    '* with facets': () => SEARCH_QUERY({ query: '*', types: ['DATASET'], count: 10 }),
    'scroll page of 100': () =>
      SEARCH_QUERY({
        query: '*',
        types: ['DATASET'],
        count: 100,
        searchFlags: { skipAggregates: true, skipHighlighting: true },
      }),
    'word in every dataset': () => SEARCH_QUERY({ query: 'generated', count: 10 }),
  };
}

/** One body per kind and k, mixed: the load and the one-at-a-time probe draw from these. */
function searchBodies(n: number): string[] {
  return Array.from({ length: 60 }, (_, i) => Object.values(searchKinds(n))[i % 6]!(i));
}

/** What bench/search.ts prints: `relationships` and `ingest` measure a store with and without an index. */
type WithAndWithout<T> = Record<'with' | 'without', T>;
/** `fts5` and `ours`: each query's median time (ms) and its hits. */
interface QueryTimes {
  queries: Record<string, { p50: number; hits: number }>;
}

/** Runs bench/search.ts in a child process (its own heap, as `catalog ingest` has its own); what it printed. */
function searchBench<T>(args: string[]): T {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(ROOT, 'bench', 'search.ts'), ...args],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as T;
}

/** What bench/events.ts prints per workload (the part read here). */
interface EventsResult {
  workload: 'runs' | 'datasets';
  items: number;
  rounds: number;
  rate: { with: number; without: number; control: number };
  log: { rate: { median: number; min: number; max: number } };
  control: { rate: { median: number; min: number; max: number } };
  load: { before: number[]; after: number[] };
}

/**
 * Section 14: bench/events.ts on both workloads (assertion run events, and the bench's datasets), sized
 * from the largest catalog size (a tenth of it, at most 5 000 datasets and 3 000 assertions × 10 runs).
 */
function eventsBench(
  sizes: number[],
): Array<Omit<Row, 'ratio' | 'met'> & { ratio: number; check: (r: number) => boolean }> {
  const largest = Math.max(...sizes);
  const datasets = Math.max(10, Math.min(5000, Math.round(largest / 10)));
  const assertions = Math.max(5, Math.min(3000, Math.round(largest / 30)));
  const rounds = largest >= 1000 ? 7 : 2;
  log(`events: ${datasets} datasets, ${assertions * 10} assertion runs, ${rounds} rounds`);
  const out = execFileSync(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      join(ROOT, 'bench', 'events.ts'),
      join(work, 'events'),
      '--rounds',
      String(rounds),
      '--assertions',
      String(assertions),
      '--datasets',
      String(datasets),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const results = out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as EventsResult);
  return results.flatMap((r) => {
    const what = r.workload === 'runs' ? 'assertion run events' : 'dataset aspects';
    const spread = (x: { min: number; max: number }) => `${x.min.toFixed(2)}–${x.max.toFixed(2)}`;
    const load = `load ${r.load.before[0]} → ${r.load.after[0]}`;
    return [
      {
        section: '14 events',
        metric: `ingest of ${r.items} ${what} with the event log, items/s (median of ${r.rounds} rounds)`,
        ours: r.rate.with,
        baseline: r.rate.without,
        baselineName: 'the same ingest without the log',
        ratio: r.log.rate.median,
        target: '≥ 0.9×',
        check: (x: number) => x >= 0.9,
        note: `paired by round, rounds ${spread(r.log.rate)}; ${load}`,
      },
      {
        section: '14 events',
        metric: `A/A control: the ${what} ingest without the log, twice, items/s`,
        ours: r.rate.control,
        baseline: r.rate.without,
        baselineName: 'the same ingest without the log',
        ratio: r.control.rate.median,
        target: '≈ 1× (the harness’s own bias)',
        check: (x: number) => x >= 0.95 && x <= 1.05,
        note: `rounds ${spread(r.control.rate)}`,
      },
    ];
  });
}

/**
 * Runs the load generator against `url`. With `bodyOf`, every request is built afresh from a random
 * dataset index below `n`, so reads spread over the whole catalog instead of one hot record.
 */
async function load(
  url: string,
  body: string,
  bodyOf?: { n: number; make: (i: number) => string },
): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const requests = bodyOf
    ? [
        {
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            body: bodyOf.make(Math.floor(Math.random() * bodyOf.n)),
          }),
        },
      ]
    : undefined;
  const r = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections,
    duration,
    ...(requests && { requests }),
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/**
 * Unloaded latency with sub-millisecond resolution (autocannon's histogram counts whole
 * milliseconds): `count` requests one after another on one keep-alive connection, the bodies in a
 * random order. Each body is sent as often as the next (count / bodies.length times, when it
 * divides; otherwise drawn at random): drawn at random, the search mix's six kinds were sent 50 ± 7
 * times each in 300 requests, and its p50, which falls between the three fast kinds and the three
 * slow ones, moved with how many of each were drawn. Returns p50 and p99 in ms.
 */
async function latencyProbe(url: string, bodies: string[], count = 400): Promise<{ p50: number; p99: number }> {
  const order =
    count % bodies.length === 0
      ? shuffled(Array.from({ length: count }, (_, i) => bodies[i % bodies.length]!))
      : Array.from({ length: count }, () => bodies[Math.floor(Math.random() * bodies.length)]!);
  const times: number[] = [];
  for (const body of order) {
    const t = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`read answered ${res.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(count * 0.5)]!, p99: times[Math.floor(count * 0.99)]! };
}

/** `items` in a random order (Fisher–Yates), in place. */
function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Peak RSS, the current RSS (VmRSS), and that split into anonymous memory (heap) and mapped file pages (LMDB). */
function memoryMb(pid: number): { peak: number; rss: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return m ? Number(m[1]) / 1024 : Number.NaN;
  };
  return { peak: kb('VmHWM'), rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') };
}

/** The ingest rates of section 9's rounds, for the note under the table (how far the rounds spread). */
function roundRates(rounds: Array<{ rate: number }>): string {
  return rounds.map((r) => Math.round(r.rate)).join(', ');
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function wallMs(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env, runs = 9): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const r = spawnSync(cmd, args, { env, stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
    times.push(performance.now() - t);
  }
  return median(times);
}

/** Median wall times of `commands`, run in turn `runs` times each (one of each per round). */
function interleavedWallMs(commands: Array<[string, string[], NodeJS.ProcessEnv]>, runs = 15): number[] {
  const times: number[][] = commands.map(() => []);
  for (let i = 0; i < runs; i++) {
    commands.forEach(([cmd, args, env], k) => {
      const t = performance.now();
      const r = spawnSync(cmd, args, { env, stdio: 'ignore' });
      if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
      times[k]!.push(performance.now() - t);
    });
  }
  return times.map(median);
}

/** The read request of dataset `i`; a load draws `i` at random from the whole catalog. */
function readBody(i: number): string {
  return READ_QUERY(datasetUrn(i));
}

function serve(data: string): Promise<SpawnedServer> {
  return spawnServer(BINARY, ['serve', '--port', '0', '--data', data, '--max-batch-items', '1000']);
}

/** `catalog ingest` of a file; returns aspects/s from its own summary line and the wall time. */
function catalogIngest(file: string, data: string): { rate: number; seconds: number; wall: number } {
  const t = performance.now();
  const out = execFileSync(BINARY, ['ingest', '-f', file, '--data', data], { encoding: 'utf8' });
  const wall = (performance.now() - t) / 1000;
  // The command's own rate, computed from its unrounded time (the seconds it prints are rounded).
  const m = / in ([\d.]+)s \((\d+) aspects\/s\)/.exec(out);
  if (!m) throw new Error(`unexpected ingest output: ${out}`);
  return { rate: Number(m[2]), seconds: Number(m[1]), wall };
}

function rawLmdb(file: string): number {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench', 'raw-lmdb.ts'), file, join(work, `raw-${Math.random()}.lmdb`)],
    { encoding: 'utf8' },
  );
  const { aspects, seconds } = JSON.parse(out) as { aspects: number; seconds: number };
  return aspects / seconds;
}

/** REST ingestProposalBatch in batches of 100, 4 requests in flight. Returns aspects/s. */
async function restIngest(url: string, file: string): Promise<number> {
  const { createInterface } = await import('node:readline');
  const { createReadStream } = await import('node:fs');
  const batches: string[] = [];
  let current: object[] = [];
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    const r = JSON.parse(line) as {
      entityType: string;
      entityUrn: string;
      aspectName: string;
      aspect: { json: unknown };
    };
    current.push({
      entityType: r.entityType,
      entityUrn: r.entityUrn,
      changeType: 'UPSERT',
      aspectName: r.aspectName,
      aspect: { value: JSON.stringify(r.aspect.json), contentType: 'application/json' },
    });
    if (current.length === 100) {
      batches.push(JSON.stringify({ proposals: current, async: 'false' }));
      current = [];
    }
  }
  if (current.length) batches.push(JSON.stringify({ proposals: current, async: 'false' }));
  const aspects = batches.length * 100 - (current.length ? 100 - current.length : 0);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < batches.length) {
        const body = batches[next++]!;
        const res = await fetch(`${url}/aspects?action=ingestProposalBatch`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        if (res.status !== 200) throw new Error(`REST ingest answered ${res.status}: ${await res.text()}`);
      }
    }),
  );
  return aspects / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  // Always measure the binary of the current source: a stale build/catalog would report old figures.
  if (CATALOG_BIN) log(`using ${CATALOG_BIN} (CATALOG_BIN)`);
  else if (flags['no-build'] && existsSync(BINARY)) log('using the existing build/catalog (--no-build)');
  else {
    log('building build/catalog …');
    execFileSync('bash', [join(ROOT, 'build.sh')], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  log(`sizes ${sizes.join(', ')} datasets; load ${connections} connections × ${duration}s; work dir ${work}`);
  if (flags.only === 'postgres') {
    await postgresSection(Math.max(...sizes));
    await report();
    return;
  }
  if (flags.only === 'verify') {
    for (const r of await verifyBench(BINARY, sizes, work, log)) row(r);
    await report();
    return;
  }

  // 1, 2, 5: per size, ingest (CLI and REST, vs raw lmdb) and the read load.
  const perSize = new Map<
    number,
    {
      ingest: number;
      rest: number;
      raw: number;
      read: { rps: number; p50: number; p99: number };
      probe: { p50: number; p99: number };
    }
  >();
  let bare: { rps: number; p50: number; p99: number } | undefined;
  let peakRss: { n: number; mb: { peak: number; anon: number; file: number } } | undefined;
  /** The compacted copy of the largest size's data file, for section 4. */
  let compacted: string | undefined;
  const searchPerSize = new Map<number, { p50: number; p99: number }>();
  for (const n of sizes) {
    const file = join(work, `datasets-${n}.jsonl`);
    log(`[${n}] generating …`);
    const aspects = await generate(file, n, 'jsonl');
    log(`[${n}] ${aspects} aspects; catalog ingest …`);
    const data = join(work, `cli-${n}.lmdb`);
    // Each timed write starts with no earlier section's pages waiting to be flushed (as search.ts does).
    const settleDisk = () => spawnSync('sync', { stdio: 'ignore' });
    settleDisk();
    const ingest = catalogIngest(file, data);
    log(`[${n}] raw lmdb baseline …`);
    settleDisk();
    const raw = rawLmdb(file);
    settleDisk();

    log(`[${n}] REST ingest into a fresh server …`);
    const restData = join(work, `rest-${n}.lmdb`);
    const server = await serve(restData);
    let rest: number;
    let read: { rps: number; p50: number; p99: number; errors: number };
    let probe: { p50: number; p99: number };
    /** The server's memory right after the read load (it has ingested the catalog over REST before). */
    let readMemory: { peak: number; rss: number; anon: number; file: number };
    try {
      rest = await restIngest(server.url, file);
      const body = READ_QUERY(datasetUrn(Math.floor(n / 2)));
      const sample = await fetch(`${server.url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const answer = await sample.text();
      if (!answer.includes('"fields"') || answer.includes('"errors"'))
        throw new Error(`unexpected read answer: ${answer.slice(0, 300)}`);
      log(`[${n}] GraphQL read load …`);
      read = await load(`${server.url}/api/graphql`, body, { n, make: readBody });
      readMemory = memoryMb(server.pid);
      const probeBodies = Array.from({ length: 400 }, () => readBody(Math.floor(Math.random() * n)));
      probe = await latencyProbe(`${server.url}/api/graphql`, probeBodies);
      if (read.errors > 0) throw new Error(`${read.errors} failed requests under load`);
      log(`[${n}] search: one at a time, then under load …`);
      const sBodies = searchBodies(n);
      const check = await (
        await fetch(`${server.url}/api/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: sBodies[0],
        })
      ).text();
      if (!check.includes('"total"') || check.includes('"errors"'))
        throw new Error(`unexpected search answer: ${check.slice(0, 300)}`);
      // Each query once, as a server just started meets them (nothing decoded or compiled yet); then
      // the one-at-a-time probe the target is about: a server that has been answering searches.
      const first: number[] = [];
      for (const b of sBodies) {
        const t = performance.now();
        await (
          await fetch(`${server.url}/api/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: b,
          })
        ).arrayBuffer();
        first.push(performance.now() - t);
      }
      first.sort((a, b) => a - b);
      const sProbe = await latencyProbe(`${server.url}/api/graphql`, sBodies, 300);
      const kinds: string[] = [];
      for (const [kind, make] of Object.entries(searchKinds(n))) {
        const p = await latencyProbe(
          `${server.url}/api/graphql`,
          Array.from({ length: 10 }, (_, k) => make(k)),
          40,
        );
        kinds.push(`${kind} p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms`);
      }
      const sLoad = await load(`${server.url}/api/graphql`, sBodies[0]!, {
        n: sBodies.length,
        make: (i) => sBodies[i]!,
      });
      // Under load a slow search can outlast the load generator's timeout: that is a result, reported, not a crash.
      const failed = sLoad.errors > 0 ? `; ${sLoad.errors} requests failed or timed out (10 s)` : '';
      searchPerSize.set(n, sProbe);
      // 8: the web UI's two main pages, as the server sees them: the GraphQL requests each page sends
      // (the page itself is a static shell served from memory).
      log(`[${n}] web UI pages …`);
      const uiSearch = Array.from({ length: 20 }, (_, k) =>
        JSON.stringify({
          query: UI_SEARCH,
          variables: {
            input: {
              query: k % 2 ? 'table' : `table_${(k * 7919) % n}`,
              start: 0,
              count: 10,
              orFilters: [],
              searchFlags: { maxAggValues: 20 },
            },
          },
        }),
      );
      const uiDataset = Array.from({ length: 20 }, (_, k) => {
        const urn = datasetUrn((k * 7919) % n);
        return [
          JSON.stringify({ query: entityQuery(urn), variables: { urn } }),
          JSON.stringify({ query: SCHEMA_QUERY, variables: { urn } }),
        ];
      });
      for (const b of [uiSearch[0]!, ...uiDataset[0]!]) {
        const a = await (
          await fetch(`${server.url}/api/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: b,
          })
        ).text();
        if (a.includes('"errors"')) throw new Error(`unexpected UI query answer: ${a.slice(0, 300)}`);
      }
      const sPage = await latencyProbe(`${server.url}/api/graphql`, uiSearch, 100);
      const dTimes: number[] = [];
      for (let i = 0; i < 100; i++) {
        // A dataset page sends its entity query and its schema query at once; the page waits for both.
        const t = performance.now();
        await Promise.all(
          uiDataset[i % uiDataset.length]!.map(async (b) =>
            (
              await fetch(`${server.url}/api/graphql`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: b,
              })
            ).arrayBuffer(),
          ),
        );
        dTimes.push(performance.now() - t);
      }
      dTimes.sort((a, b) => a - b);
      rows.push({
        section: '8 web UI',
        metric: `search page p50 / p99 ms, ${n} datasets`,
        ours: sPage.p50,
        baseline: sPage.p99,
        baselineName: 'our p99',
        ratio: null,
        target: 'p50 ≤ 20',
        met: sPage.p50 <= 20,
        note: "the search page's searchAcrossEntities (a page of 10 with its facets), one at a time",
      });
      rows.push({
        section: '8 web UI',
        metric: `dataset page p50 / p99 ms, ${n} datasets`,
        ours: dTimes[50]!,
        baseline: dTimes[98]!,
        baselineName: 'our p99',
        ratio: null,
        target: 'p50 ≤ 20',
        met: dTimes[50]! <= 20,
        note: "the dataset page's entity and schema queries, sent together as the page does",
      });
      rows.push({
        section: '7 search',
        metric: `p50 / p99 ms, one at a time, ${n} datasets`,
        ours: sProbe.p50,
        baseline: sProbe.p99,
        baselineName: 'our p99',
        ratio: null,
        target: 'p50 ≤ 5, p99 ≤ 25',
        met: sProbe.p50 <= 5 && sProbe.p99 <= 25,
        note: `mixed queries; by kind: ${kinds.join('; ')}`,
      });
      rows.push({
        section: '7 search',
        metric: `first run of each query p50 / max ms, ${n} datasets`,
        ours: first[Math.floor(first.length / 2)]!,
        baseline: first[first.length - 1]!,
        baselineName: 'our max',
        ratio: null,
        target: '—',
        met: null,
        note: `the ${first.length} mixed queries once each, in order, on a server that has answered reads but no search yet`,
      });
      rows.push({
        section: '7 search',
        metric: `req/s under load, ${n} datasets`,
        ours: sLoad.rps,
        baseline: null,
        baselineName: '—',
        ratio: null,
        target: '—',
        met: null,
        note: `${connections} connections: p50 ${sLoad.p50} ms, p99 ${sLoad.p99} ms${failed}`,
      });
      if (n === Math.max(...sizes)) peakRss = { n, mb: memoryMb(server.pid) };
      if (!bare) {
        const bodyFile = join(work, 'answer.json');
        writeFileSync(bodyFile, answer);
        const b = await spawnServer(process.execPath, [join(ROOT, 'bench', 'bare-server.mjs'), bodyFile]);
        try {
          log(`bare node:http baseline (${Buffer.byteLength(answer)} bytes a response) …`);
          bare = await load(b.url, body);
        } finally {
          await b.stop();
        }
      }
    } finally {
      await server.stop();
    }
    perSize.set(n, { ingest: ingest.rate, rest, raw, read, probe });
    log(`[${n}] ingest and reads with and without the relationships index …`);
    type Relationships = WithAndWithout<{ rate: number; readUs: number; rounds: Array<{ rate: number }> }>;
    const rel = searchBench<Relationships>(['relationships', file, work]);
    row({
      section: '9 relationships index',
      metric: `ingest aspects/s with it vs without, ${n} datasets`,
      ours: rel.with.rate,
      baseline: rel.without.rate,
      baselineName: 'same ingest, no relationships index',
      target: '≥ 0.90',
      check: (r) => r >= 0.9,
      note: `both without the search index, in one process, each round ingesting into the two stores batch by batch in turn (each commit awaited); rounds in order, with: ${roundRates(rel.with.rounds)}; without: ${roundRates(rel.without.rounds)}`,
    });
    row({
      section: '9 relationships index',
      metric: `dataset read µs with it vs without, ${n} datasets`,
      ours: rel.with.readUs,
      baseline: rel.without.readUs,
      baselineName: 'same read, no relationships index',
      target: '≤ 1.10',
      check: (r) => r <= 1.1,
      note: 'the GraphQL read of section 1, executed in process over 2000 datasets',
    });
    log(`[${n}] ingest with and without the search index …`);
    const si = searchBench<WithAndWithout<{ rate: number; mb: number }>>(['ingest', file, work]);
    row({
      section: '7 search',
      metric: `ingest aspects/s with all indexes, ${n} datasets`,
      ours: si.with.rate,
      baseline: si.without.rate,
      baselineName: 'same ingest, no search index',
      target: '≥ 0.75',
      check: (r) => r >= 0.75,
    });
    row({
      section: '7 search',
      metric: `data file MB with the search index, ${n} datasets`,
      ours: si.with.mb,
      baseline: si.without.mb,
      baselineName: 'same file, no search index',
      target: '≤ 1.50',
      check: (r) => r <= 1.5,
    });
    row({
      section: '1 GraphQL read',
      metric: `req/s at ${n} datasets`,
      ours: read.rps,
      baseline: bare!.rps,
      baselineName: 'bare node:http',
      target: '≥ 0.40',
      check: (r) => r >= 0.4,
    });
    const rm = readMemory!;
    rows.push({
      section: '1 GraphQL read',
      metric: `RSS MB of serve after the read load, ${n} datasets`,
      ours: rm.rss,
      baseline: null,
      baselineName: '—',
      ratio: null,
      target: '≤ 250 MB',
      met: rm.rss <= 250,
      note:
        `${rm.anon.toFixed(0)} MB anonymous (RssAnon) + ${rm.file.toFixed(0)} MB mapped file pages; ` +
        'the server ingested the catalog over REST before the load',
    });
    row({
      section: '1 GraphQL read',
      metric: `p50 / p99 ms at ${n}`,
      ours: read.p99,
      baseline: read.p50,
      baselineName: 'our p50',
      target: 'p99 ≤ 10× p50',
      check: (r) => r <= 10,
      note: `under load p50 ${read.p50} ms, p99 ${read.p99} ms (bare p50 ${bare!.p50} ms, p99 ${bare!.p99} ms); one request at a time p50 ${probe.p50.toFixed(2)} ms, p99 ${probe.p99.toFixed(2)} ms`,
    });
    row({
      section: '2a catalog ingest',
      metric: `aspects/s at ${n}`,
      ours: ingest.rate,
      baseline: raw,
      baselineName: 'raw lmdb batched puts',
      target: '≥ 0.40',
      check: (r) => r >= 0.4,
      note: `${ingest.seconds.toFixed(2)} s in ingest, ${ingest.wall.toFixed(2)} s wall`,
    });
    row({
      section: '2b REST batch ingest',
      metric: `aspects/s at ${n}`,
      ours: rest,
      baseline: raw,
      baselineName: 'raw lmdb batched puts',
      target: '≥ 0.25',
      check: (r) => r >= 0.25,
    });
    // Issue 16's portable-file figure: the data file `catalog ingest` wrote (aspects, history, every
    // index) against the same metadata as the JSON Lines it was ingested from.
    row({
      section: '2c data file',
      metric: `MB at ${n} datasets`,
      ours: statSync(data).size / 2 ** 20,
      baseline: statSync(file).size / 2 ** 20,
      baselineName: 'same metadata as JSON Lines',
      target: '≤ 0.35',
      check: (r) => r <= 0.35,
      note: `${(statSync(data).size / n / 1024).toFixed(1)} KiB a dataset`,
    });
    // The file to ship: `catalog backup --compact` of the same data file (every table rewritten in
    // key order, pages full, every value compressed).
    const shipped = join(work, `compact-${n}.lmdb`);
    const copied = performance.now();
    execFileSync(BINARY, ['backup', '-f', shipped, '--compact', '--data', data], { encoding: 'utf8' });
    const copySeconds = (performance.now() - copied) / 1000;
    row({
      section: '2c data file',
      metric: `MB after backup --compact, ${n} datasets`,
      ours: statSync(shipped).size / 2 ** 20,
      baseline: statSync(file).size / 2 ** 20,
      baselineName: 'same metadata as JSON Lines',
      target: '≤ 0.35',
      check: (r) => r <= 0.35,
      note: `${(statSync(shipped).size / n / 1024).toFixed(1)} KiB a dataset; the copy took ${copySeconds.toFixed(1)} s`,
    });
    // Kept at the largest size for section 4: a server reading the compacted file.
    if (n === Math.max(...sizes)) compacted = shipped;
    else rmSync(shipped, { force: true });
  }

  // 3: start-up of the single executable.
  log('start-up …');
  const env = { ...process.env, HOME: work };
  // Interleaved (node, --version, get, node, …) so a slow spell of a shared machine hits all three alike.
  const [nodeMs, versionMs, getMs] = interleavedWallMs([
    [process.execPath, ['-e', '0'], process.env],
    [BINARY, ['--version'], env],
    [BINARY, ['get', '--urn', datasetUrn(1), '--data', join(work, `cli-${sizes[0]}.lmdb`)], env],
  ]) as [number, number, number];
  row({
    section: '3 start-up',
    metric: 'catalog --version ms',
    ours: versionMs,
    baseline: nodeMs,
    baselineName: 'node -e 0',
    target: '—',
  });
  row({
    section: '3 start-up',
    metric: 'catalog get ms',
    ours: getMs,
    baseline: nodeMs,
    baselineName: 'node -e 0',
    target: '≤ 1.5×',
    check: (r) => r <= 1.5,
  });

  // 4: memory.
  if (peakRss) {
    const { peak, anon, file } = peakRss.mb;
    rows.push({
      section: '4 memory',
      metric: `peak RSS MB of serve, ${peakRss.n} datasets ingested + read load`,
      ours: peak,
      baseline: null,
      baselineName: '—',
      ratio: null,
      target: '≤ 250 MB',
      met: peak <= 250,
      note: `at the end ${anon.toFixed(0)} MB anonymous + ${file.toFixed(0)} MB mapped file pages`,
    });
    // The same read load on a server that did not do the ingest: on the file `catalog ingest` wrote,
    // then on its compacted copy. Mapped file pages are the kernel's page cache, which it reclaims
    // when it needs the memory. It maps the cached pages around each one read (fault-around), and in
    // a file as ingested every table's pages lie interleaved, so reading the aspects maps much of the
    // search index too.
    for (const [label, path] of [
      ['file', join(work, `cli-${peakRss.n}.lmdb`)],
      ['compacted file (backup --compact)', compacted],
    ] as const) {
      if (!path) continue;
      log(`[${peakRss.n}] memory of a server that only reads, ${label} …`);
      const reader = await serve(path);
      try {
        await load(`${reader.url}/api/graphql`, readBody(0), { n: peakRss.n, make: readBody });
        const m = memoryMb(reader.pid);
        rows.push({
          section: '4 memory',
          metric: `peak RSS MB of serve on a ${peakRss.n}-dataset ${label}, read load only`,
          ours: m.peak,
          baseline: null,
          baselineName: '—',
          ratio: null,
          target: '≤ 250 MB',
          met: m.peak <= 250,
          note: `at the end ${m.anon.toFixed(0)} MB anonymous + ${m.file.toFixed(0)} MB mapped file pages; the file is ${(statSync(path).size / 2 ** 20).toFixed(0)} MB`,
        });
      } finally {
        await reader.stop();
      }
    }
  }
  if (compacted) rmSync(compacted, { force: true });

  // 5: scaling, smallest vs largest size.
  if (sizes.length > 1) {
    const small = perSize.get(Math.min(...sizes))!;
    const large = perSize.get(Math.max(...sizes))!;
    row({
      section: '5 scaling',
      metric: `read p50 ms (one at a time) ${Math.max(...sizes)} vs ${Math.min(...sizes)}`,
      ours: large.probe.p50,
      baseline: small.probe.p50,
      baselineName: `p50 at ${Math.min(...sizes)}`,
      target: '≤ 1.3×',
      check: (r) => r <= 1.3,
    });
    row({
      section: '5 scaling',
      metric: `ingest rate ${Math.min(...sizes)} vs ${Math.max(...sizes)}`,
      ours: small.ingest,
      baseline: large.ingest,
      baselineName: `rate at ${Math.max(...sizes)}`,
      target: '≤ 1.3×',
      check: (r) => r <= 1.3,
    });
    const sSmall = searchPerSize.get(Math.min(...sizes))!;
    const sLarge = searchPerSize.get(Math.max(...sizes))!;
    row({
      section: '7 search',
      metric: `search p50 ms ${Math.max(...sizes)} vs ${Math.min(...sizes)}`,
      ours: sLarge.p50,
      baseline: sSmall.p50,
      baselineName: `p50 at ${Math.min(...sizes)}`,
      target: '≤ 1.5×',
      check: (r) => r <= 1.5,
    });
  }

  // 10: sync (bench/sync.ts): pull and push against catalog serve, at each size.
  if (flags['no-sync']) skippedRow('10 sync', 'pull and push', 'skipped: --no-sync');
  else for (const r of await syncBench(BINARY, sizes, work, log)) row(r);

  // 13: bundles (bench/bundle.ts): bundle create vs export, its size, a pull from it vs ingest, at each size.
  if (flags['no-bundle']) skippedRow('13 bundle', 'bundle create and pull', 'skipped: --no-bundle');
  else for (const r of await bundleBench(BINARY, sizes, work, log)) row(r);

  // 14: the change event log (bench/events.ts, in its own process with gc() exposed): ingest with the log
  // against the same ingest without it, and an A/A control, the sides alternated batch by batch.
  if (flags['no-events']) skippedRow('14 events', 'ingest with the event log', 'skipped: --no-events');
  else for (const r of eventsBench(sizes)) row(r);

  // 12: checksums and catalog verify (bench/verify.ts), on the files section 2a ingested.
  if (flags['no-verify']) skippedRow('12 verify', 'verify and the checksum upgrade', 'skipped: --no-verify');
  else for (const r of await verifyBench(BINARY, sizes, work, log)) row(r);

  // 6: DataHub Lite on the same file.
  const datahub = join(ROOT, '.venv-interop', 'bin', 'datahub');
  const python = join(ROOT, '.venv-interop', 'bin', 'python');
  const hasLite = existsSync(datahub) && spawnSync(python, ['-c', 'import duckdb']).status === 0;
  if (flags['no-peer']) {
    skippedRow('6 peer', 'DataHub Lite', 'skipped: --no-peer');
  } else if (!hasLite) {
    skippedRow(
      '6 peer',
      'DataHub Lite',
      'skipped: run `bash scripts/interop-venv.sh` to install acryl-datahub with DataHub Lite',
    );
  } else {
    const n = Math.min(...sizes);
    log(`[${n}] DataHub Lite peer …`);
    const file = join(work, `datasets-${n}.json`);
    await generate(file, n, 'array');
    const home = join(work, 'lite-home');
    execFileSync('mkdir', ['-p', home]);
    writeFileSync(join(home, '.datahubenv'), 'gms:\n  server: http://127.0.0.1:9\n');
    const liteEnv = { ...process.env, HOME: home, DATAHUB_TELEMETRY_ENABLED: 'false' };
    const t = performance.now();
    execFileSync(datahub, ['lite', 'import', '--file', file], { env: liteEnv, stdio: 'ignore' });
    const liteIngest = (performance.now() - t) / 1000;
    const t2 = performance.now();
    execFileSync(BINARY, ['ingest', '-f', file, '--data', join(work, 'peer.lmdb')], { env, stdio: 'ignore' });
    const ourIngest = (performance.now() - t2) / 1000;
    const liteGet = wallMs(datahub, ['lite', 'get', '--urn', datasetUrn(1)], liteEnv, 3);
    const ourGet = wallMs(BINARY, ['get', '--urn', datasetUrn(1), '--data', join(work, 'peer.lmdb')], env, 3);
    row({
      section: '6 peer',
      metric: `ingest ${n} datasets, s (speed-up)`,
      ours: ourIngest,
      baseline: liteIngest,
      baselineName: 'datahub lite import',
      ratio: liteIngest / ourIngest,
      target: '≥ 20× faster',
      check: (r) => r >= 20,
    });
    row({
      section: '6 peer',
      metric: 'get one dataset, ms (speed-up)',
      ours: ourGet,
      baseline: liteGet,
      baselineName: 'datahub lite get',
      ratio: liteGet / ourGet,
      target: '≥ 5× faster',
      check: (r) => r >= 5,
    });
    // Search side by side on the same datasets, in process each: DataHub Lite (LIKE over urns and
    // names), SQLite FTS5 over the same text, and ours (a page of 10 and the total, no facets).
    const words = [`table_${Math.floor(n / 2)}`, 'benchmark', 'generated table'];
    const liteOut = execFileSync(python, [join(ROOT, 'bench', 'lite_search.py'), ...words], {
      env: liteEnv,
      encoding: 'utf8',
    });
    const lite = JSON.parse(liteOut.trim().split('\n').pop()!) as Record<string, { p50: number; hits: number }>;
    const fts = searchBench<QueryTimes>(['fts5', join(work, `datasets-${n}.jsonl`), work, ...words]);
    const our = searchBench<QueryTimes>(['ours', join(work, `cli-${n}.lmdb`), work, ...words]);
    for (const w of words) {
      row({
        section: '6 peer',
        metric: `search "${w}" p50 ms vs DataHub Lite (speed-up)`,
        ours: our.queries[w]!.p50,
        baseline: lite[w]!.p50,
        baselineName: 'datahub lite search',
        ratio: lite[w]!.p50 / our.queries[w]!.p50,
        target: '> 1× faster',
        check: (r) => r > 1,
        note: `hits: ours ${our.queries[w]!.hits}, lite ${lite[w]!.hits} (LIKE on urn and name only)`,
      });
      row({
        section: '6 peer',
        metric: `search "${w}" p50 ms vs SQLite FTS5`,
        ours: our.queries[w]!.p50,
        baseline: fts.queries[w]!.p50,
        baselineName: 'sqlite fts5',
        target: '≤ 2×',
        check: (r) => r <= 2,
        note: `hits: ours ${our.queries[w]!.hits}, fts5 ${fts.queries[w]!.hits}`,
      });
    }
  }

  await postgresSection(Math.max(...sizes));
  await report();
}

/** Section 11: export to and pull from DataHub's database on PostgreSQL vs `catalog ingest` of the same records (bench/postgres.ts). */
async function postgresSection(n: number): Promise<void> {
  const { postgresBin } = await import('../test/pg/server.ts');
  try {
    postgresBin();
  } catch (e) {
    skippedRow('11 postgres', 'export and pull', `skipped: ${(e as Error).message}`);
    return;
  }
  log(`postgres: export and pull of ${n} datasets …`);
  const file = join(work, `datasets-${n}.jsonl`);
  const records = existsSync(file)
    ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length
    : await generate(file, n, 'jsonl');
  const r = await postgresBench(BINARY, work, file, n, records);
  const note = `${records} records (${r.rows} table rows, key aspects included); export ${r.exportSeconds.toFixed(1)} s, pull ${r.pullSeconds.toFixed(1)} s wall`;
  row({
    section: '11 postgres',
    metric: `export --to postgres records/s, ${n} datasets`,
    ours: r.exportRate,
    baseline: r.ingest,
    baselineName: 'catalog ingest, same records',
    target: '≥ 0.50',
    check: (x) => x >= 0.5,
    note,
  });
  row({
    section: '11 postgres',
    metric: `pull postgres:// records/s, ${n} datasets`,
    ours: r.pullRate,
    baseline: r.ingest,
    baselineName: 'catalog ingest, same records',
    target: '≥ 0.50',
    check: (x) => x >= 0.5,
  });
}

async function report(): Promise<void> {
  const fmt = (x: number | null) => (x === null ? '—' : x >= 100 ? x.toFixed(0) : x.toFixed(2));
  const table = [
    ['section', 'metric', 'ours', 'baseline', 'baseline is', 'ratio', 'target', 'met'],
    ...rows.map((r) => [
      r.section,
      r.metric,
      fmt(r.ours),
      fmt(r.baseline),
      r.baselineName,
      fmt(r.ratio),
      r.target,
      r.met === null ? (r.note?.startsWith('skipped') ? 'skipped' : '—') : r.met ? 'yes' : 'NO',
    ]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const r of table) process.stdout.write(`${r.map((c, i) => c.padEnd(widths[i]!)).join('  ')}\n`);
  for (const r of rows) if (r.note) process.stdout.write(`  ${r.section} ${r.metric}: ${r.note}\n`);
  const result = {
    when: new Date().toISOString(),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    sizes,
    duration,
    connections,
    rows,
  };
  const out = resolve(flags.out ?? join(ROOT, 'bench', 'results.json'));
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`written to ${out}\n`);
}

main()
  .catch((e: unknown) => {
    process.stderr.write(`bench failed: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  })
  .finally(() => rmSync(work, { recursive: true, force: true }));
