/**
 * What DataHub's web app reads on a dataset page and a tag page (datasetPage.graphql), shaped from the
 * read models of src/ops/read/datasetPage.ts: siblings, access roles (and the `Role` they name), the
 * applications, metadata test results (and the `Test`), a chart's input columns, a training
 * run's properties and the weakly typed `aspects`. Roles and tests are not entity types
 * `entity(urn)` serves: they are read where an asset names them.
 */
import {
  readAccessRoles,
  readRawAspects,
  readRole,
  readSiblings,
  readTest,
  readTestResults,
  readTrainingRun,
} from '../../../ops/read/datasetPage.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { entityRef } from './registry.ts';
import { asEnum, refAs } from './shared.ts';
import type { GraphqlContext } from '../resolvers.ts';

/** `SiblingProperties` of the entity's `siblings` aspect; null when none is stored. */
export function siblingsView(view: StoreView, urn: string): G.Maybe<G.SiblingProperties> {
  const s = readSiblings(view, urn);
  return s && { isPrimary: s.isPrimary, siblings: s.siblings.map((u) => entityRef(view, u)) };
}

/** `aspects(input)`: the stored aspects as JSON; no aspect has a render spec here. */
export function rawAspectsView(view: StoreView, urn: string, args: { input?: G.Maybe<G.AspectParams> } | undefined) {
  return readRawAspects(view, urn, args?.input).map((a) => ({
    aspectName: a.aspectName,
    payload: a.payload,
    renderSpec: null,
  }));
}

/** An external access role: its id, properties and holders; `isAssignedToMe` for the request's actor. */
export function roleView(view: StoreView, urn: string): G.Role {
  const r = readRole(view, urn);
  return {
    __typename: 'Role',
    urn,
    type: 'ROLE',
    id: r.id,
    properties: r.properties,
    actors: r.actors && {
      users: r.actors.users?.map((u) => ({ user: () => refAs<G.CorpUser>(view, u) })) ?? null,
      groups: r.actors.groups?.map((g) => ({ group: () => refAs<G.CorpGroup>(view, g) })) ?? null,
    },
    isAssignedToMe: (_args: never, ctx: GraphqlContext) => r.actors?.users?.includes(ctx.actor) ?? false,
  };
}

/** `access`: the roles of the entity's `access` aspect; null when none is stored. */
export function accessView(view: StoreView, urn: string): G.Maybe<G.Access> {
  const roles = readAccessRoles(view, urn);
  return roles && { roles: roles.map((role) => ({ role: () => roleView(view, role), associatedUrn: urn })) };
}

/** A metadata test, from its `testInfo` aspect. */
export function testView(view: StoreView, urn: string): G.Test {
  const t = readTest(view, urn);
  return {
    __typename: 'Test',
    urn,
    type: 'TEST',
    name: t.name,
    category: t.category,
    description: t.description,
    definition: { json: t.definitionJson },
  };
}

/** `testResults`: the entity's `testResults` aspect; null when none is stored. */
export function testResultsView(view: StoreView, urn: string): G.Maybe<G.TestResults> {
  const t = readTestResults(view, urn);
  if (!t) return null;
  const shape = (r: { test: string | null; type: string }): G.TestResult => ({
    test: () => (r.test ? testView(view, r.test) : null),
    type: asEnum<G.TestResultType>(r.type),
  });
  return { passing: t.passing.map(shape), failing: t.failing.map(shape) };
}

/** A run's `mlTrainingRunProperties`; null when none is stored. */
export function trainingRunView(view: StoreView, urn: string): G.Maybe<G.MLTrainingRunProperties> {
  return readTrainingRun(view, urn);
}
