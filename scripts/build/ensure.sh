#!/usr/bin/env bash
# Builds build/catalog only when it is missing or older than anything it is built from (sources,
# build scripts, package files, lmdb's compiled addon); otherwise says it is current. Used by
# `npm test` and `npm run serve`, so both run the executable of the current source.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=build/catalog
inputs=(src scripts/build build.sh package.json package-lock.json node_modules/lmdb/build/Release/lmdb.node)
if [ -x "$bin" ] && [ -z "$(find "${inputs[@]}" -newer "$bin" -print -quit 2>/dev/null)" ]; then
  echo "build/catalog is up to date"
else
  bash build.sh
fi
