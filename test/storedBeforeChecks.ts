/**
 * Seeds a read-model test's records: each through the checked ingest, except the values DataHub's
 * required fields and enums refuse on write, which are put as stored — as a data file written before
 * those checks holds them — so the reads' tolerance of odd stored values is still tested. A timeseries
 * event joins its entity's series.
 */
import { AspectValidationError } from '../src/errors.ts';
import { proposalFromMcp } from '../src/model/mcp.ts';
import { keyAspectOf } from '../src/model/registry.ts';
import { eventKey, isTimeseriesAspect } from '../src/model/timeseries.ts';
import { ingestProposals } from '../src/ops/ingest/ingestProposals.ts';
import type { Store } from '../src/store/store.ts';

export async function seedRecords(store: Store, records: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  const checked = [];
  const asStored: Array<{ urn: string; aspectName: string; value: unknown }> = [];
  for (const r of records) {
    try {
      checked.push(proposalFromMcp(r));
    } catch (e) {
      if (!(e instanceof AspectValidationError)) throw e;
      const aspect = r['aspect'] as { json: unknown };
      asStored.push({ urn: r['entityUrn'] as string, aspectName: r['aspectName'] as string, value: aspect.json });
    }
  }
  await ingestProposals({ store, actor: 'urn:li:corpuser:datahub' }, checked);
  await putAsStored(store, asStored);
}

/** Puts each value as stored, past the checks on write (a file written before them holds such values). */
export async function putAsStored(
  store: Store,
  values: ReadonlyArray<{ urn: string; aspectName: string; value: unknown }>,
): Promise<void> {
  await store.write((txn) => {
    for (const { urn, aspectName, value } of values) {
      if (isTimeseriesAspect(aspectName)) {
        // An event joins the entity's series, as writeAspect stores one.
        const { timestampMillis, partition } = eventKey(aspectName, value);
        const created = { time: 1, actor: 'urn:li:corpuser:datahub' };
        txn.putTimeseries(urn, aspectName, timestampMillis, partition, {
          value: value as Record<string, unknown>,
          systemMetadata: { lastObserved: 1 },
          created,
        });
        continue;
      }
      const key = keyAspectOf(urn);
      txn.putAspect({
        urn,
        entityType: key.entityType,
        aspectName,
        value,
        created: { time: 1, actor: 'urn:li:corpuser:datahub' },
        systemMetadata: null,
        key: { aspectName: key.aspectName, value: key.value },
      });
    }
  });
}
