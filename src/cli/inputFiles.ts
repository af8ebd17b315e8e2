/**
 * Reading the files commands take: DataHub's file format (a JSON array of records, or JSON Lines, or
 * one JSON object). Errors name the file and the line and column, or the record number.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { BadRequestError, locatedError } from '../errors.ts';

import type { SourceRecord } from '../ops/ingest/ingestRecords.ts';
export type { SourceRecord };

/** Largest file read whole; V8 strings hold at most ~512 MiB. */
const MAX_WHOLE_FILE_BYTES = 400 * 1024 * 1024;

export async function readText(path: string): Promise<string> {
  try {
    const { size } = await stat(path);
    if (size > MAX_WHOLE_FILE_BYTES) {
      throw new BadRequestError(
        `${path}: ${Math.round(size / 1048576)} MiB is too large to read whole; write it as JSON Lines (one record per line), which is streamed`,
      );
    }
    return await readFile(path, 'utf8');
  } catch (e) {
    if (e instanceof BadRequestError) throw e;
    const err = e as NodeJS.ErrnoException;
    const why =
      err.code === 'ENOENT'
        ? 'no such file'
        : err.code === 'EACCES'
          ? 'permission denied'
          : err.code === 'EISDIR'
            ? 'it is a directory'
            : err.message;
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
    const problem = message
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/^(Unexpected token '[^']*'),.*$/s, '$1');
    throw locatedError(new BadRequestError(`invalid JSON: ${problem}`), {
      source: where,
      line: pos.line + lineOffset,
      column: pos.column,
    });
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

/** True when the file's first line is a complete JSON object: JSON Lines, which can be streamed. */
export async function isJsonLines(path: string): Promise<boolean> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      const t = line.trim();
      if (t === '') continue;
      if (!t.startsWith('{')) return false;
      try {
        JSON.parse(t);
        return true;
      } catch {
        return false;
      }
    }
    return false;
  } catch (e) {
    await readText(path);
    throw e;
  } finally {
    lines.close();
  }
}

/** Streams the records of a JSON Lines file with their line numbers. */
export async function* jsonLines(path: string): AsyncGenerator<SourceRecord> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let line = 0;
  let index = 0;
  for await (const text of lines) {
    line++;
    if (text.trim() === '') continue;
    index++;
    yield { index, line, value: parseJson(text, path, line - 1) };
  }
}
