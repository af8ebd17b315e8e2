/**
 * Section 10 of `npm run bench`, sync (issue 34 item 8), each figure against a baseline measured in the
 * same run: `catalog pull` of every dataset from a `catalog serve` remote vs `catalog ingest` of the
 * same records; `catalog push` of a whole catalog into an empty `catalog serve` vs REST batch ingest of
 * the same records into another empty one; after editing 10 datasets, what a push sends (every
 * request the remote receives, counted by a proxy in front of it); the peak RSS of pull and push
 * (sampled every 20 ms) at each size, so a growing one shows: as a whole, and its anonymous part
 * alone (RSS also counts the pages of the data file LMDB maps; sync releases them between pages, so
 * they stay about as many at 100 000 datasets as at 10 000: Store.releaseMappedPages).
 * Also runnable alone: node --import tsx bench/sync.ts BINARY [--datasets 10000,100000]
 */
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createServer, request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, type SpawnedServer } from '../test/helpers.ts';
import { datasetUrn, generate } from './generate.ts';

export interface SyncRow {
  section: string;
  metric: string;
  ours: number;
  baseline: number | null;
  baselineName: string;
  target: string;
  check?: (ratio: number) => boolean;
  note?: string;
}

/**
 * Runs `bin args` to the end; resolves with its wall seconds, stdout and the peaks (MB) seen of its
 * RSS and of the two parts RSS is made of: anonymous memory (the JS heap, buffers, the addon's
 * allocations: what the process itself holds) and file pages (the mapped executable and the data
 * file LMDB maps: page cache the kernel can drop, which grows with the pages a run touches), and the
 * CPU seconds (user and system, every thread) it had used at the last sample: on a loaded machine a
 * steadier measure of work than wall time.
 */
export function timed(
  bin: string,
  args: string[],
): Promise<{
  seconds: number;
  stdout: string;
  stderr: string;
  peakMb: number;
  peakAnonMb: number;
  peakFileMb: number;
  cpuSeconds: number;
}> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CATALOG_DATA: '' } });
    let stdout = '';
    let stderr = '';
    let peak = 0;
    let peakAnon = 0;
    let peakFile = 0;
    let cpu = 0;
    const sample = () => {
      try {
        // utime and stime, the 14th and 15th fields, after the command name in parentheses.
        const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        cpu = Math.max(cpu, (Number(fields[11]) + Number(fields[12])) / 100);
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
        peak = Math.max(peak, mb('VmRSS'));
        peakAnon = Math.max(peakAnon, mb('RssAnon'));
        peakFile = Math.max(peakFile, mb('RssFile'));
      } catch {
        // Gone between two samples.
      }
    };
    const timer = setInterval(sample, 20);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      if (code !== 0) reject(new Error(`${bin} ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`));
      else
        resolve({
          seconds: (performance.now() - started) / 1000,
          stdout,
          stderr,
          peakMb: peak,
          peakAnonMb: peakAnon,
          peakFileMb: peakFile,
          cpuSeconds: cpu,
        });
    });
  });
}

/** A proxy in front of `target` counting the requests it passes on, by method and path. */
async function countingProxy(target: string): Promise<{ url: string; counts: Map<string, number>; close: () => void }> {
  const to = new URL(target);
  const counts = new Map<string, number>();
  const server = createServer((req, res) => {
    const key = `${req.method} ${(req.url ?? '').split('?')[0]}${(req.url ?? '').includes('action=') ? `?${/action=\w+/.exec(req.url ?? '')![0]}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const out = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, counts, close: () => server.close() };
}

/** REST ingestProposalBatch of a JSON Lines file, batches of 100, 4 in flight: aspects/s. */
export async function restIngest(url: string, file: string): Promise<number> {
  // The request bodies are made before the clock starts; the file is read a line at a time (at
  // 100 000 datasets it is larger than the longest string V8 makes).
  const batches: string[] = [];
  let proposals: object[] = [];
  let count = 0;
  const flush = () => {
    if (proposals.length > 0) batches.push(JSON.stringify({ proposals, async: 'false' }));
    proposals = [];
  };
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    const r = JSON.parse(line) as {
      entityType: string;
      entityUrn: string;
      aspectName: string;
      aspect: { json: unknown };
    };
    proposals.push({
      entityType: r.entityType,
      entityUrn: r.entityUrn,
      changeType: 'UPSERT',
      aspectName: r.aspectName,
      aspect: { value: JSON.stringify(r.aspect.json), contentType: 'application/json' },
    });
    count++;
    if (proposals.length === 100) flush();
  }
  flush();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < batches.length) {
        const res = await fetch(`${url}/aspects?action=ingestProposalBatch`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: batches[next++]!,
        });
        if (res.status !== 200) throw new Error(`REST ingest answered ${res.status}: ${await res.text()}`);
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

export const serve = (bin: string, data: string): Promise<SpawnedServer> =>
  spawnServer(bin, ['serve', '--port', '0', '--data', data, '--max-batch-items', '1000'], { timeoutMs: 60000 });

export async function syncBench(
  bin: string,
  sizes: readonly number[],
  work: string,
  log: (s: string) => void,
): Promise<SyncRow[]> {
  const measured: SyncRow[] = [];
  // Each row is also logged when measured: a long run that fails later keeps what it measured.
  const rows = {
    push(r: SyncRow) {
      measured.push(r);
      log(
        `[row] ${r.metric}: ours ${r.ours.toFixed(1)}, ${r.baselineName} ${r.baseline?.toFixed(1) ?? '—'}${r.note ? ` (${r.note})` : ''}`,
      );
    },
  };
  const rss = new Map<number, { pull: Awaited<ReturnType<typeof timed>>; push: Awaited<ReturnType<typeof timed>> }>();
  for (const n of sizes) {
    const file = join(work, `sync-${n}.jsonl`);
    const aspects = await generate(file, n, 'jsonl');
    log(`[sync ${n}] catalog ingest (the baseline and the remote's data) …`);
    const source = join(work, `sync-source-${n}.lmdb`);
    const ingest = await timed(bin, ['ingest', '-f', file, '--data', source]);
    const remote = await serve(bin, source);
    // The remote is reached through a proxy that counts requests (a pass-through pipe: the pull's
    // timing includes it). Bases are kept per remote URL, so pull and push both name the proxy.
    const proxy = await countingProxy(remote.url);
    let pull: Awaited<ReturnType<typeof timed>>;
    const local = join(work, `sync-local-${n}.lmdb`);
    try {
      log(`[sync ${n}] catalog pull from catalog serve …`);
      pull = await timed(bin, ['pull', proxy.url, '--data', local, '--json']);
      const summary = JSON.parse(pull.stdout) as { entities: number; written: number };
      if (summary.written < aspects - n) throw new Error(`pull wrote ${summary.written} aspects of ${aspects}`);
      const pullRequests = [...proxy.counts.values()].reduce((a, b) => a + b, 0);

      // Ten datasets edited after the pull: a push sends their aspects, and nothing else.
      log(`[sync ${n}] push after editing 10 datasets …`);
      const edits = join(work, `sync-edits-${n}.json`);
      writeFileSync(
        edits,
        JSON.stringify(
          Array.from({ length: 10 }, (_, i) => ({
            entityType: 'dataset',
            entityUrn: datasetUrn(i * Math.floor(n / 10)),
            changeType: 'UPSERT',
            aspectName: 'editableDatasetProperties',
            aspect: { json: { description: `edited ${i}` } },
          })),
        ),
      );
      execFileSync(bin, ['ingest', '-f', edits, '--data', local], { stdio: 'ignore' });
      proxy.counts.clear();
      const pushed = await timed(bin, ['push', proxy.url, '--data', local, '--json']);
      const sent = (JSON.parse(pushed.stdout) as { sent: number }).sent;
      const requests = [...proxy.counts.values()].reduce((a, b) => a + b, 0);
      rows.push({
        section: '10 sync',
        metric: `aspects a push sends after 10 edits, ${n} datasets`,
        ours: sent,
        baseline: 10,
        baselineName: 'aspects edited',
        target: '= 1',
        check: (r) => r === 1,
        note: `the remote received ${requests} requests for it: ${[...proxy.counts].map(([k, v]) => `${k} ×${v}`).join(', ')} (the pull before it: ${pullRequests})`,
      });
    } finally {
      proxy.close();
      await remote.stop();
    }
    rows.push({
      section: '10 sync',
      metric: `pull from catalog serve, aspects/s, ${n} datasets`,
      ours: aspects / pull.seconds,
      baseline: aspects / ingest.seconds,
      baselineName: 'catalog ingest of the same records',
      target: '≥ 0.50',
      check: (r) => r >= 0.5,
      note: `wall times: pull ${pull.seconds.toFixed(1)} s (through a pass-through proxy), ingest ${ingest.seconds.toFixed(1)} s (both include start-up)`,
    });

    log(`[sync ${n}] push into an empty catalog serve, and REST batch ingest into another …`);
    const empty = await serve(bin, join(work, `sync-empty-${n}.lmdb`));
    let push: Awaited<ReturnType<typeof timed>>;
    try {
      push = await timed(bin, ['push', empty.url, '--data', source, '--json']);
    } finally {
      await empty.stop();
    }
    const restServer = await serve(bin, join(work, `sync-rest-${n}.lmdb`));
    let rest: number;
    try {
      rest = await restIngest(restServer.url, file);
    } finally {
      await restServer.stop();
    }
    rows.push({
      section: '10 sync',
      metric: `push into an empty catalog serve, aspects/s, ${n} datasets`,
      ours: aspects / push.seconds,
      baseline: rest,
      baselineName: 'REST batch ingest of the same records',
      target: '≥ 0.50',
      check: (r) => r >= 0.5,
      note: `push ${push.seconds.toFixed(1)} s wall; peak RSS ${push.peakMb.toFixed(0)} MB (anonymous ${push.peakAnonMb.toFixed(0)} MB); pull's ${pull.peakMb.toFixed(0)} MB (anonymous ${pull.peakAnonMb.toFixed(0)} MB)`,
    });
    rss.set(n, { pull, push });
  }
  if (sizes.length > 1) {
    const small = Math.min(...sizes),
      large = Math.max(...sizes);
    const a = rss.get(small)!,
      b = rss.get(large)!;
    const parts = (r: Awaited<ReturnType<typeof timed>>) =>
      `anonymous ${r.peakAnonMb.toFixed(0)} MB, file pages ${r.peakFileMb.toFixed(0)} MB`;
    for (const command of ['pull', 'push'] as const) {
      // RSS as `ps` shows it, and its anonymous part alone: the file pages are the executable and the
      // pages of the data file LMDB maps, which sync lets go of between pages (Store.releaseMappedPages).
      rows.push({
        section: '10 sync',
        metric: `peak RSS MB of ${command}, ${large} vs ${small} datasets`,
        ours: b[command].peakMb,
        baseline: a[command].peakMb,
        baselineName: `at ${small}`,
        target: '≤ 1.5× (flat)',
        check: (r) => r <= 1.5,
        note: `at ${large}: ${parts(b[command])}; at ${small}: ${parts(a[command])}`,
      });
      // The anonymous part alone, to read the row above by: the JS heap as V8 sizes it after its
      // collections, and the addon's allocations (LMDB keeps the dirty pages of its largest write
      // transaction for reuse). Both grow with the catalog until bounded caches fill (the analyser's
      // word table stops at 131 072 words), so no target of its own.
      rows.push({
        section: '10 sync',
        metric: `peak anonymous RSS MB of ${command} (RSS less mapped file pages), ${large} vs ${small} datasets`,
        ours: b[command].peakAnonMb,
        baseline: a[command].peakAnonMb,
        baselineName: `at ${small}`,
        target: '(part of the row above)',
      });
    }
  }
  return measured;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const bin = process.argv[2];
  if (!bin) throw new Error('usage: sync.ts BINARY [--datasets 10000,100000]');
  const i = process.argv.indexOf('--datasets');
  const sizes = (i > 0 ? process.argv[i + 1]! : '10000,100000').split(',').map(Number);
  const rows = await syncBench(bin, sizes, mkdtempSync(join(tmpdir(), 'catalog-bench-sync-')), (s) =>
    process.stderr.write(`${s}\n`),
  );
  for (const r of rows) {
    const ratio = r.baseline ? r.ours / r.baseline : null;
    process.stdout.write(
      `${r.section} | ${r.metric} | ours ${r.ours.toFixed(1)} | ${r.baselineName} ${r.baseline?.toFixed(1) ?? '—'} | ratio ${ratio?.toFixed(2) ?? '—'} | target ${r.target} | ${ratio !== null && r.check ? (r.check(ratio) ? 'met' : 'NOT MET') : '—'}${r.note ? ` | ${r.note}` : ''}\n`,
    );
  }
}
