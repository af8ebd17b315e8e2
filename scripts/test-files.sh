# Sourced by scripts/test.sh: how each test file is classed, which says which runs run it.
#   UNIT           pure functions: no process, no server or connection, no data file (no lmdb).
#                  Run by `npm run test:unit`, and by every other run; scripts/unit-guard.mjs makes
#                  a listed file fail when it does any of those.
#   (unlisted)     in-process: imports the sources, may open a data file or serve on a port, starts
#                  no process. Run by `npm run test:quick` and `npm test`; starting a process throws
#                  (scripts/in-process-guard.mjs): a new file that spawns fails there until it is
#                  listed in PROCESS_LEVEL.
#   FULL_ONLY      in-process files that only `npm test` runs: the property and model-based suites,
#                  and the sweep of every GraphQL field, tens of seconds each, which would double
#                  test:quick.
#   PROCESS_LEVEL  starts other processes: the `catalog` under test (CATALOG_BIN, else the sources),
#                  node on a fixture, DataHub's Python client, Chromium or npm. Run by `npm test`
#                  (SERIAL ones alone, after the others).
# A file named on the command line runs whatever its class (test:unit takes UNIT files only,
# test:quick no process-level one). A listed file that does not exist fails every run.
UNIT=(
  test/errors.test.ts
  test/heap.test.ts
  test/sync-base.test.ts
  test/sync-diff.test.ts
  test/sync-merge.test.ts
  test/urn.test.ts
)

# fast-check over random edits, queries and requests against the real store or server, each checked
# against a model: 30 to 80 s each on a loaded 2-core machine, as long as the rest of test:quick.
# graphql-every-field: every field of the schema selected once, a document per entity type, each
# compiled by graphql-jit (about 16 s of CPU, a fifth of test:quick's); run it by name when you
# change the SDL, a view class or a read model (npm run test:quick -- test/graphql-every-field.test.ts).
FULL_ONLY=(
  test/graphql-every-field.test.ts
  test/hardening-fuzz.test.ts
  test/search-index.test.ts
  test/search-model.test.ts
  test/sync-converge.test.ts
)

PROCESS_LEVEL=(
  test/aspect-audit.test.ts
  test/auth-tokens.test.ts
  test/backup.test.ts
  test/bundle.test.ts
  test/cli-identity.test.ts
  test/cli-offline.test.ts
  test/cli.test.ts
  test/datafile-fuzz.test.ts
  test/datafile.test.ts
  test/client-documents.test.ts
  test/concurrency.test.ts
  test/crash-safety.test.ts
  test/documents.test.ts
  test/entity-details.test.ts
  test/events-cli.test.ts
  test/hardening-limits.test.ts
  test/interop-actions.test.ts
  test/interop-admin.test.ts
  test/interop-assertions.test.ts
  test/interop-conditional.test.ts
  test/interop-documents.test.ts
  test/interop-forms.test.ts
  test/interop-incidents.test.ts
  test/interop-ingestion.test.ts
  test/interop-lineage.test.ts
  test/interop-mcp-equivalence.test.ts
  test/interop-mcp.test.ts
  test/interop-patch-templates.test.ts
  test/interop-registry.test.ts
  test/interop-sample.test.ts
  test/interop-search.test.ts
  test/interop-timeline.test.ts
  test/interop-timeseries.test.ts
  test/interop-versioning.test.ts
  test/interop.test.ts
  test/lineage.test.ts
  test/mcp-readme.test.ts
  test/mcp.test.ts
  test/postgres-failures.test.ts
  test/postgres-handover.test.ts
  test/native-guard.test.ts
  test/output-files.test.ts
  test/release.test.ts
  test/sea.test.ts
  test/search.test.ts
  test/secrets-connections.test.ts
  test/serve-hosts.test.ts
  test/side-effects.test.ts
  test/sync-cli.test.ts
  test/sync-datahub.test.ts
  test/sync-untrusted.test.ts
  test/test-runner.test.ts
  test/ui-auth.test.ts
  test/ui.test.ts
  test/verify.test.ts
  test/walkthrough.test.ts
  test/webapp-browser.test.ts
  test/webapp-routes.test.ts
)

# Process-level files that run alone, after the others: the rest run several at a time (each uses
# ephemeral ports and its own temp files), these would not hold under a loaded machine.
# - concurrency: asserts two writer processes really interleave, and races opens against a writer.
# - crash-safety: SIGKILLs a server mid-ingest once a share of batches is acknowledged.
# - sea: runs the bench end to end and `npm install -g .` (load and the shared npm cache).
# - ui, ui-auth: Chromium's page loads have 15 s timeouts, which a loaded machine exceeded when they
#   ran beside the interop suites.
# - webapp-browser: DataHub's web app in Chromium (opt-in: CATALOG_TEST_DATAHUB_WEB_APP), a bundle of
#   megabytes per page, for the same reason.
SERIAL=(
  test/concurrency.test.ts
  test/crash-safety.test.ts
  test/sea.test.ts
  test/ui-auth.test.ts
  test/ui.test.ts
  test/webapp-browser.test.ts
)
