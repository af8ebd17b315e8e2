/**
 * Reading the files commands take: DataHub's file format (a JSON array of records, or JSON Lines, or
 * one JSON object). Errors name the file and the line and column, or the record number.
 */
import { readFile } from 'node:fs/promises';
import { BadRequestError } from '../model/errors.ts';

export interface SourceRecord {
  /** 1-based position of the record in the file. */
  index: number;
  /** 1-based line where the record starts, when known (JSON Lines). */
  line?: number;
  value: unknown;
}

export async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const why = err.code === 'ENOENT' ? 'no such file' : err.code === 'EACCES' ? 'permission denied' : err.code === 'EISDIR' ? 'it is a directory' : err.message;
    throw new BadRequestError(`cannot read ${path}: ${why}`);
  }
}

/** Line and column (1-based) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, column: offset - last };
}

/** Parses JSON, turning a syntax error into `<file>:<line>:<column>: <problem>`. */
export function parseJson(text: string, where: string, lineOffset = 0): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const message = (e as Error).message;
    const m = /position (\d+)/.exec(message);
    const pos = lineColumn(text, m ? Number(m[1]) : errorOffset(text));
    const problem = message.replace(/ in JSON at position \d+.*$/s, '').replace(/^(Unexpected token '[^']*'),.*$/s, '$1');
    throw new BadRequestError(`${where}:${pos.line + lineOffset}:${pos.column}: invalid JSON: ${problem}`);
  }
}

/**
 * Offset of the first character JSON.parse rejects, for messages that carry no position: every
 * prefix before it fails only at its end, every prefix that includes it fails earlier.
 */
function errorOffset(text: string): number {
  const endsEarly = (k: number): boolean => {
    try {
      JSON.parse(text.slice(0, k));
      return true;
    } catch (e) {
      const message = (e as Error).message;
      const at = /position (\d+)/.exec(message);
      return /Unexpected end of JSON input/.test(message) || (at !== null && Number(at[1]) >= k);
    }
  };
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (endsEarly(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Reads the records of an MCP/MCE file: a JSON array, a single object, or JSON Lines. */
export function parseRecords(text: string, file: string): SourceRecord[] {
  const body = text.replace(/^\uFEFF/, '');
  const first = body.trimStart()[0];
  if (first === undefined) throw new BadRequestError(`${file}: the file is empty`);
  if (first === '[') {
    const parsed = parseJson(body, file);
    return (parsed as unknown[]).map((value, i) => ({ index: i + 1, value }));
  }
  // One JSON object, or one object per line.
  const lines = body.split('\n');
  const nonEmpty = lines.filter((l) => l.trim() !== '').length;
  if (nonEmpty > 1 && lines.every((l) => l.trim() === '' || l.trim().startsWith('{'))) {
    const records: SourceRecord[] = [];
    lines.forEach((l, i) => {
      if (l.trim() === '') return;
      records.push({ index: records.length + 1, line: i + 1, value: parseJson(l, file, i) });
    });
    return records;
  }
  return [{ index: 1, line: 1, value: parseJson(body, file) }];
}
