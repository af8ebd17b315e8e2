#!/usr/bin/env node
// Used by scripts/test.sh: writes the shard files of one group of unit or in-process test files and
// prints their paths, one a line. `node scripts/test-shards.mjs DIR LABEL N FILE...` makes at most N
// shards in DIR, the largest files first, each to the shard with the fewest bytes so far; a shard is a
// module that imports its files one after another, so `node --test SHARD` runs all their tests in one
// process. A file that declares no test would vanish inside a shard (node --test counts an empty
// file as one pass under its own name, and scripts/test.sh fails on that): such a file is refused here.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir, label, count, ...files] = process.argv.slice(2);
const n = Math.max(1, Math.min(Number(count) || 1, files.length));
const declaresNone = files.filter((f) => !/\b(?:it|test)\s*\(/.test(readFileSync(f, 'utf8')));
if (declaresNone.length > 0) {
  process.stderr.write(`test files that declare no test (no it(…) or test(…)): ${declaresNone.join(', ')}\n`);
  process.exit(1);
}
const shards = Array.from({ length: n }, () => ({ bytes: 0, files: [] }));
const bySize = files
  .map((f) => ({ f, bytes: statSync(f).size }))
  .sort((a, b) => b.bytes - a.bytes || a.f.localeCompare(b.f));
for (const { f, bytes } of bySize) {
  const s = shards.reduce((min, x) => (x.bytes < min.bytes ? x : min));
  s.bytes += bytes;
  s.files.push(f);
}
shards.forEach((s, i) => {
  const path = join(dir, `${label}-${i + 1}.shard.mjs`);
  const lines = [...s.files].sort().map((f) => `await import(${JSON.stringify(pathToFileURL(resolve(f)).href)});`);
  writeFileSync(path, `// ${label} shard ${i + 1} of ${n} (scripts/test-shards.mjs)\n${lines.join('\n')}\n`);
  process.stdout.write(`${path}\n`);
});
