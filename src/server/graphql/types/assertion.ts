/**
 * Assertion: a data quality check, its definition (assertionInfo) and its run events; and
 * `Dataset.assertions`. Shaped from src/ops/read/assertion.ts, which reads stored values as DataHub's
 * AssertionMapper and AssertionRunEventMapper do (enum fields only with values the enums have).
 */
import { entityAssertions } from '../../../ops/quality/assertions.ts';
import {
  readAssertionActions,
  readAssertionDataset,
  readAssertionInfo,
  readAssertionPlatform,
  readAssertionRunEvents,
  type AssertionInfoRead,
} from '../../../ops/read/assertion.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { criterionOf, type FacetFilterGql } from '../searchInput.ts';
import { schemaMetadataView } from './schemaMetadata.ts';
import {
  asStored,
  customPropertiesView,
  EntityView,
  platformView,
  refAs,
  stampView,
  type EntityKind,
} from './shared.ts';

/** `AssertionInfo`: the read model, its stamps and custom properties as GraphQL shows them. */
// The read model's enum values (type, source type, operators …) pass through as stored (see asStored).
export function assertionInfoView(view: StoreView, urn: string, info: AssertionInfoRead): G.AssertionInfo {
  const schemaAssertion = info.schemaAssertion;
  return asStored<G.AssertionInfo>({
    ...info,
    schemaAssertion: schemaAssertion && {
      entityUrn: schemaAssertion.entityUrn,
      fields: schemaAssertion.fields,
      compatibility: schemaAssertion.compatibility,
      // The expected schema, its columns named after the asserted entity as DataHub's mapper names them.
      schema:
        schemaAssertion.schema &&
        schemaMetadataView(view, schemaAssertion.entityUrn, schemaAssertion.schema, schemaAssertion.schemaDatasetUrn),
    },
    source: info.source && { type: info.source.type, created: info.source.created && stampView(info.source.created) },
    lastUpdated: info.lastUpdated && stampView(info.lastUpdated),
    customProperties: customPropertiesView(info.customProperties, urn),
  });
}

interface RunEventsArgs {
  status?: string | null;
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
  limit?: number | null;
  filter?: { and?: FacetFilterGql[] | null } | null;
}

class AssertionView extends EntityView implements G.Assertion {
  readonly __typename = 'Assertion';
  readonly type = 'ASSERTION';
  get platform(): G.DataPlatform {
    return platformView(this.view, readAssertionPlatform(this.view, this.urn));
  }
  get info(): G.Maybe<G.AssertionInfo> {
    const info = readAssertionInfo(this.view, this.urn);
    return info && assertionInfoView(this.view, this.urn, info);
  }
  /** `runEvents(status, startTimeMillis, endTimeMillis, filter, limit)`. */
  // The events' enum values (status, result type …) pass through as stored (see asStored).
  runEvents(args: RunEventsArgs): G.AssertionRunEventsResult {
    const filter = (args.filter?.and ?? []).map(criterionOf);
    const events = readAssertionRunEvents(this.view, this.urn, { ...args, filter });
    return asStored<G.AssertionRunEventsResult>({ ...events });
  }
  get dataset(): G.Maybe<G.Dataset> {
    const dataset = readAssertionDataset(this.view, this.urn);
    return dataset ? refAs<G.Dataset>(this.view, dataset) : null;
  }
  // Each action's type passes through as stored (see asStored).
  get actions(): G.Maybe<G.AssertionActions> {
    return asStored<G.AssertionActions | null>(readAssertionActions(this.view, this.urn));
  }
}

export const assertion: EntityKind = {
  typename: 'Assertion',
  enumValue: 'ASSERTION',
  build: (view, urn) => new AssertionView(view, urn),
};

/** `Dataset.assertions(start, count, includeSoftDeleted)`. */
export const assertionsField =
  (view: StoreView, urn: string) =>
  (args: G.DatasetassertionsArgs): G.EntityAssertionsResult => {
    const page = entityAssertions(view, urn, args);
    const assertions = page.urns.map((u) => new AssertionView(view, u));
    return { start: page.start, count: page.count, total: page.total, assertions };
  };
