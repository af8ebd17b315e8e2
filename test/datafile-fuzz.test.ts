/**
 * A damaged data file never kills a command with a signal (issue 43 item 2; docs/data-file.md §4).
 * Two small catalogs, compacted so nearly every page is in use, are damaged two ways: the tutorial
 * entities (9 entities, a few dozen pages) cut short at every page boundary, and the whole sample
 * (56 entities with lineage, glossary, domains …) with one bit flipped at seeded places across its
 * pages — a third in page headers, a third in the node pointers after them, a third anywhere. Every
 * copy is run through every command that reads a file and through `pull` from it, each in a process
 * of its own (the executable under test). Every run must either answer what the intact file answers
 * or exit non-zero with a message and no stack trace; none may end on a signal. The counts are
 * printed: files, commands, runs, signals, refusals by the file check, errors from the page checks
 * and page checksums, damage caught by value checksums, and answers that differ.
 *
 * Bounded to fit CI: copies cut at every fourth page boundary, 32 flipped copies. The full measure
 * (every boundary, hundreds of flips) is one setting away: CATALOG_FUZZ_CUT_EVERY=1 (every page
 * boundary), CATALOG_FUZZ_FLIPS=N (flipped copies), CATALOG_FUZZ_SEED=S (another seed).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { catalogCommand, ROOT, runCli, tempDir } from './helpers.ts';

const FLIPS = Number(process.env['CATALOG_FUZZ_FLIPS'] ?? 32);
const CUT_EVERY = Number(process.env['CATALOG_FUZZ_CUT_EVERY'] ?? 4);
const SEED = Number(process.env['CATALOG_FUZZ_SEED'] ?? 43);
/** Processes at once: the runs are short and mostly start-up. */
const JOBS = 3;
const PAGE = 4096;
/** In both catalogs. */
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_deleted,PROD)';
/** Upstream lineage over several hops in the sample; none in the tutorial entities. */
const LINEAGE = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,analytics.sales.daily_revenue,PROD)';

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], input?: string): Promise<Run> {
  const [cmd, argv] = catalogCommand(args);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, {
      cwd: ROOT,
      env: { ...process.env, CATALOG_DATA: '', CATALOG_CREDENTIALS: '/nonexistent/credentials' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? '');
  });
}

const mcpSession = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_entities', arguments: { urns: [DATASET] } } },
  {
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name: 'search', arguments: { query: '*', num_results: 50 } },
  },
]
  .map((m) => JSON.stringify(m))
  .join('\n');

/**
 * The commands a damaged file goes through: `args` with FILE (the damaged copy), OUT (a file the
 * command writes) and INTACT (an intact copy); `answer` reads what the run answered, to compare with
 * the intact file's.
 */
interface Command {
  name: string;
  args: string[];
  input?: string;
  /** What counts as the answer of a run that exited 0 (or 1, for `diff`: the two differ). */
  answer: (r: Run, out: string) => string;
  /** Only for the sample (the tutorial entities lack what it reads). */
  sampleOnly?: boolean;
  /** Exit 1 is an answer too (`diff`: "they differ"), not a failure. */
  oneAnswers?: boolean;
}

const readOut = (out: string): string => {
  try {
    return readFileSync(out, 'utf8');
  } catch {
    return '<no output file>';
  }
};

const COMMANDS: Command[] = [
  { name: 'get', args: ['get', '--urn', DATASET, '--data', 'FILE'], answer: (r) => r.stdout },
  { name: 'search', args: ['search', '*', '--limit', '1000', '--json', '--data', 'FILE'], answer: (r) => r.stdout },
  {
    name: 'lineage',
    args: ['lineage', '--urn', DATASET, '--direction', 'downstream', '--json', '--data', 'FILE'],
    answer: (r) => r.stdout,
  },
  {
    name: 'lineage-hops',
    args: ['lineage', '--urn', LINEAGE, '--direction', 'upstream', '--json', '--data', 'FILE'],
    answer: (r) => r.stdout,
    sampleOnly: true,
  },
  { name: 'export', args: ['export', '-f', 'OUT', '--data', 'FILE'], answer: (_r, out) => readOut(out) },
  { name: 'status', args: ['status', '--data', 'FILE'], answer: (r) => r.stdout },
  {
    name: 'diff',
    args: ['diff', 'INTACT', '--data', 'FILE'],
    answer: (r) => `${r.code}\n${r.stdout.replaceAll(/\S*catalog-fuzz-\w+\S*/g, '<path>')}`,
    oneAnswers: true,
  },
  { name: 'backup', args: ['backup', '-f', 'OUT', '--compact', '--data', 'FILE'], answer: () => 'backed up' },
  { name: 'mcp', args: ['mcp', '--read-only', '--data', 'FILE'], input: mcpSession, answer: (r) => r.stdout },
  // A pull from the damaged file into a new file (a clone): what the clone then holds.
  {
    name: 'pull',
    args: ['pull', 'FILE', '--data', 'OUT'],
    answer: (r) => r.stdout.match(/\d+ entities/)?.[0] ?? r.stdout,
  },
];

type Outcome =
  | 'exact'
  | 'refused'
  | 'page-check'
  | 'page-checksum'
  | 'value-checksum'
  | 'other-error'
  | 'wrong'
  | 'signal'
  | 'no-message'
  | 'trace';

function classify(r: Run, answer: string | undefined, intact: string): Outcome {
  if (r.signal) return 'signal';
  if (answer === intact) return 'exact';
  if (/^\s+at /m.test(r.stderr)) return 'trace';
  // An answer that differs is wrong unless it says the file is damaged: `mcp` reports a tool's
  // failure in its answer (a result with isError), as MCP has it.
  if (answer !== undefined && !/is damaged/.test(r.stdout)) return 'wrong';
  const message = answer === undefined ? r.stderr : r.stdout;
  // A message on stderr, or an MCP tool's error: the whole call's, or one entity's `"error"` in its answer.
  if (!/error:|catalog: stopped|Error calling tool|\\?"error\\?":/.test(message)) return 'no-message';
  if (/does not match its checksum \(LMDB/.test(message)) return 'page-checksum';
  if (/\(LMDB: MDB_/.test(message)) return 'page-check';
  if (/the stored value of .* is damaged/.test(message)) return 'value-checksum';
  if (/is not a catalog data file|is cut short|is damaged: /.test(message)) return 'refused';
  return 'other-error';
}

/** A catalog to damage: its intact file and what each command answers on it. */
interface Corpus {
  base: string;
  intactCopy: string;
  bytes: Buffer;
  commands: Command[];
  intact: Map<string, string>;
}

const dir = tempDir('catalog-fuzz-');
const fill = (args: string[], file: string, out: string, intactCopy: string) =>
  args.map((a) => (a === 'FILE' ? file : a === 'OUT' ? out : a === 'INTACT' ? intactCopy : a));

async function corpus(name: string, load: string[]): Promise<Corpus> {
  const raw = join(dir, `${name}-raw.lmdb`);
  const base = join(dir, `${name}.lmdb`);
  const made = await runCli([...load, '--data', raw]);
  assert.equal(made.code, 0, made.stderr);
  const compact = await runCli(['backup', '-f', base, '--compact', '--data', raw]);
  assert.equal(compact.code, 0, compact.stderr);
  const intactCopy = join(dir, `${name}-intact.lmdb`);
  copyFileSync(base, intactCopy);
  const commands = COMMANDS.filter((c) => name === 'sample' || !c.sampleOnly);
  const intact = new Map<string, string>();
  for (const c of commands) {
    const work = join(dir, `${name}-intact-${c.name}`);
    mkdirSync(work, { recursive: true });
    const out = join(work, c.name === 'pull' ? 'clone.lmdb' : 'out');
    const r = await run(fill(c.args, base, out, intactCopy), c.input);
    assert.equal(r.code, 0, `${c.name} on the intact ${name} file: ${r.stderr}`);
    intact.set(c.name, c.answer(r, out));
  }
  return { base, intactCopy, bytes: readFileSync(base), commands, intact };
}

/** Runs every command on each damaged copy, JOBS processes at once; answers the outcomes and the runs worth showing. */
async function runAll(
  k: Corpus,
  files: Array<{ label: string; content: Buffer }>,
  failureSays?: RegExp,
): Promise<{ counts: Map<Outcome, number>; bad: string[] }> {
  const counts = new Map<Outcome, number>();
  const bad: string[] = [];
  const jobs: Array<() => Promise<void>> = [];
  files.forEach((f, i) => {
    const work = join(dir, `fuzz-${i}`);
    mkdirSync(work, { recursive: true });
    const file = join(work, 'damaged.lmdb');
    writeFileSync(file, f.content);
    let left = k.commands.length;
    for (const c of k.commands) {
      jobs.push(async () => {
        const out = join(work, c.name === 'pull' ? 'clone.lmdb' : `${c.name}.out`);
        const r = await run(fill(c.args, file, out, k.intactCopy), c.input);
        const answered = r.code === 0 || (c.oneAnswers && r.code === 1 && !/error:/.test(r.stderr));
        const outcome = classify(r, answered ? c.answer(r, out) : undefined, k.intact.get(c.name)!);
        counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
        const unsaid = failureSays && outcome !== 'exact' && !failureSays.test(r.stderr + r.stdout);
        if (outcome === 'signal' || outcome === 'trace' || outcome === 'no-message' || outcome === 'wrong' || unsaid) {
          bad.push(
            `${f.label} ${c.name}: ${outcome} ${r.signal ?? r.code} ${(r.stderr || r.stdout).slice(0, 300).replace(/\n/g, ' | ')}`,
          );
        }
        if (--left === 0) rmSync(work, { recursive: true, force: true });
      });
    }
  });
  let next = 0;
  await Promise.all(
    Array.from({ length: JOBS }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
  return { counts, bad };
}

function report(what: string, k: Corpus, files: number, counts: Map<Outcome, number>): void {
  const runs = [...counts.values()].reduce((a, b) => a + b, 0);
  const c = (o: Outcome) => counts.get(o) ?? 0;
  console.log(
    `fuzz (${what}): ${files} files × ${k.commands.length} commands (${k.commands.map((x) => x.name).join(', ')}) = ${runs} runs: ` +
      `${c('signal')} exits by signal; ${c('exact')} answered as the intact file; ${c('refused')} refused by the file check; ` +
      `${c('page-check')} stopped by the page checks; ${c('page-checksum')} by a page checksum; ${c('value-checksum')} by a value checksum; ` +
      `${c('other-error')} other errors with a message; ${c('wrong')} answered differently; ${c('trace')} stack traces; ${c('no-message')} failures without a message`,
  );
}

/** The LCG of the seeded choices (the same places on every machine). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('a damaged data file: no command dies on a signal, none answers wrongly', { timeout: 60 * 60_000 }, () => {
  let tutorial: Corpus;
  let sample: Corpus;

  before(async () => {
    tutorial = await corpus('tutorial', ['ingest', '-f', join(ROOT, 'test', 'fixtures', 'sample-tutorial-mcps.json')]);
    sample = await corpus('sample', ['ingest', '--sample']);
  });

  const nth =
    CUT_EVERY === 1
      ? 'every'
      : `every ${({ 2: 'second', 3: 'third', 4: 'fourth' } as Record<number, string>)[CUT_EVERY] ?? `${CUT_EVERY}th`}`;
  it(`a copy cut short at ${nth} page boundary: refused by every command, with the sizes`, async () => {
    const pages = tutorial.bytes.length / PAGE;
    const files = Array.from({ length: Math.ceil(pages / CUT_EVERY) }, (_, i) => i * CUT_EVERY).map((p) => ({
      label: `cut at page ${p}`,
      content: tutorial.bytes.subarray(0, p * PAGE),
    }));
    // A copy that lacks pages it needs says it is cut short — refused before it is opened when a root
    // lies past its end, else stopped where a page past its end would be read — or empty; one that
    // lost only free pages at its end (pages LMDB never wrote) answers as the intact file.
    const { counts, bad } = await runAll(tutorial, files, /is cut short|it is empty/);
    report('cut short', tutorial, files.length, counts);
    assert.deepEqual(bad, []);
    assert.ok((counts.get('refused') ?? 0) > 0, `outcomes: ${JSON.stringify(Object.fromEntries(counts))}`);
  });

  it('seeded bit flips across the pages: no signal, no stack trace, no different answer; every failure with a message', async () => {
    const next = random(SEED);
    const pages = sample.bytes.length / PAGE;
    const files = Array.from({ length: FLIPS }, () => {
      const page = Math.floor(next() * pages);
      const r = next();
      const offset =
        r < 1 / 3 ? Math.floor(next() * 24) : r < 2 / 3 ? 24 + Math.floor(next() * 96) : Math.floor(next() * PAGE);
      const bit = Math.floor(next() * 8);
      const content = Buffer.from(sample.bytes);
      content[page * PAGE + offset]! ^= 1 << bit;
      return { label: `page ${page} byte ${offset} bit ${bit}`, content };
    });
    const { counts, bad } = await runAll(sample, files);
    report(`bit flips, seed ${SEED}`, sample, files.length, counts);
    assert.equal(counts.get('signal') ?? 0, 0, bad.join('\n'));
    assert.deepEqual(bad, []);
  });

  it('the intact copies are left as they were by every command run against them', () => {
    for (const k of [tutorial, sample]) {
      assert.equal(statSync(k.intactCopy).size, k.bytes.length);
      assert.ok(readFileSync(k.intactCopy).equals(k.bytes));
    }
  });
});
