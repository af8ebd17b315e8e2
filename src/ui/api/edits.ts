/**
 * The edits the UI makes, each one GraphQL mutation the API's other clients use too
 * (docs/datahub/graphql.md §3), and each returning how to undo it.
 */
import { gql } from './client.ts';

/** A column of a dataset, when an edit targets one instead of the whole entity. */
export interface Column {
  fieldPath: string;
}

/** Runs an edit; resolves with the edit that takes it back. */
export type Undo = () => Promise<unknown>;

function sub(column?: Column): Record<string, unknown> {
  return column ? { subResourceType: 'DATASET_FIELD', subResource: column.fieldPath } : {};
}

async function run(mutation: string, input: Record<string, unknown>): Promise<void> {
  await gql(mutation, { input });
}

const UPDATE_DESCRIPTION =
  'mutation updateDescription($input: DescriptionUpdateInput!) { updateDescription(input: $input) }';
const ADD_TAG = 'mutation addTag($input: TagAssociationInput!) { addTag(input: $input) }';
const REMOVE_TAG = 'mutation removeTag($input: TagAssociationInput!) { removeTag(input: $input) }';
const CREATE_TAG = 'mutation createTag($input: CreateTagInput!) { createTag(input: $input) }';
const ADD_TERM = 'mutation addTerm($input: TermAssociationInput!) { addTerm(input: $input) }';
const REMOVE_TERM = 'mutation removeTerm($input: TermAssociationInput!) { removeTerm(input: $input) }';
const ADD_OWNER = 'mutation addOwner($input: AddOwnerInput!) { addOwner(input: $input) }';
const REMOVE_OWNER = 'mutation removeOwner($input: RemoveOwnerInput!) { removeOwner(input: $input) }';
const SET_DOMAIN =
  'mutation setDomain($entityUrn: String!, $domainUrn: String!) { setDomain(entityUrn: $entityUrn, domainUrn: $domainUrn) }';
const UNSET_DOMAIN = 'mutation unsetDomain($entityUrn: String!) { unsetDomain(entityUrn: $entityUrn) }';
const ADD_LINK = 'mutation addLink($input: AddLinkInput!) { addLink(input: $input) }';
const REMOVE_LINK = 'mutation removeLink($input: RemoveLinkInput!) { removeLink(input: $input) }';
const SET_TAG_COLOR =
  'mutation setTagColor($urn: String!, $colorHex: String!) { setTagColor(urn: $urn, colorHex: $colorHex) }';
const UPDATE_DEPRECATION =
  'mutation updateDeprecation($input: UpdateDeprecationInput!) { updateDeprecation(input: $input) }';

/** Every mutation document the UI sends, for the test that validates them against the schema. */
export const MUTATIONS = [
  UPDATE_DESCRIPTION,
  ADD_TAG,
  REMOVE_TAG,
  CREATE_TAG,
  ADD_TERM,
  REMOVE_TERM,
  ADD_OWNER,
  REMOVE_OWNER,
  SET_DOMAIN,
  UNSET_DOMAIN,
  ADD_LINK,
  REMOVE_LINK,
  SET_TAG_COLOR,
  UPDATE_DEPRECATION,
];

export async function updateDescription(
  resourceUrn: string,
  description: string,
  previous: string,
  column?: Column,
): Promise<Undo> {
  await run(UPDATE_DESCRIPTION, { resourceUrn, description, ...sub(column) });
  return () => run(UPDATE_DESCRIPTION, { resourceUrn, description: previous, ...sub(column) });
}

export async function addTag(resourceUrn: string, tagUrn: string, column?: Column): Promise<Undo> {
  await run(ADD_TAG, { resourceUrn, tagUrn, ...sub(column) });
  return () => run(REMOVE_TAG, { resourceUrn, tagUrn, ...sub(column) });
}

export async function removeTag(resourceUrn: string, tagUrn: string, column?: Column): Promise<Undo> {
  await run(REMOVE_TAG, { resourceUrn, tagUrn, ...sub(column) });
  return () => run(ADD_TAG, { resourceUrn, tagUrn, ...sub(column) });
}

/** Creates a tag named `name` (its id is the name, as DataHub's UI makes it) and returns its urn. */
export async function createTag(name: string): Promise<string> {
  const data = await gql<{ createTag: string }>(CREATE_TAG, { input: { id: name, name } });
  return data.createTag;
}

export async function addTerm(resourceUrn: string, termUrn: string, column?: Column): Promise<Undo> {
  await run(ADD_TERM, { resourceUrn, termUrn, ...sub(column) });
  return () => run(REMOVE_TERM, { resourceUrn, termUrn, ...sub(column) });
}

export async function removeTerm(resourceUrn: string, termUrn: string, column?: Column): Promise<Undo> {
  await run(REMOVE_TERM, { resourceUrn, termUrn, ...sub(column) });
  return () => run(ADD_TERM, { resourceUrn, termUrn, ...sub(column) });
}

const ownerEntityType = (urn: string) => (urn.startsWith('urn:li:corpGroup:') ? 'CORP_GROUP' : 'CORP_USER');

export async function addOwner(resourceUrn: string, ownerUrn: string, type: string): Promise<Undo> {
  await run(ADD_OWNER, { resourceUrn, ownerUrn, ownerEntityType: ownerEntityType(ownerUrn), type });
  return () => run(REMOVE_OWNER, { resourceUrn, ownerUrn });
}

export async function removeOwner(
  resourceUrn: string,
  owner: { urn: string; ownershipTypeUrn?: string },
  previousType?: string,
): Promise<Undo> {
  await run(REMOVE_OWNER, {
    resourceUrn,
    ownerUrn: owner.urn,
    ...(owner.ownershipTypeUrn ? { ownershipTypeUrn: owner.ownershipTypeUrn } : {}),
  });
  // Put it back as it was: by its type when it had a standard one, else by its ownership type urn.
  const as =
    previousType && previousType !== 'CUSTOM'
      ? { type: previousType }
      : owner.ownershipTypeUrn
        ? { ownershipTypeUrn: owner.ownershipTypeUrn }
        : { type: 'TECHNICAL_OWNER' };
  return () => run(ADD_OWNER, { resourceUrn, ownerUrn: owner.urn, ownerEntityType: ownerEntityType(owner.urn), ...as });
}

export async function setDomain(entityUrn: string, domainUrn: string, previous?: string): Promise<Undo> {
  await gql(SET_DOMAIN, { entityUrn, domainUrn });
  return () => (previous ? gql(SET_DOMAIN, { entityUrn, domainUrn: previous }) : gql(UNSET_DOMAIN, { entityUrn }));
}

export async function unsetDomain(entityUrn: string, previous: string): Promise<Undo> {
  await gql(UNSET_DOMAIN, { entityUrn });
  return () => gql(SET_DOMAIN, { entityUrn, domainUrn: previous });
}

export async function addLink(resourceUrn: string, linkUrl: string, label: string): Promise<Undo> {
  await run(ADD_LINK, { resourceUrn, linkUrl, label });
  return () => run(REMOVE_LINK, { resourceUrn, linkUrl, label });
}

export async function removeLink(resourceUrn: string, linkUrl: string, label: string): Promise<Undo> {
  await run(REMOVE_LINK, { resourceUrn, linkUrl, label });
  return () => run(ADD_LINK, { resourceUrn, linkUrl, label });
}

export interface DeprecationInput {
  deprecated: boolean;
  note?: string | null;
  decommissionTime?: number | null;
}

export async function updateDeprecation(
  urn: string,
  next: DeprecationInput,
  previous: DeprecationInput,
): Promise<Undo> {
  await run(UPDATE_DEPRECATION, { urn, ...next });
  return () =>
    run(UPDATE_DEPRECATION, {
      urn,
      deprecated: previous.deprecated,
      note: previous.note ?? null,
      decommissionTime: previous.decommissionTime ?? null,
    });
}

export async function setTagColor(urn: string, colorHex: string, previous: string | undefined): Promise<Undo | void> {
  await gql(SET_TAG_COLOR, { urn, colorHex });
  if (previous) return () => gql(SET_TAG_COLOR, { urn, colorHex: previous });
}
