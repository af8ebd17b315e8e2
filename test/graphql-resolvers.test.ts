// Every root field of the SDL has a resolver (issue 13): a field added to schema.graphql without one
// would answer null for every client instead of failing here.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rootValue } from '../src/server/graphql/resolvers.ts';
import { readdirSync } from 'node:fs';
import { getSchema, SDL_FILES } from '../src/server/graphql/schema.ts';

describe('GraphQL resolvers', () => {
  it('every Query and Mutation field of the SDL has a root resolver, and every root resolver a field', () => {
    const schema = getSchema();
    const fields = [...Object.keys(schema.getQueryType()!.getFields()), ...Object.keys(schema.getMutationType()!.getFields())].sort();
    const resolvers = Object.entries(rootValue).filter(([, v]) => typeof v === 'function').map(([k]) => k).sort();
    assert.deepEqual(fields.filter((f) => !resolvers.includes(f)), [], 'fields without a resolver');
    assert.deepEqual(resolvers.filter((r) => !fields.includes(r)), [], 'resolvers without a field');
  });

  it('loads every SDL file of src/server/graphql (build.sh embeds them all; a file left out of SDL_FILES would vanish from the schema)', () => {
    const onDisk = readdirSync(new URL('../src/server/graphql/', import.meta.url)).filter((f) => f.endsWith('.graphql')).sort();
    assert.deepEqual([...SDL_FILES].sort(), onDisk);
  });

  it('every entity type of the schema resolves relationships', () => {
    const schema = getSchema();
    const entityTypes = schema.getPossibleTypes(schema.getType('Entity') as never);
    for (const t of entityTypes) assert.equal(typeof t.getFields()['relationships']?.resolve, 'function', t.name);
  });
});
