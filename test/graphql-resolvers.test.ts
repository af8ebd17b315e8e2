// Every root field of the SDL has a resolver (issue 13): a field added to schema.graphql without one
// would answer null for every client instead of failing here.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defaultFieldResolver } from 'graphql';
import { rootValue } from '../src/server/graphql/resolvers.ts';
import { readdirSync } from 'node:fs';
import { getSchema, SDL_FILES } from '../src/server/graphql/schema.ts';
import { EVERY_FIELD_ROOTS, RELATIONSHIP_TYPES, U } from './fixtures/every-field.ts';
import { startEveryFieldServer, type GqlServer } from './graphql-helpers.ts';

describe('GraphQL resolvers', () => {
  it('every Query and Mutation field of the SDL has a root resolver, and every root resolver a field', () => {
    const schema = getSchema();
    const fields = [
      ...Object.keys(schema.getQueryType()!.getFields()),
      ...Object.keys(schema.getMutationType()!.getFields()),
    ].sort();
    const resolvers = Object.entries(rootValue)
      .filter(([, v]) => typeof v === 'function')
      .map(([k]) => k)
      .sort();
    assert.deepEqual(
      fields.filter((f) => !resolvers.includes(f)),
      [],
      'fields without a resolver',
    );
    assert.deepEqual(
      resolvers.filter((r) => !fields.includes(r)),
      [],
      'resolvers without a field',
    );
  });

  it('loads every SDL file of src/server/graphql (build.sh embeds them all; a file left out of SDL_FILES would vanish from the schema)', () => {
    const onDisk = readdirSync(new URL('../src/server/graphql/', import.meta.url))
      .filter((f) => f.endsWith('.graphql'))
      .sort();
    assert.deepEqual([...SDL_FILES].sort(), onDisk);
  });

  // graphql-js's default resolver reads `relationships` off the read model, which has none: without
  // the real resolver the field answers null. So the checks below are on the resolver itself, and on
  // edges written through aspects coming back out of it, for every entity type.
  it('every entity type of the schema has its own relationships resolver, not the default one', () => {
    const schema = getSchema();
    const entityTypes = schema.getPossibleTypes(schema.getType('Entity') as never);
    assert.ok(entityTypes.length > 30, `${entityTypes.length} entity types`);
    for (const t of entityTypes) {
      const resolve = t.getFields()['relationships']?.resolve;
      assert.equal(typeof resolve, 'function', t.name);
      assert.notEqual(resolve, defaultFieldResolver, `${t.name}.relationships is left to the default resolver`);
    }
  });

  describe('relationships answer the edges written through aspects', () => {
    let srv: GqlServer;
    before(async () => (srv = await startEveryFieldServer()));
    after(() => srv.close());

    const edges = (urn: string, types: string[], direction: 'INCOMING' | 'OUTGOING') =>
      `{ entity(urn: ${JSON.stringify(urn)}) { relationships(input: { types: ${JSON.stringify(types)}, direction: ${direction} }) { total relationships { type direction entity { urn } } } } }`;

    it('an ownership aspect is an OwnedBy edge, read from both ends', async () => {
      const out = await srv.ok(edges(U.dataset, ['OwnedBy'], 'OUTGOING'));
      const byUrn = (a: { entity: { urn: string } }, b: { entity: { urn: string } }) =>
        a.entity.urn.localeCompare(b.entity.urn);
      assert.equal(out.entity.relationships.total, 2);
      assert.deepEqual(
        out.entity.relationships.relationships.sort(byUrn),
        [U.group, U.user].map((urn) => ({ type: 'OwnedBy', direction: 'OUTGOING', entity: { urn } })),
      );
      const into = await srv.ok(edges(U.user, ['OwnedBy'], 'INCOMING'));
      const owned = into.entity.relationships.relationships.map((r: { entity: { urn: string } }) => r.entity.urn);
      assert.ok(owned.includes(U.dataset), JSON.stringify(owned));
    });

    it('every entity type answers the edges of its fixture entity', async () => {
      const roots = Object.entries(EVERY_FIELD_ROOTS).map(([typeName, [urn]]) => ({ typeName, urn: urn! }));
      const input = (direction: string) =>
        `input: { types: ${JSON.stringify(RELATIONSHIP_TYPES)}, direction: ${direction} }`;
      const data = await srv.ok(
        `{ ${roots
          .map(
            ({ urn }, i) =>
              `e${i}: entity(urn: ${JSON.stringify(urn)}) { out: relationships(${input('OUTGOING')}) { total } in: relationships(${input('INCOMING')}) { total } }`,
          )
          .join(' ')} }`,
      );
      const without = roots
        .filter((_, i) => (data[`e${i}`].out?.total ?? 0) + (data[`e${i}`].in?.total ?? 0) === 0)
        .map((r) => `${r.typeName} ${r.urn}`);
      assert.deepEqual(without, [], 'entity types whose relationships answer no edge');
    });
  });
});
