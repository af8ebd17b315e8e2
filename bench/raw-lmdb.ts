// Baseline for the write benchmarks: raw lmdb-js batched puts of the same records (keys shaped like
// the store's), in transactions of 2000, timed after the file is parsed. Prints {"aspects","seconds"}.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { open } from 'lmdb';

const [file, path] = process.argv.slice(2) as [string, string];
const records: Array<{ entityUrn: string; aspectName: string; aspect: { json: unknown } }> = [];
for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity }))
  if (line) records.push(JSON.parse(line));
const env = open({ path, compression: false, maxDbs: 8 });
const db = env.openDB('aspects', {});
const started = performance.now();
for (let i = 0; i < records.length; i += 2000) {
  const chunk = records.slice(i, i + 2000);
  await db.transaction(() => {
    for (const r of chunk)
      void db.put([r.entityUrn, r.aspectName, 0], {
        value: r.aspect.json,
        created: { time: 0, actor: 'urn:li:corpuser:datahub' },
      });
  });
}
const seconds = (performance.now() - started) / 1000;
await env.close();
console.log(JSON.stringify({ aspects: records.length, seconds }));
