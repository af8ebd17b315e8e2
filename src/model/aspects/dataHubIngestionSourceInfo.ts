/**
 * dataHubIngestionSourceInfo (com.linkedin.ingestion.DataHubIngestionSourceInfo): an ingestion source
 * — a recipe deployed with `datahub ingest deploy` / `createIngestionSource`, or the record a
 * `datahub ingest` run writes about itself (`urn:li:dataHubIngestionSource:cli-<guid>`).
 */
import { bool, defineAspect, rec, str, urnOf, type AspectValue } from './define.ts';

export const INGESTION_SOURCE_SOURCE_TYPES = ['SYSTEM'] as const;

const dataHubIngestionSourceInfo = defineAspect({
  name: 'dataHubIngestionSourceInfo',
  fqn: 'com.linkedin.ingestion.DataHubIngestionSourceInfo',
  fields: {
    name: str,
    /** The source type of the recipe, e.g. `mysql`, `file`. */
    type: str,
    'platform?': urnOf('dataPlatform'),
    /** A cron interval (5 or 6 fields) and the time zone it runs in. */
    'schedule?': rec({ interval: str, timezone: str }),
    /** `recipe` is the recipe, JSON-encoded. */
    config: rec({ recipe: str, 'version?': str, 'executorId?': str, 'debugMode?': bool, 'extraArgs?': { map: str } }),
    'source?': rec({ type: { enum: INGESTION_SOURCE_SOURCE_TYPES } }),
  },
});
export default dataHubIngestionSourceInfo;

export type DataHubIngestionSourceInfo = AspectValue<typeof dataHubIngestionSourceInfo>;
