/**
 * The release files of `npm run release` (build/release/, or RELEASE_DIR), checked as far as this
 * Linux x64 machine can:
 * - SHA256SUMS names every catalog-* file there, and each hash holds;
 * - catalog-linux-arm64 runs under qemu-user a short smoke list (emulation is slow): --version,
 *   ingest the sample, get, search, serve answering GraphQL and the UI's first page, pull and push
 *   between two files, mcp answering tools/list, a second process reading while one writes;
 * - the macOS files: Mach-O of the right architecture, the SEA blob in its NODE_SEA segment, an
 *   ad-hoc signature whose page hashes hold, and addons of the same architecture inside;
 * - the Windows file: a PE for x64 with the SEA blob, and, where Wine runs it, --version, ingest and
 *   get (what Wine does not run is in docs/platforms.md).
 * scripts/setup.sh (part `arm64`) builds catalog-linux-arm64 when it is missing or stale; the other
 * files are checked when present (`npm run release` makes them all) and reported skipped otherwise.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { HIVE_T1, mcp, ROOT, type RunResult, runProcess, spawnServer, tempDir } from './helpers.ts';

const RELEASE = resolve(ROOT, process.env['RELEASE_DIR'] ?? join('build', 'release'));
const file = (name: string) => join(RELEASE, name);
// Under qemu-user a file map of 32 GiB or more kills the emulated process (16 GiB works), and the store
// maps 64 GiB up front unless the address space is limited: with `ulimit -v` it keeps lmdb's growing
// maps, as on a machine with such a limit (docs/platforms.md).
const QEMU = ['bash', '-c', 'ulimit -v 200000000 && exec qemu-aarch64 -L /usr/aarch64-linux-gnu "$@"', 'qemu'];

describe('release files', () => {
  it('SHA256SUMS lists every file of the release, and every hash holds', () => {
    const sums = readFileSync(file('SHA256SUMS'), 'utf8');
    const listed = new Map<string, string>();
    for (const line of sums.trimEnd().split('\n')) {
      const m = /^([0-9a-f]{64}) {2}(catalog-[\w.-]+)$/.exec(line);
      assert.ok(m, `SHA256SUMS: a line that is not "HASH  FILE": ${line}`);
      listed.set(m[2]!, m[1]!);
    }
    const present = readdirSync(RELEASE).filter((f) => f.startsWith('catalog-'));
    assert.deepEqual([...listed.keys()].sort(), present.sort(), 'SHA256SUMS names exactly the files present');
    for (const [name, hash] of listed) {
      assert.equal(
        createHash('sha256')
          .update(readFileSync(file(name)))
          .digest('hex'),
        hash,
        `${name}'s hash`,
      );
    }
  });
});

describe('catalog-linux-arm64 under qemu-user', () => {
  const binary = file('catalog-linux-arm64');
  const home = tempDir('catalog-arm64-home-');
  const env = { HOME: home, CATALOG_DATA: '', NODE_OPTIONS: '' };
  const run = (args: string[], input?: string): Promise<RunResult> =>
    runProcess(QEMU[0]!, [...QEMU.slice(1), binary, ...args], { env, cwd: home, ...(input ? { input } : {}) });
  const ok = async (args: string[], input?: string) => {
    const r = await run(args, input);
    assert.equal(r.code, 0, `catalog ${args.join(' ')}: ${r.stderr}`);
    return r;
  };
  const data = join(home, 'a.lmdb');

  it('prints its version, platform and architecture', async () => {
    const { default: pkg } = await import('../package.json', { with: { type: 'json' } });
    const r = await ok(['--version']);
    assert.match(
      r.stdout,
      new RegExp(`^${pkg.version.replaceAll('.', '\\.')} \\(linux-arm64, Node 24\\.\\d+\\.\\d+\\)\n$`),
    );
  });

  it('ingests the sample, gets and searches it', async () => {
    await ok(['ingest', '--sample', '--data', data]);
    const got = await ok(['get', '--urn', 'urn:li:tag:Legacy', '--aspect', 'tagProperties', '--data', data]);
    assert.equal(JSON.parse(got.stdout).tagProperties.name, 'Legacy');
    const found = await ok(['search', 'users', '--data', data]);
    assert.match(found.stdout, /fct_users_deleted/);
  });

  it('serves GraphQL and the UI, and a second process writes while it has the file open', async () => {
    const server = await spawnServer(QEMU[0]!, [...QEMU.slice(1), binary, 'serve', '--port', '0', '--data', data], {
      env,
      cwd: home,
      timeoutMs: 120_000,
    });
    try {
      const query = (q: string) =>
        fetch(`${server.url}/api/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: q }),
        }).then((r) => r.json() as Promise<{ data: any }>);
      const tag = await query('{ tag(urn: "urn:li:tag:Legacy") { properties { name } } }');
      assert.equal(tag.data.tag.properties.name, 'Legacy');
      const page = await fetch(`${server.url}/`);
      assert.equal(page.status, 200);
      // The page, and the script it loads (the UI bundle embedded in the executable).
      const script = /<script type="module" src="(\/assets\/app\.[0-9a-f]+\.js)">/.exec(await page.text())?.[1];
      assert.ok(script, 'the page loads the UI bundle');
      const bundle = await fetch(`${server.url}${script}`);
      assert.equal(bundle.status, 200);
      assert.ok((await bundle.arrayBuffer()).byteLength > 10_000, 'the UI bundle is served');
      // Another process writes to the file the server has open; the server reads it.
      const records = join(home, 'one.json');
      writeFileSync(records, JSON.stringify([mcp(HIVE_T1, 'datasetProperties', { description: 'from arm64' })]));
      await ok(['ingest', '-f', records, '--data', data]);
      const seen = await query(`{ dataset(urn: "${HIVE_T1}") { properties { description } } }`);
      assert.equal(seen.data.dataset.properties.description, 'from arm64');
    } finally {
      assert.equal(await server.stop(), 0, server.output());
    }
  });

  it('pulls from and pushes to another file', async () => {
    const other = join(home, 'b.lmdb');
    await ok(['pull', data, '--data', other]);
    const got = await ok(['get', '--urn', 'urn:li:tag:Legacy', '--aspect', 'tagProperties', '--data', other]);
    assert.equal(JSON.parse(got.stdout).tagProperties.name, 'Legacy');
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,pushed_from_b,PROD)';
    const records = join(home, 'two.json');
    writeFileSync(records, JSON.stringify([mcp(urn, 'globalTags', { tags: [{ tag: 'urn:li:tag:Legacy' }] })]));
    await ok(['ingest', '-f', records, '--data', other]);
    await ok(['push', data, '--data', other]);
    const back = await ok(['get', '--urn', urn, '--aspect', 'globalTags', '--data', data]);
    assert.deepEqual(JSON.parse(back.stdout).globalTags.tags, [{ tag: 'urn:li:tag:Legacy' }]);
  });

  it('answers tools/list over MCP', async () => {
    const messages = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ];
    const r = await ok(['mcp', '--data', data], `${messages.map((m) => JSON.stringify(m)).join('\n')}\n`);
    const list = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .find((m) => m.id === 2);
    assert.ok(
      list?.result?.tools?.some((t: { name: string }) => t.name === 'search'),
      r.stdout,
    );
  });
});

// rcodesign as scripts/build/sign-macos.sh finds it (RCODESIGN, else the cache, else PATH), when it
// reports the pinned version.
const RCODESIGN_VERSION = '0.29.0';
function findRcodesign(): string | undefined {
  const candidates = process.env['RCODESIGN']
    ? [process.env['RCODESIGN']]
    : [join(ROOT, '.cache', 'rcodesign', RCODESIGN_VERSION, 'bin', 'rcodesign'), 'rcodesign'];
  return candidates.find(
    // It prints "apple-codesign 0.29.0".
    (c) => spawnSync(c, ['--version'], { encoding: 'utf8' }).stdout?.trim().split(' ')[1] === RCODESIGN_VERSION,
  );
}

/** The load commands of a 64-bit Mach-O file: [cmd, offset, size]. */
function machO(bytes: Buffer) {
  assert.equal(bytes.readUInt32LE(0), 0xfeedfacf, 'a 64-bit Mach-O');
  const cpu = bytes.readUInt32LE(4);
  const commands: { cmd: number; at: number; size: number }[] = [];
  let at = 32;
  for (let i = 0; i < bytes.readUInt32LE(16); i++) {
    commands.push({ cmd: bytes.readUInt32LE(at), at, size: bytes.readUInt32LE(at + 4) });
    at += bytes.readUInt32LE(at + 4);
  }
  return { cpu, commands };
}

const segmentName = (bytes: Buffer, at: number) =>
  bytes
    .subarray(at + 8, at + 24)
    .toString('latin1')
    .replace(/\0+$/, '');

/**
 * Checks the ad-hoc signature: its CodeDirectory's hash of every page of the file up to the signature.
 * Returns the page hashes (hex) of its SHA-256 CodeDirectory.
 */
function checkAdHocSignature(bytes: Buffer, commands: { cmd: number; at: number }[]): string[] {
  const sha256Pages: string[] = [];
  const sig = commands.find((c) => c.cmd === 0x1d); // LC_CODE_SIGNATURE
  assert.ok(sig, 'a code signature');
  const dataOff = bytes.readUInt32LE(sig.at + 8);
  const blob = bytes.subarray(dataOff);
  assert.equal(blob.readUInt32BE(0), 0xfade0cc0, 'an embedded signature superblob');
  let checked = 0;
  for (let i = 0; i < blob.readUInt32BE(8); i++) {
    const off = blob.readUInt32BE(12 + i * 8 + 4);
    const cd = blob.subarray(off);
    if (cd.readUInt32BE(0) !== 0xfade0c02) continue; // a CodeDirectory
    const flags = cd.readUInt32BE(12);
    assert.ok(flags & 0x2, 'the CodeDirectory is ad hoc');
    const hashOffset = cd.readUInt32BE(16);
    const nCodeSlots = cd.readUInt32BE(28);
    const codeLimit = cd.readUInt32BE(32);
    const hashSize = cd[36]!;
    const hashType = cd[37]!;
    const pageSize = 2 ** cd[39]!;
    assert.equal(codeLimit, dataOff, 'the signature covers the file up to itself');
    const algorithm = hashType === 2 ? 'sha256' : hashType === 1 ? 'sha1' : assert.fail(`hash type ${hashType}`);
    for (let slot = 0; slot < nCodeSlots; slot++) {
      const page = bytes.subarray(slot * pageSize, Math.min((slot + 1) * pageSize, codeLimit));
      const want = cd.subarray(hashOffset + slot * hashSize, hashOffset + (slot + 1) * hashSize);
      const got = createHash(algorithm).update(page).digest().subarray(0, hashSize);
      assert.ok(got.equals(want), `page ${slot} hash`);
      if (algorithm === 'sha256') sha256Pages.push(want.toString('hex'));
    }
    checked++;
  }
  assert.ok(checked > 0, 'at least one CodeDirectory');
  return sha256Pages;
}

/** The SEA asset bytes of an embedded addon: found by its Mach-O/ELF/PE magic after the asset name. */
function embeddedAddonMagic(bytes: Buffer, name: string): Buffer {
  const at = bytes.indexOf(Buffer.from(name));
  assert.ok(at > 0, `the SEA blob holds ${name}`);
  return bytes;
}

for (const [name, cpu, arch] of [
  ['catalog-darwin-arm64', 0x0100000c, 'arm64'],
  ['catalog-darwin-x64', 0x01000007, 'x86_64'],
] as const) {
  describe(name, () => {
    it('is a signed Mach-O for its architecture with the SEA blob and matching addons', (t) => {
      if (!existsSync(file(name))) return t.skip(`${file(name)} not built: run npm run release`);
      const bytes = readFileSync(file(name));
      const { cpu: got, commands } = machO(bytes);
      assert.equal(got, cpu, `${name} is for ${arch}`);
      const segments = commands.filter((c) => c.cmd === 0x19).map((c) => segmentName(bytes, c.at));
      assert.ok(segments.includes('NODE_SEA'), `a NODE_SEA segment (segments: ${segments.join(', ')})`);
      checkAdHocSignature(bytes, commands);
      embeddedAddonMagic(bytes, 'lmdb.node');
      // Every embedded Mach-O (the addons) is for the same CPU: scan for Mach-O headers after the first.
      let at = 4096;
      let found = 0;
      for (;;) {
        at = bytes.indexOf(Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), at);
        if (at < 0) break;
        const type = bytes.readUInt32LE(at + 12);
        if (type === 8 || type === 6) {
          // MH_BUNDLE or MH_DYLIB: a Node addon (msgpackr-extract's is a bundle, Zig links lmdb's as a dylib)
          assert.equal(bytes.readUInt32LE(at + 4), cpu, `the addon at ${at} is for ${arch}`);
          found++;
        }
        at += 4;
      }
      assert.equal(found, 2, 'two addons (lmdb, msgpackr-extract)');
      // lmdb's addon names itself relatively, not by the folder it was built in (its debug map still
      // names the object files there).
      const buildName = `work-${name.replace('catalog-', '')}/lmdb.node`;
      assert.equal(bytes.indexOf(Buffer.from(buildName)), -1, 'no build path as an install name');
      assert.ok(bytes.indexOf(Buffer.from('@rpath/lmdb.node\0')) > 0, "lmdb's addon is @rpath/lmdb.node");
    });

    // Not `rcodesign verify`, which fails on every ad-hoc signature (scripts/build/sign-macos.sh).
    it("has, as rcodesign reads it, an ad-hoc signature whose page hashes are rcodesign's own", (t) => {
      if (!existsSync(file(name))) return t.skip(`${file(name)} not built: run npm run release`);
      const rcodesign = findRcodesign();
      if (!rcodesign) return t.skip(`rcodesign ${RCODESIGN_VERSION} is not installed (scripts/build/sign-macos.sh)`);
      const info = spawnSync(rcodesign, ['print-signature-info', file(name)], { encoding: 'utf8' });
      assert.equal(info.status, 0, info.stderr);
      assert.match(info.stdout, /flags: CodeSignatureFlags\(ADHOC\)/);
      const bytes = readFileSync(file(name));
      const signed = checkAdHocSignature(bytes, machO(bytes).commands);
      const computed = spawnSync(rcodesign, ['compute-code-hashes', file(name)], {
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      });
      assert.equal(computed.status, 0, computed.stderr);
      assert.deepEqual(computed.stdout.trim().split('\n'), signed, "rcodesign's page hashes are the signature's");
    });
  });
}

describe('scripts/build/sign-macos.sh without rcodesign', () => {
  const dir = tempDir('catalog-sign-');
  const target = join(dir, 'catalog-darwin-arm64');
  const sign = (env: Record<string, string>) => {
    writeFileSync(target, 'not signed');
    return spawnSync('bash', [join(ROOT, 'scripts', 'build', 'sign-macos.sh'), target], {
      encoding: 'utf8',
      env: { ...process.env, CATALOG_MACOS_UNSIGNED: '', ...env },
    });
  };

  it('fails, naming the missing tool and what to do, when RCODESIGN names no rcodesign', () => {
    const r = sign({ RCODESIGN: join(dir, 'none') });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /RCODESIGN=\S+none is not rcodesign 0\.29\.0 \(it reports 'nothing'\)/);
    assert.match(r.stderr, /the macOS file cannot be signed; install rcodesign 0\.29\.0 /);
  });

  it('fails on an rcodesign of another version', () => {
    const fake = join(dir, 'rcodesign');
    writeFileSync(fake, '#!/bin/sh\necho rcodesign 0.28.0\n', { mode: 0o755 });
    const r = sign({ RCODESIGN: fake });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /is not rcodesign 0\.29\.0 \(it reports '0\.28\.0'\)/);
  });

  it('leaves the file unsigned, saying so loudly, only when CATALOG_MACOS_UNSIGNED=1', () => {
    const r = sign({ RCODESIGN: join(dir, 'none'), CATALOG_MACOS_UNSIGNED: '1' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /WARNING: \S+catalog-darwin-arm64 is NOT SIGNED \(CATALOG_MACOS_UNSIGNED=1\)/);
    assert.equal(readFileSync(target, 'utf8'), 'not signed');
  });
});

// The first four bytes of every SEA blob (Node's src/node_sea.h, kMagic).
const SEA_MAGIC = 0x143da20;

/**
 * The bytes of a PE file's resource of the given type id and name (the first language), found through
 * its resource directory as Windows' FindResource finds it; undefined when there is none.
 */
function peResource(bytes: Buffer, type: number, name: string): Buffer | undefined {
  const pe = bytes.readUInt32LE(0x3c);
  const optional = pe + 24;
  assert.equal(bytes.readUInt16LE(optional), 0x20b, 'a PE32+ optional header');
  const sections = optional + bytes.readUInt16LE(pe + 20);
  const toOffset = (rva: number) => {
    for (let i = 0; i < bytes.readUInt16LE(pe + 6); i++) {
      const at = sections + i * 40;
      const va = bytes.readUInt32LE(at + 12);
      if (rva >= va && rva < va + Math.max(bytes.readUInt32LE(at + 8), bytes.readUInt32LE(at + 16)))
        return rva - va + bytes.readUInt32LE(at + 20);
    }
    return assert.fail(`RVA ${rva} is in no section`);
  };
  // Data directory 2: the resources.
  const rsrcRva = bytes.readUInt32LE(optional + 112 + 2 * 8);
  if (rsrcRva === 0) return undefined;
  const root = toOffset(rsrcRva);
  const entries = (dir: number) => {
    const count = bytes.readUInt16LE(dir + 12) + bytes.readUInt16LE(dir + 14);
    return Array.from({ length: count }, (_, i) => {
      const at = dir + 16 + i * 8;
      const id = bytes.readUInt32LE(at);
      const target = bytes.readUInt32LE(at + 4);
      const label =
        id & 0x80000000
          ? bytes.toString(
              'utf16le',
              root + (id & 0x7fffffff) + 2,
              root + (id & 0x7fffffff) + 2 + 2 * bytes.readUInt16LE(root + (id & 0x7fffffff)),
            )
          : id;
      return {
        label,
        subdir: target & 0x80000000 ? root + (target & 0x7fffffff) : undefined,
        data: root + (target & 0x7fffffff),
      };
    });
  };
  const byType = entries(root).find((e) => e.label === type)?.subdir;
  const byName = byType === undefined ? undefined : entries(byType).find((e) => e.label === name)?.subdir;
  const language = byName === undefined ? undefined : entries(byName)[0];
  if (!language || language.subdir !== undefined) return undefined;
  const at = toOffset(bytes.readUInt32LE(language.data));
  return bytes.subarray(at, at + bytes.readUInt32LE(language.data + 4));
}

// scripts/build/lmdb-native.mjs's build mark, in the text mdb_version() returns.
const LMDB_MARK = 'catalog fix 1: open-time txn id store under the write lock';

/** The names of the DLLs a PE file (a DLL's bytes from its MZ header on) imports, and of what it exports. */
function peLinks(bytes: Buffer): { imports: string[]; exports: string[] } {
  const pe = bytes.readUInt32LE(0x3c);
  const optional = pe + 24;
  const sections = optional + bytes.readUInt16LE(pe + 20);
  const toOffset = (rva: number) => {
    for (let i = 0; i < bytes.readUInt16LE(pe + 6); i++) {
      const at = sections + i * 40;
      const va = bytes.readUInt32LE(at + 12);
      if (rva >= va && rva < va + Math.max(bytes.readUInt32LE(at + 8), bytes.readUInt32LE(at + 16)))
        return rva - va + bytes.readUInt32LE(at + 20);
    }
    return assert.fail(`RVA ${rva} is in no section`);
  };
  const text = (rva: number) => {
    const at = toOffset(rva);
    return bytes.toString('latin1', at, bytes.indexOf(0, at));
  };
  // Data directories 0 (exports) and 1 (imports) of a PE32+ optional header.
  const exportsRva = bytes.readUInt32LE(optional + 112);
  const importsRva = bytes.readUInt32LE(optional + 112 + 8);
  const exports: string[] = [];
  if (exportsRva) {
    const dir = toOffset(exportsRva);
    const names = toOffset(bytes.readUInt32LE(dir + 32));
    for (let i = 0; i < bytes.readUInt32LE(dir + 24); i++) exports.push(text(bytes.readUInt32LE(names + i * 4)));
  }
  const imports: string[] = [];
  for (let at = importsRva ? toOffset(importsRva) : -1; at >= 0 && bytes.readUInt32LE(at + 12) !== 0; at += 20)
    imports.push(text(bytes.readUInt32LE(at + 12)));
  return { imports, exports };
}

describe('catalog-win32-x64.exe', () => {
  const exe = file('catalog-win32-x64.exe');
  it('is a PE for x64 with the SEA blob in its NODE_SEA_BLOB resource', (t) => {
    if (!existsSync(exe)) return t.skip(`${exe} not built: run npm run release`);
    const bytes = readFileSync(exe);
    const pe = bytes.readUInt32LE(0x3c);
    assert.equal(bytes.toString('latin1', pe, pe + 4), 'PE\0\0');
    assert.equal(bytes.readUInt16LE(pe + 4), 0x8664, 'machine x64');
    // RT_RCDATA (10), named as Node looks for it at start-up.
    const blob = peResource(bytes, 10, 'NODE_SEA_BLOB');
    assert.ok(blob, 'a NODE_SEA_BLOB resource');
    assert.equal(blob.readUInt32LE(0), SEA_MAGIC, "the resource starts with Node's SEA blob magic");
    assert.ok(blob.indexOf(Buffer.from('lmdb.node')) > 0, 'the SEA blob holds lmdb.node');
    assert.ok(blob.indexOf(Buffer.from('msgpackr-extract.node')) > 0, 'the SEA blob holds msgpackr-extract.node');
    // The embedded addons: PE DLLs for x64 (an MZ header whose PE header says x64 and DLL).
    const starts: number[] = [];
    for (let at: number = blob.indexOf('MZ'); at >= 0; at = blob.indexOf('MZ', at + 2)) {
      const off: number = at + 0x40 <= blob.length ? blob.readUInt32LE(at + 0x3c) : -1;
      if (off < 0 || at + off + 24 > blob.length || blob.toString('latin1', at + off, at + off + 4) !== 'PE\0\0')
        continue;
      assert.equal(blob.readUInt16LE(at + off + 4), 0x8664, `the DLL at ${at} of the blob is for x64`);
      if (blob.readUInt16LE(at + off + 22) & 0x2000) starts.push(at);
    }
    const dlls = starts.length;
    const lmdbAt = starts.findIndex((at, i) => blob.subarray(at, starts[i + 1]).includes(LMDB_MARK));
    const lmdb = lmdbAt < 0 ? undefined : peLinks(blob.subarray(starts[lmdbAt]!));
    assert.equal(dlls, 2, 'two addon DLLs in the blob (lmdb, msgpackr-extract)');
    // lmdb's addon, ours (scripts/build/lmdb-target.mjs): Node-API is reached through its own stubs,
    // so it imports nothing but Windows' own libraries (no node.exe, whose name the executable does
    // not have), and it exports the entry point Node looks for.
    assert.ok(lmdb, "lmdb's addon (the DLL with the build mark) is in the blob");
    const foreign = lmdb.imports.filter(
      (d) => !/^(kernel32|advapi32|ntdll|api-ms-win-crt-[a-z]+-l1-1-0)\.dll$/i.test(d),
    );
    assert.deepEqual(foreign, [], `lmdb's addon imports only Windows' libraries (imports: ${lmdb.imports.join(', ')})`);
    assert.ok(lmdb.exports.includes('napi_register_module_v1'), `exports: ${lmdb.exports.join(', ')}`);
  });

  it('runs under Wine: --version, ingest and get', async (t) => {
    if (!existsSync(exe)) return t.skip(`${exe} not built: run npm run release`);
    if (spawnSync('wine', ['--version']).status !== 0) return t.skip('wine is not installed');
    const home = tempDir('catalog-wine-');
    // A new prefix of Debian 12's Wine says it is Windows 7, and Node 24 stops at once on anything
    // older than Windows 10 unless told to go on.
    const env = {
      WINEPREFIX: join(home, 'prefix'),
      WINEDEBUG: '-all',
      NODE_SKIP_PLATFORM_CHECK: '1',
      CATALOG_DATA: '',
      NODE_OPTIONS: '',
    };
    const run = (args: string[]) => runProcess('wine', [exe, ...args], { env, cwd: home });
    const v = await run(['--version']);
    // Debian 12's Wine (8.0) starts Node 24 but V8 cannot reserve its tables there: every start that
    // runs JavaScript dies this way (docs/platforms.md). Reported as a skip with the reason; any other
    // failure fails.
    const wineLimit = 'Fatal process out of memory: SegmentedTable::InitializeTable';
    if (v.code !== 0 && `${v.stdout}${v.stderr}`.includes(wineLimit))
      return t.skip(`this Wine cannot run Node 24's V8 ("${wineLimit}"); left to the windows-2022 job`);
    assert.equal(v.code, 0, v.stderr);
    assert.match(v.stdout, /\(win32-x64, Node 24\.\d+\.\d+\)\r?\n$/);
    const data = 'Z:' + join(home, 'c.lmdb').replaceAll('/', '\\');
    const ingest = await run(['ingest', '--sample', '--data', data]);
    assert.equal(ingest.code, 0, ingest.stderr);
    const got = await run(['get', '--urn', 'urn:li:tag:Legacy', '--aspect', 'tagProperties', '--data', data]);
    assert.equal(got.code, 0, got.stderr);
    assert.equal(JSON.parse(got.stdout).tagProperties.name, 'Legacy');
  });
});

describe('lmdb addons built beforehand (CATALOG_LMDB_ADDONS, scripts/build/lmdb-target.mjs)', async () => {
  const { takeBuilt } = await import('../scripts/build/lmdb-target.mjs');
  const mark = 'catalog fix 1: open-time txn id store under the write lock';
  const from = tempDir('catalog-addons-from-');
  const cache = tempDir('catalog-addons-cache-');
  const name = 'lmdb-win32-x64-0123456789abcdef.node';

  it('takes nothing when the folder has no addon of that hash', () => {
    assert.equal(takeBuilt(name, from, cache), undefined);
    assert.deepEqual(readdirSync(cache), []);
  });

  it('refuses an addon without the build mark, naming it, and copies nothing', () => {
    writeFileSync(join(from, name), 'MZ a stock build');
    assert.throws(
      () => takeBuilt(name, from, cache),
      new RegExp(`lmdb-target: \\S+${name} does not carry the build mark \\("catalog fix 1: [^"]+"\\); not used`),
    );
    assert.deepEqual(readdirSync(cache), []);
  });

  it('copies a marked addon and its note into the cache', () => {
    writeFileSync(join(from, name), `MZ ... ${mark} ...`);
    writeFileSync(join(from, `${name}.txt`), 'win32-x64: clang\n');
    assert.equal(takeBuilt(name, from, cache), join(cache, name));
    assert.deepEqual(readdirSync(cache).sort(), [name, `${name}.txt`]);
    assert.equal(readFileSync(join(cache, name), 'utf8'), `MZ ... ${mark} ...`);
  });
});

// actionlint (Go module github.com/rhysd/actionlint, pinned: `go install
// github.com/rhysd/actionlint/cmd/actionlint@v1.7.12`), where installed: the release workflow cannot
// run here, so it is at least read by a linter for workflow files.
const ACTIONLINT_VERSION = '1.7.12';
describe('.github/workflows/release.yml', () => {
  it(`passes actionlint ${ACTIONLINT_VERSION}`, (t) => {
    const actionlint = process.env['ACTIONLINT'] ?? 'actionlint';
    const version = spawnSync(actionlint, ['--version'], { encoding: 'utf8' }).stdout?.split('\n')[0]?.trim();
    if (version !== `v${ACTIONLINT_VERSION}`)
      return t.skip(
        `actionlint ${ACTIONLINT_VERSION} is not installed (found: ${version || 'none'}): go install github.com/rhysd/actionlint/cmd/actionlint@v${ACTIONLINT_VERSION}`,
      );
    const r = spawnSync(actionlint, ['-no-color', join(ROOT, '.github', 'workflows', 'release.yml')], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });
});
