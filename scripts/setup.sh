#!/usr/bin/env bash
# Sets up this machine for the tests, once: `npm test` runs it first (with the parts the selected test
# files need), and no test installs anything itself; a test that finds a part missing fails and says
# to run this. Idempotent: a part already in place costs well under a second.
#   scripts/setup.sh [chromium] [python] [postgres] [build] [arm64]     (no argument: all five)
# - chromium: Debian's `chromium` package for the web UI's tests (apt-get, as root), unless
#   CATALOG_CHROMIUM names a Chromium executable. Playwright downloads nothing.
# - python:   DataHub's Python CLI, SDK and MCP server at pinned versions in .venv-interop/
#             (scripts/interop-venv.sh), for the interop tests.
# - postgres: a PostgreSQL server's programs (initdb, pg_ctl, psql: Debian's `postgresql` package, with
#             apt-get as root) and openssl, for the tests of `catalog export --to postgres://…` and
#             `catalog pull postgres://…`; the tests start their own server in a temp folder
#             (test/pg/server.ts). PG_BIN names another folder holding initdb and pg_ctl.
# - build:    build/catalog, rebuilt when older than its sources (scripts/build/ensure.sh).
# - arm64:    build/release/catalog-linux-arm64 (`npm run release` for that target), rebuilt when older
#             than its sources, and what it needs: Debian's gcc-aarch64-linux-gnu, g++-aarch64-linux-gnu
#             and qemu-user (apt-get, as root), for test/release.test.ts.
# Exits non-zero, naming what to install, when a part cannot be had.
set -euo pipefail
cd "$(dirname "$0")/.."

parts=("$@")
[ "${#parts[@]}" -gt 0 ] || parts=(chromium python postgres build arm64)

# Where the UI tests look for Chromium (test/ui/browser.ts has the same list).
CHROMIUM_CANDIDATES=(/usr/bin/chromium /usr/bin/chromium-browser /snap/bin/chromium)
find_chromium() {
  if [ -n "${CATALOG_CHROMIUM:-}" ] && [ -x "$CATALOG_CHROMIUM" ]; then echo "$CATALOG_CHROMIUM"; return 0; fi
  local p
  for p in "${CHROMIUM_CANDIDATES[@]}"; do [ -x "$p" ] && { echo "$p"; return 0; }; done
  return 1
}

# Installs Debian packages with apt-get (updating the lists once if the first try fails), then checks
# with FIND (a function printing what was found); on failure prints apt-get's output and returns 1.
#   apt_install WHAT FIND PACKAGE...
apt_install() {
  local what=$1 find=$2
  shift 2
  echo "setup: installing Debian's $what with apt-get (first run only)"
  local log
  log=$(mktemp)
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -qq "$@" </dev/null >"$log" 2>&1; then
    apt-get update -qq </dev/null >>"$log" 2>&1 && apt-get install -y -qq "$@" </dev/null >>"$log" 2>&1 || true
  fi
  if ! "$find" >/dev/null; then
    cat "$log" >&2
    echo "setup: installing $what with apt-get failed" >&2
    rm -f "$log"
    return 1
  fi
  rm -f "$log"
  echo "setup: $("$find")"
}

setup_chromium() {
  if find_chromium >/dev/null; then return 0; fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: no Chromium and no apt-get: install Chromium and set CATALOG_CHROMIUM to its executable" >&2
    return 1
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: no Chromium: run \`sudo apt-get install chromium\` (or set CATALOG_CHROMIUM to a Chromium executable)" >&2
    return 1
  fi
  apt_install chromium find_chromium chromium
}

# Where the PostgreSQL tests look for initdb and pg_ctl (test/pg/server.ts has the same rule).
find_postgres() {
  if [ -n "${PG_BIN:-}" ]; then [ -x "$PG_BIN/initdb" ] && [ -x "$PG_BIN/pg_ctl" ] && { echo "$PG_BIN"; return 0; }; return 1; fi
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -n -r); do
    [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/psql" ] && { echo "$d"; return 0; }
  done
  return 1
}

setup_postgres() {
  # As root the tests run the server as the `postgres` user, which the package creates.
  if find_postgres >/dev/null && command -v openssl >/dev/null 2>&1 && { [ "$(id -u)" -ne 0 ] || id -u postgres >/dev/null 2>&1; }; then return 0; fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: no PostgreSQL server programs and no apt-get: install PostgreSQL (initdb, pg_ctl, psql) and openssl, and set PG_BIN to the folder holding initdb" >&2
    return 1
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: no PostgreSQL server programs: run \`sudo apt-get install postgresql openssl\` (or set PG_BIN to the folder holding initdb and pg_ctl)" >&2
    return 1
  fi
  apt_install postgresql find_postgres postgresql openssl
}

setup_python() {
  bash scripts/interop-venv.sh >/dev/null
}

setup_build() {
  bash scripts/build/ensure.sh
}
find_arm64_tools() {
  command -v aarch64-linux-gnu-g++ && command -v qemu-aarch64
}
setup_arm64() {
  if ! find_arm64_tools >/dev/null; then
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
      echo "setup: no aarch64 cross compiler or qemu-user: run \`sudo apt-get install gcc-aarch64-linux-gnu g++-aarch64-linux-gnu qemu-user\`" >&2
      return 1
    fi
    apt_install "aarch64 compilers and qemu-user" find_arm64_tools gcc-aarch64-linux-gnu g++-aarch64-linux-gnu qemu-user || return 1
  fi
  local bin=build/release/catalog-linux-arm64
  if [ -x "$bin" ] && [ -z "$(find src scripts/build scripts/release.sh build.sh package.json package-lock.json -newer "$bin" -print -quit)" ]; then
    echo "setup: $bin is up to date"
  else
    RELEASE_TARGETS=linux-arm64 bash scripts/release.sh
  fi
}

failed=()
for part in "${parts[@]}"; do
  case "$part" in
    chromium | python | postgres | build | arm64) "setup_$part" || failed+=("$part") ;;
    *) echo "setup: unknown part '$part' (chromium, python, postgres, build, arm64)" >&2; exit 2 ;;
  esac
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "setup: failed: ${failed[*]}" >&2
  exit 1
fi
