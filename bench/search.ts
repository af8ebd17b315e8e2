/**
 * The search section of `npm run bench` (issue 14): the same documents indexed three ways.
 * - `ingest`: this process ingests the generated JSON Lines twice, into a store with every index and
 *   into one whose search indexer keeps nothing, and reports both rates and file sizes (same run,
 *   same machine, same batches).
 * - `fts5`: the same documents (name, description, columns and their descriptions) in SQLite FTS5
 *   (better-sqlite3, a dev dependency for this bench only), queried with the same words.
 * - `ours`: the same queries on a catalog data file (FILE), in process: one page of 10 and the total,
 *   no facets, as the FTS5 query returns them.
 * Both query sides run each query WARM_UP times before the 15 timed runs (a server runs warm; a fresh
 * process's first calls measure the JIT, not the index).
 * Prints one JSON object. Usage: node --import tsx bench/search.ts ingest|fts5|ours FILE WORKDIR [queries…]
 */
import { createReadStream, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { proposalFromMcp, type Proposal } from '../src/model/mcp.ts';
import { relationshipIndexer } from '../src/model/relationships.ts';
import { ingestProposals } from '../src/ops/ingestProposals.ts';
import { openCatalog } from '../src/ops/openCatalog.ts';
import { Store, type SearchIndexer } from '../src/store/store.ts';

const [mode, file, work, ...queries] = process.argv.slice(2);

async function* lines(path: string): AsyncGenerator<Record<string, any>> {
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) if (line) yield JSON.parse(line);
}

/** Runs of each query before the timed ones, on both sides. */
const WARM_UP = 50;

const sizeMb = (dir: string) => readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0) / 1e6;

/** A search indexer that keeps nothing: the store as it was before the search index. */
const NO_SEARCH: SearchIndexer = { version: 'none', shapes: () => false, document: () => undefined, analyse: () => ({ terms: new Map(), length: 0, keywords: [] }) };

async function ingestInto(store: Store): Promise<number> {
  let batch: Proposal[] = [];
  let aspects = 0;
  const started = performance.now();
  for await (const r of lines(file!)) {
    batch.push(proposalFromMcp(r));
    if (batch.length === 1000) {
      await ingestProposals({ store, actor: 'urn:li:corpuser:datahub' }, batch);
      aspects += batch.length;
      batch = [];
    }
  }
  if (batch.length) await ingestProposals({ store, actor: 'urn:li:corpuser:datahub' }, batch);
  aspects += batch.length;
  return aspects / ((performance.now() - started) / 1000);
}

async function ingest(): Promise<void> {
  const result: Record<string, unknown> = {};
  for (const [label, open] of [
    ['without', (p: string) => Store.open(p, relationshipIndexer, NO_SEARCH)],
    ['with', (p: string) => openCatalog(p)],
  ] as const) {
    const dir = join(work!, `search-ingest-${label}`);
    mkdirSync(dir, { recursive: true });
    const store = open(join(dir, 'catalog.lmdb'));
    const rate = await ingestInto(store);
    await store.close();
    result[label] = { rate, mb: sizeMb(dir) };
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

async function fts5(): Promise<void> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(join(work!, 'fts5.sqlite'));
  db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS docs USING fts5(urn UNINDEXED, name, description, fields, field_descriptions)');
  const docs = new Map<string, { name: string; description: string; fields: string[]; descriptions: string[] }>();
  for await (const r of lines(file!)) {
    const d = docs.get(r.entityUrn) ?? { name: '', description: '', fields: [], descriptions: [] };
    const v = r.aspect.json;
    if (r.aspectName === 'datasetProperties') {
      d.name = v.name ?? '';
      d.description = v.description ?? '';
    }
    if (r.aspectName === 'schemaMetadata') for (const f of v.fields) {
      d.fields.push(f.fieldPath);
      if (f.description) d.descriptions.push(f.description);
    }
    docs.set(r.entityUrn, d);
  }
  const insert = db.prepare('INSERT INTO docs (urn, name, description, fields, field_descriptions) VALUES (?, ?, ?, ?, ?)');
  const started = performance.now();
  db.transaction(() => {
    for (const [urn, d] of docs) insert.run(urn, d.name, d.description, d.fields.join(' '), d.descriptions.join(' '));
  })();
  const indexSeconds = (performance.now() - started) / 1000;
  const search = db.prepare('SELECT urn FROM docs WHERE docs MATCH ? ORDER BY rank LIMIT 10');
  const count = db.prepare('SELECT count(*) AS n FROM docs WHERE docs MATCH ?');
  const out: Record<string, { p50: number; hits: number }> = {};
  for (const q of queries) {
    const match = q.split(/\s+/).map((w) => (w.endsWith('*') ? `"${w.slice(0, -1)}"*` : `"${w}"`)).join(' ');
    const times: number[] = [];
    let hits = 0;
    // Warmed up first, as ours is: the steady state is compared, not the first calls.
    for (let i = 0; i < WARM_UP; i++) search.all(match);
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      search.all(match);
      hits = (count.get(match) as { n: number }).n;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    out[q] = { p50: times[7]!, hits };
  }
  db.close();
  process.stdout.write(`${JSON.stringify({ indexSeconds, mb: statSync(join(work!, 'fts5.sqlite')).size / 1e6, queries: out })}\n`);
}

async function ours(): Promise<void> {
  const { searchEntities } = await import('../src/ops/search/search.ts');
  const store = openCatalog(file!);
  const out: Record<string, { p50: number; hits: number }> = {};
  for (const q of queries) {
    const times: number[] = [];
    let hits = 0;
    // JIT warm-up: the first calls of a fresh process run unoptimised code; a server runs warm.
    for (let i = 0; i < WARM_UP; i++) searchEntities(store, { query: q, count: 10, skipAggregates: true, skipHighlighting: true });
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      hits = searchEntities(store, { query: q, count: 10, skipAggregates: true, skipHighlighting: true }).total;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    out[q] = { p50: times[7]!, hits };
  }
  await store.close();
  process.stdout.write(`${JSON.stringify({ queries: out })}\n`);
}

if (mode === 'ingest') await ingest();
else if (mode === 'fts5') await fts5();
else if (mode === 'ours') await ours();
else throw new Error('usage: search.ts ingest|fts5|ours FILE WORKDIR [queries…]');
