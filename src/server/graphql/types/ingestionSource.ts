/**
 * IngestionSource (not an Entity in DataHub's schema) and ExecutionRequest, one run of an ingestion
 * as a client reported it (datahub ingest writes dataHubExecutionRequestInput/Result aspects).
 * Shaped from src/ops/read/ingestionSource.ts.
 */
import { executionsOf } from '../../../ops/admin/ingestionSources.ts';
import { readExecutionRequest, readExecutionSource, readIngestionSource } from '../../../ops/read/ingestionSource.ts';
import { readOwnership } from '../../../ops/read/common.ts';
import type { StoreView } from '../../../store/store.ts';
import type * as G from '../schema.generated.ts';
import { type EntityKind, nullInNonNull, ownershipReadView, refAs } from './shared.ts';

/** The source `urn` as GraphQL shows it; callers answer only for a stored source (getIngestionSource, listIngestionSources). */
export function ingestionSourceView(view: StoreView, urn: string): G.IngestionSource {
  const source = readIngestionSource(view, urn);
  if (!source) throw new Error(`ingestion source ${urn} has no info`);
  return {
    urn,
    type: source.type,
    name: source.name,
    schedule: source.schedule,
    platform: () => (source.platform ? refAs<G.DataPlatform>(view, source.platform) : null),
    config: source.config,
    executions: (args: G.IngestionSourceexecutionsArgs): G.IngestionSourceExecutionRequests => {
      const page = executionsOf(view, urn, args);
      return {
        start: page.start,
        count: page.count,
        total: page.total,
        executionRequests: page.urns.map((u) => executionRequestView(view, u)),
      };
    },
    ownership: () => ownershipReadView(view, urn, readOwnership(view, urn)),
  };
}

export function executionRequestView(view: StoreView, urn: string): G.ExecutionRequest {
  const run = readExecutionRequest(view, urn);
  const input = run.input;
  return {
    __typename: 'ExecutionRequest',
    urn,
    type: 'EXECUTION_REQUEST',
    id: run.id,
    // Null when no dataHubExecutionRequestInput is stored, a run known only by its result (see nullInNonNull).
    input: nullInNonNull(
      input && { ...input, actor: () => (input.actorUrn ? refAs<G.CorpUser>(view, input.actorUrn) : null) },
    ),
    result: run.result,
    source: () => {
      const source = readExecutionSource(view, urn);
      return source ? ingestionSourceView(view, source) : null;
    },
  };
}

/** dataHubExecutionRequest entities, for `entity(urn)` and relationship ends. */
export const executionRequest: EntityKind = {
  typename: 'ExecutionRequest',
  enumValue: 'EXECUTION_REQUEST',
  build: executionRequestView,
};
