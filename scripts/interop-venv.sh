#!/usr/bin/env bash
# Creates (or reuses) .venv-interop/ with DataHub's real Python CLI and SDK (and MCP server) at pinned versions,
# for the interop tests. Idempotent: a stamp file records what was installed, so later runs take
# well under a second. Prints the path of the `datahub` executable last. Run by scripts/setup.sh;
# with --check it installs nothing and fails (exit 3) when the virtualenv is missing or out of date,
# which is how the tests ask for it (test/interop/setup.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

# DataHub's CLI and SDK, and DataHub's MCP server for AI assistants (its GraphQL documents are checked
# against our schema; it depends on acryl-datahub, which stays at the pinned version), and DataHub's Actions
# framework (its datahub-cloud event source and propagation actions run against `catalog serve`).
PACKAGES=(
  "acryl-datahub[datahub-lite,duckdb,datahub,postgres]==1.7.0.17"
  "mcp-server-datahub==0.8.0"
  "acryl-datahub-actions==1.7.0.17"
)
SPEC="${PACKAGES[*]}"
VENV=.venv-interop
STAMP="$VENV/.installed"

if ! command -v python3 >/dev/null 2>&1; then
  echo "interop-venv: python3 is not installed; DataHub's Python client cannot be set up" >&2
  exit 3
fi

if [ -x "$VENV/bin/datahub" ] && [ "$(cat "$STAMP" 2>/dev/null)" = "$SPEC" ]; then
  echo "$PWD/$VENV/bin/datahub"
  exit 0
fi
if [ "${1:-}" = "--check" ]; then
  echo "interop-venv: $VENV is missing or not at $SPEC; run scripts/setup.sh" >&2
  exit 3
fi

echo "interop-venv: installing $SPEC into $VENV (first run only)" >&2
rm -rf "$VENV"
python3 -m venv "$VENV" || { echo "interop-venv: 'python3 -m venv' failed (install python3-venv)" >&2; exit 3; }
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip >&2
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "${PACKAGES[@]}" >&2
DATAHUB_TELEMETRY_ENABLED=false "$VENV/bin/datahub" version >&2
echo "$SPEC" > "$STAMP"
echo "$PWD/$VENV/bin/datahub"
