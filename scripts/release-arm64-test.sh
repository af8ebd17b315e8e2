#!/usr/bin/env bash
# `npm run test:arm64`: the executable's process-level tests against build/release/catalog-linux-arm64
# under qemu-user (built first when missing or stale: scripts/setup.sh arm64). Slow — every process
# the tests start is emulated — so it runs on demand, not in CI (CI runs test/release.test.ts's smoke
# list). Arguments name test files; none: every process-level file but test/sea.test.ts (it checks
# the build of this machine) and test/release.test.ts (it runs the arm64 file itself).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh arm64
# The tests start CATALOG_BIN as a program: a wrapper that runs the file under qemu, with the address
# space limited (qemu-user cannot map the 64 GiB the store reserves otherwise: docs/platforms.md).
wrapper=build/release/qemu/catalog
mkdir -p "$(dirname "$wrapper")"
printf '#!/bin/sh\nulimit -v 200000000\nexec qemu-aarch64 -L /usr/aarch64-linux-gnu %q "$@"\n' "$PWD/build/release/catalog-linux-arm64" > "$wrapper"
chmod +x "$wrapper"
files=("$@")
if [ "${#files[@]}" -eq 0 ]; then
  # shellcheck source=scripts/test-files.sh
  source scripts/test-files.sh
  for f in "${PROCESS_LEVEL[@]}"; do
    case "$f" in test/sea.test.ts | test/release.test.ts) ;; *) files+=("$f") ;; esac
  done
fi
CATALOG_BIN=$PWD/$wrapper bash scripts/test.sh "${files[@]}"
