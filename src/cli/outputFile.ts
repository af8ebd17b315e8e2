/**
 * The one way a command writes a file it is given (`catalog export -f`, `catalog backup -f`, and
 * every command that takes an output file after them), decided by what the name is when the command
 * runs (issue 43):
 *
 * - `-`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: the open descriptor itself,
 *   as the shell set it up — a `>>` file is appended to, never replaced.
 * - a character or block device (`/dev/null`), a FIFO: written through, never replaced. A FIFO with
 *   no reader yet: the command says so on stderr once and waits for one, as `cat > fifo` waits
 *   silently; it can be interrupted meanwhile.
 * - a symbolic link: followed, hop by hop, to what it names; the link stays a link.
 * - a regular file: the new content is written to a temporary file beside it, given the old file's
 *   owner and mode, flushed to disk and renamed over it (as `install` and `rsync` do), so the name
 *   holds the old content or the new, never a part of either. When the temporary file cannot be made
 *   there or cannot be given the old owner (another user's file, and the command does not run as
 *   root), the content is written into the file itself, as `cp` does: owner and mode kept, not atomic.
 * - a name that does not exist: made the same way (temporary file, rename), with the umask's mode.
 * - a directory or a socket: refused, naming it.
 *
 * A failure before the rename removes the temporary file and leaves the target as it was; so does an
 * interrupt (SIGINT, SIGTERM, SIGHUP). A reader that goes away (EPIPE) ends the command quietly with
 * status 141 (OutputClosedError), as a program killed by SIGPIPE ends.
 */
import { constants, open as openWithFlags, rmSync, type Stats, write as writeFd } from 'node:fs';
import { lstat, mkdtemp, open, readlink, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { Socket } from 'node:net';
import { constants as osConstants, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { BadRequestError, CatalogError } from '../errors.ts';
import { OutputClosedError, systemErrorText } from './output.ts';

/** What a producer writes its output to. */
export interface OutputWriter {
  /** Resolves when the chunk may be reused and the writer can take more; throws when the output failed. */
  write(chunk: string | Uint8Array): Promise<void>;
}

export interface OutputOptions {
  /** Refuse an existing regular file, with the message `<file> already exists: <refuseExisting>`, instead of replacing it. */
  refuseExisting?: string;
  /** The content is binary: refused on a terminal. */
  binary?: boolean;
  /** Files this output must never replace, each with what it is: `<file> is <what>; name another file`. */
  notOnto?: ReadonlyArray<{ path: string; what: string }>;
}

export interface WrittenOutput {
  /** The output as a summary line names it: the path as given, made absolute, or "standard output". */
  shown: string;
  /** It went to standard output: a summary line then belongs on standard error. */
  toStdout: boolean;
}

/** Where the output goes, decided once before anything is written. */
type Target =
  | { kind: 'descriptor'; fd: number }
  | { kind: 'device' | 'fifo'; path: string }
  | { kind: 'file'; path: string; existing?: Stats };

/** Regular-file writes are gathered into chunks of this size: one system call per chunk, not per record. */
const CHUNK_BYTES = 1 << 16;
/** How often a FIFO without a reader is tried again. */
const FIFO_RETRY_MS = 100;
/** Symbolic links followed before giving up, as the kernel's own limit (ELOOP). */
const MAX_LINK_HOPS = 40;

/** `/dev/fd/N` and `/proc/self/fd/N` (where `/dev/stdout` leads): the process's own descriptor N. */
const DESCRIPTOR_PATH = /^\/(?:dev|proc\/(?:self|thread-self)|proc\/(\d+))\/fd\/(\d+)$/;

/**
 * Writes the output of `produce`, which writes it piece by piece, to `file` by the rules above.
 * Resolves once the output is complete where it belongs.
 */
export async function writeOutput(
  file: string,
  produce: (out: OutputWriter) => Promise<void>,
  options: OutputOptions = {},
): Promise<WrittenOutput> {
  const target = await resolveTarget(file, options);
  switch (target.kind) {
    case 'descriptor':
      await writeDescriptor(target.fd, file, produce);
      break;
    case 'fifo':
      await writeFifo(target.path, file, produce);
      break;
    case 'device': {
      const handle = await open(target.path, constants.O_WRONLY).catch((e: unknown) => {
        throw failure(file, e);
      });
      await writeHandle(handle, file, produce);
      break;
    }
    case 'file': {
      const beside = await createBeside(target, file);
      if (!beside) {
        // Not ours to replace: written into the file itself, as `cp` does.
        const handle = await open(target.path, constants.O_WRONLY | constants.O_TRUNC).catch((e: unknown) => {
          throw failure(file, e);
        });
        await writeHandle(handle, file, produce, { sync: true });
        break;
      }
      try {
        await writeHandle(beside.handle, file, produce, { sync: true });
        await rename(beside.temp, target.path).catch((e: unknown) => {
          throw failure(file, e);
        });
      } finally {
        await removeTemp(beside.temp);
      }
      break;
    }
  }
  return shownOf(file, target);
}

/**
 * Writes a file that `produce` makes whole at the path it is handed (a path that does not exist yet:
 * LMDB's copy refuses any other) to `file` by the rules above. For a new or a regular file that path
 * is beside the target and is renamed over it; for anything else it is in the temporary directory
 * ($TMPDIR), and the finished file is then copied to the target.
 */
export async function writeOutputFrom(
  file: string,
  produce: (path: string) => Promise<void>,
  options: OutputOptions = {},
): Promise<WrittenOutput> {
  const target = await resolveTarget(file, options);
  if (target.kind === 'file') {
    const beside = await createBeside(target, file);
    if (beside) {
      try {
        await beside.handle.close();
        await rm(beside.temp);
        await produce(beside.temp);
        const made = await open(beside.temp, 'r+');
        try {
          if (target.existing) await keepOwnerAndMode(made, target.existing);
          await made.sync();
        } finally {
          await made.close();
        }
        await rename(beside.temp, target.path);
      } catch (e) {
        throw failure(file, e);
      } finally {
        await removeTemp(beside.temp);
      }
      return shownOf(file, target);
    }
  }
  const scratch = await mkdtemp(join(tmpdir(), 'catalog-output-'));
  track(scratch);
  try {
    const path = join(scratch, basename(file) || 'output');
    await produce(path);
    return await writeOutput(file, (out) => copyInto(path, out), options);
  } finally {
    await removeTemp(scratch);
  }
}

/** Streams a finished file into a writer. */
async function copyInto(path: string, out: OutputWriter): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      await out.write(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
}

async function resolveTarget(file: string, options: OutputOptions): Promise<Target> {
  const target = await targetOf(file);
  if (options.binary && target.kind === 'descriptor' && target.fd === 1 && process.stdout.isTTY) {
    throw new BadRequestError(
      `${file === '-' ? 'standard output' : file} is a terminal; redirect it to a file or a pipe, or name a file`,
    );
  }
  if (target.kind === 'file' && target.existing) {
    const { dev, ino } = target.existing;
    for (const kept of options.notOnto ?? []) {
      const st = await stat(kept.path).catch(() => undefined);
      if (st && st.dev === dev && st.ino === ino)
        throw new BadRequestError(`${file} is ${kept.what}; name another file`);
    }
    if (options.refuseExisting) throw new BadRequestError(`${file} already exists: ${options.refuseExisting}`);
  }
  return target;
}

/** What `file` names, following symbolic links one hop at a time so that a link to nothing yet names the file to make. */
async function targetOf(file: string): Promise<Target> {
  if (file === '-') return { kind: 'descriptor', fd: 1 };
  let path = resolve(file);
  for (let hop = 0; hop <= MAX_LINK_HOPS; hop++) {
    const fd = DESCRIPTOR_PATH.exec(path);
    if (fd && (fd[1] === undefined || Number(fd[1]) === process.pid)) return { kind: 'descriptor', fd: Number(fd[2]) };
    let st: Stats;
    try {
      st = await lstat(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'file', path };
      throw failure(file, e);
    }
    if (st.isSymbolicLink()) {
      const to = await readlink(path).catch((e: unknown) => {
        throw failure(file, e);
      });
      path = resolve(dirname(path), to);
      continue;
    }
    if (st.isFile()) return { kind: 'file', path, existing: st };
    if (st.isCharacterDevice() || st.isBlockDevice()) return { kind: 'device', path };
    if (st.isFIFO()) return { kind: 'fifo', path };
    if (st.isDirectory()) throw new BadRequestError(`${file} is a directory; name a file to write`);
    throw new BadRequestError(`${file} is a socket; name a file, a device or a FIFO to write`);
  }
  // The kernel's own answer, for its own wording: ELOOP.
  await stat(path).catch((e: unknown) => {
    throw failure(file, e);
  });
  throw failure(file, Object.assign(new Error('too many levels of symbolic links'), { code: 'ELOOP' }));
}

function shownOf(file: string, target: Target): WrittenOutput {
  if (target.kind === 'descriptor' && target.fd === 1)
    return { shown: file === '-' ? 'standard output' : file, toStdout: true };
  return { shown: resolve(file), toStdout: false };
}

/**
 * The temporary file beside a regular file's target, opened for writing and, when it replaces a file,
 * already given that file's owner and mode. Undefined when the target exists but its replacement
 * could not be made there or given its owner: it is then written in place.
 */
async function createBeside(
  target: { path: string; existing?: Stats },
  file: string,
): Promise<{ temp: string; handle: FileHandle } | undefined> {
  const temp = join(dirname(target.path), `.${basename(target.path)}.${process.pid}.partial`);
  // A leftover of an earlier process with this pid (it cannot be running): not anyone's file now.
  await rm(temp, { force: true }).catch(() => {});
  let handle: FileHandle;
  try {
    handle = await open(temp, 'wx', target.existing ? 0o600 : 0o666);
  } catch (e) {
    if (target.existing && isNotPermitted(e)) return undefined;
    throw failure(file, e);
  }
  track(temp);
  if (!target.existing) return { temp, handle };
  try {
    await keepOwnerAndMode(handle, target.existing);
    return { temp, handle };
  } catch (e) {
    await handle.close().catch(() => {});
    await removeTemp(temp);
    if (isNotPermitted(e)) return undefined;
    throw failure(file, e);
  }
}

/** Gives the file open as `handle` the owner and mode of `existing`: the owner first, since chown clears set-id bits. */
async function keepOwnerAndMode(handle: FileHandle, existing: Stats): Promise<void> {
  const now = await handle.stat();
  if (now.uid !== existing.uid || now.gid !== existing.gid) await handle.chown(existing.uid, existing.gid);
  await handle.chmod(existing.mode & 0o7777);
}

const isNotPermitted = (e: unknown) => ['EACCES', 'EPERM', 'EROFS'].includes((e as NodeJS.ErrnoException).code ?? '');

/** Writes through an open file: chunked, each chunk written whole, flushed to disk first with `sync`; closes it. */
async function writeHandle(
  handle: FileHandle,
  file: string,
  produce: (out: OutputWriter) => Promise<void>,
  options: { sync?: boolean } = {},
): Promise<void> {
  try {
    const writer = chunkedWriter(
      async (bytes) => (await handle.write(bytes, 0, bytes.length, null)).bytesWritten,
      file,
    );
    await produce(writer);
    await writer.flush();
    if (options.sync)
      await handle.sync().catch((e: unknown) => {
        throw failure(file, e);
      });
  } finally {
    await handle.close().catch(() => {});
  }
}

const writeToFd = promisify(writeFd);

/** Writes to a descriptor the process was given: standard output through process.stdout, any other one directly; never closes it. */
async function writeDescriptor(fd: number, file: string, produce: (out: OutputWriter) => Promise<void>): Promise<void> {
  if (fd === 1 || fd === 2) {
    const stream = fd === 1 ? process.stdout : process.stderr;
    await writeStream(stream, file, produce);
    return;
  }
  const writer = chunkedWriter(async (bytes) => (await writeToFd(fd, bytes, 0, bytes.length, null)).bytesWritten, file);
  await produce(writer);
  await writer.flush();
}

/**
 * Writes into a FIFO. It is opened without blocking, tried again while it has no reader, so that an
 * interrupt can still end the command (a blocked open would hold one of Node's threads, and the
 * process could not exit); the open end is then written as a pipe, from the event loop.
 */
async function writeFifo(path: string, file: string, produce: (out: OutputWriter) => Promise<void>): Promise<void> {
  let fd: number | undefined;
  let waiting = false;
  while (fd === undefined) {
    try {
      fd = await openFd(path, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENXIO') throw failure(file, e);
      if (!waiting) process.stderr.write(`catalog: waiting for a reader of the FIFO ${file} (interrupt to give up)\n`);
      waiting = true;
      await new Promise((r) => setTimeout(r, FIFO_RETRY_MS));
    }
  }
  // The socket owns the descriptor from here on and closes it.
  const socket = new Socket({ fd, readable: false, writable: true });
  try {
    await writeStream(socket, file, produce);
    await new Promise<void>((done, fail) => {
      socket.once('error', (e) => fail(failure(file, e)));
      socket.end(() => done());
    });
  } finally {
    socket.destroy();
  }
}

const openFd = promisify(openWithFlags) as (path: string, flags: number) => Promise<number>;

/** Writes to a Node stream (standard output, a FIFO's socket), waiting for it to drain. */
async function writeStream(
  stream: NodeJS.WritableStream & { destroyed?: boolean },
  file: string,
  produce: (out: OutputWriter) => Promise<void>,
): Promise<void> {
  let failed: Error | undefined;
  const onError = (e: Error) => {
    failed ??= e;
  };
  stream.on('error', onError);
  try {
    await produce({
      write: async (chunk) => {
        if (failed) throw failure(file, failed);
        if (stream.write(chunk)) return;
        await new Promise<void>((drained, fail) => {
          const done = (e?: Error) => {
            stream.off('drain', done);
            stream.off('error', done);
            stream.off('close', done);
            if (e) fail(failure(file, e));
            else if (failed) fail(failure(file, failed));
            else if (stream.destroyed) fail(new OutputClosedError());
            else drained();
          };
          stream.on('drain', done);
          stream.on('error', done);
          stream.on('close', done);
        });
      },
    });
    if (failed) throw failure(file, failed);
  } finally {
    stream.off('error', onError);
  }
}

/** A writer that gathers small writes into chunks and hands each chunk, whole, to `writeBytes`. */
function chunkedWriter(
  writeBytes: (bytes: Uint8Array) => Promise<number>,
  file: string,
): OutputWriter & { flush(): Promise<void> } {
  let parts: Buffer[] = [];
  let size = 0;
  const flush = async () => {
    if (size === 0) return;
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    try {
      for (let offset = 0; offset < bytes.length; ) offset += await writeBytes(bytes.subarray(offset));
    } catch (e) {
      throw failure(file, e);
    }
  };
  return {
    write: async (chunk) => {
      // A copy: the caller may reuse its buffer as soon as this resolves, before the chunk is flushed.
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
      parts.push(bytes);
      size += bytes.length;
      if (size >= CHUNK_BYTES) await flush();
    },
    flush,
  };
}

/** An error of writing `file`, saying which and why; a reader gone away is OutputClosedError. */
function failure(file: string, e: unknown): Error {
  if (e instanceof OutputClosedError || e instanceof CatalogError) return e;
  if ((e as NodeJS.ErrnoException)?.code === 'EPIPE') return new OutputClosedError();
  const shown = file === '-' ? 'standard output' : file;
  if (e instanceof Error && e.message.startsWith(`cannot write ${shown}: `)) return e;
  return Object.assign(new Error(`cannot write ${shown}: ${systemErrorText(e)}`), {
    code: (e as NodeJS.ErrnoException)?.code,
  });
}

// Temporary files and directories of this process, removed if it is interrupted or exits first.
const temps = new Set<string>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const removeAll = () => {
  for (const path of temps) rmSync(path, { recursive: true, force: true });
  temps.clear();
};
const onSignal = (signal: NodeJS.Signals) => {
  removeAll();
  process.exit(128 + (osConstants.signals[signal] ?? 0));
};

function track(path: string): void {
  if (temps.size === 0) {
    process.on('exit', removeAll);
    for (const s of SIGNALS) process.on(s, onSignal);
  }
  temps.add(path);
}

async function removeTemp(path: string): Promise<void> {
  if (!temps.delete(path)) return;
  await rm(path, { recursive: true, force: true }).catch(() => {});
  if (temps.size === 0) {
    process.off('exit', removeAll);
    for (const s of SIGNALS) process.off(s, onSignal);
  }
}
