/**
 * YAML and JSON input for CLI commands, with source positions: every error names the file, the line
 * and column, and the field at fault (`users.yaml:7:3: groups: expected a list of group ids`).
 * JSON is read through the same YAML parser (JSON is YAML), so positions work for both.
 */
import { LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { BadRequestError, locatedError, locationText, type ErrorLocation } from '../errors.ts';
import { readText } from './inputFiles.ts';

export type Path = ReadonlyArray<string | number>;

/** A parsed document that can say where any of its values came from. */
export class SourceDoc {
  readonly file: string;
  readonly value: unknown;
  private readonly doc: Document;
  private readonly lines: LineCounter;

  constructor(file: string, doc: Document, lines: LineCounter) {
    this.file = file;
    this.doc = doc;
    this.lines = lines;
    try {
      // maxAliasCount bounds alias expansion ("billion laughs").
      this.value = doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      // Unresolved or excessive aliases surface here, not as parse errors.
      throw locatedError(new BadRequestError(`invalid YAML: ${(e as Error).message}`), { source: file });
    }
  }

  /** File, line and column of the value at `path` (or of the closest enclosing value that exists). */
  locationOf(path: Path): ErrorLocation {
    for (let n = path.length; n >= 0; n--) {
      const node = (n === 0 ? this.doc.contents : this.doc.getIn(path.slice(0, n), true)) as Node | null | undefined;
      if (node?.range) {
        const pos = this.lines.linePos(node.range[0]);
        return { source: this.file, line: pos.line, column: pos.col };
      }
    }
    return { source: this.file };
  }

  /** `file:line:col` of the value at `path` (or of the closest enclosing value that exists). */
  where(path: Path): string {
    return locationText(this.locationOf(path));
  }

  /** An error at `path` naming the field: `file:line:col: a.b[2].c: problem`. */
  error(path: Path, problem: string): BadRequestError {
    return locatedError(new BadRequestError(problem), {
      ...this.locationOf(path),
      ...(path.length > 0 && { path: formatPath(path) }),
    });
  }
}

export function formatPath(path: Path): string {
  return path.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

/** Parses YAML or JSON text; a syntax error names the file, line and column. */
export function parseStructured(text: string, file: string): SourceDoc {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
  const err = doc.errors[0];
  if (err) {
    const pos = err.linePos?.[0];
    const problem = `invalid ${/\.json$/i.test(file) ? 'JSON' : 'YAML'}: ${err.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`;
    throw locatedError(new BadRequestError(problem), { source: file, ...(pos && { line: pos.line, column: pos.col }) });
  }
  if (doc.contents === null) throw new BadRequestError(`${file}: the file is empty`);
  return new SourceDoc(file, doc, lines);
}

/** Reads a YAML/JSON file (`-` = standard input). */
export async function readStructured(file: string): Promise<SourceDoc> {
  const text = file === '-' ? await readStdin() : await readText(file);
  return parseStructured(text, file === '-' ? '<stdin>' : file);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Helpers that check one field of a mapping and fail with the field's position. */
export class FieldReader {
  constructor(
    private readonly doc: SourceDoc,
    private readonly path: Path,
    private readonly obj: Record<string, unknown>,
  ) {}

  static of(doc: SourceDoc, path: Path, value: unknown, what: string): FieldReader {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw doc.error(path, `expected ${what} (a mapping)`);
    return new FieldReader(doc, path, value as Record<string, unknown>);
  }

  /** Rejects keys not in `allowed`, as DataHub's pydantic models do. */
  only(allowed: readonly string[]): this {
    for (const key of Object.keys(this.obj)) {
      if (!allowed.includes(key))
        throw this.doc.error([...this.path, key], `unknown field; expected one of ${allowed.join(', ')}`);
    }
    return this;
  }

  has(key: string): boolean {
    return this.obj[key] !== undefined && this.obj[key] !== null;
  }

  raw(key: string): unknown {
    return this.obj[key];
  }

  at(key: string | number): Path {
    return [...this.path, key];
  }

  string(key: string, required: true): string;
  string(key: string, required?: false): string | undefined;
  string(key: string, required = false): string | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) {
      if (required) throw this.doc.error(this.path, `required field "${key}" is missing`);
      return undefined;
    }
    // YAML reads `id: 123` as a number; ids and names are text.
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (typeof v !== 'string') throw this.doc.error(this.at(key), `expected a string, got ${describe(v)}`);
    return v;
  }

  integer(key: string): number | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v))
      throw this.doc.error(this.at(key), `expected an integer, got ${describe(v)}`);
    return v;
  }

  boolean(key: string): boolean | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'boolean') throw this.doc.error(this.at(key), `expected true or false, got ${describe(v)}`);
    return v;
  }

  stringList(key: string, what: string): string[] | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v)) throw this.doc.error(this.at(key), `expected a list of ${what}, got ${describe(v)}`);
    return v.map((item, i) => {
      if (typeof item === 'string') return item;
      if (typeof item === 'number') return String(item);
      throw this.doc.error([...this.at(key), i], `expected one of ${what}, got ${describe(item)}`);
    });
  }
}

export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return `the string ${JSON.stringify(v)}`;
  return `${typeof v} ${String(v)}`;
}

/** `fields[2].fieldPath` → ['fields', 2, 'fieldPath'] (the paths of aspect validation errors). */
export function parseFieldPath(path: string): Path {
  const out: Array<string | number> = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return out;
}
