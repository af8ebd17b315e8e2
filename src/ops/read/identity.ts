/**
 * Read models of users, groups and tags: the entities every other read shows as owners and labels.
 * Each part is read when first asked for.
 */
import { parseUrn } from '../../model/urn.ts';
import type { StoreView } from '../../store/store.ts';
import { aspectOf, customPropertiesOf, readOwnership, type CustomPropertyRead, type OwnershipRead } from './common.ts';

type Stored = Record<string, unknown>;

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
  #stored: { name?: string; description?: string; colorHex?: string } | undefined | null = null;
  constructor(private readonly view: StoreView, readonly urn: string) {
    this.name = parseUrn(urn).rawKey;
  }
  #props() {
    return this.#stored === null ? (this.#stored = aspectOf(this.view, this.urn, 'tagProperties')) : this.#stored;
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
  const status = aspectOf<{ status?: string }>(view, urn, 'corpUserStatus');
  return status?.status === 'SUSPENDED' ? 'SUSPENDED' : status ? 'ACTIVE' : null;
}

/** `corpUserInfo` as read: every stored field, `active` true unless stored, custom properties as a list. */
export interface UserInfoRead {
  info: Stored;
  active: unknown;
  customProperties: CustomPropertyRead[];
  /** The manager's user urn, when one is stored. */
  managerUrn: string | null;
}

export function readUserInfo(view: StoreView, urn: string): UserInfoRead | null {
  const info = aspectOf<Stored>(view, urn, 'corpUserInfo');
  if (!info) return null;
  return {
    info,
    active: info['active'] ?? true,
    customProperties: customPropertiesOf(info['customProperties'] as Record<string, string> | undefined),
    managerUrn: info['managerUrn'] ? (info['managerUrn'] as string) : null,
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
  const info = aspectOf<Stored>(view, urn, 'corpGroupInfo');
  if (!info) return null;
  const list = (field: string) => (Array.isArray(info[field]) ? (info[field] as string[]) : null);
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
  const origin = aspectOf<{ type?: string; externalType?: string }>(view, urn, 'origin');
  return { type: origin?.type ?? 'UNKNOWN', externalType: origin?.externalType ?? null };
}
