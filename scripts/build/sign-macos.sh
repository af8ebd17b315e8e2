#!/usr/bin/env bash
# Signs a macOS executable ad hoc (no identity: a hash of every page, which macOS on Apple Silicon
# requires before it runs any code), here on Linux, with rcodesign (crates.io `apple-codesign`,
# pinned below). The wheel's node carries Apple's signature of the Node project; injecting the SEA
# blob invalidates it, so it is replaced. rcodesign is installed once with cargo into
# .cache/rcodesign/ (a few tens of minutes of compiling on 2 cores), or taken from RCODESIGN.
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
rcodesign=${RCODESIGN:-.cache/rcodesign/$version/bin/rcodesign}
if [ ! -x "$rcodesign" ]; then
  if ! command -v cargo >/dev/null 2>&1; then
    echo "sign-macos: rcodesign is needed to sign $file (cargo install apple-codesign@$version), and cargo is missing" >&2
    exit 1
  fi
  echo "sign-macos: installing rcodesign $version with cargo into .cache/rcodesign (once)" >&2
  cargo install --quiet --locked --no-default-features "apple-codesign@$version" --root ".cache/rcodesign/$version" >&2
fi
"$rcodesign" sign "$file" >&2
"$rcodesign" verify "$file" >&2
