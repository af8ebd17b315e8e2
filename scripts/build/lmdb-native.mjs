// Builds lmdb's native addon from its bundled C source with one fix and one addition applied, into
// node_modules/lmdb/build/Release/lmdb.node — the path lmdb's loader (node-gyp-build) prefers over
// the prebuilt @lmdb/lmdb-linux-x64 binary, for the machine's Node that runs the sources and tests.
// Runs as the `postinstall` of `npm ci`. The single executable embeds an addon compiled from the same
// edited sources for its own Node 24 (scripts/build/lmdb-target.mjs).
//
// The fix: lmdb-js 3.5.6 (the newest release) stores the txn id it read from the data file's meta
// page into the lock file's shared "last committed txn" every time ANY process opens the
// environment, with no write lock held. Upstream LMDB does that only when restoring a previous
// snapshot (`if (prev && env->me_txns)`), which needs the exclusive lock. When another process
// commits between the open's meta read and that store, the shared txn id moves backwards and the
// next write transaction starts from the older snapshot: the commit in between is silently lost,
// although it was acknowledged. So `catalog get` run while `catalog serve` ingests could drop a
// write of the server. We restore upstream's guard; test/concurrency.test.ts shows the loss without
// it (run it with PREBUILDS_ONLY=1 CATALOG_UNPATCHED_LMDB=allow to load the unpatched prebuilt addon
// past the store's guard).
//
// A second, one-line edit marks the build: mdb_version() (which lmdb-js exports to JavaScript as
// `version.versionString`, and reads nowhere itself) answers with MARK appended, so the store can
// tell at run time that the addon it loaded is this one and not the stock prebuilt
// (src/store/nativeGuard.ts refuses to open a data file otherwise; docs/patches.md).
//
// A third edit, in lmdb-js's C++ (src/env.cpp, src/lmdb-js.h), adds Env.releaseMap(): madvise
// MADV_DONTNEED over the environment's read-only shared map, so a long walk can drop the pages of the
// data file it has read from its resident set (they stay in the page cache; src/store/format.ts).
//
// The compiled addon is cached under .cache/lmdb-native by a hash of the patched sources and the
// Node version, so a repeated `npm ci` in one work tree does not compile again.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const lmdbDir = join(root, 'node_modules', 'lmdb');
const source = join(lmdbDir, 'dependencies', 'lmdb', 'libraries', 'liblmdb', 'mdb.c');
const envSource = join(lmdbDir, 'src', 'env.cpp');
const envHeader = join(lmdbDir, 'src', 'lmdb-js.h');
const compressionSource = join(lmdbDir, 'src', 'compression.cpp');
const output = join(lmdbDir, 'build', 'Release', 'lmdb.node');
const PINNED = '3.5.6';

// Must equal LMDB_FIX_MARK in src/store/nativeGuard.ts (test/native-guard.test.ts checks the build has it).
const MARK = 'catalog fix 1: open-time txn id store under the write lock';

const edits = [
  {
    file: source,
    what: 'the open-time txn id fix',
    unpatched:
      '\tenv->me_maxpg = env->me_mapsize / env->me_psize;\n\n\tif (env->me_txns)\n\t\tenv->me_txns->mti_txnid = meta.mm_txnid;\n',
    patched:
      '\tenv->me_maxpg = env->me_mapsize / env->me_psize;\n\n\tif (prev && env->me_txns)\n\t\tenv->me_txns->mti_txnid = meta.mm_txnid;\n',
  },
  {
    file: source,
    what: 'the build mark in mdb_version()',
    unpatched: '\tif (patch) *patch = MDB_VERSION_PATCH;\n\treturn MDB_VERSION_STRING;\n',
    patched: `\tif (patch) *patch = MDB_VERSION_PATCH;\n\treturn MDB_VERSION_STRING " (${MARK})";\n`,
  },
  // releaseMap(): lets the store drop the pages of the data file it has mapped from the process's
  // resident set (docs/patches.md, patch 1, edit 3). Three pieces: the method's declaration, its
  // registration on the Env class, and its body.
  {
    file: envHeader,
    what: 'the declaration of Env.releaseMap',
    unpatched: '\tNapi::Value readerCheck(const CallbackInfo& info);\n',
    patched:
      '\tNapi::Value readerCheck(const CallbackInfo& info);\n\t/* catalog: drop the mapped pages of the data file from the resident set */\n\tNapi::Value releaseMap(const CallbackInfo& info);\n',
  },
  {
    file: envSource,
    what: 'the registration of Env.releaseMap',
    unpatched: '\t\tEnvWrap::InstanceMethod("readerList", &EnvWrap::readerList),\n',
    patched:
      '\t\tEnvWrap::InstanceMethod("readerList", &EnvWrap::readerList),\n\t\tEnvWrap::InstanceMethod("releaseMap", &EnvWrap::releaseMap),\n',
  },
  {
    file: envSource,
    what: 'the body of Env.releaseMap',
    unpatched: '\treturn Number::New(info.Env(), dead);\n}\n',
    patched: [
      '\treturn Number::New(info.Env(), dead);',
      '}',
      '',
      '#ifndef _WIN32',
      '#include <sys/mman.h>',
      '#endif',
      '// catalog: tells the kernel the pages this process has mapped of the data file are not needed now.',
      '// The map is shared and read-only (no MDB_WRITEMAP), so nothing is lost: the pages stay in the page',
      '// cache, and the next read of one maps it again. Answers whether anything was released.',
      'Napi::Value EnvWrap::releaseMap(const CallbackInfo& info) {',
      '\tif (!this->env) {',
      '\t\treturn throwError(info.Env(), "The environment is already closed.");',
      '\t}',
      '#if defined(MADV_DONTNEED) && !defined(_WIN32)',
      '\tMDB_envinfo envinfo;',
      '\tunsigned int flags = 0;',
      '\tif (mdb_env_info(this->env, &envinfo) != 0 || mdb_env_get_flags(this->env, &flags) != 0) return Boolean::New(info.Env(), false);',
      '\tif (!envinfo.me_mapaddr || (flags & (MDB_WRITEMAP | MDB_REMAP_CHUNKS))) return Boolean::New(info.Env(), false);',
      '\treturn Boolean::New(info.Env(), madvise(envinfo.me_mapaddr, envinfo.me_mapsize, MADV_DONTNEED) == 0);',
      '#else',
      '\treturn Boolean::New(info.Env(), false);',
      '#endif',
      '}',
      '',
    ].join('\n'),
  },
  // Checks against a damaged data file (docs/patches.md §1, edits 4 and 5). LMDB trusts every byte
  // of its file: a page number, a node offset or a value size damaged on disk sends it reading outside
  // the file or the map, and the process dies on SIGBUS or SIGSEGV; a broken tree trips an assertion
  // and it dies on SIGABRT; a damaged key or value is read as if it were right. With these edits every
  // page written gets a checksum in its header, and every page LMDB takes from the map is checked —
  // its structure, and its checksum when it has one — before anything in it is followed; what is
  // wrong is an MDB_CORRUPTED error the caller sees.
  {
    file: source,
    what: 'the page flag of a page that carries a checksum',
    unpatched: '#define\tP_KEEP\t\t 0x8000\t\t/**< leave this page alone during spill */\n',
    patched:
      "#define\tP_KEEP\t\t 0x8000\t\t/**< leave this page alone during spill */\n#define\tP_CATALOG_SUM\t 0x0800\t\t/**< catalog: mp_pad holds the page's checksum (catalog_page_seal) */\n",
  },
  {
    file: source,
    what: 'the page checksum',
    unpatched: '\t/** Address of first usable data byte in a page, after the header */\n',
    patched: [
      "/* catalog: the page checksum (docs/patches.md §1, edit 5). 16 bits of XXH32 (lz4's copy, bundled with",
      ' * lmdb-js) over the whole page (every page of an overflow run) but its mp_pad, where the sum is kept;',
      ' * P_CATALOG_SUM says it is there. A LEAF2 page keeps its key size in mp_pad and is never sealed. */',
      '#define XXH_PRIVATE_API',
      '#include "xxhash.h"',
      'static uint16_t',
      'catalog_page_sum(const MDB_page *mp, size_t size)',
      '{',
      '\tconst char *p = (const char *)mp;',
      '\tsize_t pad = offsetof(MDB_page_header, mh_pad);',
      '\tXXH32_hash_t head = XXH32(p, pad, 0);',
      '\treturn (uint16_t)XXH32(p + pad + sizeof(uint16_t), size - pad - sizeof(uint16_t), head);',
      '}',
      '',
      '/** Gives a page about to be written its checksum. */',
      'static void',
      'catalog_page_seal(MDB_page *mp, size_t size)',
      '{',
      '\tif (mp->mp_flags & (P_LEAF2|P_SUBP|P_META))',
      '\t\treturn;',
      '\tmp->mp_flags |= P_CATALOG_SUM;',
      '\tmp->mp_pad = catalog_page_sum(mp, size);',
      '}',
      '',
      '\t/** Address of first usable data byte in a page, after the header */',
      '',
    ].join('\n'),
  },
  {
    file: source,
    what: 'the checksum of each page written',
    unpatched: '\t\t\tpages_written += nump;\n\t\t\tsize *= nump;\n',
    patched: '\t\t\tpages_written += nump;\n\t\t\tsize *= nump;\n\t\t\tcatalog_page_seal(dp, size);\n',
  },
  // LMDB's compacting copy renumbers the pages it copies: their checksums no longer hold, so they go.
  // (The catalog compacts by rewriting entries, src/store/backup.ts; this keeps the C copy honest.)
  {
    file: source,
    what: 'no stale checksum on an overflow page the compacting copy renumbers',
    unpatched: '\t\t\t\t\t\tovp.op_pgno = mo->mp_pgno = my->mc_next_pgno;\n',
    patched: '\t\t\t\t\t\tovp.op_pgno = mo->mp_pgno = my->mc_next_pgno;\n\t\t\t\t\t\tmo->mp_flags &= ~P_CATALOG_SUM;\n',
  },
  {
    file: source,
    what: 'no stale checksum on a page the compacting copy renumbers',
    unpatched: '\t\tmo->mp_pgno = my->mc_next_pgno++;\n\t\tmo->mp_txnid = 1;\n',
    patched: '\t\tmo->mp_pgno = my->mc_next_pgno++;\n\t\tmo->mp_txnid = 1;\n\t\tmo->mp_flags &= ~P_CATALOG_SUM;\n',
  },
  {
    file: source,
    what: 'the record of checked pages in MDB_env',
    unpatched: '\tMDB_sum_func *me_sumfunc;\t/**< checksum env data */\n',
    patched:
      "\tMDB_sum_func *me_sumfunc;\t/**< checksum env data */\n\tstruct catalog_checked *me_catalog_checked;\t/**< catalog: pages checked already (catalog_page_check) */\n\tuint64_t me_catalog_fsize;\t/**< catalog: the data file's size when last read (catalog_in_file) */\n",
  },
  {
    file: source,
    what: 'the release of the record of checked pages',
    unpatched:
      '\tmdb_env_close_active(env, 0);\n#if MDB_RPAGE_CACHE\n\tfree(env->me_enckey.mv_data);\n#endif\n\tfree(env);\n',
    patched:
      '\tmdb_env_close_active(env, 0);\n#if MDB_RPAGE_CACHE\n\tfree(env->me_enckey.mv_data);\n#endif\n\tcatalog_checked_free(env);\n\tfree(env);\n',
  },
  {
    file: source,
    what: 'the page check',
    unpatched: '/** Find the address of the page corresponding to a given page number.\n',
    patched: [
      '/* catalog: the page check (docs/patches.md §1, edit 4). */',
      '/** Says what was wrong, and in which file, after the error\'s own text: "in PATH: WHAT" (the store',
      ' *\treads the path back to name the file in its message, src/store/damage.ts). */',
      'static void',
      'catalog_note(MDB_txn *txn, const char *what)',
      '{',
      '\tstatic char text[512];',
      '\tconst char *path = txn->mt_env->me_path;',
      '\tsnprintf(text, sizeof(text), "in %.400s: %s", path ? path : "?", what);',
      '\tlast_error = text;',
      '}',
      '',
      '/** Marks the txn failed (a write txn must not commit on it) and says what was wrong. */',
      'static int',
      'catalog_corrupted(MDB_txn *txn, const char *what)',
      '{',
      '\tif (!(txn->mt_flags & MDB_TXN_RDONLY))',
      '\t\ttxn->mt_flags |= MDB_TXN_ERROR;',
      '\tcatalog_note(txn, what);',
      '\treturn MDB_CORRUPTED;',
      '}',
      '',
      "/** Whether pages [pgno, pgno + n) lie inside the data file. LMDB's file may legitimately end before its",
      ' *\tlast page in use (pages freed in the txn that took them are never written), so a file cut short is',
      ' *\tfound where it matters: before a page past its end is read through the map (SIGBUS). The size is',
      ' *\tread again (fstat) only when a page lies past the size last seen: the file grows as writers commit. */',
      'static int',
      'catalog_in_file(MDB_env *env, pgno_t pgno, pgno_t n)',
      '{',
      '\tuint64_t end = ((uint64_t)pgno + n) * env->me_psize, size = __atomic_load_n(&env->me_catalog_fsize, __ATOMIC_RELAXED);',
      '\tif (end <= size)',
      '\t\treturn 1;',
      '#ifdef _WIN32',
      '\t{',
      '\t\tLARGE_INTEGER li;',
      '\t\tif (!GetFileSizeEx(env->me_fd, &li))',
      '\t\t\treturn 1;',
      '\t\tsize = (uint64_t)li.QuadPart;',
      '\t}',
      '#else',
      '\t{',
      '\t\tstruct stat st;',
      '\t\tif (fstat(env->me_fd, &st))',
      '\t\t\treturn 1;',
      '\t\tsize = (uint64_t)st.st_size;',
      '\t}',
      '#endif',
      '\t__atomic_store_n(&env->me_catalog_fsize, size, __ATOMIC_RELAXED);',
      '\treturn end <= size;',
      '}',
      '',
      '/** Whether page \\b mp, read from the map as page \\b pgno, may be followed: NULL, or what is wrong. */',
      'static const char *',
      'catalog_page_problem(MDB_txn *txn, MDB_page *mp, pgno_t pgno)',
      '{',
      '\tMDB_env *env = txn->mt_env;',
      '\tunsigned psize = env->me_psize, flags, lower, upper, i, n;',
      '\tpgno_t next = txn->mt_next_pgno;',
      '\tsize_t size = psize;',
      '\tif (mp->mp_pgno != pgno)',
      '\t\treturn "a page does not carry its own page number";',
      '\tflags = mp->mp_flags & (P_BRANCH|P_LEAF|P_OVERFLOW|P_META|P_LEAF2|P_SUBP);',
      '\tif (flags == P_OVERFLOW) {',
      '\t\tif (mp->mp_pages < 1 || mp->mp_pages > next - pgno)',
      '\t\t\treturn "an overflow page runs past the last page";',
      '\t\tif (!catalog_in_file(env, pgno, mp->mp_pages))',
      '\t\t\treturn "a large value runs past the end of the file, which is cut short";',
      '\t\tsize = (size_t)psize * mp->mp_pages;',
      '\t\tgoto sum;',
      '\t}',
      '\tif (flags != P_BRANCH && flags != P_LEAF && flags != (P_LEAF|P_LEAF2))',
      '\t\treturn "a page of the tree has an unknown type";',
      '\tlower = mp->mp_lower;',
      '\tupper = mp->mp_upper;',
      '\tif ((lower & 1) || lower > upper || upper > psize - PAGEBASE)',
      '\t\treturn "a page\'s free space bounds lie outside it";',
      '\tn = NUMKEYS(mp);',
      '\tif (n < 1)',
      '\t\treturn "a page of the tree is empty";',
      '\tif (flags & P_LEAF2)',
      '\t\treturn mp->mp_pad == 0 || (size_t)n * mp->mp_pad > psize - PAGEHDRSZ ? "a page\'s fixed-size keys overrun it" : NULL;',
      '\tfor (i = 0; i < n; i++) {',
      '\t\tunsigned off = mp->mp_ptrs[i] + PAGEBASE;',
      '\t\tMDB_node *node;',
      '\t\tsize_t end;',
      '\t\tif (off < upper + PAGEBASE || off + NODESIZE > psize)',
      '\t\t\treturn "a node lies outside its page";',
      '\t\tnode = (MDB_node *)((char *)mp + off);',
      '\t\tend = (size_t)off + NODESIZE + node->mn_ksize;',
      '\t\tif (flags == P_BRANCH) {',
      '\t\t\tpgno_t child = NODEPGNO(node);',
      '\t\t\tif (child < NUM_METAS || child >= next)',
      '\t\t\t\treturn "a branch points past the last page";',
      '\t\t} else if (node->mn_flags & F_BIGDATA) {',
      '\t\t\tMDB_ovpage ovp;',
      '\t\t\tif (node->mn_flags != F_BIGDATA || end + sizeof(MDB_ovpage) > psize)',
      '\t\t\t\treturn "a node of a large value lies outside its page";',
      '\t\t\tmemcpy(&ovp, NODEDATA(node), sizeof(ovp));',
      '\t\t\tif (ovp.op_pgno < NUM_METAS || ovp.op_pgno >= next || OVPAGES(NODEDSZ(node), psize) > next - ovp.op_pgno)',
      '\t\t\t\treturn "a large value runs past the last page";',
      '\t\t\tend += sizeof(MDB_ovpage);',
      '\t\t} else {',
      '\t\t\tif (node->mn_flags & ~(F_SUBDATA|F_DUPDATA))',
      '\t\t\t\treturn "a node has unknown flags";',
      '\t\t\tif ((node->mn_flags & F_SUBDATA) && NODEDSZ(node) != sizeof(MDB_db))',
      '\t\t\t\treturn "a table record has the wrong size";',
      '\t\t\tend += NODEDSZ(node);',
      '\t\t}',
      '\t\tif (end > psize)',
      '\t\t\treturn "a node overruns its page";',
      '\t}',
      'sum:',
      '\tif ((mp->mp_flags & P_CATALOG_SUM) && catalog_page_sum(mp, size) != mp->mp_pad)',
      '\t\treturn "a page does not match its checksum";',
      '\treturn NULL;',
      '}',
      '',
      '/** The pages of an environment checked already: per page number, the id of the txn that wrote the',
      ' *\tversion checked (shifted left, low bit set). A page keeps that id in its header, so a page written',
      ' *\tagain is checked again. Grown by copying (readers on another thread may still hold the old one,',
      ' *\tkept on the prev chain until the environment closes). */',
      'typedef struct catalog_checked {',
      '\tstruct catalog_checked *prev;',
      '\tsize_t len;',
      '\tuint32_t tags[1];',
      '} catalog_checked;',
      '',
      'static uint32_t *',
      'catalog_checked_slot(MDB_env *env, pgno_t pgno)',
      '{',
      '\tcatalog_checked *c = __atomic_load_n(&env->me_catalog_checked, __ATOMIC_ACQUIRE), *grown;',
      '\tsize_t len;',
      '\tif (c && pgno < c->len)',
      '\t\treturn &c->tags[pgno];',
      '\tlen = c ? c->len * 2 : 0;',
      '\tif (len < pgno + 4096)',
      '\t\tlen = pgno + 4096;',
      '\tgrown = calloc(1, sizeof(catalog_checked) + len * sizeof(uint32_t));',
      '\tif (!grown)',
      '\t\treturn NULL;',
      '\tgrown->len = len;',
      '\tgrown->prev = c;',
      '\tif (c)',
      '\t\tmemcpy(grown->tags, c->tags, c->len * sizeof(uint32_t));',
      '\tif (!__atomic_compare_exchange_n(&env->me_catalog_checked, &c, grown, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {',
      '\t\tfree(grown);',
      '\t\treturn c && pgno < c->len ? &c->tags[pgno] : NULL;',
      '\t}',
      '\treturn &grown->tags[pgno];',
      '}',
      '',
      'static void',
      'catalog_checked_free(MDB_env *env)',
      '{',
      '\tcatalog_checked *c = env->me_catalog_checked;',
      '\twhile (c) {',
      '\t\tcatalog_checked *prev = c->prev;',
      '\t\tfree(c);',
      '\t\tc = prev;',
      '\t}',
      '\tenv->me_catalog_checked = NULL;',
      '}',
      '',
      '/** Checks a page read from the map, once per version of it. */',
      'static int',
      'catalog_page_check(MDB_txn *txn, MDB_page *mp, pgno_t pgno)',
      '{',
      '\tuint32_t *slot = catalog_checked_slot(txn->mt_env, pgno);',
      '\tuint32_t tag = ((uint32_t)mp->mp_txnid << 1) | 1;',
      '\tconst char *problem;',
      '\tif (slot && __atomic_load_n(slot, __ATOMIC_RELAXED) == tag)',
      '\t\treturn MDB_SUCCESS;',
      '\tif ((problem = catalog_page_problem(txn, mp, pgno)) != NULL)',
      '\t\treturn catalog_corrupted(txn, problem);',
      '\tif (slot)',
      '\t\t__atomic_store_n(slot, tag, __ATOMIC_RELAXED);',
      '\treturn MDB_SUCCESS;',
      '}',
      '',
      '/** Find the address of the page corresponding to a given page number.',
      '',
    ].join('\n'),
  },
  {
    file: source,
    what: 'the page check where a page is taken from the map',
    unpatched:
      '\t\tMDB_env *env = txn->mt_env;\n\t\tp = (MDB_page *)(env->me_map + env->me_psize * pgno);\n\t}\n\ndone:\n',
    patched:
      '\t\tMDB_env *env = txn->mt_env;\n\t\tint rc;\n\t\tp = (MDB_page *)(env->me_map + env->me_psize * pgno);\n\t\tif (!catalog_in_file(env, pgno, 1))\n\t\t\treturn catalog_corrupted(txn, "a page lies past the end of the file, which is cut short");\n\t\tif ((rc = catalog_page_check(txn, p, pgno)) != MDB_SUCCESS)\n\t\t\treturn rc;\n\t}\n\ndone:\n',
  },
  {
    file: source,
    what: 'a page number past the end as an error without a line on stderr',
    unpatched:
      '\t\tDPRINTF(("page %"Yu" not found", pgno));\n\t\tfprintf(stderr, "page %u not found error\\n", pgno);\n',
    patched:
      '\t\tDPRINTF(("page %"Yu" not found", pgno));\n\t\tcatalog_note(txn, "a page number lies past the last page");\n',
  },
  {
    file: source,
    what: 'a branch that leads to no leaf as an error without a line on stderr',
    unpatched: '\t\tfprintf(stderr, "internal error, index points to a %02X page!?\\n",\n\t\t\t\tmp->mp_flags);\n',
    patched: '\t\tcatalog_note(mc->mc_txn, "a branch leads to a page that is not a leaf");\n',
  },
  {
    file: source,
    what: 'mdb_cverify, an assertion that fails the call instead of the process',
    unpatched: '/** assert(3) variant in transaction context */\n',
    patched:
      '/** catalog: what a damaged file can make false fails the call with MDB_CORRUPTED, never the process */\n#define mdb_cverify(mc, expr)\tdo { if (!(expr)) return catalog_corrupted((mc)->mc_txn, "the tree is inconsistent (" #expr ")"); } while (0)\nstatic int catalog_corrupted(MDB_txn *txn, const char *what);\nstatic void catalog_checked_free(MDB_env *env);\n/** assert(3) variant in transaction context */\n',
  },
  ...[
    'mdb_cassert(mc, !mc->mc_dbi || NUMKEYS(mp) > 1);',
    'mdb_cassert(mc, i > 0);',
    'mdb_cassert(mc, i < NUMKEYS(mp));',
    'mdb_cassert(mc, root > 1);',
    'mdb_cassert(mc, IS_LEAF(mp));',
    'mdb_cassert(mc, IS_LEAF(mc->mc_pg[mc->mc_top]));',
  ].map((line) => ({
    file: source,
    what: `\`${line}\` on the read path as an error`,
    unpatched: line,
    patched: line.replace('mdb_cassert(', 'mdb_cverify('),
    all: true,
  })),
  {
    file: source,
    what: 'the size check of a free-page list read from the file',
    unpatched: '\t\tidl = (MDB_ID *) data.mv_data;\n\t\ti = idl[0];\n',
    patched:
      '\t\tidl = (MDB_ID *) data.mv_data;\n\t\ti = idl[0];\n\t\tif (data.mv_size < sizeof(MDB_ID) || idl[0] > data.mv_size / sizeof(MDB_ID) - 1) {\n\t\t\trc = catalog_corrupted(txn, "a free-page list is longer than its record");\n\t\t\tgoto fail;\n\t\t}\n',
  },
  {
    file: source,
    what: 'a failed assertion as an exit with a message, not SIGABRT',
    unpatched:
      '\tif (env->me_assert_func)\n\t\tenv->me_assert_func(env, buf);\n\tfprintf(stderr, "%s\\n", buf);\n\tabort();\n',
    patched:
      '\tif (env->me_assert_func)\n\t\tenv->me_assert_func(env, buf);\n\t/* catalog: what no check caught ends the process with a message and exit code 70, not a signal */\n\tfprintf(stderr, "catalog: stopped: the data file %s is inconsistent (LMDB: %s); it may be damaged: restore it from a backup, or copy it again from where it came from\\n", env->me_path ? env->me_path : "", buf);\n\tfflush(stderr);\n\t_Exit(70);\n',
  },
  // lmdb-js prints a value it cannot decompress, byte by byte, on stderr: a damaged value is the
  // caller's error to report (the store's checksum names it), not a screenful of numbers.
  {
    file: compressionSource,
    what: 'no stderr line for a value of unknown compression',
    unpatched: '\t\tfprintf(stderr, "Unknown status byte %u\\n", charData[0]);\n',
    patched: '',
  },
  {
    file: compressionSource,
    what: 'no stderr dump of a value that does not decompress',
    unpatched:
      '\t\tfprintf(stderr, "Failed to decompress data %u %u bytes:\\n", compressionHeaderSize, uncompressedLength);\n\t\tfor (uint32_t i = 0; i < compressedLength; i++) {\n\t\t\tfprintf(stderr, "%u ", charData[i]);\n\t\t}\n',
    patched: '',
  },
];

function fail(message) {
  console.error(`lmdb-native: ${message}`);
  process.exit(1);
}

const version = JSON.parse(readFileSync(join(lmdbDir, 'package.json'), 'utf8')).version;
if (version !== PINNED)
  fail(
    `lmdb ${version} is installed but this fix was written for ${PINNED}; check whether it is still needed and update scripts/build/lmdb-native.mjs`,
  );

const texts = new Map();
for (const file of new Set(edits.map((e) => e.file))) texts.set(file, readFileSync(file, 'utf8'));
// An edit applies where its original text is found exactly once, or (`all`) wherever it is found, at
// least once; it counts as applied already when its original text is gone and its edited text is
// there (a second run in the same node_modules). An edit that deletes (`patched` empty) is applied
// when its original text is gone.
for (const { file, what, unpatched, patched, all } of edits) {
  let text = texts.get(file);
  const count = (s) => text.split(s).length - 1;
  const applied =
    patched === ''
      ? count(unpatched) === 0
      : all
        ? count(unpatched) === 0 && count(patched) > 0
        : count(patched) === 1 && (count(unpatched) === 0 || patched.includes(unpatched));
  if (applied) {
    // already applied
  } else if (count(unpatched) === 1 || (all && count(unpatched) > 0)) {
    text = text.split(unpatched).join(patched);
    console.log(`lmdb-native: applied ${what} to ${file.slice(lmdbDir.length + 1)}`);
  } else {
    fail(
      `${file} does not contain the code expected for ${what} ${all ? 'at least once' : 'exactly once'}; it cannot be applied`,
    );
  }
  texts.set(file, text);
}
for (const [file, text] of texts) if (text !== readFileSync(file, 'utf8')) writeFileSync(file, text);

const hash = createHash('sha256');
for (const text of texts.values()) hash.update(text);
const key = hash.update(process.version).update(process.arch).digest('hex').slice(0, 16);
const cacheDir = join(root, '.cache', 'lmdb-native');
const cached = join(cacheDir, `lmdb-${key}.node`);
if (existsSync(cached)) {
  mkdirSync(dirname(output), { recursive: true });
  copyFileSync(cached, output);
  console.log(`lmdb-native: reused ${cached}`);
  process.exit(0);
}

// node-gyp: the one npm runs lifecycle scripts with, else the one bundled with npm.
const bundledNodeGyp = () => {
  const npmRoot = spawnSync('npm', ['root', '-g'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  return join(npmRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
};
const fromNpm = process.env.npm_config_node_gyp;
const nodeGyp = fromNpm && existsSync(fromNpm) ? fromNpm : bundledNodeGyp();
if (!existsSync(nodeGyp)) fail('node-gyp not found (it ships with npm); cannot compile lmdb');
// Node's C headers, from the Node install itself, so node-gyp never needs the network.
const nodeDir = dirname(dirname(process.execPath));
if (!existsSync(join(nodeDir, 'include', 'node', 'node_api.h'))) {
  fail(
    `Node's headers are not in ${join(nodeDir, 'include', 'node')}; install them (Debian: nodejs-dev / libnode-dev, or use an official Node tarball)`,
  );
}

const started = Date.now();
console.log('lmdb-native: compiling lmdb (about 10 s on 2 cores)…');
const build = spawnSync(process.execPath, [nodeGyp, 'rebuild', `--nodedir=${nodeDir}`, '-j', 'max'], {
  cwd: lmdbDir,
  encoding: 'utf8',
  env: { ...process.env, npm_config_nodedir: nodeDir },
});
if (build.status !== 0) {
  process.stderr.write(build.stdout ?? '');
  process.stderr.write(build.stderr ?? '');
  fail('compiling lmdb failed (needs gcc, g++, make and python3)');
}
if (!existsSync(output)) fail(`the build finished but ${output} is missing`);
mkdirSync(cacheDir, { recursive: true });
// Keep the cache small: only the addon for the current source and Node version. Only this script's
// own addons (lmdb-HASH.node): those of the release targets (lmdb-TARGET-HASH.node,
// scripts/build/lmdb-target.mjs) stay, some of which take an hour to compile.
for (const old of readdirSync(cacheDir)) if (/^lmdb-[0-9a-f]{16}\.node$/.test(old)) rmSync(join(cacheDir, old));
copyFileSync(output, cached);
console.log(`lmdb-native: built ${output} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
