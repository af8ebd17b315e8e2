/** Reading a bundle file's records (src/bundle/format.ts frames them; records.ts says what they hold). */
import { type BundleHeader, type BundleTrailer, bundleRecords, chunkRecords, readBundle } from '../../bundle/format.ts';
import { type BundleRecordLine, parseLine } from './records.ts';

/**
 * The bundle checked whole (every chunk, the file, the content checksum): its header, its trailer and
 * the byte offset of each chunk.
 */
export function verifiedBundle(path: string): { header: BundleHeader; trailer: BundleTrailer; offsets: number[] } {
  return readBundle(path);
}

/** A bundle's records, a chunk at a time (each chunk's checksum checked as it is read). */
export function* bundleLines(path: string): Generator<BundleRecordLine[]> {
  let chunk = 0;
  for (const lines of bundleRecords(path)) {
    const where = `${path}: chunk ${chunk++}`;
    yield lines.map((l) => parseLine(l, where));
  }
}

/** The records of the chunks asked (index and byte offset, in file order), a chunk at a time. */
export function* someBundleLines(
  path: string,
  chunks: ReadonlyArray<{ chunk: number; offset: number }>,
): Generator<{ chunk: number; records: BundleRecordLine[] }> {
  for (const { chunk, lines } of chunkRecords(path, chunks)) {
    const where = `${path}: chunk ${chunk}`;
    yield { chunk, records: lines.map((l) => parseLine(l, where)) };
  }
}
