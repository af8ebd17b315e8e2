/**
 * Real Chromium for the web UI's tests: Debian's `chromium` package, installed here when missing
 * (as test/interop/setup.ts installs DataHub's Python client), driven by playwright-core through an
 * explicit executable path; nothing is downloaded by Playwright itself. Under CI=true a browser
 * that cannot be had fails the suite instead of skipping it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'];

function findChromium(): string | undefined {
  const fromEnv = process.env['CATALOG_CHROMIUM'];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => existsSync(p));
}

function install(): void {
  // Debian's package; needs root (the project's machines and CI run as root). Quiet unless it fails.
  const run = (args: string[]) => execFileSync('apt-get', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: 600_000 });
  try {
    run(['install', '-y', '-qq', 'chromium']);
  } catch {
    run(['update', '-qq']);
    run(['install', '-y', '-qq', 'chromium']);
  }
}

let cached: string | undefined;

/**
 * The Chromium executable, installed on first need. Throws under CI=true when none can be had;
 * elsewhere returns undefined after saying loudly that the browser tests did not run.
 */
export function chromiumPath(suite: string): string | undefined {
  if (cached) return cached;
  let path = findChromium();
  if (!path && spawnSync('apt-get', ['--version']).status === 0) {
    try {
      install();
    } catch (e) {
      const message = `${suite}: installing chromium with apt-get failed: ${(e as { stderr?: Buffer }).stderr?.toString() ?? (e as Error).message}`;
      if (process.env['CI'] === 'true') throw new Error(message);
      console.error(message);
    }
    path = findChromium();
  }
  if (!path) {
    const message = `${suite} NOT RUN: no Chromium (apt-get install chromium, or set CATALOG_CHROMIUM to its path).`;
    if (process.env['CI'] === 'true') throw new Error(message);
    console.error(`\n*** ${message} ***\n`);
    return undefined;
  }
  cached = path;
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
