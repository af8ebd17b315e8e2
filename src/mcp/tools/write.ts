/**
 * The write tools (listed only without --read-only): tags, glossary terms, owners, domains,
 * descriptions and structured properties. Each checks what it assigns exists first, then runs the
 * GraphQL mutation DataHub's MCP server runs, as the context's actor: one mutation is one
 * transaction in our catalog, so a batch changes every entity or none (docs/design.md §2.4).
 * Refusals read as that server's.
 */
import { gql, type ToolContext } from '../context.ts';
import { arrayAt, stringAt, valueAt, type Json, type JsonObject } from '../shape.ts';
import { damageOf } from '../../ops/core/openCatalog.ts';

// The mutations keep DataHub's server's layout (their field on line 3, indented by `indent`), so the
// locations in a refusal's text are the same.
const mutation = (name: string, inputType: string, indent: 8 | 12, selection = '') =>
  `\n${' '.repeat(indent)}mutation ${name}($input: ${inputType}!) {\n${' '.repeat(indent + 4)}${name}(input: $input)${selection}\n${' '.repeat(indent)}}\n${' '.repeat(indent - 4)}`;

/** Fails unless every URN is stored and of `type`; `kind` words the messages. */
async function checkAll(
  ctx: ToolContext,
  urns: string[],
  fragment: string,
  operation: string,
  check: { types: string[]; missing: string; wrongType: string },
) {
  const query = `query ${operation}($urns: [String!]!) {\n  entities(urns: $urns) {\n    urn\n    type\n    ${fragment}\n  }\n}`;
  let entities: Json[];
  try {
    entities = ((await gql(ctx, query, { urns }, operation))['entities'] as Json[] | undefined) ?? [];
  } catch (e) {
    throw new ValidationFailure(`${(e as Error).message}`);
  }
  const found = new Set(entities.filter((e): e is JsonObject => e !== null).map((e) => e['urn'] as string));
  const missing = urns.filter((u) => !found.has(u));
  if (missing.length > 0) throw new Error(check.missing.replace('%s', missing.join(', ')));
  const wrong = (entities.filter((e) => e !== null) as JsonObject[])
    .filter((e) => !check.types.includes(e['type'] as string))
    .map((e) => e['urn'] as string);
  if (wrong.length > 0) throw new Error(check.wrongType.replace('%s', wrong.join(', ')));
}
/** A failure of the existence check itself (not a refusal): worded by the caller. */
class ValidationFailure extends Error {}

async function validated(label: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (e) {
    if (e instanceof ValidationFailure) throw new Error(`Failed to validate ${label}: ${e.message}`);
    throw e;
  }
}

/** Runs a mutation whose answer is true; anything else is DataHub's server's "Error <verb> <what>: …". */
async function runMutation(
  ctx: ToolContext,
  query: string,
  operation: string,
  input: unknown,
  errorPrefix: string,
  falseMessage: string,
): Promise<void> {
  let ok: Json | undefined;
  try {
    ok = (await gql(ctx, query, { input }, operation))[operation];
  } catch (e) {
    throw new Error(`${errorPrefix}: ${(e as Error).message}`);
  }
  if (!ok) throw new Error(falseMessage);
}

function resources(entityUrns: string[], columnPaths: (string | null)[] | null): JsonObject[] {
  const paths = columnPaths ?? entityUrns.map(() => null);
  if (paths.length !== entityUrns.length)
    throw new Error(`column_paths length (${paths.length}) must match entity_urns length (${entityUrns.length})`);
  return entityUrns.map((urn, i) => {
    const path = paths[i];
    const r: JsonObject = { resourceUrn: urn };
    return path ? { ...r, subResource: path, subResourceType: 'DATASET_FIELD' } : r;
  });
}

export interface LabelArgs {
  urns: string[];
  entity_urns: string[];
  column_paths: (string | null)[] | null;
}

export async function modifyTags(ctx: ToolContext, a: LabelArgs, op: 'add' | 'remove'): Promise<Json> {
  if (a.urns.length === 0) throw new Error('tag_urns cannot be empty');
  if (a.entity_urns.length === 0) throw new Error('entity_urns cannot be empty');
  await validated('tag URNs', () =>
    checkAll(ctx, a.urns, '... on Tag {\n      properties {\n        name\n      }\n    }', 'getTags', {
      types: ['TAG'],
      missing:
        'The following tag URNs do not exist in DataHub: %s. Please use the search tool with entity_type filter to find existing tags, or create the tags first before assigning them.',
      wrongType: 'The following URNs are not tag entities: %s',
    }),
  );
  const input = { tagUrns: a.urns, resources: resources(a.entity_urns, a.column_paths) };
  const name = op === 'add' ? 'batchAddTags' : 'batchRemoveTags';
  await runMutation(
    ctx,
    mutation(name, op === 'add' ? 'BatchAddTagsInput' : 'BatchRemoveTagsInput', 12),
    name,
    input,
    `Error ${op} tags`,
    `Failed to ${op} tags - operation returned false`,
  );
  return {
    success: true,
    message: `Successfully ${op === 'add' ? 'added' : 'removed'} ${a.urns.length} tag(s) ${op === 'add' ? 'to' : 'from'} ${a.entity_urns.length} entit(ies)`,
  };
}

export async function modifyTerms(ctx: ToolContext, a: LabelArgs, op: 'add' | 'remove'): Promise<Json> {
  if (a.urns.length === 0) throw new Error('term_urns cannot be empty');
  if (a.entity_urns.length === 0) throw new Error('entity_urns cannot be empty');
  await validated('glossary term URNs', () =>
    checkAll(ctx, a.urns, '... on GlossaryTerm {\n      name\n    }', 'getGlossaryTerms', {
      types: ['GLOSSARY_TERM'],
      missing:
        'The following glossary term URNs do not exist in DataHub: %s. Please use the search tool with entity_type filter to find existing glossary terms, or create the terms first before assigning them.',
      wrongType: 'The following URNs are not glossary term entities: %s',
    }),
  );
  const input = { termUrns: a.urns, resources: resources(a.entity_urns, a.column_paths) };
  const name = op === 'add' ? 'batchAddTerms' : 'batchRemoveTerms';
  await runMutation(
    ctx,
    mutation(name, op === 'add' ? 'BatchAddTermsInput' : 'BatchRemoveTermsInput', 12),
    name,
    input,
    `Error ${op} glossary terms`,
    `Failed to ${op} glossary terms - operation returned false`,
  );
  return {
    success: true,
    message: `Successfully ${op === 'add' ? 'added' : 'removed'} ${a.urns.length} glossary term(s) ${op === 'add' ? 'to' : 'from'} ${a.entity_urns.length} entit(ies)`,
  };
}

const OWNERSHIP_TYPES: Record<string, string> = {
  TECHNICAL_OWNER: '__system__technical_owner',
  BUSINESS_OWNER: '__system__business_owner',
  DATA_STEWARD: '__system__data_steward',
};
const OWNERSHIP_TYPE_PREFIX = 'urn:li:ownershipType:';

/** An ownership type's URN: a built-in name or value, a URN, or a custom type looked up by its name. */
async function ownershipTypeUrn(ctx: ToolContext, given: string): Promise<string> {
  const candidate = given.trim();
  if (!candidate) throw new Error('ownership_type must be an OwnershipType or a non-empty string');
  if (OWNERSHIP_TYPES[candidate]) return OWNERSHIP_TYPE_PREFIX + OWNERSHIP_TYPES[candidate];
  if (Object.values(OWNERSHIP_TYPES).includes(candidate)) return OWNERSHIP_TYPE_PREFIX + candidate;
  if (candidate.startsWith(OWNERSHIP_TYPE_PREFIX)) return candidate;
  const query = `query listOwnershipTypes($input: ListOwnershipTypesInput!) {\n  listOwnershipTypes(input: $input) {\n    ownershipTypes {\n      urn\n      info {\n        name\n      }\n    }\n  }\n}`;
  let types: JsonObject[];
  try {
    const answer = await gql(ctx, query, { input: { start: 0, count: 1000, query: candidate } }, 'listOwnershipTypes');
    types = (arrayAt(answer, 'listOwnershipTypes', 'ownershipTypes') ?? []) as JsonObject[];
  } catch (e) {
    throw new Error(`Failed to look up ownership type '${given}': ${(e as Error).message}`);
  }
  const nameOf = (t: JsonObject) =>
    String(valueAt(t, 'info', 'name') ?? '')
      .trim()
      .toLowerCase();
  const matches = types.filter((t) => nameOf(t) === candidate.toLowerCase());
  if (matches.length === 0) {
    throw new Error(
      `Ownership type with name '${given}' was not found in DataHub. Use one of the built-in OwnershipType values or create the custom ownership type first.`,
    );
  }
  if (matches.length > 1)
    throw new Error(
      `Ownership type name '${given}' is ambiguous — matched multiple entries: ${matches.map((m) => m['urn'] ?? '<unknown>').join(', ')}.`,
    );
  const urn = matches[0]!['urn'];
  if (!urn) throw new Error(`Ownership type '${given}' was found but is missing a URN.`);
  return urn as string;
}

export interface OwnerArgs {
  owner_urns: string[];
  entity_urns: string[];
  ownership_type: string | null;
}

export async function modifyOwners(ctx: ToolContext, a: OwnerArgs, op: 'add' | 'remove'): Promise<Json> {
  if (a.owner_urns.length === 0) throw new Error('owner_urns cannot be empty');
  if (a.entity_urns.length === 0) throw new Error('entity_urns cannot be empty');
  await validated('owner URNs', () =>
    checkAll(
      ctx,
      a.owner_urns,
      '... on CorpUser {\n      username\n    }\n    ... on CorpGroup {\n      name\n    }',
      'getOwners',
      {
        types: ['CORP_USER', 'CORP_GROUP'],
        missing:
          'The following owner URNs do not exist in DataHub: %s. Please use the search tool with entity_type filter to find existing users or groups, or create the owners first before assigning them.',
        wrongType: 'The following URNs are not valid owner entities (must be CorpUser or CorpGroup): %s',
      },
    ),
  );
  const res = a.entity_urns.map((urn) => ({ resourceUrn: urn }));
  const typeUrn = a.ownership_type !== null ? await ownershipTypeUrn(ctx, a.ownership_type) : null;
  let input: JsonObject;
  if (op === 'add') {
    const owners = a.owner_urns.map((urn) => ({
      ownerUrn: urn,
      ownerEntityType: urn.toLowerCase().includes(':corpuser:') ? 'CORP_USER' : 'CORP_GROUP',
      ...(typeUrn ? { ownershipTypeUrn: typeUrn } : {}),
    }));
    input = { owners, resources: res, ...(typeUrn ? { ownershipTypeUrn: typeUrn } : {}) };
  } else {
    input = { ownerUrns: a.owner_urns, resources: res, ...(typeUrn ? { ownershipTypeUrn: typeUrn } : {}) };
  }
  const name = op === 'add' ? 'batchAddOwners' : 'batchRemoveOwners';
  await runMutation(
    ctx,
    mutation(name, op === 'add' ? 'BatchAddOwnersInput' : 'BatchRemoveOwnersInput', 12),
    name,
    input,
    `Error ${op} owners`,
    `Failed to ${op} owners - operation returned false`,
  );
  return {
    success: true,
    message: `Successfully ${op === 'add' ? 'added' : 'removed'} ${a.owner_urns.length} owner(s) ${op === 'add' ? 'to' : 'from'} ${a.entity_urns.length} entit(ies)`,
  };
}

export async function setDomains(ctx: ToolContext, a: { domain_urn: string; entity_urns: string[] }): Promise<Json> {
  if (!a.domain_urn) throw new Error('domain_urn cannot be empty');
  if (a.entity_urns.length === 0) throw new Error('entity_urns cannot be empty');
  const query = `query getDomain($urn: String!) {\n  entity(urn: $urn) {\n    urn\n    type\n    ... on Domain {\n      properties {\n        name\n      }\n    }\n  }\n}`;
  let entity: Json | undefined;
  try {
    entity = (await gql(ctx, query, { urn: a.domain_urn }, 'getDomain'))['entity'];
  } catch (e) {
    throw new Error(`Failed to validate domain URN: ${(e as Error).message}`);
  }
  if (!entity) {
    throw new Error(
      `Domain URN does not exist in DataHub: ${a.domain_urn}. Please use the search tool with entity_type filter to find existing domains, or create the domain first before assigning it.`,
    );
  }
  const type = (entity as JsonObject)['type'];
  if (type !== 'DOMAIN') throw new Error(`The URN is not a domain entity: ${a.domain_urn} (type: ${type ?? 'None'})`);
  const input = { domainUrn: a.domain_urn, resources: a.entity_urns.map((urn) => ({ resourceUrn: urn })) };
  await runMutation(
    ctx,
    mutation('batchSetDomain', 'BatchSetDomainInput', 8),
    'batchSetDomain',
    input,
    'Error setting domain',
    'Failed to set domain - operation returned false',
  );
  return { success: true, message: `Successfully set domain for ${a.entity_urns.length} entit(ies)` };
}

export async function removeDomains(ctx: ToolContext, a: { entity_urns: string[] }): Promise<Json> {
  if (a.entity_urns.length === 0) throw new Error('entity_urns cannot be empty');
  const input = { domainUrn: null, resources: a.entity_urns.map((urn) => ({ resourceUrn: urn })) };
  await runMutation(
    ctx,
    mutation('batchSetDomain', 'BatchSetDomainInput', 8),
    'batchSetDomain',
    input,
    'Error removing domain',
    'Failed to remove domain - operation returned false',
  );
  return { success: true, message: `Successfully removed domain from ${a.entity_urns.length} entit(ies)` };
}

/** The description an append adds to: a dataset column's, else the entity's edited one, else its own. */
const CURRENT_DESCRIPTION = `query getEntity($urn: String!) {
  entity(urn: $urn) {
    ... on Dataset {
      editableProperties {
        description
      }
      schemaMetadata {
        fields {
          fieldPath
          description
        }
      }
    }
    ${[
      'Container',
      'Chart',
      'Dashboard',
      'DataFlow',
      'DataJob',
      'MLModel',
      'MLModelGroup',
      'MLFeatureTable',
      'MLPrimaryKey',
    ]
      .map((t) => `... on ${t} {\n      editableProperties {\n        description\n      }\n    }`)
      .join('\n    ')}
    ${['Tag', 'GlossaryTerm', 'GlossaryNode', 'Domain'].map((t) => `... on ${t} {\n      properties {\n        description\n      }\n    }`).join('\n    ')}
  }
}`;

export interface DescriptionArgs {
  entity_urn: string;
  operation: 'replace' | 'append' | 'remove';
  description: string | null;
  column_path: string | null;
}

export async function updateDescription(ctx: ToolContext, a: DescriptionArgs): Promise<Json> {
  if (!a.entity_urn) throw new Error('entity_urn cannot be empty');
  let description = a.description;
  if (a.operation === 'replace' || a.operation === 'append') {
    if (!description) throw new Error(`description is required for '${a.operation}' operation`);
  } else description = '';
  let existing = '';
  if (a.operation === 'append') {
    try {
      const entity = (await gql(ctx, CURRENT_DESCRIPTION, { urn: a.entity_urn }, 'getEntity'))['entity'];
      if (a.column_path) {
        const fields = arrayAt(entity, 'schemaMetadata', 'fields') ?? [];
        const field = fields.find((f) => valueAt(f, 'fieldPath') === a.column_path);
        if (field) existing = stringAt(field, 'description') ?? '';
      } else {
        existing =
          stringAt(entity, 'editableProperties', 'description') || stringAt(entity, 'properties', 'description') || '';
      }
    } catch (e) {
      if (damageOf(e)) throw e;
      existing = '';
    }
  }
  const final = a.operation === 'append' ? (existing ? existing + description : description!) : description!;
  const input: JsonObject = { description: final, resourceUrn: a.entity_urn };
  if (a.column_path) Object.assign(input, { subResource: a.column_path, subResourceType: 'DATASET_FIELD' });
  const action = a.operation === 'remove' ? 'remove' : 'update';
  const where = `${a.entity_urn}${a.column_path ? ` column ${a.column_path}` : ''}`;
  await runMutation(
    ctx,
    mutation('updateDescription', 'DescriptionUpdateInput', 8),
    'updateDescription',
    input,
    `Error ${action} description for ${where}`,
    `Failed to ${action} description for ${where} - operation returned false`,
  );
  return {
    success: true,
    urn: a.entity_urn,
    column_path: a.column_path,
    message: `Description ${action === 'update' ? 'updated' : 'removed'} successfully`,
  };
}

const STRUCTURED_PROPERTY = `query getStructuredProperty($urn: String!) {
  entity(urn: $urn) {
    urn
    type
    ... on StructuredPropertyEntity {
      definition {
        qualifiedName
        entityTypes {
          urn
          type
          info {
            type
          }
        }
        valueType {
          urn
          info {
            qualifiedName
          }
        }
        cardinality
      }
    }
  }
}`;

async function structuredPropertyDefinition(ctx: ToolContext, urn: string): Promise<JsonObject> {
  let entity: Json | undefined;
  try {
    entity = (await gql(ctx, STRUCTURED_PROPERTY, { urn }, 'getStructuredProperty'))['entity'];
  } catch (e) {
    throw new Error(`Failed to validate structured property URN: ${(e as Error).message}`);
  }
  if (!entity) {
    throw new Error(
      `Structured property URN does not exist in DataHub: ${urn}. Please use the search tool to find existing structured properties, or create the property first before assigning it.`,
    );
  }
  const type = (entity as JsonObject)['type'];
  if (type !== 'STRUCTURED_PROPERTY')
    throw new Error(`The URN is not a structured property entity: ${urn} (type: ${type ?? 'None'})`);
  return ((entity as JsonObject)['definition'] ?? {}) as JsonObject;
}

/** A value as the property's type wants it: a number for numeric types, checked URNs and dates, else a string. */
function propertyValue(definition: JsonObject, value: string): JsonObject {
  const qualifiedName = String(valueAt(definition, 'valueType', 'info', 'qualifiedName') ?? '').toLowerCase();
  if (['number', 'int', 'float', 'double', 'long'].some((t) => qualifiedName.includes(t))) {
    const n = value.trim() === '' ? NaN : Number(value.trim());
    if (Number.isNaN(n) && !/^\s*[+-]?nan\s*$/i.test(value))
      throw new Error(`Property expects numeric type (${qualifiedName}), but got non-numeric string: ${value}`);
    return { numberValue: n };
  }
  if (qualifiedName.includes('urn') && qualifiedName.includes('datahub.urn')) {
    if (!/^urn:li:[^:]+:.+/.test(value)) {
      throw new Error(
        `Property expects URN type (${qualifiedName}), but got invalid URN: ${value}. URNs must be in format 'urn:li:entityType:...' Error: Invalid urn string: ${value}. Urns should start with 'urn:li:'`,
      );
    }
    return { stringValue: value };
  }
  if (qualifiedName.includes('date')) {
    if (Number.isNaN(Date.parse(value.replace('Z', '+00:00')))) {
      throw new Error(
        `Property expects date type (${qualifiedName}), but got invalid date format: ${value}. Dates must be in ISO 8601 format (e.g., '2024-12-22', '2024-12-22T10:30:00Z')`,
      );
    }
    return { stringValue: value };
  }
  return { stringValue: value };
}

/** Runs one structured-property mutation per entity; failures are gathered into one refusal. */
async function perEntity(
  ctx: ToolContext,
  entityUrns: string[],
  name: string,
  inputType: string,
  inputOf: (urn: string) => JsonObject,
  failure: (n: number) => string,
): Promise<number> {
  const query = mutation(
    name,
    inputType,
    8,
    ' {\n                properties {\n                    structuredProperty {\n                        urn\n                    }\n                }\n            }',
  );
  let ok = 0;
  const errors: string[] = [];
  for (const urn of entityUrns) {
    try {
      if ((await gql(ctx, query, { input: inputOf(urn) }, name))[name]) ok++;
      else errors.push(`${urn}: operation returned false or empty result`);
    } catch (e) {
      errors.push(`${urn}: ${(e as Error).message}`);
    }
  }
  if (errors.length > 0) {
    let details = errors.slice(0, 3).join('; ');
    if (errors.length > 3) details += `; and ${errors.length - 3} more error(s)`;
    throw new Error(`${failure(errors.length)}. Errors: ${details}`);
  }
  return ok;
}

export async function addStructuredProperties(
  ctx: ToolContext,
  a: { property_values: Record<string, string[]>; entity_urns: string[] },
): Promise<Json> {
  const entries = Object.entries(a.property_values);
  if (entries.length === 0) throw new Error('property_values cannot be empty');
  if (a.entity_urns.length === 0) throw new Error('entity_urns cannot be empty');
  const definitions = new Map<string, JsonObject>();
  for (const [urn] of entries) definitions.set(urn, await structuredPropertyDefinition(ctx, urn));
  const params = entries.map(([urn, values]) => ({
    structuredPropertyUrn: urn,
    values: values.map((v) => {
      try {
        return propertyValue(definitions.get(urn)!, v);
      } catch (e) {
        throw new Error(`Value validation failed for ${urn}: ${(e as Error).message}`);
      }
    }),
  }));
  const ok = await perEntity(
    ctx,
    a.entity_urns,
    'upsertStructuredProperties',
    'UpsertStructuredPropertiesInput',
    (urn) => ({ assetUrn: urn, structuredPropertyInputParams: params }),
    (n) => `Failed to add structured properties to ${n} entit(ies)`,
  );
  return { success: true, message: `Successfully added ${entries.length} structured propert(ies) to ${ok} entit(ies)` };
}

export async function removeStructuredProperties(
  ctx: ToolContext,
  a: { property_urns: string[]; entity_urns: string[] },
): Promise<Json> {
  if (a.property_urns.length === 0) throw new Error('property_urns cannot be empty');
  if (a.entity_urns.length === 0) throw new Error('entity_urns cannot be empty');
  for (const urn of a.property_urns) await structuredPropertyDefinition(ctx, urn);
  const ok = await perEntity(
    ctx,
    a.entity_urns,
    'removeStructuredProperties',
    'RemoveStructuredPropertiesInput',
    (urn) => ({ assetUrn: urn, structuredPropertyUrns: a.property_urns }),
    (n) => `Failed to remove structured properties from ${n} entit(ies)`,
  );
  return {
    success: true,
    message: `Successfully removed ${a.property_urns.length} structured propert(ies) from ${ok} entit(ies)`,
  };
}
