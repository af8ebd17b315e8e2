/**
 * The change events an aspect change makes (docs/events.md): DataHub's EntityChangeEvents, computed by
 * the same differs that answer `timeline` (src/ops/timeline), for the aspects DataHub's
 * EntityChangeEventGeneratorHook handles, plus LIFECYCLE events when an entity is created, soft-deleted
 * (status.removed), reinstated or hard-deleted. openCatalog hands `eventDeriver` to the store, which
 * calls it for every aspect change of every write transaction and writes what it returns in the same
 * transaction.
 */
import type { AspectChangeInput, ChangeEventDeriver } from '../../store/store.ts';
import type { ChangeCategory, ChangeEvent, Differ } from '../timeline/changeEvent.ts';
import { DATASET_DIFFERS } from '../timeline/datasetDiffers.ts';

/** DataHub's EntityChangeEvent (com.linkedin.platform.event.v1.EntityChangeEvent), as stored in the log. */
export interface EntityChangeEvent {
  entityType: string;
  entityUrn: string;
  category: string;
  operation: string;
  modifier?: string;
  parameters?: Record<string, unknown>;
  auditStamp: { time: number; actor: string };
  version: 0;
}

/** The timeline's categories by the names DataHub's events give them (its timeline says OWNERSHIP, its events OWNER). */
const EVENT_CATEGORY: Partial<Record<ChangeCategory, string>> = { OWNERSHIP: 'OWNER' };

/** Aspects whose differs DataHub runs for any entity type; the others only for datasets. */
const ANY_ENTITY = new Set([
  'globalTags',
  'glossaryTerms',
  'ownership',
  'domains',
  'deprecation',
  'institutionalMemory',
]);

/** The differs of each aspect, with their categories, in the timeline's order. */
const BY_ASPECT = new Map<string, Array<{ categories: readonly ChangeCategory[]; differ: Differ }>>();
for (const { aspect, categories, differ } of DATASET_DIFFERS) {
  const list = BY_ASPECT.get(aspect) ?? [];
  list.push({ categories, differ });
  BY_ASPECT.set(aspect, list);
}

/** Entity types DataHub announces the creation and hard deletion of (its hook's key aspects). */
const LIFECYCLE_TYPES = new Set([
  'dataset',
  'dashboard',
  'chart',
  'container',
  'dataFlow',
  'dataJob',
  'glossaryTerm',
  'domain',
  'tag',
]);

/** The entity type of a urn (`urn:li:<type>:…`). */
function typeOf(urn: string): string {
  const end = urn.indexOf(':', 7);
  return end < 0 ? '' : urn.slice(7, end);
}

function toEvent(e: ChangeEvent): EntityChangeEvent {
  return {
    entityType: typeOf(e.entityUrn),
    entityUrn: e.entityUrn,
    category: EVENT_CATEGORY[e.category] ?? e.category,
    operation: e.operation,
    ...(e.modifier !== undefined && { modifier: e.modifier }),
    ...(e.parameters !== undefined && { parameters: e.parameters }),
    auditStamp: e.auditStamp,
    version: 0,
  };
}

function lifecycle(c: AspectChangeInput, operation: string): EntityChangeEvent {
  return {
    entityType: c.entityType,
    entityUrn: c.urn,
    category: 'LIFECYCLE',
    operation,
    auditStamp: c.stamp,
    version: 0,
  };
}

/** A structured property's values as DataHub's event prints them: the union members' values, as JSON. */
function propertyValues(values: unknown): string {
  const plain = Array.isArray(values)
    ? values.map((v) =>
        typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.values(v as Record<string, unknown>)[0] : v,
      )
    : [];
  return JSON.stringify(plain);
}

/**
 * STRUCTURED_PROPERTY events, as DataHub's StructuredPropertiesChangeEventGenerator makes them: a
 * property added (ADD), removed (REMOVE, no parameters) or given other values (MODIFY).
 */
function structuredPropertyEvents(c: AspectChangeInput): EntityChangeEvent[] {
  const byProperty = (value: unknown) => {
    const out = new Map<string, unknown>();
    const list =
      typeof value === 'object' && value !== null ? (value as { properties?: unknown }).properties : undefined;
    if (Array.isArray(list))
      for (const p of list) {
        const urn = (p as { propertyUrn?: unknown } | null)?.propertyUrn;
        if (typeof urn === 'string') out.set(urn, (p as { values?: unknown }).values);
      }
    return out;
  };
  const before = byProperty(c.before);
  const after = byProperty(c.after);
  const event = (urn: string, operation: string, values?: unknown): EntityChangeEvent => ({
    entityType: c.entityType,
    entityUrn: c.urn,
    category: 'STRUCTURED_PROPERTY',
    operation,
    modifier: urn,
    ...(values !== undefined && { parameters: { propertyUrn: urn, propertyValues: propertyValues(values) } }),
    auditStamp: c.stamp,
    version: 0,
  });
  const out: EntityChangeEvent[] = [];
  for (const [urn, values] of after) {
    if (!before.has(urn)) out.push(event(urn, 'ADD', values));
    else if (propertyValues(before.get(urn)) !== propertyValues(values)) out.push(event(urn, 'MODIFY', values));
  }
  for (const urn of before.keys()) if (!after.has(urn)) out.push(event(urn, 'REMOVE'));
  return out;
}

/** A field of a value that may be anything (objects only). */
const fieldOf = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined;
const textOf = (value: unknown, name: string): string | undefined => {
  const v = fieldOf(value, name);
  return typeof v === 'string' ? v : undefined;
};

function event(
  c: AspectChangeInput,
  category: string,
  operation: string,
  parameters?: Record<string, unknown>,
): EntityChangeEvent {
  return {
    entityType: c.entityType,
    entityUrn: c.urn,
    category,
    operation,
    ...(parameters !== undefined && { parameters }),
    auditStamp: c.stamp,
    version: 0,
  };
}

/**
 * INCIDENT events, in the shape DataHub Cloud's events API documents (open-source DataHub has no
 * generator for them): an incident raised, or its state changed, makes one event whose operation is
 * the new state (ACTIVE, RESOLVED), with the assets it is on as a list in one string
 * (`"[urn1, urn2]"`, as DataHub prints a list).
 */
function incidentEvents(c: AspectChangeInput): EntityChangeEvent[] {
  const state = (value: unknown) => textOf(fieldOf(value, 'status'), 'state');
  const now = state(c.after);
  if (now === undefined || now === state(c.before)) return [];
  const entities = fieldOf(c.after, 'entities');
  const list = Array.isArray(entities) ? entities.filter((e): e is string => typeof e === 'string') : [];
  return [event(c, 'INCIDENT', now, { entities: `[${list.join(', ')}]` })];
}

/**
 * RUN COMPLETED of an assertion, as DataHub's AssertionRunEventChangeEventGenerator makes it: for a
 * run event whose status is COMPLETE, with the status (DataHub puts the status, not the result, in
 * `runResult`), the run id, the asserted entity and the result type, keys in DataHub's sorted order.
 */
function assertionRunEvents(c: AspectChangeInput): EntityChangeEvent[] {
  const run = c.after;
  if (textOf(run, 'status') !== 'COMPLETE') return [];
  const result = textOf(fieldOf(run, 'result'), 'type');
  return [
    event(c, 'RUN', 'COMPLETED', {
      asserteeUrn: textOf(run, 'asserteeUrn') ?? '',
      ...(result !== undefined && { assertionResult: result }),
      runId: textOf(run, 'runId') ?? '',
      runResult: 'COMPLETE',
    }),
  ];
}

/**
 * RUN STARTED or COMPLETED of a data process instance, as DataHub's
 * DataProcessInstanceRunEventChangeEventGenerator makes it: the attempt and the result type when the
 * event has them, and from the run's `dataProcessInstanceRelationships` its parent instance and the
 * job or flow it is an instance of.
 */
function processRunEvents(c: AspectChangeInput): EntityChangeEvent[] {
  const run = c.after;
  const status = textOf(run, 'status');
  if (status === undefined) return [];
  const parameters: Record<string, unknown> = {};
  const attempt = fieldOf(run, 'attempt');
  if (typeof attempt === 'number') parameters['attempt'] = attempt;
  const result = textOf(fieldOf(run, 'result'), 'type');
  if (result !== undefined) parameters['runResult'] = result;
  const relationships = c.aspectOf?.('dataProcessInstanceRelationships');
  const parent = textOf(relationships, 'parentInstance');
  if (parent !== undefined) parameters['parentInstanceUrn'] = parent;
  const template = textOf(relationships, 'parentTemplate');
  if (template?.startsWith('urn:li:dataFlow:')) parameters['dataFlowUrn'] = template;
  else if (template?.startsWith('urn:li:dataJob:')) parameters['dataJobUrn'] = template;
  return [event(c, 'RUN', status === 'COMPLETE' ? 'COMPLETED' : 'STARTED', parameters)];
}

/**
 * DOCUMENTATION events of the `documentation` aspect (any entity), as DataHub's
 * DocumentationChangeEventGenerator makes them: one per documentation added, removed or changed, told
 * apart by their attribution's source (the modifier; absent for the one without), with the text.
 */
function documentationEvents(c: AspectChangeInput): EntityChangeEvent[] {
  const bySource = (value: unknown) => {
    const out = new Map<string | undefined, string>();
    const list = fieldOf(value, 'documentations');
    if (Array.isArray(list))
      for (const d of list) {
        const text = textOf(d, 'documentation');
        if (text !== undefined) out.set(textOf(fieldOf(d, 'attribution'), 'source'), text);
      }
    return out;
  };
  const before = bySource(c.before);
  const after = bySource(c.after);
  const out: EntityChangeEvent[] = [];
  const add = (source: string | undefined, operation: string, documentation: string) =>
    out.push({
      ...event(c, 'DOCUMENTATION', operation, { documentation }),
      ...(source !== undefined && { modifier: source }),
    });
  for (const [source, text] of after) {
    const was = before.get(source);
    if (was === undefined) add(source, 'ADD', text);
    else if (was !== text) add(source, 'MODIFY', text);
  }
  for (const [source, text] of before) if (!after.has(source)) add(source, 'REMOVE', text);
  return out;
}

/**
 * Events of aspects no timeline differ covers, by aspect, with the entity type they are made for
 * (`*`: any).
 */
const OTHER_EVENTS: ReadonlyMap<string, { entityType: string; derive: (c: AspectChangeInput) => EntityChangeEvent[] }> =
  new Map([
    ['documentation', { entityType: '*', derive: documentationEvents }],
    ['incidentInfo', { entityType: 'incident', derive: incidentEvents }],
    ['assertionRunEvent', { entityType: 'assertion', derive: assertionRunEvents }],
    ['dataProcessInstanceRunEvent', { entityType: 'dataProcessInstance', derive: processRunEvents }],
  ]);

const removed = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as { removed?: unknown }).removed === true;

/** The events of one aspect change, in the order DataHub lists them (its generators', by category). */
export function eventsOf(c: AspectChangeInput): EntityChangeEvent[] {
  if (c.lifecycle) return LIFECYCLE_TYPES.has(c.entityType) ? [lifecycle(c, c.lifecycle)] : [];
  if (c.aspectName === 'status') {
    const was = removed(c.before);
    const now = removed(c.after);
    if (was === now) return [];
    return [lifecycle(c, now ? 'SOFT_DELETE' : 'REINSTATE')];
  }
  if (c.aspectName === 'structuredProperties') return structuredPropertyEvents(c);
  const other = OTHER_EVENTS.get(c.aspectName);
  if (other) return other.entityType === c.entityType || other.entityType === '*' ? other.derive(c) : [];
  const differs = BY_ASPECT.get(c.aspectName);
  if (!differs || (c.entityType !== 'dataset' && !ANY_ENTITY.has(c.aspectName))) return [];
  const change = { urn: c.urn, from: c.before, to: c.after, stamp: c.stamp };
  const out: EntityChangeEvent[] = [];
  for (const { categories, differ } of differs)
    for (const category of categories) for (const e of differ(change, category)) out.push(toEvent(e));
  return out;
}

/** What openCatalog hands to the store. */
export const eventDeriver: ChangeEventDeriver = {
  carries: (aspectName, entityType, lifecycle) => {
    if (lifecycle) return LIFECYCLE_TYPES.has(entityType);
    if (aspectName === 'status' || aspectName === 'structuredProperties') return true;
    const other = OTHER_EVENTS.get(aspectName);
    if (other) return other.entityType === entityType || other.entityType === '*';
    return BY_ASPECT.has(aspectName) && (entityType === 'dataset' || ANY_ENTITY.has(aspectName));
  },
  derive: eventsOf,
  // As the derivers below decide: an assertion run makes an event once complete, a process run
  // whenever it has a status.
  seriesMakesEvents: (aspectName, value) => {
    const status = textOf(value, 'status');
    return aspectName === 'assertionRunEvent' ? status === 'COMPLETE' : status !== undefined;
  },
  // A run's events name its job or flow and parent run, from the run's relationships aspect.
  reads: new Map([['dataProcessInstanceRunEvent', ['dataProcessInstanceRelationships']]]),
};
