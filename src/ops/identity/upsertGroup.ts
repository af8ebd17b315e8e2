/**
 * Group upsert (`catalog group upsert`), after DataHub's CLI (docs/datahub/rest-cli.md §4.2, §6.2):
 * inline users are upserted, the group gets corpGroupInfo (and corpGroupEditableInfo when asked),
 * its owners in `ownership`, and each member's groupMembership gains the group. Unlike DataHub,
 * owners are added like members are (docs/design.md §2.5, DataHub issue #14758): nothing is removed.
 * One group is one transaction.
 */
import corpGroupEditableInfo from '../../model/aspects/corpGroupEditableInfo.ts';
import corpGroupInfo from '../../model/aspects/corpGroupInfo.ts';
import groupMembership from '../../model/aspects/groupMembership.ts';
import ownership, { type Owner } from '../../model/aspects/ownership.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { readAspect } from '../core/resources.ts';
import { groupUrn, userUrn, writeUser, type UpsertOptions, type UserSpec } from './upsertUser.ts';
import { writeAspect } from '../core/writeAspect.ts';

/** A member or owner: a user id, a user or group urn, or an inline user. */
export type MemberRef = string | UserSpec;

export interface GroupSpec {
  id: string;
  displayName?: string;
  email?: string;
  description?: string;
  slack?: string;
  pictureLink?: string;
  owners: MemberRef[];
  members: MemberRef[];
}

/** PDL default of corpGroupEditableInfo.pictureLink, as the Python client fills it in. */
export const DEFAULT_GROUP_PICTURE =
  'https://raw.githubusercontent.com/datahub-project/datahub/master/datahub-web-react/src/images/default_avatar.png';

function refUrn(ref: MemberRef): string {
  return userUrn(typeof ref === 'string' ? ref : ref.id);
}

function union(a: readonly string[] | undefined, b: readonly string[]): string[] {
  return [...new Set([...(a ?? []), ...b])];
}

/** Upserts the group; returns its urn. */
export async function upsertGroup(ctx: OpContext, spec: GroupSpec, options: UpsertOptions = {}): Promise<string> {
  const urn = groupUrn(spec.id);
  const owners = [...new Set(spec.owners.map(refUrn))];
  const members = [...new Set(spec.members.map(refUrn))];
  const inline = new Map<string, UserSpec>();
  for (const ref of [...spec.members, ...spec.owners]) if (typeof ref !== 'string') inline.set(userUrn(ref.id), ref);
  const isUser = (u: string) => u.startsWith('urn:li:corpuser:');
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };

  return ctx.store.write((txn) => {
    for (const user of inline.values()) writeUser(txn, stamp, user, options);
    writeAspect(txn, stamp, urn, 'status', { removed: false });

    const info = readAspect(txn, urn, corpGroupInfo, { admins: [], members: [], groups: [] });
    const nextInfo: Record<string, unknown> = {
      ...info,
      admins: union(info.admins, owners.filter(isUser)),
      members: union(info.members, members.filter(isUser)),
      groups: info.groups ?? [],
    };
    for (const [key, value] of [
      ['displayName', spec.displayName],
      ['email', spec.email],
      ['description', spec.description],
      ['slack', spec.slack],
    ] as const) {
      if (value !== undefined) nextInfo[key] = value;
    }
    writeAspect(txn, stamp, urn, 'corpGroupInfo', nextInfo);

    if (options.overrideEditable || spec.pictureLink !== undefined) {
      const editable = readAspect(txn, urn, corpGroupEditableInfo, { pictureLink: DEFAULT_GROUP_PICTURE });
      for (const [key, value] of [
        ['description', spec.description],
        ['pictureLink', spec.pictureLink],
        ['slack', spec.slack],
        ['email', spec.email],
      ] as const) {
        if (value !== undefined) editable[key] = value;
      }
      writeAspect(txn, stamp, urn, 'corpGroupEditableInfo', editable);
    }

    if (owners.length > 0) {
      const current = readAspect(txn, urn, ownership, { owners: [] });
      const list: Owner[] = [...current.owners];
      for (const o of owners) if (!list.some((x) => x.owner === o)) list.push({ owner: o, type: 'TECHNICAL_OWNER' });
      writeAspect(txn, stamp, urn, 'ownership', { ...current, owners: list, lastModified: stamp });
    }

    for (const m of members.filter(isUser)) {
      const membership = readAspect(txn, m, groupMembership, { groups: [] });
      if (!membership.groups.includes(urn))
        writeAspect(txn, stamp, m, 'groupMembership', { ...membership, groups: [...membership.groups, urn].sort() });
    }
    for (const u of [...owners, ...members]) {
      if (!txn.getAspect(u, 'status')) writeAspect(txn, stamp, u, 'status', { removed: false });
    }
    return urn;
  });
}
