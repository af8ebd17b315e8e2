// DataHub's real Python client (acryl-datahub, pinned in scripts/interop-venv.sh) managing secrets and
// connections against a real `catalog serve` on an ephemeral port: the iceberg CLI's secret documents,
// DataHubSecretsClient (what ingestion uses to resolve ${SECRET} references) and
// DataHubGraph.set_connection_json / get_connection_json. Telemetry off, HOME in a temp dir.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SpawnedServer } from './helpers.ts';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';

requirePython('INTEROP ADMIN SUITE');

describe('DataHub secrets and connections clients against catalog serve', {
  skip: !hasPython && 'python3 missing',
}, () => {
  let t: Interop;
  let server: SpawnedServer;

  before(async () => {
    t = await startInterop();
    server = t.server;
  });
  after(async () => {
    await server?.stop();
  });

  it("creates, updates, reads and deletes secrets and round-trips a connection config with DataHub's own client code", async () => {
    const r = await t.py('secrets_connections.py');
    assert.deepEqual(r, {
      created: ['urn:li:dataHubSecret:wh-client_id', 'urn:li:dataHubSecret:wh-client_secret'],
      afterCreate: { 'wh-client_id': 'id-1', 'wh-client_secret': 'secret-1' },
      duplicateExit: 1,
      updated: ['urn:li:dataHubSecret:wh-client_id', 'urn:li:dataHubSecret:wh-client_secret'],
      afterUpdate: { 'wh-client_id': 'id-2', 'wh-client_secret': 'secret-2' },
      afterDelete: { 'wh-client_secret': 'secret-2' },
      connection: { account: 'acme', password: 'conn-pw' },
      replaced: { account: 'acme2' },
      missing: null,
    });
  });
});
