#!/usr/bin/env bash
# The project's test command (`npm test`): type-check, then run every test file with node:test.
# Fails on a type error, on any failing test, and when no test ran (none found, or none passed).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== type-check (tsc --noEmit)"
npx --no-install tsc -p . --noEmit

# Process-level suites (CLI, server, interop, crash safety, bench smoke) spawn the `catalog` named by
# CATALOG_BIN: by default the single executable built here, which is what users run. Set
# CATALOG_BIN to another executable to test that one, or to the empty string to run the sources.
if [ -z "${CATALOG_BIN+set}" ]; then
  echo "== build/catalog"
  bash scripts/build/ensure.sh
  export CATALOG_BIN=build/catalog
fi
if [ -n "$CATALOG_BIN" ]; then
  [ -x "$CATALOG_BIN" ] || { echo "CATALOG_BIN=$CATALOG_BIN is not an executable file" >&2; exit 1; }
  echo "== process-level tests run $CATALOG_BIN"
else
  echo "== process-level tests run the sources (CATALOG_BIN is empty)"
fi

shopt -s nullglob
files=(test/*.test.ts test/*/*.test.ts)
if [ "${#files[@]}" -eq 0 ]; then
  echo "no test files found under test/" >&2
  exit 1
fi

echo "== node --test (${#files[@]} files)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
node --import tsx --test --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$log" "${files[@]}"
status=$?
set -e
summary=$(grep -E '^# (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) ' "$log" || true)
echo "$summary"
tests=$(printf '%s\n' "$summary" | awk '$2=="tests"{print $3}')
pass=$(printf '%s\n' "$summary" | awk '$2=="pass"{print $3}')
fail=$(printf '%s\n' "$summary" | awk '$2=="fail"{print $3}')
cancelled=$(printf '%s\n' "$summary" | awk '$2=="cancelled"{print $3}')
skipped=$(printf '%s\n' "$summary" | awk '$2=="skipped"{print $3}')
echo "${pass:-0} passed, $(( ${fail:-0} + ${cancelled:-0} )) failed, ${skipped:-0} skipped"
# A run in which nothing passed (no tests, or every one skipped) proves nothing: fail it.
if [ "${tests:-0}" -eq 0 ] || [ "${pass:-0}" -eq 0 ]; then
  echo "no test ran (${tests:-0} found, ${pass:-0} passed): failing" >&2
  exit 1
fi
exit "$status"
