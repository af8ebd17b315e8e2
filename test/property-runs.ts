// How many runs a property test (fast-check) makes. `npm test`, and any file named on the command
// line, make the full count; `npm run test:quick` and `npm run test:unit` over all their files make a
// quarter of it (at least 10): scripts/test.sh sets CATALOG_TEST_QUICK=1 for those runs, which are
// meant to be short enough to run before every commit. The full run keeps every test's full count.
export function propertyRuns(full: number): number {
  return process.env['CATALOG_TEST_QUICK'] === '1' ? Math.max(10, Math.ceil(full / 4)) : full;
}
