#!/usr/bin/env bash
# Signs a macOS executable ad hoc (no identity: a hash of every page, which macOS on Apple Silicon
# requires before it runs any code), here on Linux, with rcodesign (crates.io `apple-codesign`,
# pinned below). The wheel's node carries Apple's signature of the Node project; injecting the SEA
# blob invalidates it, so it is replaced. rcodesign is the one RCODESIGN names, else the first of
# .cache/rcodesign/<version>/ and PATH that reports the pinned version; when none is found it
# is installed once with cargo into .cache/rcodesign/<version>/ (a few tens of minutes of compiling on
# 2 cores). Without it the build fails, unless CATALOG_MACOS_UNSIGNED=1 asks for the file unsigned,
# which is then said loudly here and by `npm run release` (macOS on Apple Silicon refuses such a file).
set -euo pipefail
cd "$(dirname "$0")/../.."
version=0.29.0
file=$1
# On a Mac, Apple's own codesign signs ad hoc.
if [ "$(uname -s)" = Darwin ]; then
  codesign --remove-signature "$file" 2>/dev/null || true
  codesign --sign - "$file"
  codesign --verify "$file"
  exit 0
fi
unsigned() {
  echo "sign-macos: $1" >&2
  if [ "${CATALOG_MACOS_UNSIGNED:-}" = 1 ]; then
    echo "sign-macos: WARNING: $file is NOT SIGNED (CATALOG_MACOS_UNSIGNED=1); macOS on Apple Silicon will refuse to run it" >&2
    exit 0
  fi
  echo "sign-macos: the macOS file cannot be signed; install rcodesign $version (cargo install --locked --no-default-features apple-codesign@$version --root .cache/rcodesign/$version), set RCODESIGN to it, or set CATALOG_MACOS_UNSIGNED=1 to build it unsigned" >&2
  exit 1
}
# The version an rcodesign binary reports ("apple-codesign 0.29.0"), or nothing.
version_of() { "$1" --version 2>/dev/null | awk '{print $2}'; }
rcodesign=
if [ -n "${RCODESIGN:-}" ]; then
  # Given: that one or none.
  found=$( [ -x "$RCODESIGN" ] && version_of "$RCODESIGN" || true)
  [ "$found" = "$version" ] || unsigned "RCODESIGN=$RCODESIGN is not rcodesign $version (it reports '${found:-nothing}')"
  rcodesign=$RCODESIGN
else
  for candidate in ".cache/rcodesign/$version/bin/rcodesign" "$(command -v rcodesign || true)"; do
    [ -n "$candidate" ] && [ -x "$candidate" ] || continue
    found=$(version_of "$candidate")
    if [ "$found" = "$version" ]; then
      rcodesign=$candidate
      break
    fi
    echo "sign-macos: $candidate reports version '${found:-none}', not $version; not used" >&2
  done
fi
if [ -z "$rcodesign" ]; then
  command -v cargo >/dev/null 2>&1 || unsigned "rcodesign $version is needed to sign $file, and cargo (to install it) is missing"
  echo "sign-macos: installing rcodesign $version with cargo into .cache/rcodesign/$version (once)" >&2
  cargo install --quiet --locked --no-default-features "apple-codesign@$version" --root ".cache/rcodesign/$version" >&2 ||
    unsigned "cargo could not install rcodesign $version"
  rcodesign=.cache/rcodesign/$version/bin/rcodesign
fi
"$rcodesign" sign "$file" >&2
# Not `rcodesign verify`: 0.29.0's verify fails on every ad-hoc signature (it cannot parse the empty
# CMS blob an ad-hoc signature carries, "CMS error: missing further values"). The signature must be
# there and ad hoc; test/release.test.ts checks every page hash, against rcodesign's own too.
if ! "$rcodesign" print-signature-info "$file" 2>&1 | grep -q 'flags: CodeSignatureFlags(ADHOC)'; then
  echo "sign-macos: $file carries no ad-hoc signature after rcodesign sign" >&2
  exit 1
fi
