#!/usr/bin/env bash
# `npm run screenshots`: takes the web UI screenshots the README shows and copies them into docs/.
# The UI tests write every screenshot under build/screenshots/ (untracked); this is the only way one
# reaches docs/. Runs test/ui.test.ts against build/catalog (built when stale, Chromium set up first).
set -euo pipefail
cd "$(dirname "$0")/.."
SHOTS=(ui-home.png ui-search.png ui-dataset.png ui-lineage.png)
rm -f "${SHOTS[@]/#/build/screenshots/}"
bash scripts/test.sh test/ui.test.ts
for shot in "${SHOTS[@]}"; do
  [ -f "build/screenshots/$shot" ] || { echo "screenshots: test/ui.test.ts did not write build/screenshots/$shot" >&2; exit 1; }
  cp "build/screenshots/$shot" "docs/$shot"
done
echo "screenshots: copied ${SHOTS[*]} from build/screenshots/ to docs/"
