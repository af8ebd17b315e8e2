/**
 * The layer table of docs/architecture.md ("What each layer may import"), held. The test reads the
 * table and checks every import of every file under src/ against the row of the most specific folder
 * or file that holds it: `import` and `export … from`, of values and of types, `import()` of a literal,
 * and `import('…')` in a type. It also fails on any run-time import cycle anywhere in src/ (relative
 * imports that stay at run time: not `import type`, not an import of types only). A computed `import()`
 * (the UI's build script, found at run time) cannot be checked and is left out.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { ROOT, tempDir } from './helpers.ts';

/** One import of a file: `target` is a path relative to the source folder, or a package's specifier. */
export interface Import {
  file: string;
  line: number;
  target: string;
  /** A file under the source folder (a relative specifier), not a package. */
  local: boolean;
  /** Only types: `import type`, `export type`, every name marked `type`, `import('…')` in a type. */
  types: boolean;
}

/** What a row of the table allows: a path under src/ (`errors` is `errors.ts`) or a package, `*` a name part. */
export interface Allowance {
  target: string;
  typesOnly: boolean;
}

export interface LayerRow {
  /** Path relative to src/ (`ops`, `ops/core/openCatalog.ts`, `errors.ts`). */
  layer: string;
  allows: Allowance[];
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(n) && !n.endsWith('.d.ts')) files.push(p);
    }
  };
  walk(dir);
  return files;
}

/** Every import of every source file under `dir`, in file and line order. */
export function importsOf(dir: string): Import[] {
  const found: Import[] = [];
  for (const path of sourceFiles(dir)) {
    const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    const file = relative(dir, path);
    const add = (node: ts.Node, specifier: string, types: boolean) => {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const local = specifier.startsWith('.');
      const target = local ? relative(dir, resolve(dirname(path), specifier)) : specifier;
      found.push({ file, line, target, local, types });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const bindings = clause?.namedBindings;
        const names = bindings && ts.isNamedImports(bindings) ? bindings.elements : undefined;
        const typeNames = !!names && names.length > 0 && names.every((e) => e.isTypeOnly) && !clause?.name;
        add(node, node.moduleSpecifier.text, !!clause && (clause.isTypeOnly || typeNames));
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.exportClause;
        const names = clause && ts.isNamedExports(clause) ? clause.elements : undefined;
        const typeNames = !!names && names.length > 0 && names.every((e) => e.isTypeOnly);
        add(node, node.moduleSpecifier.text, node.isTypeOnly || typeNames);
      } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
        const e = node.moduleReference.expression;
        if (ts.isStringLiteral(e)) add(node, e.text, node.isTypeOnly);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const a = node.arguments[0];
        if (a && ts.isStringLiteralLike(a)) add(node, a.text, false);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        const literal = node.argument.literal;
        if (ts.isStringLiteral(literal)) add(node, literal.text, true);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** Splits on `sep` outside code spans and parentheses. */
function splitTop(text: string, sep: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let code = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '`') code = !code;
    else if (!code && c === '(') depth++;
    else if (!code && c === ')') depth--;
    else if (!code && depth === 0 && sep.test(c)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** Text outside parentheses (they explain; the test reads around them). */
function outsideParentheses(text: string): string {
  let out = '';
  let depth = 0;
  let code = false;
  for (const c of text) {
    if (c === '`') code = !code;
    if (!code && c === '(') depth++;
    if (depth === 0) out += c;
    if (!code && c === ')') depth--;
  }
  return out;
}

/**
 * The rows of the table under the line naming "What each layer may import". The first cell's code
 * span names the layer (`src/…`). The second cell is a list (`,` or `;`): an item's first code span
 * is a path under src/ or a package it may import, values and types, or only types when "as types"
 * follows it; "as `src/x`" takes in row `src/x` (its folder included). Before the code span only "and"
 * may stand; an item without one allows nothing ("nothing"). Text in parentheses explains.
 */
export function layerTable(markdown: string): LayerRow[] {
  const lines = markdown.split('\n');
  const at = lines.findIndex((l) => l.includes('What each layer may import'));
  if (at < 0) throw new Error('no line names "What each layer may import"');
  let i = at + 1;
  while (i < lines.length && !lines[i]!.startsWith('|')) i++;
  const raw: Array<{ layer: string; line: number; items: string[] }> = [];
  for (i += 2; i < lines.length && lines[i]!.startsWith('|'); i++) {
    const cells = lines[i]!.split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim());
    const layer = /`([^`]+)`/.exec(cells[0] ?? '')?.[1];
    if (!layer?.startsWith('src/')) {
      throw new Error(`table row ${i + 1}: the layer must be a path under src/: ${cells[0]}`);
    }
    raw.push({ layer: layer.slice('src/'.length), line: i + 1, items: splitTop(cells[1] ?? '', /[,;]/) });
  }
  if (raw.length === 0) throw new Error('no table follows "What each layer may import"');
  const byLayer = new Map(raw.map((r) => [r.layer, r]));
  const allowsOf = (layer: string, seen: string[]): Allowance[] => {
    if (seen.includes(layer)) throw new Error(`rows take each other in: ${[...seen, layer].join(' -> ')}`);
    const row = byLayer.get(layer);
    if (!row) throw new Error(`"as \`src/${layer}\`" names no row`);
    return row.items.flatMap((item) => {
      const text = outsideParentheses(item);
      const m = /^(.*?)`([^`]+)`\s*(.*)$/.exec(text);
      if (!m) return [];
      const before = m[1]!.trim();
      if (before !== '' && before !== 'and' && before !== 'as') {
        throw new Error(`table row ${row.line}: cannot read "${item}" (only "and" or "as" may stand before its name)`);
      }
      if (before === 'as') {
        const inherited = m[2]!.replace(/^src\//, '');
        return [{ target: inherited, typesOnly: false }, ...allowsOf(inherited, [...seen, layer])];
      }
      return [{ target: m[2]!, typesOnly: /^as types\b/.test(m[3]!) }];
    });
  };
  return raw.map((r) => ({ layer: r.layer, allows: allowsOf(r.layer, []) }));
}

function under(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`);
}

/** Whether an allowance's target names `target`: the path, it with `.ts`, or anything under it. */
export function names(allowed: string, target: string): boolean {
  const pattern = allowed
    .split('*')
    .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${pattern}(\\.ts)?(/.*)?$`).test(target);
}

/** The row a file follows: the most specific layer holding it. */
export function rowOf(rows: readonly LayerRow[], file: string): LayerRow | undefined {
  let best: LayerRow | undefined;
  for (const r of rows) if (under(file, r.layer) && (!best || r.layer.length > best.layer.length)) best = r;
  return best;
}

/** Each import the table does not allow, with why: `src/file:line imports target: the rule`. */
export function brokenImports(rows: readonly LayerRow[], imports: readonly Import[]): Array<[Import, string]> {
  const out: Array<[Import, string]> = [];
  for (const imp of imports) {
    const row = rowOf(rows, imp.file);
    const where = `src/${imp.file}:${imp.line} imports ${imp.local ? `src/${imp.target}` : imp.target}`;
    if (!row) {
      out.push([imp, `${where}: no row of the table holds src/${imp.file}`]);
      continue;
    }
    if (imp.local && under(imp.target, row.layer)) continue;
    const allowing = row.allows.filter((a) => names(a.target, imp.target));
    if (allowing.some((a) => !a.typesOnly || imp.types)) continue;
    const rule = `\`src/${row.layer}\``;
    out.push([
      imp,
      allowing.length > 0
        ? `${where} (values): ${rule} may import \`${allowing[0]!.target}\` as types only`
        : `${where}${imp.types ? ' (types)' : ''}: ${rule} may not import it`,
    ]);
  }
  return out;
}

export function layerViolations(rows: readonly LayerRow[], imports: readonly Import[]): string[] {
  return brokenImports(rows, imports).map(([, why]) => why);
}

/** Each run-time cycle among the files of `imports`, as `a.ts -> b.ts -> a.ts`. */
export function importCycles(imports: readonly Import[]): string[] {
  const graph = new Map<string, string[]>();
  for (const imp of imports) if (!graph.has(imp.file)) graph.set(imp.file, []);
  for (const imp of imports) {
    if (!imp.types && imp.local && graph.has(imp.target)) graph.get(imp.file)!.push(imp.target);
  }
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const d of graph.get(f)!) {
      if (state.get(d) === 'open') cycles.push([...stack.slice(stack.indexOf(d)), d].join(' -> '));
      else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return cycles;
}

const SRC = resolve(ROOT, 'src');

/**
 * Imports the table does not allow yet (`file -> target`, under src/), each with the change that
 * removes it. An entry that no import matches any more fails the test: it goes with that change.
 */
const PENDING = new Map<string, string>([]);

/** Folders the table names before they exist, each with the change that makes it; one that exists fails the test. */
const COMING = new Map<string, string>([]);

describe('the layer table of docs/architecture.md', () => {
  const rows = layerTable(readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8'));
  const imports = importsOf(SRC);

  it('is read as written: a folder, a file of it, values, types only', () => {
    const allowed = (file: string, target: string) => rowOf(rows, file)!.allows.filter((a) => names(a.target, target));
    assert.equal(rowOf(rows, 'ops/read/dataset.ts')?.layer, 'ops');
    assert.deepEqual(
      allowed('ops/read/dataset.ts', 'store/store.ts').map((a) => a.typesOnly),
      [true],
    );
    assert.equal(rowOf(rows, 'ops/core/openCatalog.ts')?.layer, 'ops/core/openCatalog.ts');
    const opens = allowed('ops/core/openCatalog.ts', 'store/store.ts');
    assert.ok(
      opens.some((a) => !a.typesOnly),
      'openCatalog opens the Store',
    );
    assert.ok(allowed('ops/core/openCatalog.ts', 'model/registry.ts').length > 0, 'what ops may, openCatalog may');
    assert.deepEqual(allowed('store/store.ts', 'model/registry.ts'), []);
    assert.deepEqual(rowOf(rows, 'errors.ts')?.allows, []);
  });

  it('has a row for every file in src/', () => {
    const files = sourceFiles(SRC).map((f) => relative(SRC, f));
    assert.deepEqual(
      files.filter((f) => !rowOf(rows, f)).map((f) => `src/${f}`),
      [],
    );
  });

  it('names only paths under src/, packages src/ depends on, and node:*', () => {
    type Package = { dependencies: Record<string, string> };
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Package;
    const files = sourceFiles(SRC).map((f) => relative(SRC, f));
    const exists = (t: string) => t === 'node:*' || t in pkg.dependencies || files.some((f) => names(t, f));
    const unknown = rows.flatMap((r) =>
      r.allows.filter((a) => !exists(a.target) && !COMING.has(a.target)).map((a) => `src/${r.layer}: ${a.target}`),
    );
    assert.deepEqual(unknown, []);
    assert.deepEqual([...COMING.keys()].filter(exists), [], 'a folder that came: remove it from COMING');
  });

  it('holds for every import in src/', () => {
    const pending = new Set<string>();
    const broken = brokenImports(rows, imports).filter(([imp]) => {
      const key = `${imp.file} -> ${imp.target}`;
      if (PENDING.has(key)) pending.add(key);
      return !PENDING.has(key);
    });
    assert.deepEqual(
      broken.map(([, why]) => why),
      [],
    );
    const gone = [...PENDING.keys()].filter((k) => !pending.has(k));
    assert.deepEqual(gone, [], 'a pending exception no import needs any more');
  });

  it('leaves no run-time import cycle in src/', () => {
    assert.deepEqual(
      importCycles(imports).map((c) => c.replace(/(^| )(?=\w)/g, '$1src/')),
      [],
    );
  });
});

describe('the layer checks', () => {
  const table = [
    '## Layers',
    '',
    'What each layer may import:',
    '',
    '| layer | may import | never imports |',
    '|---|---|---|',
    '| `src/errors.ts` | nothing | — |',
    '| `src/store` | `errors`, `lmdb` (the database; `model` is not allowed) | `model` |',
    '| `src/model` | `errors`, `store` as types (its interfaces), `node:*` | — |',
    '| `src/model/boot.ts` | as `src/model`, and `store` (it opens one) | — |',
    '',
  ].join('\n');
  const rows = layerTable(table);

  it('reads items, "as types", "as `src/x`", and skips what parentheses say', () => {
    assert.deepEqual(rows, [
      { layer: 'errors.ts', allows: [] },
      {
        layer: 'store',
        allows: [
          { target: 'errors', typesOnly: false },
          { target: 'lmdb', typesOnly: false },
        ],
      },
      {
        layer: 'model',
        allows: [
          { target: 'errors', typesOnly: false },
          { target: 'store', typesOnly: true },
          { target: 'node:*', typesOnly: false },
        ],
      },
      {
        layer: 'model/boot.ts',
        allows: [
          { target: 'model', typesOnly: false },
          { target: 'errors', typesOnly: false },
          { target: 'store', typesOnly: true },
          { target: 'node:*', typesOnly: false },
          { target: 'store', typesOnly: false },
        ],
      },
    ]);
    const head = 'What each layer may import\n\n| a | b |\n|---|---|\n';
    const notUnderSrc = /table row 5: the layer must be a path under src\/: `lib\/x`/;
    assert.throws(() => layerTable(`${head}| \`lib/x\` | y |\n`), notUnderSrc);
    assert.throws(() => layerTable(`${head}| \`src/x\` | as \`src/y\` |\n`), /"as `src\/y`" names no row/);
    assert.throws(() => layerTable(`${head}| \`src/x\` | as \`src/x\` |\n`), /rows take each other in: x -> x/);
    assert.throws(() => layerTable(`What each layer may import\n\nno table\n`), /no table follows/);
    const unread = /table row 5: cannot read "never `model`" \(only "and" or "as" may stand before its name\)/;
    assert.throws(() => layerTable(`${head}| \`src/x\` | \`errors\`, never \`model\` |\n`), unread);
    assert.throws(() => layerTable('no table here'), /What each layer may import/);
  });

  it('names the file, the line and the rule an import breaks, values and types apart', () => {
    const dir = tempDir();
    for (const d of ['store', 'model', 'other']) mkdirSync(join(dir, d));
    writeFileSync(join(dir, 'errors.ts'), 'export class E extends Error {}\n');
    const store = "import { E } from '../errors.ts';\nimport { open } from 'lmdb';\nexport class Store {}\n";
    writeFileSync(join(dir, 'store', 'store.ts'), store);
    writeFileSync(
      join(dir, 'model', 'a.ts'),
      [
        "import type { Store } from '../store/store.ts';",
        "import { type Store as S, E as F } from '../errors.ts';",
        "import { readFileSync } from 'node:fs';",
        "import { Store as V } from '../store/store.ts';",
        "export { Store } from '../store/store.ts';",
        "export type { Store as T } from '../store/store.ts';",
        "const m = () => import('../store/store.ts');",
        "type X = import('../store/store.ts').Store;",
        "import { z } from 'zod';",
        '',
      ].join('\n'),
    );
    const boot = "import { Store } from '../store/store.ts';\nimport { a } from './a.ts';\n";
    writeFileSync(join(dir, 'model', 'boot.ts'), boot);
    writeFileSync(join(dir, 'store', 'index.ts'), "import type { A } from '../model/a.ts';\n");
    writeFileSync(join(dir, 'other', 'x.ts'), "import { E } from '../errors.ts';\n");
    assert.deepEqual(layerViolations(rows, importsOf(dir)), [
      'src/model/a.ts:4 imports src/store/store.ts (values): `src/model` may import `store` as types only',
      'src/model/a.ts:5 imports src/store/store.ts (values): `src/model` may import `store` as types only',
      'src/model/a.ts:7 imports src/store/store.ts (values): `src/model` may import `store` as types only',
      'src/model/a.ts:9 imports zod: `src/model` may not import it',
      'src/other/x.ts:1 imports src/errors.ts: no row of the table holds src/other/x.ts',
      'src/store/index.ts:1 imports src/model/a.ts (types): `src/store` may not import it',
    ]);
  });

  it('finds a run-time cycle, through `export … from` and `import()` too, and none through types', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'core'));
    const files: Record<string, string> = {
      'core/write.ts':
        "import { effect } from '../feature.ts';\nimport type { T } from '../types.ts';\nexport const write = 1;\n",
      'feature.ts': "import {\n  write,\n} from './core/write.ts';\nexport const effect = write;\n",
      'types.ts':
        "import { write } from './core/write.ts';\nimport { type Named } from './names.ts';\n" +
        'export type T = typeof write;\n',
      'names.ts': "import type { T } from './types.ts';\nexport type Named = T;\nexport { again } from './again.ts';\n",
      'again.ts': "export const again = () => import('./names.ts');\n",
    };
    for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
    assert.deepEqual(importCycles(importsOf(dir)), [
      'again.ts -> names.ts -> again.ts',
      'core/write.ts -> feature.ts -> core/write.ts',
    ]);
  });
});

describe('the GraphQL entity types: a leaf table index.ts fills once', () => {
  type Registry = typeof import('../src/server/graphql/types/registry.ts');

  it('is empty until index.ts fills it, and is filled once', async () => {
    // A copy of the module of its own (another specifier): nothing has filled it.
    const unfilled = '../src/server/graphql/types/registry.ts?unfilled';
    const fresh = (await import(unfilled)) as Registry;
    const notLoaded =
      /^Error: the GraphQL entity types are not registered: src\/server\/graphql\/types\/index\.ts is not loaded$/;
    assert.throws(() => fresh.kinds(), notLoaded);
    assert.throws(() => fresh.urnTypeOfEnumValue('DATASET'), notLoaded);
    await import('../src/server/graphql/types/index.ts');
    const { kinds } = await import('../src/server/graphql/types/registry.ts');
    fresh.registerKinds({ dataset: kinds()['dataset']! });
    assert.equal(fresh.urnTypeOfEnumValue('DATASET'), 'dataset');
    assert.deepEqual(fresh.servedEntityTypes(), ['dataset']);
    assert.throws(() => fresh.registerKinds({}), /^Error: the GraphQL entity types are registered already$/);
  });
});
