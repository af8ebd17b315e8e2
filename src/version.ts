/** The product version, kept in step with package.json by a test. */
export const VERSION = '0.1.0';

/**
 * What `catalog --version` prints: the version, then the platform and architecture it runs on and
 * the Node it runs in (the executable embeds its own), e.g. `0.1.0 (linux-x64, Node 24.19.0)`. Read
 * when called, never at module level: the executable's start-up snapshot would keep the build's.
 */
export function versionLine(): string {
  return `${VERSION} (${process.platform}-${process.arch}, Node ${process.versions.node})`;
}
