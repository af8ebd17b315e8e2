// docs/design.md §2.2: reads show the description a person sees in DataHub's UI, which renders
// `editableProperties.description || properties.description` (and the same for a column's
// editableSchemaFieldInfo). An emptied edit — what `updateDescription` with "" and
// mcp-server-datahub's `update_description(operation="remove")` store — shows the ingested text again,
// while the raw edited value stays readable. Regression: the effective read used `??`, so "" hid it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { effectiveDescription } from '../src/ops/labels/effective.ts';
import { S, startSampleServer, type GqlServer } from './graphql-helpers.ts';

describe('effective descriptions after an emptied edit', () => {
  it('effectiveDescription: a non-empty edit wins; an empty or missing one falls back to the ingested text', () => {
    assert.equal(effectiveDescription('edited', 'ingested'), 'edited');
    assert.equal(effectiveDescription('', 'ingested'), 'ingested');
    assert.equal(effectiveDescription(null, 'ingested'), 'ingested');
    assert.equal(effectiveDescription(undefined, undefined), null);
    assert.equal(effectiveDescription('', undefined), '', 'nothing ingested: the (empty) edit is all there is');
    assert.equal(effectiveDescription('', ''), '');
  });

  let s: GqlServer;
  before(async () => {
    s = await startSampleServer();
  });
  after(() => s.close());

  it('updateDescription "" on a column and on the dataset: schemaMetadata and properties show the ingested text, editable aspects keep ""', async () => {
    const update = (description: string, column?: string) =>
      s.gql(`mutation($input: DescriptionUpdateInput!) { updateDescription(input: $input) }`, {
        input: {
          description,
          resourceUrn: S.usersCreated,
          ...(column && { subResource: column, subResourceType: 'DATASET_FIELD' }),
        },
      });
    const read = async () => {
      const r = await s.gql(`{ dataset(urn: "${S.usersCreated}") {
        properties { description } editableProperties { description }
        schemaMetadata { fields { fieldPath description } } editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description } } } }`);
      assert.equal(r.body.errors, undefined, JSON.stringify(r.body.errors));
      const d = r.body.data.dataset;
      return {
        dataset: [d.properties.description, d.editableProperties?.description ?? null],
        user_id: [
          d.schemaMetadata.fields.find((f: any) => f.fieldPath === 'user_id').description,
          d.editableSchemaMetadata?.editableSchemaFieldInfo[0]?.description ?? null,
        ],
      };
    };
    for (const r of [await update('The user id', 'user_id'), await update('One row per sign-up')])
      assert.deepEqual(r.body, { data: { updateDescription: true }, extensions: {} });
    assert.deepEqual(await read(), {
      dataset: ['One row per sign-up', 'One row per sign-up'],
      user_id: ['The user id', 'The user id'],
    });

    for (const r of [await update('', 'user_id'), await update('')])
      assert.deepEqual(r.body, { data: { updateDescription: true }, extensions: {} });
    assert.deepEqual(await read(), {
      dataset: ['table containing all the users created on a single day', ''],
      user_id: ['Id of the user created', ''],
    });
  });
});
