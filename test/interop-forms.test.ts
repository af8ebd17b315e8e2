// DataHub's CLI on forms and ingestion runs against a real `catalog serve` (build/catalog; issue 48
// item 6): `datahub properties upsert` then `datahub forms upsert` (formInfo and ownership emitted,
// the assets assigned through GraphQL's batchAssignForm, a filter stored through
// createDynamicFormAssignment), `datahub forms get` and `datahub get --urn urn:li:form:…` (which
// decode the aspects by DataHub's schema names com.linkedin.metadata.key.FormKey and
// com.linkedin.form.FormInfo), the forms on an asset through GraphQL, batchRemoveForm and its
// refusals; then `datahub ingest` of a recipe with a run id, `datahub ingest list-runs`,
// `datahub ingest show --run-id` and `datahub ingest rollback` with DataHub's counts.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SAMPLE_URNS as S } from '../src/sample/sample.ts';
import { tempDir, writeTemp } from './helpers.ts';
import { hasPython, requirePython, startInterop, type Interop } from './interop/setup.ts';

requirePython('FORMS INTEROP SUITE');

const FORM = 'urn:li:form:metadata_initiative_1';
const BY_PLATFORM = 'urn:li:form:by_platform';
const PROPERTY = 'urn:li:structuredProperty:io.acryl.privacy.retentionTime';

const PROPERTIES_YAML = `- id: io.acryl.privacy.retentionTime
  type: number
  display_name: Retention Time
  entity_types:
    - dataset
  description: How long to retain records in a dataset
`;

const FORMS_YAML = `- id: metadata_initiative_1
  type: VERIFICATION
  name: Metadata Initiative 2024
  description: The most important datasets have a retention time
  prompts:
    - id: "123"
      title: Retention Time
      description: Apply the Retention Time structured property
      type: STRUCTURED_PROPERTY
      structured_property_id: io.acryl.privacy.retentionTime
      required: True
  entities:
    urns:
      - ${S.usersCreated}
      - ${S.usersDeleted}
  actors:
    owners: false
    users:
      - ${S.jdoe}
    groups:
      - ${S.bfoo}
  owners:
    - ${S.datahub}
- id: by_platform
  type: COMPLETION
  name: Hive datasets
  prompts:
    - id: "456"
      title: Retention Time
      type: STRUCTURED_PROPERTY
      structured_property_id: io.acryl.privacy.retentionTime
  entities:
    filters:
      types:
        - dataset
      platforms:
        - hive
`;

describe("forms and ingestion runs through DataHub's CLI", { skip: !hasPython && 'python3 missing' }, () => {
  let t: Interop;
  const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${t.server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as { data?: any; errors?: { message: string }[] };
  };
  const get = async (urn: string, aspect?: string) => {
    const r = await t.dh(['get', '--urn', urn, ...(aspect ? ['--aspect', aspect] : [])]);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout);
  };
  const FORMS_OF = `query($urn: String!) { dataset(urn: $urn) { forms {
    incompleteForms { form { urn info { name } } associatedUrn incompletePrompts { id lastModified { actor { urn } } } completedPrompts { id } }
    completedForms { form { urn } } verifications { form { urn } } } } }`;

  before(async () => {
    t = await startInterop(join(tempDir(), 'catalog.lmdb'));
  });
  after(async () => {
    await t?.server.stop();
  });

  it('forms upsert stores each form, its owners, assigns the first to its assets and stores the filter of the second, with no error logged', async () => {
    const p = await t.dh(['properties', 'upsert', '-f', writeTemp('properties.yaml', PROPERTIES_YAML)]);
    assert.equal(p.code, 0, p.stderr);
    const r = await t.dh(['forms', 'upsert', '-f', writeTemp('forms.yaml', FORMS_YAML)]);
    assert.equal(r.code, 0, r.stderr);
    const log = r.stdout + r.stderr;
    assert.match(log, /Created form urn:li:form:metadata_initiative_1/);
    assert.match(log, /Created form urn:li:form:by_platform/);
    assert.doesNotMatch(log, /ERROR|Error|Could not/);
    const forms = (await get(S.usersCreated, 'forms')).forms;
    assert.deepEqual(forms.completedForms, []);
    assert.equal(forms.incompleteForms.length, 1);
    const [assigned] = forms.incompleteForms;
    assert.equal(assigned.urn, FORM);
    assert.deepEqual(assigned.completedPrompts, []);
    assert.deepEqual(
      assigned.incompletePrompts.map((p: any) => [p.id, p.lastModified.actor]),
      [['123', S.datahub]],
    );
    assert.equal((await get(S.usersDeleted, 'forms')).forms.incompleteForms[0].urn, FORM);
    assert.deepEqual((await get(S.hiveSample, 'forms')).forms, undefined, 'an asset not named has no forms');
  });

  it('datahub get --urn on a form reads formKey, formInfo, ownership and dynamicFormAssignment by their schema names', async () => {
    const form = await get(FORM);
    assert.deepEqual(form.formKey, { id: 'metadata_initiative_1' });
    assert.deepEqual(form.formInfo, {
      name: 'Metadata Initiative 2024',
      description: 'The most important datasets have a retention time',
      type: 'VERIFICATION',
      prompts: [
        {
          id: '123',
          title: 'Retention Time',
          description: 'Apply the Retention Time structured property',
          type: 'STRUCTURED_PROPERTY',
          structuredPropertyParams: { urn: PROPERTY },
          required: true,
        },
      ],
      actors: { owners: false, users: [S.jdoe], groups: [S.bfoo] },
    });
    assert.deepEqual(
      form.ownership.owners.map((o: any) => [o.owner, o.type]),
      [[S.datahub, 'TECHNICAL_OWNER']],
    );
    const byPlatform = await get(BY_PLATFORM);
    assert.deepEqual(byPlatform.dynamicFormAssignment, {
      filter: {
        or: [
          {
            and: [
              { field: '_entityType', values: ['dataset'], condition: 'EQUAL', negated: false },
              { field: 'platform.keyword', values: ['urn:li:dataPlatform:hive'], condition: 'EQUAL', negated: false },
            ],
          },
        ],
      },
    });
  });

  it('datahub forms get prints the form as its YAML model has it, and writes it to a file', async () => {
    const file = join(t.home, 'form.yaml');
    const r = await t.dh(['forms', 'get', '--urn', FORM, '--to-file', file]);
    assert.equal(r.code, 0, r.stderr);
    const json = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'), r.stdout.lastIndexOf('}') + 1));
    assert.deepEqual(json, {
      urn: FORM,
      name: 'Metadata Initiative 2024',
      description: 'The most important datasets have a retention time',
      prompts: [
        {
          id: '123',
          title: 'Retention Time',
          description: 'Apply the Retention Time structured property',
          type: 'STRUCTURED_PROPERTY',
          structured_property_urn: PROPERTY,
        },
      ],
      type: 'VERIFICATION',
    });
    assert.match(r.stdout, /Form yaml written to/);
    const missing = await t.dh(['forms', 'get', '--urn', 'urn:li:form:nope']);
    assert.equal(missing.code, 0, missing.stderr);
    assert.match(missing.stdout, /Form urn:li:form:nope does not exist/);
  });

  it("GraphQL: form(urn), an asset's forms, search over forms and over the assets a form is assigned to", async () => {
    const form = await graphql(
      `{ form(urn: "${FORM}") { urn type info { name type prompts { id formUrn required structuredPropertyParams { structuredProperty { urn } } }
         actors { owners users { urn } groups { urn } } } ownership { owners { owner { ... on CorpUser { urn } } } } } }`,
    );
    assert.equal(form.errors, undefined);
    assert.deepEqual(form.data.form, {
      urn: FORM,
      type: 'FORM',
      info: {
        name: 'Metadata Initiative 2024',
        type: 'VERIFICATION',
        prompts: [
          {
            id: '123',
            formUrn: FORM,
            required: true,
            structuredPropertyParams: { structuredProperty: { urn: PROPERTY } },
          },
        ],
        actors: { owners: false, users: [{ urn: S.jdoe }], groups: [{ urn: S.bfoo }] },
      },
      ownership: { owners: [{ owner: { urn: S.datahub } }] },
    });
    const of = await graphql(FORMS_OF, { urn: S.usersCreated });
    assert.equal(of.errors, undefined);
    assert.deepEqual(of.data.dataset.forms, {
      incompleteForms: [
        {
          form: { urn: FORM, info: { name: 'Metadata Initiative 2024' } },
          associatedUrn: S.usersCreated,
          incompletePrompts: [{ id: '123', lastModified: { actor: { urn: S.datahub } } }],
          completedPrompts: [],
        },
      ],
      completedForms: [],
      verifications: [],
    });
    const forms = await graphql(
      `{ searchAcrossEntities(input: { types: [FORM], query: "initiative" }) { total searchResults { entity { urn type } } } }`,
    );
    assert.deepEqual(forms.data.searchAcrossEntities, {
      total: 1,
      searchResults: [{ entity: { urn: FORM, type: 'FORM' } }],
    });
    const assigned = await graphql(
      `{ search(input: { type: DATASET, query: "*", filters: [{ field: "incompleteForms", values: ["${FORM}"] }] }) { total searchResults { entity { urn } } } }`,
    );
    assert.deepEqual(
      assigned.data.search.searchResults.map((r: any) => r.entity.urn).sort(),
      [S.usersCreated, S.usersDeleted].sort(),
    );
  });

  it('batchRemoveForm takes the form off an asset; assigning or removing a form or an asset that does not exist is refused, nothing written', async () => {
    const removed = await graphql(
      `mutation { batchRemoveForm(input: { formUrn: "${FORM}", entityUrns: ["${S.usersDeleted}"] }) }`,
    );
    assert.deepEqual(removed.data, { batchRemoveForm: true });
    assert.deepEqual((await get(S.usersDeleted, 'forms')).forms, { incompleteForms: [], completedForms: [] });
    const noForm = await graphql(
      `mutation { batchAssignForm(input: { formUrn: "urn:li:form:nope", entityUrns: ["${S.usersDeleted}"] }) }`,
    );
    assert.equal(noForm.errors?.[0]?.message, 'Entity urn:li:form:nope does not exist. Skipping batch form assignment');
    const noAsset = await graphql(
      `mutation { batchAssignForm(input: { formUrn: "${FORM}", entityUrns: ["${S.usersDeleted}", "urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)"] }) }`,
    );
    assert.equal(
      noAsset.errors?.[0]?.message,
      'Issue verifying whether entity exists when assigning form to it. Entity urn: urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)',
    );
    assert.deepEqual(
      (await get(S.usersDeleted, 'forms')).forms.incompleteForms,
      [],
      'the asset that exists was not assigned either',
    );
    const notForm = await graphql(
      `mutation { batchRemoveForm(input: { formUrn: "${S.legacy}", entityUrns: ["${S.usersDeleted}"] }) }`,
    );
    assert.equal(notForm.errors?.[0]?.message, `${S.legacy} is not a form urn`);
  });

  it('ingest list-runs and ingest show list the run a recipe wrote; rollback deletes the one entity it created with no warning of hidden aspects', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,forms_run,PROD)';
    const mcps = writeTemp(
      'run.json',
      JSON.stringify([
        {
          entityType: 'dataset',
          entityUrn: urn,
          changeType: 'UPSERT',
          aspectName: 'datasetProperties',
          aspect: { json: { description: 'from the run', customProperties: {} } },
        },
        {
          entityType: 'dataset',
          entityUrn: urn,
          changeType: 'UPSERT',
          aspectName: 'status',
          aspect: { json: { removed: false } },
        },
      ]),
    );
    const recipe = writeTemp(
      'run-recipe.yml',
      `run_id: forms-run-1\nsource:\n  type: file\n  config:\n    path: ${mcps}\nsink:\n  type: datahub-rest\n  config:\n    server: ${t.server.url}\n`,
    );
    const ingested = await t.dh(['ingest', '-c', recipe]);
    assert.equal(ingested.code, 0, ingested.stdout + ingested.stderr);

    const runs = await t.dh(['ingest', 'list-runs']);
    assert.equal(runs.code, 0, runs.stderr);
    // The key aspect came with the run's first write: three rows.
    assert.match(runs.stdout, /\|\s*forms-run-1\s*\|\s*3\s*\|/);
    assert.doesNotMatch(runs.stdout, /Received error/);

    const show = await t.dh(['ingest', 'show', '--run-id', 'forms-run-1']);
    assert.equal(show.code, 0, show.stderr);
    const rows = show.stdout.split('\n').filter((l) => l.includes(urn));
    assert.deepEqual(
      rows.map((l) => l.split('|')[2]!.trim()),
      ['datasetKey', 'datasetProperties', 'status'],
    );
    const withAspects = await t.dh(['ingest', 'show', '--run-id', 'forms-run-1', '--show-aspect']);
    assert.equal(withAspects.code, 0, withAspects.stderr);
    assert.match(withAspects.stdout, /"description": "from the run"/);

    const dry = await t.dh(['ingest', 'rollback', '--run-id', 'forms-run-1', '--dry-run']);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /This rollback will delete 1 entities and will roll back 2 aspects/);
    const done = await t.dh(['ingest', 'rollback', '--run-id', 'forms-run-1', '--force']);
    assert.equal(done.code, 0, done.stderr);
    assert.match(done.stdout, /This rollback\s+deleted 1 entities/);
    assert.doesNotMatch(done.stdout + dry.stdout, /WARNING/);
    const gone = await t.dh(['get', '--urn', urn]);
    assert.equal(gone.code, 1);
    assert.match(gone.stdout + gone.stderr, /urn urn:li:dataset:\(urn:li:dataPlatform:hive,forms_run,PROD\) not found/);
    const after = await t.dh(['ingest', 'list-runs']);
    assert.doesNotMatch(after.stdout, /forms-run-1/);
  });
});
