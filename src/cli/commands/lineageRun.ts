/**
 * `catalog lineage` output, as `datahub lineage` prints it (lineage_cli.py of acryl-datahub): a
 * summary line and a Hop/Type/Platform/Name/URN table, or with --json `{metadata, results}` — plus
 * each result's `degrees` and `paths`, which DataHub's JSON leaves out.
 */
import { keyFieldsOf } from '../../model/registry.ts';
import { platformOf, type LineageResult } from '../../ops/lineage/lineage.ts';
import { readDataJobName } from '../../ops/read/pipeline.ts';
import type { StoreView } from '../../store/store.ts';
import { formatTable } from '../output.ts';

/** DataHub's EntityType spelling of an urn entity type, as `datahub lineage` prints it (DATASET, DATA_JOB, MLMODEL). */
export function entityTypeLabel(urnType: string): string {
  if (urnType === 'corpuser') return 'CORP_USER';
  const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
  return urnType.startsWith('ml') ? `ML${snake(urnType.slice(2))}` : snake(urnType);
}

/** The name `datahub lineage` shows: a job's name, else the id in the urn (dataset name, chart id, column path …). */
function nameOf(view: StoreView, urn: string, entityType: string): string {
  try {
    const key = keyFieldsOf(urn);
    switch (entityType) {
      case 'dataset':
        return key['name'] ?? urn;
      case 'chart':
        return key['chartId'] ?? urn;
      case 'dashboard':
        return key['dashboardId'] ?? urn;
      case 'dataJob':
        return readDataJobName(view, urn) || urn;
      case 'schemaField':
        return key['fieldPath'] ?? urn;
      default: {
        const values = Object.values(key).filter(
          (v): v is string => typeof v === 'string' && !v.startsWith('urn:li:dataPlatform:'),
        );
        return values[values.length - 1] ?? urn;
      }
    }
  } catch {
    return urn;
  }
}

const platformName = (urn: string) => platformOf(urn)?.replace(/^urn:li:dataPlatform:/, '') ?? null;

export function printLineage(view: StoreView, result: LineageResult, json: boolean): void {
  const direction = result.direction.toLowerCase();
  const results = result.entities.map((e) => ({
    urn: e.urn,
    type: entityTypeLabel(e.entityType),
    hops: e.degree,
    direction,
    platform: platformName(e.urn),
    name: nameOf(view, e.urn, e.entityType),
    degrees: e.degrees,
    paths: e.paths,
  }));
  const maxFound = Math.max(0, ...results.map((r) => r.hops));
  if (json) {
    const metadata = {
      direction,
      hops_requested: result.maxHops,
      max_hops_found: maxFound,
      count: results.length,
      filtered: result.filtered,
    };
    process.stdout.write(`${JSON.stringify({ metadata, results }, null, 2)}\n`);
    return;
  }
  const title = direction.charAt(0).toUpperCase() + direction.slice(1);
  process.stdout.write(`${title} lineage: ${results.length} entities, up to ${maxFound} hops\n\n`);
  if (results.length === 0) {
    process.stdout.write(`No ${direction} lineage found.\n`);
    return;
  }
  const rows = results.map((r) => [String(r.hops), r.type, r.platform ?? '?', r.name, r.urn]);
  process.stdout.write(`${formatTable(['Hop', 'Type', 'Platform', 'Name', 'URN'], rows)}\n`);
}
