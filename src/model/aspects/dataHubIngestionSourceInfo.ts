/**
 * dataHubIngestionSourceInfo (com.linkedin.ingestion.DataHubIngestionSourceInfo): an ingestion source
 * — a recipe deployed with `datahub ingest deploy` / `createIngestionSource`, or the record a
 * `datahub ingest` run writes about itself (`urn:li:dataHubIngestionSource:cli-<guid>`).
 */
import { bool, defineAspect, rec, str, urnOf } from './define.ts';

export const INGESTION_SOURCE_SOURCE_TYPES = ['SYSTEM'] as const;

export interface DataHubIngestionSourceInfo {
  name: string;
  /** The source type of the recipe, e.g. `mysql`, `file`. */
  type: string;
  platform?: string;
  /** A cron interval (5 or 6 fields) and the time zone it runs in. */
  schedule?: { interval: string; timezone?: string };
  config: {
    /** The recipe, JSON-encoded. */
    recipe: string;
    version?: string;
    executorId?: string;
    debugMode?: boolean;
    extraArgs?: Record<string, string>;
  };
  source?: { type: (typeof INGESTION_SOURCE_SOURCE_TYPES)[number] };
  [extra: string]: unknown;
}

export default defineAspect({
  name: 'dataHubIngestionSourceInfo',
  fqn: 'com.linkedin.ingestion.DataHubIngestionSourceInfo',
  fields: {
    name: str,
    type: str,
    'platform?': urnOf('dataPlatform'),
    'schedule?': rec({ interval: str, 'timezone?': str }),
    config: rec({ recipe: str, 'version?': str, 'executorId?': str, 'debugMode?': bool, 'extraArgs?': { map: str } }),
    'source?': rec({ type: { enum: INGESTION_SOURCE_SOURCE_TYPES } }),
  },
});
