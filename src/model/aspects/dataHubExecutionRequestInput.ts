/**
 * dataHubExecutionRequestInput (com.linkedin.execution.ExecutionRequestInput): one run of an ingestion.
 * DataHub's executor writes it for runs it starts; `datahub ingest` writes it for the runs it makes
 * itself (task "CLI Ingestion", source type CLI_INGESTION_SOURCE), naming the ingestion source in
 * `source.ingestionSource`. That field is the `ingestionSource` relationship, which lists a source's
 * executions. The shape is stored as given — run reports must never be refused — so every field is
 * `unchecked`: declared for the code that reads it, never checked on write.
 */
import { defineAspect, num, rec, str, unchecked, type AspectValue } from './define.ts';

const dataHubExecutionRequestInput = defineAspect({
  name: 'dataHubExecutionRequestInput',
  fqn: 'com.linkedin.execution.ExecutionRequestInput',
  fields: {
    'task?': unchecked(str),
    'args?': unchecked({ map: str }),
    'executorId?': unchecked(str),
    'source?': unchecked(rec({ 'type?': str, 'ingestionSource?': str })),
    'requestedAt?': unchecked(num),
    'actorUrn?': unchecked(str),
  },
  relationships: [{ name: 'ingestionSource', path: 'source.ingestionSource' }],
});
export default dataHubExecutionRequestInput;

export type ExecutionRequestInput = AspectValue<typeof dataHubExecutionRequestInput>;
