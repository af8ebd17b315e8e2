#!/usr/bin/env bash
# The project's test command, a ladder of three runs (scripts/test-files.sh classes the files):
#   npm run test:unit [-- FILE...]
#                               the unit files (UNIT): pure functions, on the sources; seconds.
#   npm run test:quick [-- FILE...]
#                               the in-process files (or those named, which must be in-process) on
#                               the sources, but for the slow property and model-based suites
#                               (FULL_ONLY): no setup, no build, no type-check. Over all its files
#                               (as test:unit's), the other property tests make a quarter of their
#                               runs (CATALOG_TEST_QUICK=1, test/property-runs.ts).
#   npm test                    machine setup (scripts/setup.sh), type-check, lint, then every test file:
#                               the unit and in-process ones, the process-level ones several at a
#                               time, then the few that must run alone (SERIAL).
#   npm test -- FILE...         only those files, with no type-check; when one is process-level, the
#                               setup it needs first (the build when stale, Chromium, Python,
#                               PostgreSQL).
#   bash scripts/test.sh --list [--unit|--quick] [FILE...]
#                               prints the files that run would run, one `group file` a line, and runs
#                               nothing.
# In-process files run with scripts/in-process-guard.mjs preloaded: starting a process throws there;
# unit files also with scripts/unit-guard.mjs: listening, connecting and loading lmdb throw too.
# Unit and in-process files share processes: a few shards (scripts/test-shards.mjs), each importing
# its files in turn; a file that declares no test is refused before anything runs.
# Process-level files spawn the `catalog` named by CATALOG_BIN: unset, the single executable built
# here (build/catalog), which is what users run; another path to test that executable; the empty
# string to run the sources. CATALOG_TEST_JOBS: how many files run at once (default: cores + 1).
# Ends with one line `N passed, N failed, N skipped`; fails on a type error, a lint finding (biome.jsonc,
# knip.jsonc), a failing or cancelled test, and when no test ran (none found, none passed, or a file
# declared none).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/test-files.sh
source scripts/test-files.sh

mode=full list=false
while [ "$#" -gt 0 ]; do
  case "$1" in
    --list) list=true ;;
    --quick) mode=quick ;;
    --unit) mode=unit ;;
    *) break ;;
  esac
  shift
done

in_list() { local x=$1; shift; local y; for y in "$@"; do [ "$x" = "$y" ] && return 0; done; return 1; }

for f in "${PROCESS_LEVEL[@]}"; do
  [ -f "$f" ] || { echo "scripts/test-files.sh lists $f, which does not exist" >&2; exit 1; }
done
for f in "${UNIT[@]}" "${FULL_ONLY[@]}"; do
  [ -f "$f" ] || { echo "scripts/test-files.sh lists $f, which does not exist" >&2; exit 1; }
  if in_list "$f" "${PROCESS_LEVEL[@]}"; then
    echo "scripts/test-files.sh: $f is process-level, so neither UNIT nor FULL_ONLY" >&2; exit 1
  fi
done
for f in "${UNIT[@]}"; do
  if in_list "$f" "${FULL_ONLY[@]}"; then
    echo "scripts/test-files.sh: $f is in UNIT and FULL_ONLY; a unit file runs in every run" >&2; exit 1
  fi
done
for f in "${SERIAL[@]}"; do
  in_list "$f" "${PROCESS_LEVEL[@]}" || { echo "scripts/test-files.sh: SERIAL file $f is not in PROCESS_LEVEL" >&2; exit 1; }
done

shopt -s nullglob
if [ "$#" -gt 0 ]; then
  selected=()
  for f in "$@"; do
    [ -f "$f" ] || { echo "no such test file: $f" >&2; exit 1; }
    f=$(realpath --relative-to=. "$f")
    selected+=("$f")
  done
else
  selected=(test/*.test.ts test/*/*.test.ts)
  [ "${#selected[@]}" -gt 0 ] || { echo "no test files found under test/" >&2; exit 1; }
fi

# The groups, in the order they run: unit files, the other in-process ones, the process-level ones
# several at a time, those that run alone. A file named on the command line runs whatever its class.
unit=() inproc=() parallel=() serial=()
for f in "${selected[@]}"; do
  if in_list "$f" "${UNIT[@]}"; then unit+=("$f")
  elif [ "$mode" = unit ] && [ "$#" -eq 0 ]; then continue
  elif [ "$mode" = unit ]; then
    echo "test:unit runs the files UNIT lists in scripts/test-files.sh; $f is not one (npm run test:quick -- $f)" >&2
    exit 1
  elif ! in_list "$f" "${PROCESS_LEVEL[@]}"; then
    if [ "$mode" = quick ] && [ "$#" -eq 0 ] && in_list "$f" "${FULL_ONLY[@]}"; then continue; fi
    inproc+=("$f")
  elif [ "$mode" = quick ] && [ "$#" -eq 0 ]; then continue
  elif [ "$mode" = quick ]; then echo "test:quick runs in-process files only; $f is process-level (npm test -- $f)" >&2; exit 1
  elif in_list "$f" "${SERIAL[@]}"; then serial+=("$f")
  else parallel+=("$f")
  fi
done
process_level=("${parallel[@]}" "${serial[@]}")

if $list; then
  for f in "${unit[@]}"; do echo "unit $f"; done
  for f in "${inproc[@]}"; do echo "in-process $f"; done
  for f in "${parallel[@]}"; do echo "process-level $f"; done
  for f in "${serial[@]}"; do echo "serial $f"; done
  exit 0
fi

if [ "${#process_level[@]}" -gt 0 ]; then
  # What the selected files need from the machine: all of it for the whole suite, else what they import.
  parts=()
  if [ -z "${CATALOG_BIN+set}" ]; then parts+=(build); fi
  if [ "$#" -eq 0 ] || grep -qlE "interop/setup\.ts|\.venv-interop" "${process_level[@]}"; then parts+=(python); fi
  if [ "$#" -eq 0 ] || grep -qlE "ui/(browser|harness)\.ts" "${process_level[@]}"; then parts+=(chromium); fi
  if [ "$#" -eq 0 ] || grep -qlE "pg/server\.ts" "${process_level[@]}"; then parts+=(postgres); fi
  if [ "$#" -eq 0 ] || printf '%s\n' "${process_level[@]}" | grep -qx 'test/release.test.ts'; then parts+=(arm64); fi
  if [ "${#parts[@]}" -gt 0 ]; then
    echo "== setup (${parts[*]})"
    bash scripts/setup.sh "${parts[@]}"
  fi
  if [ -z "${CATALOG_BIN+set}" ]; then export CATALOG_BIN=build/catalog; fi
  if [ -n "$CATALOG_BIN" ]; then
    [ -x "$CATALOG_BIN" ] || { echo "CATALOG_BIN=$CATALOG_BIN is not an executable file" >&2; exit 1; }
    echo "== process-level tests run $CATALOG_BIN"
  else
    echo "== process-level tests run the sources (CATALOG_BIN is empty)"
  fi
fi

if [ "$#" -eq 0 ] && [ "$mode" = full ]; then
  echo "== type-check (tsc --noEmit)"
  # The GraphQL schema's types are generated, not committed (scripts/build/graphql-types.mjs).
  node scripts/build/graphql-types.mjs
  npx --no-install tsc -p . --noEmit
  # `npm run lint`: Biome's rules and its format check, then knip's unused exports and files.
  echo "== lint (biome, knip)"
  npx --no-install biome check --error-on-warnings
  npx --no-install knip
fi

# test:quick and test:unit over all their files: property tests make a quarter of their runs
# (test/property-runs.ts); `npm test` and files named make them all.
if [ "$#" -eq 0 ] && [ "$mode" != full ]; then export CATALOG_TEST_QUICK=1; fi

jobs=${CATALOG_TEST_JOBS:-$(( $(nproc 2>/dev/null || echo 1) + 1 ))}
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
status=0
# node --test over a group of files, `concurrency` at a time; its TAP summary is kept for the total.
run_group() {
  local label=$1 concurrency=$2; shift 2
  local extra=()
  case "$label" in
    unit) extra=(--import ./scripts/in-process-guard.mjs --import ./scripts/unit-guard.mjs) ;;
    in-process) extra=(--import ./scripts/in-process-guard.mjs) ;;
  esac
  local targets=("$@")
  if [ "${#extra[@]}" -gt 0 ]; then
    # Unit and in-process files share processes: `concurrency` shards, each one node importing its
    # files in turn, balanced by size. Loading the sources through tsx costs a process 1–3 s of CPU,
    # more than most of these files' tests; one process per file spent more on that than on testing.
    local shards
    shards=$(node scripts/test-shards.mjs "$logs" "$label" "$concurrency" "$@") || exit 1
    mapfile -t targets <<< "$shards"
    echo "== node --test: $label ($# files in ${#targets[@]} processes)"
  else
    echo "== node --test: $label ($# files, $concurrency at a time)"
  fi
  local rc=0
  node --import tsx "${extra[@]}" --test --test-concurrency="$concurrency" \
    --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$logs/$label.tap" "${targets[@]}" || rc=$?
  [ "$rc" -eq 0 ] || status=$rc
}
started=$(date +%s)
if [ "${#unit[@]}" -gt 0 ]; then run_group unit "$jobs" "${unit[@]}"; fi
if [ "${#inproc[@]}" -gt 0 ]; then run_group in-process "$jobs" "${inproc[@]}"; fi
if [ "${#parallel[@]}" -gt 0 ]; then run_group process-level "$jobs" "${parallel[@]}"; fi
if [ "${#serial[@]}" -gt 0 ]; then run_group serial 1 "${serial[@]}"; fi

# The totals of every group (TAP's closing `# tests N`, `# pass N` … lines).
total() { cat "$logs"/*.tap 2>/dev/null | awk -v k="$1" '$1=="#" && $2==k {n+=$3} END {print n+0}'; }
tests=$(total tests) pass=$(total pass) fail=$(total fail) cancelled=$(total cancelled) skipped=$(total skipped) todo=$(total todo)
echo "# tests $tests, pass $pass, fail $fail, cancelled $cancelled, skipped $skipped, todo $todo; $(( $(date +%s) - started )) s"
echo "$pass passed, $(( fail + cancelled )) failed, $skipped skipped"
# A run in which nothing passed (no tests, or every one skipped) proves nothing: fail it.
if [ "$tests" -eq 0 ] || [ "$pass" -eq 0 ]; then
  echo "no test ran ($tests found, $pass passed): failing" >&2
  exit 1
fi
# node --test reports a file that declared no test as one passing test named by its path: such a
# file proves nothing, and would let a run of empty files pass. Fail it.
empty=$(cat "$logs"/*.tap 2>/dev/null | sed -nE 's/^ok [0-9]+ - (.*\.test\.ts)$/\1/p')
if [ -n "$empty" ]; then
  echo "test files that ran no test (each counted as one pass above): failing" >&2
  printf '  %s\n' $empty >&2
  exit 1
fi
if [ "$(( fail + cancelled ))" -gt 0 ] && [ "$status" -eq 0 ]; then status=1; fi
exit "$status"
