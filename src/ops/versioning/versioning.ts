/**
 * Entity versioning (DataHub's EntityVersioningService, versioning.graphql): link an asset to a
 * version set as its new latest version, or unlink it. A version set
 * `urn:li:versionSet:(<id>,<entityType>)` holds assets of one entity type; each version carries
 * `versionProperties` (label, comment, a sortId DataHub generates: AAAAAAAA, AAAAAAAB, …) and the set
 * `versionSetProperties` (its latest version). The latest and every `isLatest` follow from the writes
 * through the side effects in versioningEffects.ts. Messages are DataHub's.
 */
import { BadRequestError } from '../../errors.ts';
import { keyFieldsOf } from '../../model/registry.ts';
import type { VersionProperties } from '../../model/aspects/versionProperties.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { checkUrnSyntax, urnTypeOf } from '../core/resources.ts';
import { successorOf, versionPropertiesOf, versionSetPropertiesOf, versionsOf } from './versioningEffects.ts';
import { writeAspect } from '../core/writeAspect.ts';

/** The first sortId DataHub gives a version set (ALPHANUMERIC_GENERATED_BY_DATAHUB). */
export const INITIAL_SORT_ID = 'AAAAAAAA';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** DataHub's AlphanumericSortIdGenerator.increment: the next 8-letter id (ZZZZZZZZ wraps to AAAAAAAA). */
export function incrementSortId(current: string): string {
  if (current.length !== 8) throw new BadRequestError('Input string must be exactly 8 characters long');
  for (const c of current)
    if (!LETTERS.includes(c)) throw new BadRequestError(`Invalid character in input string: ${c}`);
  const chars = [...current];
  for (let i = chars.length - 1; i >= 0; i--) {
    const at = LETTERS.indexOf(chars[i]!);
    if (at < LETTERS.length - 1) {
      chars[i] = LETTERS[at + 1]!;
      return chars.join('');
    }
    chars[i] = LETTERS[0]!;
  }
  return INITIAL_SORT_ID;
}

/** DataHub's UNKNOWN_ACTOR: the source creator of a version whose source named none. */
const UNKNOWN_ACTOR = 'urn:li:corpuser:UNKNOWN';

export interface LinkVersionInput {
  versionSet: string;
  linkedEntity: string;
  version: string;
  sourceTimestamp?: number | null;
  sourceCreator?: string | null;
  comment?: string | null;
}

export interface UnlinkVersionInput {
  versionSet?: string | null;
  unlinkedEntity?: string | null;
}

function checkVersionSetUrn(urn: string): void {
  if (urnTypeOf(urn) !== 'versionSet') throw new BadRequestError(`Version Set urn ${urn} must be of type Version Set.`);
  checkUrnSyntax(urn);
}

/**
 * linkAssetVersion: makes `linkedEntity` the latest version of `versionSet` (created when it does not
 * exist yet). Returns the version set urn, or null when the entity already is a version of that set
 * (nothing changes, as in DataHub).
 */
export async function linkAssetVersion(ctx: OpContext, input: LinkVersionInput): Promise<string | null> {
  checkVersionSetUrn(input.versionSet);
  checkUrnSyntax(input.linkedEntity);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  const setType = String(keyFieldsOf(input.versionSet)['entityType']);
  const entityType = urnTypeOf(input.linkedEntity);
  if (setType !== entityType) {
    throw new BadRequestError(
      `Entity type must match Version Set's specified type: ${setType} invalid type: ${entityType}`,
    );
  }
  return ctx.store.write((txn) => {
    const vs = input.versionSet;
    const entity = input.linkedEntity;
    // Stricter than DataHub (DESIGN §2.1): the asset must exist; DataHub would create it.
    if (!txn.entityExists(entity))
      throw new BadRequestError(`Failed to link version for Entity ${entity}. Entity does not exist.`);
    const current = versionPropertiesOf(txn, entity);
    if (current) {
      if (current.versionSet === vs) return null;
      throw new BadRequestError(
        `Version already exists for specified entity: ${entity} for a different Version Set: ${current.versionSet}`,
      );
    }
    const setProps = txn.entityExists(vs) ? versionSetPropertiesOf(txn, vs) : undefined;
    const latestSortId = setProps ? versionPropertiesOf(txn, setProps.latest)?.sortId : undefined;
    const sortId = latestSortId === undefined ? INITIAL_SORT_ID : incrementSortId(latestSortId);
    // DataHub's VersionPropertiesValidator: sortId and label are unique within the set.
    if (
      versionsOf(txn, vs).some(
        (v) => v.properties.sortId === sortId || v.properties.version?.versionTag === input.version,
      )
    ) {
      throw new BadRequestError(
        `Sort Id and Version label must be unique: sort ID: ${sortId} version label: ${input.version}`,
      );
    }
    const properties: VersionProperties = {
      versionSet: vs,
      version: { versionTag: input.version, metadataAttribution: { time: stamp.time, actor: stamp.actor } },
      aliases: [],
      sortId,
      metadataCreatedTimestamp: { time: stamp.time, actor: stamp.actor },
    };
    if (input.comment != null) properties.comment = input.comment;
    if (input.sourceTimestamp != null) {
      const creator = input.sourceCreator;
      const actor =
        creator == null ? UNKNOWN_ACTOR : creator.startsWith('urn:li:') ? creator : `urn:li:corpuser:${creator}`;
      properties.sourceCreatedTimestamp = { time: input.sourceTimestamp, actor };
    }
    writeAspect(txn, stamp, entity, 'versionProperties', properties);
    const props = versionSetPropertiesOf(txn, vs);
    writeAspect(txn, stamp, vs, 'versionSetProperties', {
      ...props,
      latest: entity,
      versioningScheme: 'ALPHANUMERIC_GENERATED_BY_DATAHUB',
    });
    return vs;
  });
}

/**
 * unlinkAssetVersion: removes the entity's versionProperties. When it was the latest, the version
 * before it takes over; when no version is left, the version set is deleted. Returns the version set
 * urn, or null when the entity was not versioned (nothing changes, as in DataHub).
 */
export async function unlinkAssetVersion(ctx: OpContext, input: UnlinkVersionInput): Promise<string | null> {
  const vs = input.versionSet;
  const entity = input.unlinkedEntity;
  if (vs == null || entity == null)
    throw new BadRequestError('unlinkAssetVersion needs both versionSet and unlinkedEntity.');
  checkVersionSetUrn(vs);
  checkUrnSyntax(entity);
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  return ctx.store.write((txn) => {
    const properties = versionPropertiesOf(txn, entity);
    if (!properties) return null;
    if (properties.versionSet !== vs) {
      throw new BadRequestError(
        `Version is not linked to specified version set: ${vs} but is linked to: ${properties.versionSet}`,
      );
    }
    const setProps = versionSetPropertiesOf(txn, vs);
    if (!setProps) throw new BadRequestError(`Version Set Properties must exist if entity version exists: ${vs}`);
    txn.deleteAspect(entity, 'versionProperties');
    if (setProps.latest !== entity) return vs;
    const next = successorOf(txn, vs, entity, properties.sortId);
    if (next === undefined) {
      txn.deleteEntity(vs);
    } else {
      writeAspect(txn, stamp, vs, 'versionSetProperties', { ...setProps, latest: next });
    }
    return vs;
  });
}
