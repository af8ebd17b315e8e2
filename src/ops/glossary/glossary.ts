/**
 * The business glossary (docs/datahub/discovery.md §4.1–§4.3): create glossary terms and nodes, move them
 * under another node, rename them, and delete them with every reference to them. Messages are
 * DataHub's; where DataHub answers a client mistake with a 500 we answer 400 (docs/design.md §2.6).
 */
import { randomUUID } from 'node:crypto';
import { BadRequestError } from '../../errors.ts';
import { glossaryNodeInfo, glossaryTermInfo } from '../../model/aspects/storedAsGiven.ts';
import type { StoreTxn } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { creatorOwnership } from '../labels/creatorOwnership.ts';
import { removeReferences } from '../entities/deleteReferences.ts';
import { checkUrnSyntax, existsAs, latestAspect, urnTypeOf } from '../core/resources.ts';
import { writeAspect } from '../core/writeAspect.ts';

export interface CreateGlossaryEntityInput {
  id?: string | null;
  name: string;
  description?: string | null;
  parentNode?: string | null;
}

type Kind = 'glossaryTerm' | 'glossaryNode';
const LABEL: Record<Kind, string> = { glossaryTerm: 'Glossary Term', glossaryNode: 'Glossary Node' };
const INFO = { glossaryTerm: glossaryTermInfo, glossaryNode: glossaryNodeInfo } as const;

/** createGlossaryTerm / createGlossaryNode: `urn:li:<kind>:<id>` (random id when absent), owned by the caller. */
export async function createGlossaryEntity(
  ctx: OpContext,
  kind: Kind,
  input: CreateGlossaryEntityInput,
): Promise<string> {
  const urn = `urn:li:${kind}:${input.id ?? randomUUID()}`;
  checkUrnSyntax(urn);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    if (txn.entityExists(urn)) throw new BadRequestError(`This ${LABEL[kind]} already exists!`);
    if (input.parentNode != null && !existsAs(txn, input.parentNode, 'glossaryNode')) {
      throw new BadRequestError(
        `Failed to create ${urn}. ${input.parentNode} either does not exist or is not a glossaryNode.`,
      );
    }
    const info: Record<string, unknown> =
      kind === 'glossaryTerm'
        ? { name: input.name, definition: input.description ?? '', termSource: 'INTERNAL' }
        : { name: input.name, definition: input.description ?? '' };
    if (input.parentNode != null) info['parentNode'] = input.parentNode;
    writeAspect(txn, stamp, urn, INFO[kind].name, info);
    writeAspect(txn, stamp, urn, 'ownership', creatorOwnership(stamp));
    return urn;
  });
}

/** updateParentNode: moves a term or node under another node, or to the root when `parentNode` is null. */
export async function updateParentNode(
  ctx: OpContext,
  resourceUrn: string,
  parentNode: string | null | undefined,
): Promise<true> {
  checkUrnSyntax(resourceUrn);
  const kind = urnTypeOf(resourceUrn);
  if (kind !== 'glossaryTerm' && kind !== 'glossaryNode') {
    throw new BadRequestError(`Failed to update parentNode. Unsupported resource type ${resourceUrn} provided.`);
  }
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (!txn.entityExists(resourceUrn))
      throw new BadRequestError(`Failed to update ${resourceUrn}. ${resourceUrn} does not exist.`);
    if (parentNode != null && (!existsAs(txn, parentNode, 'glossaryNode') || parentNode === resourceUrn)) {
      throw new BadRequestError(
        `Failed to update ${resourceUrn}. ${parentNode} either does not exist or is not a glossaryNode.`,
      );
    }
    if (parentNode != null && kind === 'glossaryNode' && ancestorsOf(txn, parentNode).includes(resourceUrn)) {
      throw new BadRequestError(
        `Failed to update ${resourceUrn}. ${parentNode} is inside ${resourceUrn}; a node cannot move under itself.`,
      );
    }
    const info = latestAspect(txn, resourceUrn, INFO[kind]);
    if (!info) throw new BadRequestError(`Info for this ${LABEL[kind]} does not yet exist!`);
    const next = { ...info };
    if (parentNode == null) delete next['parentNode'];
    else next['parentNode'] = parentNode;
    writeAspect(txn, stamp, resourceUrn, INFO[kind].name, next);
  });
  return true;
}

function ancestorsOf(txn: StoreTxn, node: string): string[] {
  const out: string[] = [];
  for (let n: string | undefined = node; n && !out.includes(n) && out.length < 100; ) {
    out.push(n);
    n = latestAspect(txn, n, glossaryNodeInfo)?.parentNode;
  }
  return out;
}

/** deleteGlossaryEntity: hard-deletes a term or node and removes every reference to it, in one transaction. */
export async function deleteGlossaryEntity(ctx: OpContext, urn: string): Promise<true> {
  checkUrnSyntax(urn);
  const kind = urnTypeOf(urn);
  if (kind !== 'glossaryTerm' && kind !== 'glossaryNode')
    throw new BadRequestError(`${urn} is not a glossaryTerm or glossaryNode urn`);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    if (!txn.entityExists(urn)) throw new BadRequestError(`This urn does not exist: ${urn}`);
    txn.deleteEntity(urn, stamp);
    removeReferences(txn, stamp, urn);
  });
  return true;
}
