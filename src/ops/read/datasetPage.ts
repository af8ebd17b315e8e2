/**
 * Read models of what DataHub's web app reads on a dataset page and a tag page (issue 48), each from
 * the aspect DataHub reads it from: siblings, access roles, applications, the embedded preview, the
 * logical parent, the URI, metadata test results (and the tests), external roles, AI context, a chart's
 * input columns, a training run's properties, and an entity's stored aspects as JSON (`aspects`).
 * Related entities are named by urn, for an adapter to resolve when it shows them.
 */
import datasetProperties from '../../model/aspects/datasetProperties.ts';
import {
  access,
  actors,
  aiContext,
  applications,
  assetSettings,
  embed,
  inputFields,
  logicalParent,
  mlTrainingRunProperties,
  roleProperties,
  testInfo,
  testResults,
} from '../../model/aspects/pageAspects.ts';
import type { SchemaFieldValue } from '../../model/aspects/schemaMetadata.ts';
import { dataProductProperties, siblings } from '../../model/aspects/storedAsGiven.ts';
import { validateUrn } from '../../model/registry.ts';
import { BadRequestError } from '../../errors.ts';
import { isTimeseriesAspect } from '../../model/timeseries.ts';
import { parseUrn } from '../../model/urn.ts';
import type { StoreView } from '../../store/store.ts';
import { getEntityAspects } from '../entities/readAspects.ts';
import { aspectOf } from './common.ts';
import { schemaFieldReadOf, type SchemaFieldRead } from './dataset.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
/** The urns of a stored list, whatever else it holds left out. */
const urnsIn = (v: unknown): string[] =>
  Array.isArray(v) ? (v as unknown[]).filter((u): u is string => typeof u === 'string') : [];
const recordsIn = (v: unknown): Array<Record<string, unknown>> =>
  Array.isArray(v)
    ? (v as unknown[]).filter((e): e is Record<string, unknown> => e !== null && typeof e === 'object')
    : [];

export interface SiblingsRead {
  isPrimary: boolean | null;
  /** The sibling entities (urns), in the stored order. */
  siblings: string[];
}

/** The entity's `siblings` aspect; null when none is stored. */
export function readSiblings(view: StoreView, urn: string): SiblingsRead | null {
  const s = aspectOf(view, urn, siblings);
  if (!s) return null;
  return { isPrimary: typeof s.primary === 'boolean' ? s.primary : null, siblings: urnsIn(s.siblings) };
}

/** The roles (urns) of the entity's `access` aspect; null when none is stored or it names no list of roles. */
export function readAccessRoles(view: StoreView, urn: string): string[] | null {
  const a = aspectOf(view, urn, access);
  if (!a || !Array.isArray(a.roles)) return null;
  return recordsIn(a.roles)
    .map((r) => str(r['urn']))
    .filter((u): u is string => u !== null);
}

/** The applications (urns) of the entity's `applications` aspect; null when none is stored. */
export function readApplications(view: StoreView, urn: string): string[] | null {
  const a = aspectOf(view, urn, applications);
  return a ? urnsIn(a.applications) : null;
}

/** The entity's `embed` aspect; null when none is stored. */
export function readEmbed(view: StoreView, urn: string): { renderUrl: string | null } | null {
  const e = aspectOf(view, urn, embed);
  return e ? { renderUrl: str(e.renderUrl) } : null;
}

export interface AiContextRead {
  synonyms: string[] | null;
  instructions: string | null;
  examples: string[] | null;
  customInstructions: string | null;
}

/** The entity's `aiContext` aspect (context for AI tools); null when none is stored. */
export function readAiContext(view: StoreView, urn: string): AiContextRead | null {
  const a = aspectOf(view, urn, aiContext);
  if (!a) return null;
  const texts = (v: unknown): string[] | null =>
    Array.isArray(v) ? (v as unknown[]).filter((t): t is string => typeof t === 'string') : null;
  return {
    synonyms: texts(a.synonyms),
    instructions: str(a.instructions),
    examples: texts(a.examples),
    customInstructions: str(a.customInstructions),
  };
}

/** The entity its `logicalParent` aspect names (`parent.destinationUrn`); null when none. */
export function readLogicalParent(view: StoreView, urn: string): string | null {
  const parent = aspectOf(view, urn, logicalParent)?.parent;
  return parent && typeof parent === 'object' ? str(parent.destinationUrn) : null;
}

/** The dataset's `datasetProperties.uri`; null when none is stored. */
export function readDatasetUri(view: StoreView, urn: string): string | null {
  return str(aspectOf(view, urn, datasetProperties)?.uri);
}

/**
 * The entity's `assetSettings` aspect: the page templates (urns) of its summary; `templates` null when
 * none are stored; null when the aspect is not stored.
 */
export function readAssetSettings(
  view: StoreView,
  urn: string,
): { assetSummary: { templates: string[] | null } | null } | null {
  const a = aspectOf(view, urn, assetSettings);
  if (!a) return null;
  const summary = a.assetSummary;
  if (!summary || typeof summary !== 'object') return { assetSummary: null };
  return {
    assetSummary: {
      templates: Array.isArray(summary.templates)
        ? recordsIn(summary.templates)
            .map((t) => str(t['template']))
            .filter((u): u is string => u !== null)
        : null,
    },
  };
}

export interface TestResultRead {
  /** The test's urn; null when the stored result names none. */
  test: string | null;
  /** `SUCCESS` or `FAILURE` as stored. */
  type: string;
}

/** The entity's `testResults` aspect; null when none is stored. */
export function readTestResults(
  view: StoreView,
  urn: string,
): { passing: TestResultRead[]; failing: TestResultRead[] } | null {
  const t = aspectOf(view, urn, testResults);
  if (!t) return null;
  const results = (v: unknown, fallback: string): TestResultRead[] =>
    recordsIn(v).map((r) => ({ test: str(r['test']), type: str(r['type']) ?? fallback }));
  return { passing: results(t.passing, 'SUCCESS'), failing: results(t.failing, 'FAILURE') };
}

export interface TestRead {
  name: string;
  category: string;
  description: string | null;
  definitionJson: string | null;
}

/** A metadata test from its `testInfo` aspect; a test with none stored reads its urn's id as name and '' as category. */
export function readTest(view: StoreView, urn: string): TestRead {
  const info = aspectOf(view, urn, testInfo);
  const definition = info?.definition;
  return {
    name: str(info?.name) ?? parseUrn(urn).rawKey,
    category: str(info?.category) ?? '',
    description: str(info?.description),
    definitionJson: definition && typeof definition === 'object' ? str(definition.json) : null,
  };
}

export interface RoleRead {
  /** The role's id (its urn's key). */
  id: string;
  properties: { name: string; description: string | null; type: string | null; requestUrl: string | null } | null;
  /** Who holds the role (`actors` aspect); null when none is stored. */
  actors: { users: string[] | null; groups: string[] | null } | null;
}

/** An external access role (`urn:li:role:…`) from its `roleProperties` and `actors` aspects. */
export function readRole(view: StoreView, urn: string): RoleRead {
  const p = aspectOf(view, urn, roleProperties);
  const a = aspectOf(view, urn, actors);
  const holders = (v: unknown, key: string): string[] | null =>
    Array.isArray(v)
      ? recordsIn(v)
          .map((r) => str(r[key]))
          .filter((u): u is string => u !== null)
      : null;
  return {
    id: parseUrn(urn).rawKey,
    properties: p
      ? {
          name: str(p.name) ?? '',
          description: str(p.description),
          type: str(p.type),
          requestUrl: str(p.requestUrl),
        }
      : null,
    actors: a ? { users: holders(a.users, 'user'), groups: holders(a.groups, 'group') } : null,
  };
}

export interface InputFieldRead {
  schemaFieldUrn: string | null;
  /** The column as the aspect stores it; null when it stores none. */
  schemaField: SchemaFieldRead | null;
}

/** A chart's `inputFields` aspect; null when none is stored. */
export function readInputFields(view: StoreView, urn: string): { fields: InputFieldRead[] } | null {
  const stored = aspectOf(view, urn, inputFields);
  if (!stored) return null;
  return {
    fields: recordsIn(stored.fields).map((f) => {
      const column = f['schemaField'];
      return {
        schemaFieldUrn: str(f['schemaFieldUrn']),
        schemaField:
          column && typeof column === 'object' && typeof (column as { fieldPath?: unknown }).fieldPath === 'string'
            ? schemaFieldReadOf(column as SchemaFieldValue)
            : null,
      };
    }),
  };
}

export interface MlParamRead {
  name: string | null;
  description: string | null;
  value: string | null;
  createdAt: number | null;
}

export interface TrainingRunRead {
  id: string | null;
  outputUrls: Array<string | null> | null;
  hyperParams: MlParamRead[] | null;
  trainingMetrics: MlParamRead[] | null;
}

/** A run's `mlTrainingRunProperties`; null when none is stored. */
export function readTrainingRun(view: StoreView, urn: string): TrainingRunRead | null {
  const t = aspectOf(view, urn, mlTrainingRunProperties);
  if (!t) return null;
  const params = (v: unknown): MlParamRead[] | null =>
    Array.isArray(v)
      ? recordsIn(v).map((p) => ({
          name: str(p['name']),
          description: str(p['description']),
          value: str(p['value']),
          createdAt: num(p['createdAt']),
        }))
      : null;
  return {
    id: str(t.id),
    outputUrls: Array.isArray(t.outputUrls) ? (t.outputUrls as unknown[]).map(str) : null,
    hyperParams: params(t.hyperParams),
    trainingMetrics: params(t.trainingMetrics),
  };
}

export interface RawAspectRead {
  aspectName: string;
  /** The stored value as JSON. */
  payload: string;
}

/**
 * `aspects(input)`: the entity's latest stored aspects as JSON, its key aspect included, as DataHub's
 * weakly typed read answers them — only those named when `aspectNames` is given; none when
 * `autoRenderOnly` (no aspect is declared for automatic rendering in DataHub's core model, nor here).
 * Timeseries aspects are not among an entity's versioned aspects, so never in the list.
 */
export function readRawAspects(
  view: StoreView,
  urn: string,
  params: { autoRenderOnly?: boolean | null; aspectNames?: readonly string[] | null } | null | undefined,
): RawAspectRead[] {
  if (params?.autoRenderOnly || !view.entityExists(urn)) return [];
  const names = params?.aspectNames ?? [];
  const key = getEntityAspects(view, urn, names);
  return key.aspects
    .filter((a) => (names.length === 0 || names.includes(a.name)) && !isTimeseriesAspect(a.name))
    .map((a) => ({ aspectName: a.name, payload: JSON.stringify(a.value) }));
}

/** The most urns `bulkEntityDataProducts` reads at once, as DataHub's. */
export const MAX_DATA_PRODUCT_URNS = 100;

export interface EntityDataProductsRead {
  urn: string;
  dataProducts: Array<{ dataProduct: string; isOutputPort: boolean }>;
}

/**
 * `bulkEntityDataProducts`: the data products that hold each entity or one of its siblings (the
 * DataProductContains edges into them), each with whether it marks the entity or a sibling as an
 * output port (`assets[].outputPort` of its properties), as DataHub folds siblings in.
 */
export function readEntityDataProducts(view: StoreView, urns: readonly string[]): EntityDataProductsRead[] {
  if (urns.length > MAX_DATA_PRODUCT_URNS)
    throw new BadRequestError(`Cannot fetch data products for more than ${MAX_DATA_PRODUCT_URNS} entities at once`);
  for (const urn of urns) validateUrn(urn);
  return urns.map((urn) => {
    const group = new Set([urn, ...(readSiblings(view, urn)?.siblings ?? [])]);
    const products = new Set<string>();
    for (const member of group)
      for (const e of view.edges(member, 'INCOMING', ['DataProductContains'])) products.add(e.urn);
    return {
      urn,
      dataProducts: [...products].map((dataProduct) => ({
        dataProduct,
        isOutputPort: recordsIn(aspectOf(view, dataProduct, dataProductProperties)?.assets).some(
          (a) => a['outputPort'] === true && group.has(a['destinationUrn'] as string),
        ),
      })),
    };
  });
}
