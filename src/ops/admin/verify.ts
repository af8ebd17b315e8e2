/**
 * `catalog verify` (issue 43): checks a data file from end to end without writing to it — its
 * structure, every stored value against its checksum, the entity, relationship and search indexes
 * against the aspects, the sync bases — and says what is wrong and what to do about it. The walks
 * are the store's (src/store/verify.ts); this operation opens the file as it is, collects what they
 * report, and gives each kind of problem its remedy.
 */
import type { VerifyFix, VerifyProblem, VerifySummary } from '../../store/store.ts';
import { openCatalogAsIs } from '../core/openCatalog.ts';

/** At most this many problems are kept in full (the rest are counted): a badly damaged file stays reportable. */
const KEPT_PROBLEMS = 1000;

export interface VerifyReport {
  file: string;
  /** Nothing wrong. */
  ok: boolean;
  summary: VerifySummary;
  /** The problems found, the first KEPT_PROBLEMS of them. */
  problems: VerifyProblem[];
  /** How many problems there are in all. */
  problemCount: number;
  /** What to do, for each kind of problem found: how many there are and the advice. */
  remedies: Array<{ fix: VerifyFix; problems: number; advice: string }>;
  seconds: number;
}

/** What to do about each kind of problem: the advice printed under the report. */
export function adviceFor(fix: VerifyFix, file: string): string {
  switch (fix) {
    case 'restore':
      return `Damaged values or structure: the data file no longer holds what was written there, and nothing in it can rebuild that. Restore ${file} from a backup (\`catalog backup\` makes one; \`catalog backup --compact\` refuses to copy a damaged value, so copies made since the damage do not carry it silently).`;
    case 'reindex':
      return `The search or relationship index does not match the aspects: \`catalog reindex --data ${file}\` rebuilds both from the aspects.`;
    case 'sync':
      return `Sync bases or remotes that cannot be used: \`catalog remote remove NAME\` drops a remote and its bases, and a pull from it afterwards records them again.`;
  }
}

export async function verifyCatalog(
  path: string,
  options: { progress?: (done: number, total: number) => void } = {},
): Promise<VerifyReport> {
  const started = performance.now();
  const store = openCatalogAsIs(path);
  const problems: VerifyProblem[] = [];
  const byFix = new Map<VerifyFix, number>();
  let problemCount = 0;
  let summary: VerifySummary;
  try {
    summary = store.verify((p) => {
      problemCount++;
      byFix.set(p.fix, (byFix.get(p.fix) ?? 0) + 1);
      if (problems.length < KEPT_PROBLEMS) problems.push(p);
    }, options.progress);
  } finally {
    await store.close();
  }
  const order: VerifyFix[] = ['restore', 'reindex', 'sync'];
  return {
    file: store.path,
    ok: problemCount === 0,
    summary,
    problems,
    problemCount,
    remedies: order
      .filter((f) => byFix.has(f))
      .map((fix) => ({ fix, problems: byFix.get(fix)!, advice: adviceFor(fix, store.path) })),
    seconds: (performance.now() - started) / 1000,
  };
}
