/**
 * Reads DataHub's user and group YAML (docs/datahub/rest-cli.md §6) into operation inputs, checking every
 * field with its position. Unknown keys are rejected, as DataHub's pydantic models do.
 */
import type { GroupSpec, MemberRef } from '../ops/identity/upsertGroup.ts';
import type { UserSpec } from '../ops/identity/upsertUser.ts';
import { FieldReader, describe, type Path, type SourceDoc } from './structuredInput.ts';
import { isJsonObject } from '../model/json.ts';

const USER_FIELDS = [
  'id',
  'display_name',
  'email',
  'title',
  'manager_urn',
  'department_id',
  'department_name',
  'first_name',
  'last_name',
  'full_name',
  'country_code',
  'groups',
  'description',
  'slack',
  'picture_link',
  'phone',
] as const;

const GROUP_FIELDS = [
  'id',
  'display_name',
  'email',
  'description',
  'picture_link',
  'slack',
  'owners',
  'admins',
  'members',
  'overrideEditable',
] as const;

/** One entry of a file: its position for messages, and its id when it has one. */
export interface Entry<T> {
  path: Path;
  id: string;
  spec?: T;
  error?: Error;
}

/** The entries of a file holding one mapping or a list of mappings. */
function entries(doc: SourceDoc): Array<{ path: Path; value: unknown }> {
  if (Array.isArray(doc.value)) return doc.value.map((value, i) => ({ path: [i], value }));
  return [{ path: [], value: doc.value }];
}

function idOf(value: unknown): string {
  const id = (value as Record<string, unknown> | null)?.['id'];
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '<no id>';
}

export function readUser(doc: SourceDoc, path: Path, value: unknown): UserSpec {
  const r = FieldReader.of(doc, path, value, 'a user').only(USER_FIELDS);
  const spec: UserSpec = { id: r.string('id', true) };
  const set = <K extends keyof UserSpec>(k: K, v: UserSpec[K] | undefined) => {
    if (v !== undefined) spec[k] = v;
  };
  set('displayName', r.string('display_name'));
  set('email', r.string('email'));
  set('title', r.string('title'));
  set('managerUrn', r.string('manager_urn'));
  set('departmentId', r.integer('department_id'));
  set('departmentName', r.string('department_name'));
  set('firstName', r.string('first_name'));
  set('lastName', r.string('last_name'));
  set('fullName', r.string('full_name'));
  set('countryCode', r.string('country_code'));
  set('groups', r.stringList('groups', 'group ids or urns'));
  set('description', r.string('description'));
  set('slack', r.string('slack'));
  set('pictureLink', r.string('picture_link'));
  set('phone', r.string('phone'));
  return spec;
}

/** Every user of a file; each entry carries its spec or the error found in it. */
export function readUsers(doc: SourceDoc): Entry<UserSpec>[] {
  return entries(doc).map(({ path, value }) => {
    try {
      return { path, id: idOf(value), spec: readUser(doc, path, value) };
    } catch (error) {
      return { path, id: idOf(value), error: error as Error };
    }
  });
}

function readRefs(doc: SourceDoc, r: FieldReader, key: string): MemberRef[] {
  const list = r.raw(key);
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list))
    throw doc.error(r.at(key), `expected a list of user ids, urns or user mappings, got ${describe(list)}`);
  return list.map((item, i): MemberRef => {
    if (typeof item === 'string') return item;
    if (isJsonObject(item)) return readUser(doc, [...r.at(key), i], item);
    throw doc.error(
      [...r.at(key), i],
      `expected a user id, a user or group urn, or a user mapping, got ${describe(item)}`,
    );
  });
}

export function readGroups(doc: SourceDoc): Entry<GroupSpec>[] {
  return entries(doc).map(({ path, value }) => {
    try {
      const r = FieldReader.of(doc, path, value, 'a group').only(GROUP_FIELDS);
      const spec: GroupSpec = {
        id: r.string('id', true),
        owners: [...readRefs(doc, r, 'owners'), ...readRefs(doc, r, 'admins')],
        members: readRefs(doc, r, 'members'),
      };
      r.boolean('overrideEditable');
      for (const [k, key] of [
        ['displayName', 'display_name'],
        ['email', 'email'],
        ['description', 'description'],
        ['slack', 'slack'],
        ['pictureLink', 'picture_link'],
      ] as const) {
        const v = r.string(key);
        if (v !== undefined) spec[k] = v;
      }
      return { path, id: spec.id, spec };
    } catch (error) {
      return { path, id: idOf(value), error: error as Error };
    }
  });
}
