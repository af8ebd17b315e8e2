/**
 * Every GraphQL entity type, by urn entity type: the one module that imports them all, and fills the
 * table of registry.ts with them when it loads (resolvers.ts imports it). The type modules import
 * registry.ts for related entities, never this module, so nothing imports back.
 */
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
import { form, FORM_HOLDERS, withForms } from './form.ts';
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
import { structuredProperty } from './structuredProperty.ts';
import { tag } from './tag.ts';
import { platformResource } from './platformResource.ts';
import { versionSet } from './versionSet.ts';
import { dataProcessInstance } from './timeseries.ts';
import { registerKinds } from './registry.ts';
import type { EntityKind } from './shared.ts';

/** The assets documents relate to show `relatedDocuments` (documents.graphql): their kinds gain the field. */
function withDocumentHolders(kinds: Record<string, EntityKind>): Record<string, EntityKind> {
  return Object.fromEntries(
    Object.entries(kinds).map(([type, k]) => [
      type,
      withFormsIfHeld(
        type,
        withIncidentsIfHeld(type, RELATED_DOCUMENT_HOLDERS.has(type) ? withRelatedDocuments(k) : k),
      ),
    ]),
  );
}

/** The asset types incidents are on show `incidents(…)` (incidents.graphql): their kinds gain the field. */
function withIncidentsIfHeld(type: string, kind: EntityKind): EntityKind {
  return INCIDENT_HOLDERS.has(type) ? withIncidents(kind) : kind;
}

/** The asset types forms are assigned to show `forms` (forms.graphql): their kinds gain the field. */
function withFormsIfHeld(type: string, kind: EntityKind): EntityKind {
  return FORM_HOLDERS.has(type) ? withForms(kind) : kind;
}

registerKinds(
  withDocumentHolders({
    dataset,
    tag,
    corpuser: corpUser,
    corpGroup,
    dataPlatform,
    glossaryTerm,
    glossaryNode,
    domain,
    container,
    chart,
    dashboard,
    dataFlow,
    dataJob,
    dataProduct,
    dataPlatformInstance,
    mlModel,
    mlModelGroup,
    mlFeature,
    mlPrimaryKey,
    mlFeatureTable,
    notebook,
    schemaField,
    dataType,
    entityType,
    structuredProperty,
    ownershipType,
    dataHubView,
    document,
    query,
    application,
    assertion,
    versionSet,
    platformResource,
    dataHubConnection,
    dataProcessInstance,
    dataHubRole,
    dataHubExecutionRequest: executionRequest,
    incident,
    form,
  }),
);
