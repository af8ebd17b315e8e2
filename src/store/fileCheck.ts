/**
 * The check a data file passes before LMDB maps it (docs/design.md §3 "A data file is input";
 * docs/data-file.md §2). LMDB trusts its file: a page number past the end of a file cut short is
 * read through the map and the process dies on SIGBUS, a file that is not LMDB's at all dies on
 * SIGSEGV. So before the environment opens, this reads the file's first pages with plain reads
 * (nothing is mapped, no lock file is made, nothing is written) and refuses, naming the file and
 * what is wrong, unless:
 * - it is a regular file that begins as an LMDB data file of the data version this build reads;
 * - its meta pages (the two LMDB alternates between, and lmdb-js's flushed-snapshot meta in the
 *   second half of page 0) are well formed: page size, the roots of the free-page and main trees,
 *   the last page in use;
 * - no page a meta claims lies beyond the file's end (a copy cut short);
 * - its main tree — the directory of the named tables — reads, and names the catalog's tables (or
 *   none: a new file); each table's record is well formed;
 * - its catalog format (`meta` → `formatVersion`) is one this build reads.
 * Damage deeper in the file (a flipped bit in some page) is not this check's to find: the patched
 * addon checks every page it reads from the map (docs/patches.md §1) and the values carry checksums.
 *
 * The layout read here is LMDB's on 64-bit builds (every platform we ship): see docs/data-file.md §1.
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { CatalogError } from '../errors.ts';

/** LMDB's page header: pgno u64, txnid u64, pad u16, flags u16, lower u16, upper u16 (or pages u32). */
const PAGE_HEADER = 24;
const MAGIC = 0xbeefc0de;
/** LMDB's data version in lmdb-js 3.x's LMDB (MDB_DATA_VERSION). */
const DATA_VERSION = 2;
/** Offsets inside a meta (which starts after the page header). */
const META = { magic: 0, version: 4, dbs: 24, lastPage: 120, txnid: 128, size: 144 } as const;
/** Offsets inside an MDB_db record (48 bytes). */
const DB = { pad: 0, flags: 4, depth: 6, entries: 32, root: 40, size: 48 } as const;
const P_BRANCH = 0x01;
const P_LEAF = 0x02;
const F_SUBDATA = 0x02;
const NODE_HEADER = 8;
const NO_PAGE = 0xffffffffffffffffn;
/** LMDB's cursor stack: no tree is deeper. */
const MAX_DEPTH = 32;

/** The page size new data files are made with, whatever the OS's (docs/data-file.md §3). */
export const PAGE_SIZE = 4096;

/** The tables whose presence makes an LMDB file a catalog's. */
const CATALOG_TABLES = ['meta', 'aspects', 'entities'];

export interface DataFileFacts {
  /** The file's page size (bytes). */
  pageSize: number;
  /** Bytes the file holds. */
  bytes: number;
  /** Pages in use, per the newest meta. */
  pagesInUse: number;
  /** The named tables of the main tree; empty for a file no catalog has written yet. */
  tables: string[];
  /** The catalog format the file records (`meta` → `formatVersion`), when it records one. */
  format: number | undefined;
}

interface Meta {
  which: string;
  /** Page 0's or page 1's (LMDB opens the newer of the two), not the flushed copy. */
  stamped: boolean;
  txnid: bigint;
  lastPage: bigint;
  freeRoot: bigint;
  mainRoot: bigint;
  mainDepth: number;
}

/** What to do about a file refused as damaged or cut short. */
const ADVICE = 'copy it again from where it came from, or restore it from a backup';

const sizeText = (bytes: number): string =>
  bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : bytes >= 1e3 ? `${(bytes / 1e3).toFixed(1)} KB` : `${bytes} bytes`;

/** What the first bytes of a file that is not LMDB's look like, to help the user see what they gave. */
function looksLike(head: Buffer): string {
  const text = head.subarray(0, 64).toString('latin1');
  if (text.startsWith('SQLite format 3')) return ' (it is an SQLite database)';
  if (head[0] === 0x1f && head[1] === 0x8b) return ' (it is gzip-compressed)';
  if (text.startsWith('PK\x03\x04')) return ' (it is a zip archive)';
  if (/^\s*[[{]/.test(text)) return ' (it looks like JSON)';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: tab, newline and carriage return count as text
  if (/^[\x09\x0a\x0d\x20-\x7e]{16,}/.test(text))
    return ` (it begins with text: "${text.replace(/\s+/g, ' ').slice(0, 40)}")`;
  return '';
}

class Reader {
  /** The file's size, read anew by `measure()`: after the metas, which a writer writes after the pages they use. */
  bytes: number;
  constructor(private readonly fd: number) {
    this.bytes = fstatSync(fd).size;
  }
  measure(): number {
    return (this.bytes = fstatSync(this.fd).size);
  }
  read(offset: number, length: number): Buffer {
    const buf = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, buf, done, length - done, offset + done);
      if (n === 0) break;
      done += n;
    }
    return buf.subarray(0, done);
  }
}

/**
 * Checks the data file at `path` (which exists) before it is opened; throws a CatalogError naming
 * the file and what is wrong, or answers what it found.
 */
export function checkDataFile(path: string, readsFormat: number): DataFileFacts {
  let fd: number;
  try {
    // What the path is, before it is opened: opening a FIFO would wait for a writer.
    const stat = statSync(path);
    if (stat.isDirectory()) throw notCatalog(path, 'it is a directory');
    if (!stat.isFile()) throw notCatalog(path, 'it is not a regular file');
    fd = openSync(path, 'r');
  } catch (e) {
    if (e instanceof CatalogError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new CatalogError(
      'BAD_REQUEST',
      `${path} cannot be read: ${code === 'EACCES' ? 'permission denied' : (e as Error).message}`,
    );
  }
  try {
    // Another process may commit while this reads: a meta half written, or a page of the directory
    // reused by the commit after this read the meta that led to it. Such a read does not repeat, so a
    // failed check is made again before the file is refused; damage fails every time.
    for (let attempt = 1; ; attempt++) {
      try {
        return checkOpen(path, new Reader(fd), readsFormat);
      } catch (e) {
        if (attempt === CHECK_ATTEMPTS || !(e instanceof CatalogError) || e.type === 'CONFLICT') throw e;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10 * attempt);
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** How many times a failing check is made before the file is refused (see checkDataFile). */
const CHECK_ATTEMPTS = 3;

function notCatalog(path: string, why: string): CatalogError {
  return new CatalogError('BAD_REQUEST', `${path} is not a catalog data file: ${why}`);
}

function damaged(path: string, what: string): CatalogError {
  return new CatalogError('BAD_REQUEST', `${path} is damaged: ${what}; ${ADVICE}`);
}

function checkOpen(path: string, file: Reader, readsFormat: number): DataFileFacts {
  if (file.bytes === 0) throw notCatalog(path, 'it is empty');
  const head = file.read(0, PAGE_HEADER + META.size);
  const magic = head.length >= PAGE_HEADER + 4 ? head.readUInt32LE(PAGE_HEADER + META.magic) : 0;
  if (head.length < PAGE_HEADER + META.size || magic !== MAGIC) {
    throw notCatalog(path, `it does not begin as an LMDB data file does${looksLike(file.read(0, 64))}`);
  }
  const version = head.readUInt32LE(PAGE_HEADER + META.version) & 0xffff;
  if (version !== DATA_VERSION) {
    throw notCatalog(
      path,
      `it is an LMDB data file of data version ${version}; this catalog reads LMDB data version ${DATA_VERSION} (the one lmdb-js 3 writes)`,
    );
  }
  const pageSize = head.readUInt32LE(PAGE_HEADER + META.dbs + DB.pad);
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) {
    throw damaged(path, `its first meta page gives a page size of ${pageSize} bytes, which LMDB never writes`);
  }
  if (file.bytes < 2 * pageSize) throw cutShort(path, file.bytes, 2 * pageSize);

  const metas = readMetas(path, file, pageSize);
  // LMDB opens the newest meta (lmdb-js asks for no previous snapshot). The file must hold every page
  // it uses; an older meta uses no more, LMDB's file only grows.
  const newest = metas.filter((m) => m.stamped).reduce((a, b) => (b.txnid > a.txnid ? b : a));
  // The file may end before the newest meta's last page in use: pages a transaction took from the end
  // and freed again are never written (LMDB lists them as free). So a copy cut short is told by what
  // it must hold: whole pages (LMDB writes nothing else), and every root the metas and the directory
  // name. A cut that leaves those is found when a page past the end would be read (the addon's page
  // check, docs/patches.md §1 edit 4), not by a crash.
  const full = Number(newest.lastPage + 1n) * pageSize;
  file.measure();
  if (file.bytes % pageSize !== 0)
    throw cutShort(path, file.bytes, Math.max(full, Math.ceil(file.bytes / pageSize) * pageSize));
  const pagesHeld = BigInt(file.bytes / pageSize);
  if (
    (newest.mainRoot !== NO_PAGE && newest.mainRoot >= pagesHeld) ||
    (newest.freeRoot !== NO_PAGE && newest.freeRoot >= pagesHeld)
  )
    throw cutShort(path, file.bytes, full);

  // Only the newest meta's directory is read: an older snapshot's pages may already be reused.
  const tree = new TreeReader(path, file, pageSize, newest.lastPage);
  const tables = tree.entries(newest.mainRoot, newest.mainDepth, 'the table directory');
  const names: string[] = [];
  for (const [rawName, record] of tables) {
    const name = rawName.replace(/\0$/, '');
    names.push(name);
    if (record.length !== DB.size)
      throw damaged(path, `the directory entry of table "${name}" is ${record.length} bytes long, not ${DB.size}`);
    const depth = record.readUInt16LE(DB.depth);
    const root = record.readBigUInt64LE(DB.root);
    if (
      depth > MAX_DEPTH ||
      (depth === 0) !== (root === NO_PAGE) ||
      (root !== NO_PAGE && (root < 2n || root > newest.lastPage))
    ) {
      throw damaged(
        path,
        `the directory entry of table "${name}" points to page ${root === NO_PAGE ? 'none' : root} at depth ${depth}, outside the file's ${newest.lastPage + 1n} pages`,
      );
    }
    if (root !== NO_PAGE && root >= pagesHeld) throw cutShort(path, file.bytes, full);
  }
  names.sort();
  if (names.length > 0 && !CATALOG_TABLES.some((t) => names.includes(t))) {
    throw notCatalog(
      path,
      `it is an LMDB data file of another program (its tables: ${names.slice(0, 8).join(', ')}${names.length > 8 ? ', …' : ''})`,
    );
  }
  let format: number | undefined;
  const metaTable = tables.get('meta\0') ?? tables.get('meta');
  if (metaTable) {
    const value = tree.lookup(
      metaTable.readBigUInt64LE(DB.root),
      metaTable.readUInt16LE(DB.depth),
      Buffer.from('formatVersion'),
      'table "meta"',
    );
    if (value !== undefined) {
      format = decodeSmallInt(value);
      if (format === undefined)
        throw damaged(path, `its format mark is not a number (bytes ${value.subarray(0, 8).toString('hex')})`);
    }
  }
  if (format !== undefined && format > readsFormat) {
    throw new CatalogError(
      'CONFLICT',
      `${path} was written by a newer catalog (data file format ${format}; this one reads formats up to ${readsFormat}): use that release or a newer one`,
    );
  }
  return { pageSize, bytes: file.bytes, pagesInUse: Number(newest.lastPage + 1n), tables: names, format };
}

function cutShort(path: string, bytes: number, needed: number): CatalogError {
  return new CatalogError(
    'BAD_REQUEST',
    `${path} is cut short: ${sizeText(bytes)} of ${sizeText(needed)} (a copy or download that stopped before the end?); ${ADVICE}`,
  );
}

/** A msgpack non-negative integer as lmdb-js writes small numbers (fixint, uint8/16/32). */
function decodeSmallInt(b: Buffer): number | undefined {
  if (b.length === 1 && b[0]! < 0x80) return b[0];
  if (b.length === 2 && b[0] === 0xcc) return b[1];
  if (b.length === 3 && b[0] === 0xcd) return b.readUInt16BE(1);
  if (b.length === 5 && b[0] === 0xce) return b.readUInt32BE(1);
  return undefined;
}

/**
 * The metas of the file: page 0's and page 1's (LMDB writes them by turns) and, when its txnid is
 * set, the flushed-snapshot meta lmdb-js keeps in the second half of page 0 (it is written without
 * the magic and version, from the map size on).
 */
function readMetas(path: string, file: Reader, pageSize: number): Meta[] {
  const metas: Meta[] = [];
  const spots: Array<[string, number, boolean]> = [
    ['meta page 0', PAGE_HEADER, true],
    ['meta page 1', pageSize + PAGE_HEADER, true],
    ['the flushed meta of page 0', pageSize / 2 + PAGE_HEADER, false],
  ];
  for (const [which, offset, stamped] of spots) {
    const m = file.read(offset, META.size);
    if (m.length < META.size) throw cutShort(path, file.bytes, offset + META.size);
    const txnid = m.readBigUInt64LE(META.txnid);
    if (!stamped && txnid === 0n) continue;
    if (stamped) {
      const pageFlags = file.read(offset - PAGE_HEADER + 18, 2).readUInt16LE(0);
      if (
        m.readUInt32LE(META.magic) !== MAGIC ||
        (m.readUInt32LE(META.version) & 0xffff) !== DATA_VERSION ||
        (pageFlags & 0x08) === 0
      ) {
        throw damaged(path, `${which} is not an LMDB meta page`);
      }
      if (m.readUInt32LE(META.dbs + DB.pad) !== pageSize)
        throw damaged(
          path,
          `${which} gives a page size of ${m.readUInt32LE(META.dbs + DB.pad)} bytes, meta page 0 ${pageSize}`,
        );
    }
    const lastPage = m.readBigUInt64LE(META.lastPage);
    if (lastPage < 1n)
      throw damaged(path, `${which} says the file uses ${lastPage + 1n} page, fewer than its two meta pages`);
    if (lastPage > BigInt(Number.MAX_SAFE_INTEGER) / BigInt(pageSize))
      throw damaged(path, `${which} says the file uses ${lastPage + 1n} pages, more than any file holds`);
    for (const [db, at] of [
      ['free-page tree', META.dbs],
      ['table directory', META.dbs + DB.size],
    ] as const) {
      const depth = m.readUInt16LE(at + DB.depth);
      const root = m.readBigUInt64LE(at + DB.root);
      if (
        depth > MAX_DEPTH ||
        (depth === 0) !== (root === NO_PAGE) ||
        (root !== NO_PAGE && (root < 2n || root > lastPage))
      ) {
        throw damaged(
          path,
          `${which} gives its ${db} root page ${root === NO_PAGE ? 'none' : root} at depth ${depth}, outside its ${lastPage + 1n} pages`,
        );
      }
    }
    metas.push({
      which,
      stamped,
      txnid,
      lastPage,
      freeRoot: m.readBigUInt64LE(META.dbs + DB.root),
      mainRoot: m.readBigUInt64LE(META.dbs + DB.size + DB.root),
      mainDepth: m.readUInt16LE(META.dbs + DB.size + DB.depth),
    });
  }
  return metas;
}

/** Reads LMDB B-trees page by page with plain reads, checking each page it reads. */
class TreeReader {
  constructor(
    private readonly path: string,
    private readonly file: Reader,
    private readonly pageSize: number,
    private readonly lastPage: bigint,
  ) {}

  private page(pgno: bigint, what: string): { page: Buffer; leaf: boolean; keys: number } {
    if (pgno < 2n || pgno > this.lastPage)
      throw damaged(this.path, `${what} points to page ${pgno}, outside the file's ${this.lastPage + 1n} pages`);
    const page = this.file.read(Number(pgno) * this.pageSize, this.pageSize);
    if (page.length < this.pageSize)
      throw cutShort(this.path, this.file.bytes, Number(this.lastPage + 1n) * this.pageSize);
    const flags = page.readUInt16LE(18) & 0x7f;
    const lower = page.readUInt16LE(20);
    const upper = page.readUInt16LE(22);
    if (
      page.readBigUInt64LE(0) !== pgno ||
      (flags !== P_BRANCH && flags !== P_LEAF) ||
      lower > upper ||
      upper > this.pageSize - PAGE_HEADER ||
      lower % 2 !== 0
    ) {
      throw damaged(this.path, `page ${pgno} of ${what} is not a tree page`);
    }
    return { page, leaf: flags === P_LEAF, keys: lower / 2 };
  }

  /** The node `i` of a checked page: its key, and its data (a leaf) or child page (a branch). */
  private node(
    page: Buffer,
    pgno: bigint,
    i: number,
    leaf: boolean,
    upper: number,
    what: string,
  ): { key: Buffer; data?: Buffer; child?: bigint; flags: number } {
    const at = page.readUInt16LE(PAGE_HEADER + 2 * i) + PAGE_HEADER;
    const bad = () => damaged(this.path, `node ${i} of page ${pgno} of ${what} lies outside its page`);
    if (at < upper + PAGE_HEADER || at + NODE_HEADER > this.pageSize) throw bad();
    const lo = page.readUInt16LE(at);
    const hi = page.readUInt16LE(at + 2);
    const flags = page.readUInt16LE(at + 4);
    const ksize = page.readUInt16LE(at + 6);
    const keyEnd = at + NODE_HEADER + ksize;
    if (keyEnd > this.pageSize) throw bad();
    const key = page.subarray(at + NODE_HEADER, keyEnd);
    if (!leaf) return { key, child: BigInt(lo) | (BigInt(hi) << 16n) | (BigInt(flags) << 32n), flags: 0 };
    // A value on overflow pages (F_BIGDATA) is never one this check reads: the directory's and the format mark's are small.
    const size = lo | (hi << 16);
    if (flags & 0x01 || keyEnd + size > this.pageSize) return { key, flags };
    return { key, data: page.subarray(keyEnd, keyEnd + size), flags };
  }

  /** Every (key, data) of a small tree (the table directory). */
  entries(root: bigint, depth: number, what: string): Map<string, Buffer> {
    const out = new Map<string, Buffer>();
    if (root === NO_PAGE) return out;
    const walk = (pgno: bigint, level: number) => {
      if (level > depth || level > MAX_DEPTH) throw damaged(this.path, `${what} is deeper than it says (${depth})`);
      const { page, leaf, keys } = this.page(pgno, what);
      const upper = page.readUInt16LE(22);
      for (let i = 0; i < keys; i++) {
        const n = this.node(page, pgno, i, leaf, upper, what);
        if (leaf) {
          if (!(n.flags & F_SUBDATA) || !n.data)
            throw damaged(
              this.path,
              `${what} holds an entry that is not a table ("${n.key.toString('latin1').replace(/\0$/, '')}")`,
            );
          out.set(n.key.toString('utf8'), n.data);
        } else walk(n.child!, level + 1);
        if (out.size > 1000) throw damaged(this.path, `${what} names more than 1000 tables`);
      }
    };
    walk(root, 1);
    return out;
  }

  /** The data of `key` in a tree keyed by raw bytes (LMDB's default order), or undefined. */
  lookup(root: bigint, depth: number, key: Buffer, what: string): Buffer | undefined {
    let pgno = root;
    for (let level = 1; root !== NO_PAGE; level++) {
      if (level > depth || level > MAX_DEPTH) throw damaged(this.path, `${what} is deeper than it says (${depth})`);
      const { page, leaf, keys } = this.page(pgno, what);
      const upper = page.readUInt16LE(22);
      if (leaf) {
        for (let i = 0; i < keys; i++) {
          const n = this.node(page, pgno, i, leaf, upper, what);
          if (n.key.equals(key)) return n.data;
        }
        return undefined;
      }
      // A branch: the last child whose first key is not after `key` (node 0's key is empty: the lowest).
      let child: bigint | undefined;
      for (let i = 0; i < keys; i++) {
        const n = this.node(page, pgno, i, leaf, upper, what);
        if (i > 0 && Buffer.compare(n.key, key) > 0) break;
        child = n.child;
      }
      if (child === undefined) return undefined;
      pgno = child;
    }
    return undefined;
  }
}
