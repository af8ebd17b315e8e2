#!/usr/bin/env bash
# Builds build/catalog: one executable file (Node's Single Executable Application) holding the
# bundled CLI/server and lmdb's native addons. Needs only this repo's node_modules and the node
# that runs it; no network.
set -euo pipefail
cd "$(dirname "$0")"
# CATALOG_BUILD_DIR builds elsewhere (e.g. to try a build while others run tests on build/catalog).
out=${CATALOG_BUILD_DIR:-build}
mkdir -p "$out"
start=$(date +%s%N)
# Runs a step silently; shows what it printed only when it fails (postject's LIEF warnings about
# section names and the SEA blob notice are noise on success).
quiet() {
  local out
  if ! out=$("$@" 2>&1); then printf '%s\n' "$out" >&2; echo "build.sh: failed: $*" >&2; return 1; fi
}

# lmdb's addon as compiled by `npm ci` with our fix (scripts/build/lmdb-native.mjs), never the prebuilt.
lmdb_node=$(ls node_modules/lmdb/build/Release/lmdb.node)
msgpack_node=$(ls node_modules/@msgpackr-extract/msgpackr-extract-linux-x64/node.napi.glibc.node)
# The TypeScript types of the GraphQL schema (src/server/graphql/schema.generated.ts, not committed):
# the bundle does not need them (imported as types only), but type-checks and editors do, and `npm ci`
# runs this script (`prepare`).
node scripts/build/graphql-types.mjs
node scripts/build/bundle.mjs "$out/catalog.cjs" "$lmdb_node" "$msgpack_node"
# The web UI (src/ui: Preact, marked, DOMPurify, CSS) as one .js and one .css, each also brotli- and
# gzip-compressed, embedded as assets that src/server/ui/assets.ts reads.
quiet node scripts/build/ui.mjs "$out/ui"
ui_assets=$(for f in ui-app.js ui-app.css; do for x in "" .br .gz; do printf ',\n    "%s": "%s"' "$f$x" "$out/ui/$f$x"; done; done)
# Every SDL file of the GraphQL schema (src/server/graphql/schema.ts SDL_FILES), as an asset each.
sdl_assets=$(for f in src/server/graphql/*.graphql; do printf ',\n    "%s": "%s"' "$(basename "$f")" "$f"; done)
# useSnapshot: the executable starts from a V8 heap snapshot taken after src/sea/entry.ts's static
# imports were evaluated (the CLI and the model), instead of compiling and running them at each start.
cat > "$out/sea-config.json" <<JSON
{
  "main": "$out/catalog.cjs",
  "output": "$out/sea-prep.blob",
  "disableExperimentalSEAWarning": true,
  "useSnapshot": true,
  "assets": {
    "lmdb.node": "$lmdb_node",
    "msgpackr-extract.node": "$msgpack_node"$ui_assets$sdl_assets
  }
}
JSON
quiet node --experimental-sea-config "$out/sea-config.json"

rm -f "$out/catalog"
cp "$(command -v node)" "$out/catalog.tmp"
chmod u+w "$out/catalog.tmp"
# Strip before injection, never after (stripping would drop the injected blob).
if command -v strip >/dev/null 2>&1; then strip "$out/catalog.tmp"; else echo "strip not found: binary left unstripped" >&2; fi
quiet npx --no-install postject "$out/catalog.tmp" NODE_SEA_BLOB "$out/sea-prep.blob" \
  --sentinel-fuse NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2
mv "$out/catalog.tmp" "$out/catalog"
end=$(date +%s%N)
echo "built $out/catalog ($(du -h "$out/catalog" | cut -f1)) in $(( (end - start) / 1000000 )) ms"
