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
import { criterionOf, type FacetFilterGql } from '../searchInput.ts';
import { customPropertiesView, EntityView, platformView, ref, stampView, type EntityKind, type Obj } from './shared.ts';

/** `AssertionInfo`: the read model, its stamps and custom properties as GraphQL shows them. */
export function assertionInfoView(urn: string, info: AssertionInfoRead): Obj {
  return {
    ...info,
    source: info.source && { type: info.source.type, created: info.source.created && stampView(info.source.created) },
    lastUpdated: info.lastUpdated && stampView(info.lastUpdated),
    customProperties: customPropertiesView(info.customProperties, urn),
  };
}

interface RunEventsArgs {
  status?: string | null;
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
  limit?: number | null;
  filter?: { and?: FacetFilterGql[] | null } | null;
}

class AssertionView extends EntityView {
  readonly __typename = 'Assertion';
  readonly type = 'ASSERTION';
  get platform(): Obj {
    return platformView(this.view, readAssertionPlatform(this.view, this.urn));
  }
  get info(): Obj | null {
    const info = readAssertionInfo(this.view, this.urn);
    return info && assertionInfoView(this.urn, info);
  }
  /** `runEvents(status, startTimeMillis, endTimeMillis, filter, limit)`. */
  runEvents(args: RunEventsArgs): Obj {
    return { ...readAssertionRunEvents(this.view, this.urn, { ...args, filter: (args.filter?.and ?? []).map(criterionOf) }) };
  }
  get dataset(): Obj | null {
    const dataset = readAssertionDataset(this.view, this.urn);
    return dataset ? ref(this.view, dataset) : null;
  }
  get actions(): Obj | null {
    return readAssertionActions(this.view, this.urn) as Obj | null;
  }
}

export const assertion: EntityKind = {
  typename: 'Assertion',
  enumValue: 'ASSERTION',
  build: (view, urn) => new AssertionView(view, urn),
};

/** `Dataset.assertions(start, count, includeSoftDeleted)`. */
export const assertionsField = (view: StoreView, urn: string) => (args: { start?: number | null; count?: number | null; includeSoftDeleted?: boolean | null }) => {
  const page = entityAssertions(view, urn, args);
  return { start: page.start, count: page.count, total: page.total, assertions: page.urns.map((u) => assertion.build(view, u)) };
};
