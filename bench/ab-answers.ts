/**
 * Answers of two builds of `catalog serve`, compared byte for byte: status, headers (less the date)
 * and body of the section-1 read over every dataset of a bench catalog, then of a set of odd
 * requests (errors, bad JSON, other content and accept types, mutations, unknown operations), each
 * sent to both builds in turn. Exits non-zero on the first difference.
 * Usage: node --import tsx bench/ab-answers.ts A_BINARY B_BINARY [--datasets N]
 */
import { startBoth, twoCatalogs } from './ab.ts';
import { datasetUrn } from './generate.ts';
import { READ_DOCUMENT } from './queries.ts';

const args = process.argv.slice(2);
const [a, b] = args;
if (!a || !b) throw new Error('usage: ab-answers.ts A_BINARY B_BINARY [--datasets N]');
const i = args.indexOf('--datasets');
const n = i < 0 ? 300 : Number(args[i + 1]);
const files = await twoCatalogs('ab-answers-', a, b, n);

const [A, B] = await startBoth(a, b, files);

interface Req {
  headers?: Record<string, string>;
  body: string;
  method?: string;
  path?: string;
}
async function answer(url: string, r: Req): Promise<string> {
  const res = await fetch(url + (r.path ?? '/api/graphql'), {
    method: r.method ?? 'POST',
    headers: r.headers ?? { 'content-type': 'application/json' },
    ...(r.method !== 'GET' && { body: r.body }),
  });
  const headers = [...res.headers]
    .filter(([k]) => k !== 'date')
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  return `${res.status}\n${headers}\n\n${await res.text()}`;
}
const json = (o: unknown) => JSON.stringify(o);
const requests: Req[] = [];
for (let k = 0; k < n; k++) requests.push({ body: json({ query: READ_DOCUMENT, variables: { urn: datasetUrn(k) } }) });
const odd: Req[] = [
  {
    body: json({ query: READ_DOCUMENT, variables: { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,missing,PROD)' } }),
  },
  { body: json({ query: READ_DOCUMENT, variables: { urn: 'not a urn' } }) },
  { body: json({ query: READ_DOCUMENT }) },
  { body: json({ query: READ_DOCUMENT, variables: { urn: 5 } }) },
  { body: json({ query: READ_DOCUMENT, variables: [1] }) },
  { body: json({ query: READ_DOCUMENT, variables: { urn: datasetUrn(1) }, operationName: 'read' }) },
  { body: json({ query: READ_DOCUMENT, variables: { urn: datasetUrn(1) }, operationName: 'other' }) },
  { body: json({ query: READ_DOCUMENT, variables: { urn: datasetUrn(1) }, operationName: '' }) },
  { body: json({ query: READ_DOCUMENT, variables: { urn: datasetUrn(1) }, operationName: 3 }) },
  { body: json({ query: READ_DOCUMENT, variables: { urn: datasetUrn(1) }, extensions: 'x' }) },
  {
    body: json({ query: `${READ_DOCUMENT} query two { me { corpUser { urn } } }`, variables: { urn: datasetUrn(1) } }),
  },
  { body: json({ query: `${READ_DOCUMENT} query two { me { corpUser { urn } } }`, operationName: 'two' }) },
  { body: json({ query: '{ me { corpUser { urn username } } }' }) },
  { body: json({ query: '{ nope }' }) },
  { body: json({ query: '{ dataset(urn: "x") { urn' }) },
  { body: json({ query: 'subscription { x }' }) },
  {
    body: json({
      query:
        'mutation { addTag(input: {tagUrn: "urn:li:tag:t", resourceUrn: "urn:li:dataset:(urn:li:dataPlatform:hive,missing,PROD)"}) }',
    }),
  },
  {
    body: json({
      query:
        'mutation { updateDescription(input: {description: "d", resourceUrn: "urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)"}) }',
    }),
  },
  { body: json({ query: 'mutation { createTag(input: {id: "abtest", name: "é \\u2028 \\"q\\""}) }' }) },
  { body: json({ query: '{ tag(urn: "urn:li:tag:abtest") { urn name properties { name description } } }' }) },
  { body: json({ query: 42 }) },
  { body: json({}) },
  { body: '[]' },
  { body: 'null' },
  { body: '' },
  { body: '{bad json' },
  { headers: {}, body: json({ query: '{ me { corpUser { urn } } }' }) },
  {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: json({ query: '{ me { corpUser { urn } } }' }),
  },
  {
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: json({ query: '{ me { corpUser { urn } } }' }),
  },
  {
    headers: { 'content-type': 'Application/JSON ; charset=UTF-8' },
    body: json({ query: '{ me { corpUser { urn } } }' }),
  },
  {
    headers: { 'content-type': 'application/json; charset=latin1' },
    body: json({ query: '{ me { corpUser { urn } } }' }),
  },
  { headers: { 'content-type': 'text/plain' }, body: json({ query: '{ me { corpUser { urn } } }' }) },
  {
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: json({ query: '{ me { corpUser { urn } } }' }),
  },
  {
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: json({ query: '{ nope }' }),
  },
  {
    headers: { 'content-type': 'application/json', accept: 'text/html' },
    body: json({ query: '{ me { corpUser { urn } } }' }),
  },
  { headers: { 'content-type': 'application/json', accept: 'application/json' }, body: json({ query: '{ nope }' }) },
  { method: 'GET', body: '', path: '/api/graphql?query=%7Bme%7BcorpUser%7Burn%7D%7D%7D' },
  { body: json({ query: '{ me { corpUser { urn } } }' }), path: '/api/v2/graphql' },
];
let same = 0;
for (const r of [...requests, ...odd]) {
  const [x, y] = [await answer(A.url, r), await answer(B.url, r)];
  if (x !== y) {
    console.error(`differ on ${JSON.stringify(r)}\n--- A\n${x.slice(0, 2000)}\n--- B\n${y.slice(0, 2000)}`);
    process.exitCode = 1;
    break;
  }
  same++;
}
console.log(
  `${same} of ${requests.length + odd.length} answers identical (${requests.length} reads, ${odd.length} odd requests)`,
);
for (const p of [A, B]) p.proc.kill('SIGTERM');
