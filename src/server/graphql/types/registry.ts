/**
 * GraphQL entity types by urn entity type: the read model of any entity, for `entity(urn)`,
 * `entities(urns)`, the typed root queries and every field typed `Entity` (relationship ends, owners,
 * terms, containers, …). One file per entity type beside this one.
 */
import { keyAspectOf } from '../../../model/registry.ts';
import { parseUrn } from '../../../model/urn.ts';
import type { StoreView } from '../../../store/store.ts';
import { application } from './application.ts';
import { assertion } from './assertion.ts';
import { chart } from './chart.ts';
import { container } from './container.ts';
import { corpGroup } from './corpGroup.ts';
import { corpUser } from './corpUser.ts';
import { dashboard } from './dashboard.ts';
import { dataFlow } from './dataFlow.ts';
import { dataHubConnection } from './dataHubConnection.ts';
import { dataHubRole } from './dataHubRole.ts';
import { dataHubView } from './dataHubView.ts';
import { dataJob } from './dataJob.ts';
import { dataPlatform } from './dataPlatform.ts';
import { dataPlatformInstance } from './dataPlatformInstance.ts';
import { dataProduct } from './dataProduct.ts';
import { dataset } from './dataset.ts';
import { dataType } from './dataType.ts';
import { document, RELATED_DOCUMENT_HOLDERS, withRelatedDocuments } from './document.ts';
import { domain } from './domain.ts';
import { entityType } from './entityType.ts';
import { glossaryNode } from './glossaryNode.ts';
import { glossaryTerm } from './glossaryTerm.ts';
import { incident, INCIDENT_HOLDERS, withIncidents } from './incident.ts';
import { executionRequest } from './ingestionSource.ts';
import { mlFeature } from './mlFeature.ts';
import { mlFeatureTable } from './mlFeatureTable.ts';
import { mlModel } from './mlModel.ts';
import { mlModelGroup } from './mlModelGroup.ts';
import { mlPrimaryKey } from './mlPrimaryKey.ts';
import { notebook } from './notebook.ts';
import { ownershipType } from './ownershipType.ts';
import { query } from './query.ts';
import { schemaField } from './schemaField.ts';
import { bindEntityRef, checkType, notFound, type EntityKind, type Obj } from './shared.ts';
import { structuredProperty } from './structuredProperty.ts';
import { tag } from './tag.ts';
import { platformResource } from './platformResource.ts';
import { versionSet } from './versionSet.ts';
import { dataProcessInstance } from './timeseries.ts';

let table: Readonly<Record<string, EntityKind>> | undefined;

/**
 * Urn entity type → its GraphQL type. Built on first use: the type modules import this one (for
 * related entities), so the table cannot be built while they are still loading.
 */
export function kinds(): Readonly<Record<string, EntityKind>> {
  table ??= withDocumentHolders({
    dataset, tag, corpuser: corpUser, corpGroup, dataPlatform, glossaryTerm, glossaryNode, domain, container, chart, dashboard,
    dataFlow, dataJob, dataProduct, dataPlatformInstance, mlModel, mlModelGroup, mlFeature, mlPrimaryKey, mlFeatureTable,
    notebook, schemaField, dataType, entityType, structuredProperty, ownershipType, dataHubView, document, query, application, assertion, versionSet,
    platformResource, dataHubConnection, dataProcessInstance, dataHubRole, dataHubExecutionRequest: executionRequest,
    incident,
  });
  return table;
}

/** The assets documents relate to show `relatedDocuments` (documents.graphql): their kinds gain the field. */
function withDocumentHolders(kinds: Record<string, EntityKind>): Record<string, EntityKind> {
  return Object.fromEntries(Object.entries(kinds).map(([type, k]) => [type, withIncidentsIfHeld(type, RELATED_DOCUMENT_HOLDERS.has(type) ? withRelatedDocuments(k) : k)]));
}

/** The asset types incidents are on show `incidents(…)` (incidents.graphql): their kinds gain the field. */
function withIncidentsIfHeld(type: string, kind: EntityKind): EntityKind {
  return INCIDENT_HOLDERS.has(type) ? withIncidents(kind) : kind;
}

/** How the typed root queries name an entity type in "is not a … urn". */
const LABELS: Record<string, string> = { corpuser: 'corp user', corpGroup: 'corp group' };

/** The read model of an entity of any served type, whether or not anything is stored for it. */
export function entityRef(view: StoreView, urn: string): Obj | null {
  const k = kinds()[parseUrn(urn).entityType];
  return k ? k.build(view, urn) : null;
}

bindEntityRef(entityRef);

/** `entity(urn)`: the entity's read model, or null when nothing is stored for it (or its type is not served). */
export function getEntityByUrn(view: StoreView, urn: string): Obj | null {
  parseUrn(urn);
  return view.entityExists(urn) ? entityRef(view, urn) : null;
}

/** `entities(urns)`: read models in the order given, null in the slot of an urn with nothing stored. */
export function getEntitiesByUrn(view: StoreView, urns: readonly string[]): Array<Obj | null> {
  return urns.map((u) => getEntityByUrn(view, u));
}

/** A typed root query (`dataset(urn)`, `chart(urn)`, …): checks the urn's type; a missing entity is NOT_FOUND. */
export function getTypedEntity(view: StoreView, urn: string, urnType: string): Obj {
  const k = kinds()[urnType]!;
  checkType(urn, urnType, LABELS[urnType] ?? urnType);
  keyAspectOf(urn);
  if (!view.entityExists(urn)) throw notFound(k.typename, urn);
  return k.build(view, urn);
}

/** Entity types `entity(urn)` can answer for. */
export function servedEntityTypes(): string[] {
  return Object.keys(kinds());
}
