#!/usr/bin/env bash
# Builds build/catalog: one executable file (Node's Single Executable Application) holding the
# bundled CLI/server and lmdb's native addons. It embeds the Node pinned in scripts/build/targets.mjs
# (24.x, fetched once with pip into .cache/node/, checked by hash), not the node that runs this
# script (which only runs the build tools: esbuild, codegen).
set -euo pipefail
cd "$(dirname "$0")"
# CATALOG_BUILD_DIR builds elsewhere (e.g. to try a build while others run tests on build/catalog).
out=${CATALOG_BUILD_DIR:-build}
# CATALOG_TARGET builds for another platform (scripts/build/targets.mjs; `npm run release` sets it).
host=$(node -p 'process.platform + "-" + process.arch')
target=${CATALOG_TARGET:-$host}
mkdir -p "$out"
start=$(date +%s%N)
# Runs a step silently; shows what it printed only when it fails (postject's LIEF warnings about
# section names and the SEA blob notice are noise on success).
quiet() {
  local out
  if ! out=$("$@" 2>&1); then printf '%s\n' "$out" >&2; echo "build.sh: failed: $*" >&2; return 1; fi
}

# The Node the executable embeds, and the one that makes its SEA blob and start-up snapshot: the
# target's own where it runs here (linux-arm64 under qemu-user), else none, and the blob is made
# without a snapshot by this machine's copy of the same Node (a blob without one is the same on
# every platform).
target_node=$(node scripts/build/node-runtime.mjs "$target")
host_node=$(node scripts/build/node-runtime.mjs "$host")
snapshot=true
case "$target" in
"$host") run_target=("$target_node") ;;
linux-arm64) run_target=(qemu-aarch64 -L /usr/aarch64-linux-gnu "$target_node") ;;
*) run_target=("$host_node") snapshot=false ;;
esac
# lmdb's addon compiled from our patched sources for the target (scripts/build/lmdb-target.mjs,
# docs/patches.md §1 and §5), never the prebuilt; msgpackr-extract's for the target.
lmdb_node=$(node scripts/build/lmdb-target.mjs "$target")
msgpack_node=$(node scripts/build/msgpackr-target.mjs "$target")
# The TypeScript types of the GraphQL schema (src/server/graphql/schema.generated.ts, not committed):
# the bundle does not need them (imported as types only), but type-checks and editors do, and `npm ci`
# runs this script (`prepare`).
node scripts/build/graphql-types.mjs
node scripts/build/bundle.mjs "$out/catalog.cjs" "$lmdb_node" "$msgpack_node"
# The web UI (src/ui: Preact, marked, DOMPurify, CSS) as one .js and one .css, each also brotli- and
# gzip-compressed, embedded as assets that src/server/ui/assets.ts reads.
quiet node scripts/build/ui.mjs "$out/ui"
ui_assets=$(for f in ui-app.js ui-app.css; do for x in "" .br .gz; do printf ',\n    "%s": "%s"' "$f$x" "$out/ui/$f$x"; done; done)
# bundle-worker.js: the record worker of `bundle create` (scripts/build/bundle.mjs builds it beside
# catalog.cjs), run in worker threads from the asset.
# Every SDL file of the GraphQL schema (src/server/graphql/schema.ts SDL_FILES), as an asset each.
sdl_assets=$(for f in src/server/graphql/*.graphql; do printf ',\n    "%s": "%s"' "$(basename "$f")" "$f"; done)
# useSnapshot: the executable starts from a V8 heap snapshot taken after src/sea/entry.ts's static
# imports were evaluated (the CLI and the model), instead of compiling and running them at each start.
# execArgv: the V8 flags the executable always starts with (docs/stack.md, "A server's memory"): a
# young generation of at most 2 x 4 MB instead of Node 24's 2 x 16 MB (or more), which kept serve's
# heap far larger than its live data under a read load. The snapshot is taken under the same flags
# (the Node that makes it is given them), so its V8 configuration is the one it starts with.
# execArgvExtension "env": NODE_OPTIONS may still add flags (as before); it cannot undo these.
v8_flags=(--max-semi-space-size=4)
exec_argv=$(printf '"%s", ' "${v8_flags[@]}")
cat > "$out/sea-config.json" <<JSON
{
  "main": "$out/catalog.cjs",
  "output": "$out/sea-prep.blob",
  "disableExperimentalSEAWarning": true,
  "useSnapshot": $snapshot,
  "execArgv": [${exec_argv%, }],
  "execArgvExtension": "env",
  "assets": {
    "lmdb.node": "$lmdb_node",
    "msgpackr-extract.node": "$msgpack_node",
    "bundle-worker.js": "$out/bundle-worker.cjs"$ui_assets$sdl_assets
  }
}
JSON
quiet "${run_target[@]}" "${v8_flags[@]}" --experimental-sea-config "$out/sea-config.json"

# CATALOG_BUILD_NAME names the file (the release names each by its platform).
name=${CATALOG_BUILD_NAME:-catalog}
rm -f "$out/$name"
cp "$target_node" "$out/catalog.tmp"
chmod u+w "$out/catalog.tmp"
postject_flags=()
case "$target" in
linux-*)
  # Strip before injection, never after (stripping would drop the injected blob).
  strip_cmd=strip
  [ "$target" = linux-arm64 ] && [ "$host" != linux-arm64 ] && strip_cmd=aarch64-linux-gnu-strip
  if command -v "$strip_cmd" >/dev/null 2>&1; then "$strip_cmd" "$out/catalog.tmp"; else echo "$strip_cmd not found: binary left unstripped" >&2; fi
  ;;
darwin-*)
  # Mach-O: the blob goes in a segment of its own; the wheel's node is signed, and injecting breaks
  # that signature, so it is signed again ad hoc after (scripts/build/sign-macos.sh).
  postject_flags=(--macho-segment-name NODE_SEA)
  ;;
esac
quiet npx --no-install postject "$out/catalog.tmp" NODE_SEA_BLOB "$out/sea-prep.blob" \
  --sentinel-fuse NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2 "${postject_flags[@]}"
case "$target" in darwin-*) bash scripts/build/sign-macos.sh "$out/catalog.tmp" ;; esac
mv "$out/catalog.tmp" "$out/$name"
end=$(date +%s%N)
echo "built $out/$name ($target, $(du -h "$out/$name" | cut -f1)) in $(( (end - start) / 1000000 )) ms"
