/**
 * Real Chromium for the web UI's tests: Debian's `chromium` package, installed by scripts/setup.sh
 * (which `npm test` runs first), never here, and driven by playwright-core through an explicit
 * executable path; nothing is downloaded by Playwright itself. Without it a suite fails, saying to
 * run scripts/setup.sh.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// scripts/setup.sh looks in the same places.
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'];

/** The Chromium executable (CATALOG_CHROMIUM, else Debian's); throws, saying what to run, when there is none. */
export function chromiumPath(suite: string): string {
  const fromEnv = process.env['CATALOG_CHROMIUM'];
  const path = fromEnv && existsSync(fromEnv) ? fromEnv : CANDIDATES.find((p) => existsSync(p));
  if (!path)
    throw new Error(
      `${suite} cannot run: no Chromium; run scripts/setup.sh (it installs Debian's chromium), or set CATALOG_CHROMIUM to a Chromium executable.`,
    );
  return path;
}

export async function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    // Root in a container has no user namespaces for Chromium's sandbox.
    args: process.getuid?.() === 0 ? ['--no-sandbox', '--disable-dev-shm-usage'] : ['--disable-dev-shm-usage'],
  });
}
