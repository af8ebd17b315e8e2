/**
 * dataHubExecutionRequestInput (com.linkedin.execution.ExecutionRequestInput): one run of an ingestion.
 * DataHub's executor writes it for runs it starts; `datahub ingest` writes it for the runs it makes
 * itself (task "CLI Ingestion", source type CLI_INGESTION_SOURCE), naming the ingestion source in
 * `source.ingestionSource`. That field is the `ingestionSource` relationship, which lists a source's
 * executions. What DataHub's schema requires is checked on write (the task, its arguments, the
 * executor, the source's type, when it was requested; the CLI version audit's source as
 * CliVersionSource), as DataHub's server does; the types of the fields are stored as given.
 */
import { asGiven, defineAspect, num, rec, str, unchecked, type AspectValue } from './define.ts';

/** DataHub's `CliVersionSource`: where the CLI version a run used came from. */
const CLI_VERSION_SOURCES = [
  'SOURCE_CONFIG_OVERRIDE',
  'MATRIX_COHORT',
  'MATRIX_CONNECTOR_DEFAULT',
  'APPLICATION_DEFAULT',
] as const;

const dataHubExecutionRequestInput = defineAspect({
  name: 'dataHubExecutionRequestInput',
  fqn: 'com.linkedin.execution.ExecutionRequestInput',
  fields: {
    task: unchecked(str),
    args: unchecked({ map: str }),
    executorId: unchecked(str),
    source: rec({ type: unchecked(str), ...asGiven({ 'ingestionSource?': str }) }),
    requestedAt: unchecked(num),
    ...asGiven({ 'actorUrn?': str }),
    'cliVersionAudit?': rec({ source: { enum: CLI_VERSION_SOURCES }, ...asGiven({ 'serverVersion?': str }) }),
  },
  relationships: [{ name: 'ingestionSource', path: 'source.ingestionSource' }],
});
export default dataHubExecutionRequestInput;

export type ExecutionRequestInput = AspectValue<typeof dataHubExecutionRequestInput>;
