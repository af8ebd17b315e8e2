/**
 * Read models of users, groups and tags: the entities every other read shows as owners and labels.
 * Each part is read when first asked for.
 */
import corpGroupEditableInfo from '../../model/aspects/corpGroupEditableInfo.ts';
import corpGroupInfo from '../../model/aspects/corpGroupInfo.ts';
import corpUserEditableInfo from '../../model/aspects/corpUserEditableInfo.ts';
import corpUserInfo, { type CorpUserInfo } from '../../model/aspects/corpUserInfo.ts';
import { corpUserStatus, origin } from '../../model/aspects/readAsGiven.ts';
import tagProperties, { type TagProperties } from '../../model/aspects/tagProperties.ts';
import { parseUrn } from '../../model/urn.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf, customPropertiesOf, readOwnership, type CustomPropertyRead, type OwnershipRead } from './common.ts';

export interface TagPropertiesRead {
  name: string;
  description: string | null;
  colorHex: string | null;
}

export interface TagRead {
  readonly urn: string;
  /** The tag's id (its urn's key). */
  readonly name: string;
  /** null when no tagProperties is stored; the name defaults to the id. */
  readonly properties: TagPropertiesRead | null;
  readonly description: string | null;
  readonly ownership: OwnershipRead | null;
}

class Tag implements TagRead {
  readonly name: string;
  #stored: TagProperties | undefined | null = null;
  constructor(
    private readonly view: StoreView,
    readonly urn: string,
  ) {
    this.name = parseUrn(urn).rawKey;
  }
  #props() {
    return this.#stored === null ? (this.#stored = aspectOf(this.view, this.urn, tagProperties)) : this.#stored;
  }
  get properties(): TagPropertiesRead | null {
    const p = this.#props();
    return p ? { name: p.name ?? this.name, description: p.description ?? null, colorHex: p.colorHex ?? null } : null;
  }
  get description(): string | null {
    return this.#props()?.description ?? null;
  }
  get ownership(): OwnershipRead | null {
    return readOwnership(this.view, this.urn);
  }
}

/** The tag `urn` as read in `view`, whether or not anything is stored for it. */
export function readTag(view: StoreView, urn: string): TagRead {
  return new Tag(view, urn);
}

/** A user's status as DataHub reads it: SUSPENDED, else ACTIVE when a status is stored, else none. */
export function readUserStatus(view: StoreView, urn: string): 'ACTIVE' | 'SUSPENDED' | null {
  const stored = aspectOf(view, urn, corpUserStatus);
  return stored?.status === 'SUSPENDED' ? 'SUSPENDED' : stored ? 'ACTIVE' : null;
}

/** `corpUserInfo` as read: every stored field, `active` true unless stored, custom properties as a list. */
export interface UserInfoRead {
  info: CorpUserInfo;
  active: unknown;
  customProperties: CustomPropertyRead[];
  /** The manager's user urn, when one is stored. */
  managerUrn: string | null;
}

export function readUserInfo(view: StoreView, urn: string): UserInfoRead | null {
  const info = aspectOf(view, urn, corpUserInfo);
  if (!info) return null;
  return {
    info,
    active: info['active'] ?? true,
    customProperties: customPropertiesOf(info.customProperties),
    managerUrn: info.managerUrn ? info.managerUrn : null,
  };
}

export interface GroupInfoRead {
  displayName: unknown;
  description: unknown;
  email: unknown;
  slack: unknown;
  /** The deprecated lists of corpGroupInfo, which DataHub's clients still read: null when not a list. */
  admins: string[] | null;
  members: string[] | null;
  groups: unknown[] | null;
}

export function readGroupInfo(view: StoreView, urn: string): GroupInfoRead | null {
  const info = aspectOf(view, urn, corpGroupInfo);
  if (!info) return null;
  const list = (field: 'admins' | 'members' | 'groups') => (Array.isArray(info[field]) ? info[field] : null);
  return {
    displayName: info['displayName'] ?? null,
    description: info['description'] ?? null,
    email: info['email'] ?? null,
    slack: info['slack'] ?? null,
    admins: list('admins'),
    members: list('members'),
    groups: list('groups'),
  };
}

/** Where a group comes from: `UNKNOWN` when no origin is stored. */
export function readGroupOrigin(view: StoreView, urn: string): { type: string; externalType: string | null } {
  const stored = aspectOf(view, urn, origin);
  return { type: stored?.type ?? 'UNKNOWN', externalType: stored?.externalType ?? null };
}

/** A user's edited profile (`corpUserEditableInfo`): each field as stored, null when not stored. */
export interface UserEditableRead {
  displayName: string | null;
  title: string | null;
  aboutMe: string | null;
  teams: string[] | null;
  skills: string[] | null;
  pictureLink: string | null;
  slack: string | null;
  phone: string | null;
  email: string | null;
  /** The persona the user chose (a dataHubPersona urn). */
  persona: string | null;
  /** The data platforms the user works with (dataPlatform urns). */
  platforms: string[] | null;
}

/** The profile a user edited in the UI; null when none is stored. */
export function readUserEditable(view: StoreView, urn: string): UserEditableRead | null {
  const e = aspectOf(view, urn, corpUserEditableInfo);
  if (!e) return null;
  return {
    displayName: e.displayName ?? null,
    title: e.title ?? null,
    aboutMe: e.aboutMe ?? null,
    teams: e.teams ?? null,
    skills: e.skills ?? null,
    pictureLink: e.pictureLink ?? null,
    slack: e.slack ?? null,
    phone: e.phone ?? null,
    email: e.email ?? null,
    persona: e.persona ?? null,
    platforms: e.platforms ?? null,
  };
}

/** A group's edited profile (`corpGroupEditableInfo`): each field as stored, null when not stored. */
export interface GroupEditableRead {
  description: string | null;
  slack: string | null;
  email: string | null;
  pictureLink: string | null;
}

/** The profile of a group edited in the UI; null when none is stored. */
export function readGroupEditable(view: StoreView, urn: string): GroupEditableRead | null {
  const e = aspectOf(view, urn, corpGroupEditableInfo);
  if (!e) return null;
  return {
    description: e.description ?? null,
    slack: e.slack ?? null,
    email: e.email ?? null,
    pictureLink: e.pictureLink ?? null,
  };
}
