/**
 * What LMDB's errors about a damaged data file mean to a user. The patched addon checks every page it
 * takes from the map (docs/patches.md §1, edit 4) and fails the call with MDB_CORRUPTED (or
 * MDB_PAGE_NOTFOUND for a page number past the end), putting "in PATH: WHAT" after LMDB's own text:
 * `damageError` turns such an error into one that names the file and says what to do, whichever of
 * the files a command has open (its own, a file remote) it came from.
 */
import { CatalogError } from '../errors.ts';

/** LMDB's error codes (lmdb-js sets `code`) that a damaged file makes, by name. */
const DAMAGE_CODES = new Map<number, string>([
  [-30797, 'MDB_PAGE_NOTFOUND'],
  [-30796, 'MDB_CORRUPTED'],
  [-30787, 'MDB_CURSOR_FULL'],
  [-30784, 'MDB_INCOMPATIBLE'],
]);

/** A data file LMDB found damaged, named with what to do (what `damageError` makes). */
export class DamagedFileError extends CatalogError {
  constructor(message: string, cause: unknown) {
    super('SERVER_ERROR', message, { cause });
    this.name = 'DamagedFileError';
  }
}

/**
 * The damage `err` reports, whichever layer wrapped it (a GraphQL error's original error, a cause):
 * a damaged page LMDB found (worded by `damageError`), or a damaged value (the checksums'
 * DamagedValueError). Undefined for any other error. What treats an error as optional (a section of an
 * answer it may leave out) must not treat damage so.
 */
export function damageOf(err: unknown): CatalogError | undefined {
  let e: unknown = err;
  for (let depth = 0; e instanceof Error && depth < 5; depth++) {
    if (e instanceof CatalogError && (e.name === 'DamagedValueError' || e.name === 'DamagedFileError')) return e;
    e = (e as { originalError?: unknown }).originalError ?? e.cause;
  }
  return damageError(err);
}

/** What to do about a damaged file. */
export function damageAdvice(path: string): string {
  return `\`catalog verify --data ${path}\` lists what is damaged; restore it from a backup, or copy it again from where it came from`;
}

/**
 * The error a damaged file made, as a CatalogError naming the file (the path in the addon's text, else
 * `path`), or undefined when `err` is not such an error.
 */
/** What LMDB found damaged, as "WHAT (LMDB: NAME)", when `err` is (or wraps) such an error; else undefined. */
export function lmdbDamageText(err: unknown): string | undefined {
  const found = damageError(err);
  return found && /is damaged: (.*?\(LMDB: MDB_[A-Z_]+\));/.exec(found.message)?.[1];
}

export function damageError(err: unknown, path?: string): CatalogError | undefined {
  // The error itself, or what it wraps: a GraphQL error's original error, an error's cause.
  let e: unknown = err;
  for (let depth = 0; e instanceof Error && depth < 5; depth++) {
    if (e instanceof CatalogError) return undefined;
    const name =
      DAMAGE_CODES.get((e as { code?: unknown }).code as number) ??
      NAMES.get(/^(MDB_[A-Z_]+): /.exec(e.message)?.[1] ?? '');
    if (name) {
      const found = / in (.+?): (.+)$/.exec(e.message);
      const file = found?.[1] ?? path ?? 'a data file';
      const what = found?.[2] ?? e.message.replace(/^MDB_[A-Z_]+: /, '');
      return new DamagedFileError(`${file} is damaged: ${what} (LMDB: ${name}); ${damageAdvice(file)}`, err);
    }
    e = (e as { originalError?: unknown }).originalError ?? e.cause;
  }
  return undefined;
}

/** The same errors by name, for an error that kept LMDB's text but lost its code on the way. */
const NAMES = new Map([...DAMAGE_CODES.values()].map((n) => [n, n]));
