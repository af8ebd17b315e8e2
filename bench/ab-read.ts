/**
 * Bench row 1 A/B: the section-1 GraphQL read against two builds of `catalog serve`, in alternating
 * rounds, each on the same records ingested by itself, with bare node:http as the baseline of each round. Each
 * request names a dataset drawn at random from the whole catalog. By default the catalog has 1 000 datasets (a
 * hot set every cache holds), then 20 000 and 100 000 (more than the caches hold, as a catalog people browse).
 * At each size a first round warms every server and is not counted. Prints each round's req/s and each server's
 * RSS after its load (VmRSS, its anonymous part RssAnon and its file pages RssFile, from /proc/PID/status) and the load average, the median ratio of each
 * build to bare node:http, and B/A round by round (median, min, max).
 * Usage: node --import tsx bench/ab-read.ts A_BINARY B_BINARY [--datasets N[,N…]] [--rounds R] [--duration S]
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { start, startBoth, twoCatalogs, type Started } from './ab.ts';
import { datasetUrn } from './generate.ts';
import { READ_DOCUMENT } from './queries.ts';

const USAGE = 'usage: ab-read.ts A_BINARY B_BINARY [--datasets N[,N…]] [--rounds R] [--duration S]';
const args = process.argv.slice(2);
const [a, b] = args;
if (!a || !b) throw new Error(USAGE);
const opt = (name: string, d: string) => {
  const i = args.indexOf(name);
  return i < 0 ? d : args[i + 1]!;
};
const sizes = opt('--datasets', '1000,20000,100000').split(',').map(Number);
const rounds = Number(opt('--rounds', '5'));
const duration = Number(opt('--duration', '5'));
if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(USAGE);

const body = (i: number) => JSON.stringify({ query: READ_DOCUMENT, variables: { urn: datasetUrn(i) } });
/** CPU seconds (user + system) a process has used so far. */
function cpu(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}
/** A process's resident memory now, whole, its anonymous part (heap) and its file pages, in MB. */
function rssMb(pid: number): Mem {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024 };
}
interface Mem {
  rss: number;
  anon: number;
  file: number;
}
/** The machine's load average over the last minute (other work on it swings each round's req/s). */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
async function load(url: string, n: number, random: boolean) {
  const requests = random
    ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: body(Math.floor(Math.random() * n)) }) }]
    : undefined;
  const r = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body(1),
    connections: 10,
    duration,
    ...(requests && { requests }),
  });
  if (r.errors + r.non2xx > 0) throw new Error(`${url}: ${r.errors + r.non2xx} errors`);
  return { rps: r.requests.average, total: r.requests.total };
}
async function measure(p: Started, n: number, path: string, random: boolean) {
  const c0 = cpu(p.proc.pid!);
  const r = await load(p.url + path, n, random);
  return { rps: r.rps, perCpu: r.total / Math.max(0.01, cpu(p.proc.pid!) - c0), mem: rssMb(p.proc.pid!) };
}
const med = (x: number[]) => [...x].sort((p, q) => p - q)[Math.floor(x.length / 2)]!;
const spread = (x: number[]) =>
  `median ${med(x).toFixed(2)}, min ${Math.min(...x).toFixed(2)}, max ${Math.max(...x).toFixed(2)}`;
const mb = (m: Mem) => `${m.rss.toFixed(0)} MB (anon ${m.anon.toFixed(0)}, file ${m.file.toFixed(0)})`;

for (const n of sizes) {
  console.log(`--- ${n} datasets, read at random over all of them`);
  const files = await twoCatalogs('ab-read-', a, b, n);
  const work = files.work;
  const [A, B] = await startBoth(a, b, files);
  const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(1) };
  const sample = await (await fetch(`${A.url}/api/graphql`, post)).text();
  const sampleB = await (await fetch(`${B.url}/api/graphql`, post)).text();
  if (sample !== sampleB) throw new Error('the two builds answer differently');
  writeFileSync(join(work, 'body.json'), sample);
  const bare = await start(process.execPath, [join(import.meta.dirname, 'bare-server.mjs'), join(work, 'body.json')]);
  // One round not counted: each server's compiled code and caches warm before anything is measured.
  for (const p of [bare, A, B]) await load(p.url + (p === bare ? '' : '/api/graphql'), n, p !== bare);
  const ra: number[] = [];
  const rb: number[] = [];
  const ca: number[] = [];
  const cb: number[] = [];
  /** B/A within each round (the two measured back to back, so a drift of the machine's load cancels). */
  const paired: number[] = [];
  const pairedCpu: number[] = [];
  let memA = rssMb(A.proc.pid!);
  let memB = rssMb(B.proc.pid!);
  /** The most whole RSS after any measured load, and anonymous memory's. */
  const most = { a: { rss: 0, anon: 0 }, b: { rss: 0, anon: 0 } };
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
    const base = await measure(bare, n, '', false);
    const got: Record<string, { rps: number; perCpu: number; mem: Mem }> = {};
    for (const which of order) got[which] = await measure(which === 'a' ? A : B, n, '/api/graphql', true);
    const ga = got['a']!;
    const gb = got['b']!;
    ra.push(ga.rps / base.rps);
    rb.push(gb.rps / base.rps);
    ca.push(ga.perCpu / base.perCpu);
    cb.push(gb.perCpu / base.perCpu);
    paired.push(gb.rps / ga.rps);
    pairedCpu.push(gb.perCpu / ga.perCpu);
    memA = ga.mem;
    memB = gb.mem;
    for (const [m, mem] of [
      [most.a, ga.mem],
      [most.b, gb.mem],
    ] as const) {
      m.rss = Math.max(m.rss, mem.rss);
      m.anon = Math.max(m.anon, mem.anon);
    }
    console.log(
      `round ${r + 1} (load average ${loadAverage()}): req/s bare ${base.rps.toFixed(0)}, A ${ga.rps.toFixed(0)}, B ${gb.rps.toFixed(0)}; ` +
        `requests per server CPU-second: bare ${base.perCpu.toFixed(0)}, A ${ga.perCpu.toFixed(0)}, ` +
        `B ${gb.perCpu.toFixed(0)}; ` +
        `RSS after the load: A ${mb(ga.mem)}, B ${mb(gb.mem)}`,
    );
  }
  console.log(
    `${n} datasets: median ratio to bare node:http, req/s: A ${med(ra).toFixed(3)}, B ${med(rb).toFixed(3)} ` +
      `(B/A ${(med(rb) / med(ra)).toFixed(2)}); ` +
      `per server CPU-second: A ${med(ca).toFixed(3)}, B ${med(cb).toFixed(3)} ` +
      `(B/A ${(med(cb) / med(ca)).toFixed(2)})`,
  );
  console.log(`${n} datasets: B/A round by round, req/s: ${spread(paired)}; per CPU-second: ${spread(pairedCpu)}`);
  console.log(`${n} datasets: RSS after the last load: A ${mb(memA)}, B ${mb(memB)}`);
  const worst = (m: { rss: number; anon: number }) => `${m.rss.toFixed(0)} MB (anon ${m.anon.toFixed(0)})`;
  console.log(`${n} datasets: most RSS after a load: A ${worst(most.a)}, B ${worst(most.b)}`);
  for (const p of [A, B, bare]) p.proc.kill('SIGTERM');
  const exited = (p: Started) => new Promise((r) => (p.proc.exitCode !== null ? r(null) : p.proc.on('exit', r)));
  await Promise.all([A, B, bare].map(exited));
  rmSync(work, { recursive: true, force: true });
}
