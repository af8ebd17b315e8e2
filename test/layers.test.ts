/**
 * No import cycle inside a layer: the run-time imports (relative specifiers; `import type` vanishes at
 * run time) of the files of each folder below, among themselves.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, tempDir } from './helpers.ts';

const LAYERS = ['src/model', 'src/ops'];

/** Each cycle found, as `a.ts -> b.ts -> a.ts` relative to `dir`. */
export function importCycles(dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(n)) files.push(p);
    }
  };
  walk(dir);
  const graph = new Map<string, string[]>();
  const spec = /^\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+'(\.[^']+)'|^\s*import\s+'(\.[^']+)'/gm;
  for (const f of files) {
    const deps: string[] = [];
    for (const m of readFileSync(f, 'utf8').matchAll(spec)) {
      if (m[1]) continue;
      const target = resolve(dirname(f), (m[2] ?? m[3])!);
      if (target.startsWith(dir)) deps.push(target);
    }
    graph.set(f, deps);
  }
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const d of graph.get(f) ?? []) {
      if (!graph.has(d)) continue;
      if (state.get(d) === 'open') cycles.push([...stack.slice(stack.indexOf(d)), d].map((x) => x.slice(dir.length + 1)).join(' -> '));
      else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return cycles;
}

describe('import cycles', () => {
  for (const layer of LAYERS) {
    it(`${layer} has none`, () => {
      assert.deepEqual(importCycles(resolve(ROOT, layer)), []);
    });
  }

  it('finds a cycle where there is one, and not through type imports', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'core'));
    writeFileSync(join(dir, 'core', 'write.ts'), "import { effect } from '../feature.ts';\nimport type { T } from '../types.ts';\nexport const write = 1;\n");
    writeFileSync(join(dir, 'feature.ts'), "import {\n  write,\n} from './core/write.ts';\nexport const effect = write;\n");
    writeFileSync(join(dir, 'types.ts'), "import { write } from './core/write.ts';\nexport type T = typeof write;\n");
    assert.deepEqual(importCycles(dir), ['core/write.ts -> feature.ts -> core/write.ts']);
  });
});
