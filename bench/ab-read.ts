/**
 * Bench row 1 A/B: the section-1 GraphQL read against two builds of `catalog serve`, in alternating
 * rounds, each on the same records ingested by itself, with bare node:http as the baseline of each round. A first
 * round warms every server and is not counted. Prints each round's req/s, the median ratio of each build to bare
 * node:http, and B/A round by round (median, min, max).
 * Usage: node --import tsx bench/ab-read.ts A_BINARY B_BINARY [--datasets N] [--rounds R] [--duration S]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { start, startBoth, twoCatalogs, type Started } from './ab.ts';
import { datasetUrn } from './generate.ts';
import { READ_DOCUMENT } from './queries.ts';

const args = process.argv.slice(2);
const [a, b] = args;
if (!a || !b) throw new Error('usage: ab-read.ts A_BINARY B_BINARY [--datasets N] [--rounds R] [--duration S]');
const opt = (name: string, d: number) => { const i = args.indexOf(name); return i < 0 ? d : Number(args[i + 1]); };
const n = opt('--datasets', 1000), rounds = opt('--rounds', 5), duration = opt('--duration', 5);
const files = await twoCatalogs('ab-read-', a, b, n);
const work = files.work;

const body = (i: number) => JSON.stringify({ query: READ_DOCUMENT, variables: { urn: datasetUrn(i) } });
/** CPU seconds (user + system) a process has used so far. */
function cpu(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').slice(readFileSync(`/proc/${pid}/stat`, 'utf8').lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}
async function load(url: string, random: boolean) {
  const requests = random ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: body(Math.floor(Math.random() * n)) }) }] : undefined;
  const r = await autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body: body(1), connections: 10, duration, ...(requests && { requests }) });
  if (r.errors + r.non2xx > 0) throw new Error(`${url}: ${r.errors + r.non2xx} errors`);
  return { rps: r.requests.average, total: r.requests.total };
}
async function measure(p: Started, path: string, random: boolean) {
  const c0 = cpu(p.proc.pid!);
  const r = await load(p.url + path, random);
  return { rps: r.rps, perCpu: r.total / Math.max(0.01, cpu(p.proc.pid!) - c0) };
}
const [A, B] = await startBoth(a, b, files);
const sample = await (await fetch(`${A.url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(1) })).text();
const sampleB = await (await fetch(`${B.url}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(1) })).text();
if (sample !== sampleB) throw new Error('the two builds answer differently');
writeFileSync(join(work, 'body.json'), sample);
const bare = await start(process.execPath, [join(import.meta.dirname, 'bare-server.mjs'), join(work, 'body.json')]);
// One round not counted: each server's compiled code and caches warm before anything is measured.
for (const p of [bare, A, B]) await load(p.url + (p === bare ? '' : '/api/graphql'), p !== bare);
const ra: number[] = [], rb: number[] = [], ca: number[] = [], cb: number[] = [];
/** B/A within each round (the two measured back to back, so a drift of the machine's load cancels). */
const paired: number[] = [], pairedCpu: number[] = [];
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
  const base = await measure(bare, '', false);
  const got: Record<string, { rps: number; perCpu: number }> = {};
  for (const which of order) got[which] = await measure(which === 'a' ? A : B, '/api/graphql', true);
  const ga = got['a']!, gb = got['b']!;
  ra.push(ga.rps / base.rps); rb.push(gb.rps / base.rps); ca.push(ga.perCpu / base.perCpu); cb.push(gb.perCpu / base.perCpu);
  paired.push(gb.rps / ga.rps); pairedCpu.push(gb.perCpu / ga.perCpu);
  console.log(`round ${r + 1}: req/s bare ${base.rps.toFixed(0)}, A ${ga.rps.toFixed(0)}, B ${gb.rps.toFixed(0)}; requests per server CPU-second: bare ${base.perCpu.toFixed(0)}, A ${ga.perCpu.toFixed(0)}, B ${gb.perCpu.toFixed(0)}`);
}
const med = (x: number[]) => [...x].sort((p, q) => p - q)[Math.floor(x.length / 2)]!;
console.log(`median ratio to bare node:http, req/s: A ${med(ra).toFixed(3)}, B ${med(rb).toFixed(3)} (B/A ${(med(rb) / med(ra)).toFixed(2)}); per server CPU-second: A ${med(ca).toFixed(3)}, B ${med(cb).toFixed(3)} (B/A ${(med(cb) / med(ca)).toFixed(2)})`);
const spread = (x: number[]) => `median ${med(x).toFixed(2)}, min ${Math.min(...x).toFixed(2)}, max ${Math.max(...x).toFixed(2)}`;
console.log(`B/A round by round, req/s: ${spread(paired)}; per server CPU-second: ${spread(pairedCpu)}`);
for (const p of [A, B, bare]) p.proc.kill('SIGTERM');
