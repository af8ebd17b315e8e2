/**
 * dataHubExecutionRequestInput (com.linkedin.execution.ExecutionRequestInput): one run of an ingestion.
 * DataHub's executor writes it for runs it starts; `datahub ingest` writes it for the runs it makes
 * itself (task "CLI Ingestion", source type CLI_INGESTION_SOURCE), naming the ingestion source in
 * `source.ingestionSource`. That field is the `ingestionSource` relationship, which lists a source's
 * executions. The shape is stored as given: run reports must never be refused.
 */
import { defineAspect } from './define.ts';

export interface ExecutionRequestInput {
  task?: string;
  args?: Record<string, string>;
  executorId?: string;
  source?: { type?: string; ingestionSource?: string };
  requestedAt?: number;
  actorUrn?: string;
  [extra: string]: unknown;
}

export default defineAspect({
  name: 'dataHubExecutionRequestInput',
  fqn: 'com.linkedin.execution.ExecutionRequestInput',
  relationships: [{ name: 'ingestionSource', path: 'source.ingestionSource' }],
});
