/**
 * updateDescription (docs/datahub/graphql.md §3.6): dispatches on the entity type of the resource.
 *
 * Deliberately better than DataHub: its resolver refuses a dataset without a column
 * ("Update description without subresource is not currently supported"), yet DataHub's own MCP
 * server sends exactly that to describe a dataset, and its other entity types take a description
 * without a column. Here it writes `editableDatasetProperties.description`, as updateDataset's
 * editableProperties does; charts, dashboards, pipelines and jobs take one too.
 */
import { BadRequestError } from '../../errors.ts';
import { parseUrn } from '../../model/urn.ts';
import corpGroupEditableInfo from '../../model/aspects/corpGroupEditableInfo.ts';
import type { DeclaredAspect } from '../../model/aspects/define.ts';
import editableDatasetProperties from '../../model/aspects/editableDatasetProperties.ts';
import editableSchemaMetadata, { editableFieldEntry } from '../../model/aspects/editableSchemaMetadata.ts';
import {
  editableMlFeatureProperties,
  editableMlFeatureTableProperties,
  editableMlModelGroupProperties,
  editableMlModelProperties,
  editableMlPrimaryKeyProperties,
  editableNotebookProperties,
} from '../../model/aspects/readAsGiven.ts';
import {
  dataProductProperties,
  domainProperties,
  editableChartProperties,
  editableContainerProperties,
  editableDashboardProperties,
  editableDataFlowProperties,
  editableDataJobProperties,
  glossaryNodeInfo,
  glossaryTermInfo,
} from '../../model/aspects/storedAsGiven.ts';
import tagProperties from '../../model/aspects/tagProperties.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { checkFieldExists, latestAspect, readAspect, type SubResourceType } from '../core/resources.ts';
import { writeAspect } from '../core/writeAspect.ts';

export interface DescriptionUpdate {
  description: string;
  resourceUrn: string;
  subResourceType?: SubResourceType | null;
  subResource?: string | null;
}

/** Aspect and field that hold the description, per entity type. */
const TARGETS: Record<string, { aspect: DeclaredAspect; field: string }> = {
  tag: { aspect: tagProperties, field: 'description' },
  corpGroup: { aspect: corpGroupEditableInfo, field: 'description' },
  container: { aspect: editableContainerProperties, field: 'description' },
  glossaryTerm: { aspect: glossaryTermInfo, field: 'definition' },
  glossaryNode: { aspect: glossaryNodeInfo, field: 'definition' },
  domain: { aspect: domainProperties, field: 'description' },
  dataProduct: { aspect: dataProductProperties, field: 'description' },
  notebook: { aspect: editableNotebookProperties, field: 'description' },
  dataset: { aspect: editableDatasetProperties, field: 'description' },
  chart: { aspect: editableChartProperties, field: 'description' },
  dashboard: { aspect: editableDashboardProperties, field: 'description' },
  dataFlow: { aspect: editableDataFlowProperties, field: 'description' },
  dataJob: { aspect: editableDataJobProperties, field: 'description' },
  mlModel: { aspect: editableMlModelProperties, field: 'description' },
  mlModelGroup: { aspect: editableMlModelGroupProperties, field: 'description' },
  mlFeatureTable: { aspect: editableMlFeatureTableProperties, field: 'description' },
  mlFeature: { aspect: editableMlFeatureProperties, field: 'description' },
  mlPrimaryKey: { aspect: editableMlPrimaryKeyProperties, field: 'description' },
};

export async function updateDescription(ctx: OpContext, input: DescriptionUpdate): Promise<true> {
  const urn = input.resourceUrn;
  const { entityType, rawKey } = parseUrn(urn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  const missing = () => new BadRequestError(`Failed to update ${urn}. ${urn} does not exist.`);

  if (entityType === 'dataset' && (input.subResourceType || input.subResource)) {
    const field = input.subResource ?? 'null';
    await ctx.store.write((txn) => {
      if (!txn.entityExists(urn)) throw missing();
      checkFieldExists(txn, urn, field);
      const current = latestAspect(txn, urn, editableSchemaMetadata);
      const { aspect, entry } = editableFieldEntry(current && structuredClone(current), field, stamp);
      entry.description = input.description;
      writeAspect(txn, stamp, urn, 'editableSchemaMetadata', aspect);
    });
    return true;
  }

  const target = TARGETS[entityType];
  if (!target) throw new BadRequestError(`Failed to update description. Unsupported resource type ${urn} provided.`);
  await ctx.store.write((txn) => {
    if (!txn.entityExists(urn)) throw missing();
    if (entityType === 'domain' && !txn.getAspect(urn, 'domainProperties'))
      throw new BadRequestError('Properties for this Domain do not yet exist!');
    if (entityType === 'glossaryTerm' && !txn.getAspect(urn, 'glossaryTermInfo')) {
      throw new BadRequestError('Properties for this Glossary Term do not yet exist!');
    }
    if (entityType === 'glossaryNode' && !txn.getAspect(urn, 'glossaryNodeInfo'))
      throw new BadRequestError('Glossary Node does not exist');
    // Any of the aspects above: the description field is set, the rest kept as stored.
    const current = readAspect(txn, urn, target.aspect, entityType === 'tag' ? { name: rawKey } : {});
    writeAspect(txn, stamp, urn, target.aspect.name, { ...current, [target.field]: input.description });
  });
  return true;
}
