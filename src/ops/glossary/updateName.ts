/**
 * updateName (docs/datahub/discovery.md §4.2, §4.3): renames a glossary term or node, a domain (unique
 * among its siblings), a group, a data product, or sets a dataset's display name.
 */
import { BadRequestError } from '../../errors.ts';
import corpGroupInfo from '../../model/aspects/corpGroupInfo.ts';
import type { DeclaredAspect } from '../../model/aspects/define.ts';
import editableDatasetProperties from '../../model/aspects/editableDatasetProperties.ts';
import {
  dataProductProperties,
  domainProperties,
  glossaryNodeInfo,
  glossaryTermInfo,
} from '../../model/aspects/storedAsGiven.ts';
import { parseUrn } from '../../model/urn.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { checkDomainNameFree } from './domains.ts';
import { checkUrnSyntax, latestAspect } from '../core/resources.ts';
import { writeAspect } from '../core/writeAspect.ts';

/** Per entity type: the aspect and field holding the name, and DataHub's message when the aspect is missing. */
const TARGETS: Record<string, { aspect: DeclaredAspect; field: string; missing: string }> = {
  glossaryTerm: { aspect: glossaryTermInfo, field: 'name', missing: 'Glossary Term does not exist' },
  glossaryNode: { aspect: glossaryNodeInfo, field: 'name', missing: 'Glossary Node does not exist' },
  domain: { aspect: domainProperties, field: 'name', missing: 'Domain does not exist' },
  corpGroup: { aspect: corpGroupInfo, field: 'displayName', missing: 'Group does not exist' },
  dataProduct: { aspect: dataProductProperties, field: 'name', missing: 'Data Product does not exist' },
};

export async function updateName(ctx: OpContext, urn: string, name: string): Promise<true> {
  checkUrnSyntax(urn);
  const type = parseUrn(urn).entityType;
  const target = TARGETS[type];
  if (!target && type !== 'dataset')
    throw new BadRequestError(`Failed to update name. Unsupported resource type ${urn} provided.`);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (!txn.entityExists(urn)) throw new BadRequestError(`Failed to update ${urn}. ${urn} does not exist.`);
    if (!target) {
      // A dataset's display name lives in editableDatasetProperties; its description is kept.
      const current = latestAspect(txn, urn, editableDatasetProperties);
      writeAspect(txn, stamp, urn, 'editableDatasetProperties', { ...(current ?? {}), name, lastModified: stamp });
      return;
    }
    const current = latestAspect(txn, urn, target.aspect);
    if (!current) throw new BadRequestError(target.missing);
    if (type === 'domain') checkDomainNameFree(txn, name, current['parentDomain'] as string | undefined, urn);
    writeAspect(txn, stamp, urn, target.aspect.name, { ...current, [target.field]: name });
  });
  return true;
}
