/**
 * The entity registry: which entity types exist, how their key aspect is derived from the URN, and
 * the Pegasus schema name (FQN) of each aspect, which DataHub's REST API uses as the union key of
 * `VersionedAspect` (docs/datahub/rest-cli.md §2.2, §7.2).
 */
import { ASPECTS } from './aspects/index.ts';
import { FABRIC } from './aspects/define.ts'; // DataHub's FabricType: a dataset URN's environment
import { InvalidUrnError } from '../errors.ts';
import { parseUrn, partValue, type Urn } from './urn.ts';

interface EntitySpec {
  keyAspect: string;
  /** Field names of the key aspect, one per tuple part (or one for a plain key). */
  keyFields: string[];
  /** Checks beyond the generic URN grammar; throws a reason string. */
  check?: (urn: Urn) => string | undefined;
}

const ENTITIES: Record<string, EntitySpec> = {
  dataset: {
    keyAspect: 'datasetKey',
    keyFields: ['platform', 'name', 'origin'],
    check: (u) => {
      if (u.parts?.length !== 3)
        return 'a dataset urn has the form urn:li:dataset:(urn:li:dataPlatform:<platform>,<name>,<env>)';
      const p = u.parts[0]!;
      if (p.kind !== 'urn' || p.urn.entityType !== 'dataPlatform')
        return 'the first part of a dataset urn must be a urn:li:dataPlatform:<platform> urn';
      const env = u.parts[2]!;
      if (env.kind !== 'text' || !(FABRIC as readonly string[]).includes(env.raw.toUpperCase())) {
        return `the environment must be one of ${FABRIC.join(', ')}`;
      }
      return undefined;
    },
  },
  corpuser: { keyAspect: 'corpUserKey', keyFields: ['username'] },
  corpGroup: { keyAspect: 'corpGroupKey', keyFields: ['name'] },
  tag: { keyAspect: 'tagKey', keyFields: ['name'] },
  dataPlatform: { keyAspect: 'dataPlatformKey', keyFields: ['platformName'] },
  schemaField: {
    keyAspect: 'schemaFieldKey',
    keyFields: ['parent', 'fieldPath'],
    check: (u) =>
      u.parts?.length !== 2 || u.parts[0]!.kind !== 'urn'
        ? 'a schemaField urn has the form urn:li:schemaField:(<entity urn>,<fieldPath>)'
        : undefined,
  },
  glossaryTerm: { keyAspect: 'glossaryTermKey', keyFields: ['name'] },
  glossaryNode: { keyAspect: 'glossaryNodeKey', keyFields: ['name'] },
  domain: { keyAspect: 'domainKey', keyFields: ['id'] },
  container: { keyAspect: 'containerKey', keyFields: ['guid'] },
  chart: { keyAspect: 'chartKey', keyFields: ['dashboardTool', 'chartId'] },
  dashboard: { keyAspect: 'dashboardKey', keyFields: ['dashboardTool', 'dashboardId'] },
  dataFlow: { keyAspect: 'dataFlowKey', keyFields: ['orchestrator', 'flowId', 'cluster'] },
  dataJob: { keyAspect: 'dataJobKey', keyFields: ['flow', 'jobId'] },
  ownershipType: { keyAspect: 'ownershipTypeKey', keyFields: ['id'] },
  dataProduct: { keyAspect: 'dataProductKey', keyFields: ['id'] },
  dataPlatformInstance: { keyAspect: 'dataPlatformInstanceKey', keyFields: ['platform', 'instance'] },
  mlModel: { keyAspect: 'mlModelKey', keyFields: ['platform', 'name', 'origin'] },
  mlModelGroup: { keyAspect: 'mlModelGroupKey', keyFields: ['platform', 'name', 'origin'] },
  mlFeature: { keyAspect: 'mlFeatureKey', keyFields: ['featureNamespace', 'name'] },
  mlPrimaryKey: { keyAspect: 'mlPrimaryKeyKey', keyFields: ['featureNamespace', 'name'] },
  mlFeatureTable: { keyAspect: 'mlFeatureTableKey', keyFields: ['platform', 'name'] },
  notebook: { keyAspect: 'notebookKey', keyFields: ['notebookTool', 'notebookId'] },
  structuredProperty: { keyAspect: 'structuredPropertyKey', keyFields: ['id'] },
  dataType: { keyAspect: 'dataTypeKey', keyFields: ['id'] },
  entityType: { keyAspect: 'entityTypeKey', keyFields: ['id'] },
  dataHubView: { keyAspect: 'dataHubViewKey', keyFields: ['id'] },
  globalSettings: { keyAspect: 'globalSettingsKey', keyFields: ['id'] },
  telemetry: { keyAspect: 'telemetryKey', keyFields: ['name'] },
  dataHubIngestionSource: { keyAspect: 'dataHubIngestionSourceKey', keyFields: ['id'] },
  dataHubExecutionRequest: { keyAspect: 'dataHubExecutionRequestKey', keyFields: ['id'] },
  dataHubAccessToken: { keyAspect: 'dataHubAccessTokenKey', keyFields: ['id'] },
  document: { keyAspect: 'documentKey', keyFields: ['id'] },
  query: { keyAspect: 'queryKey', keyFields: ['id'] },
  application: { keyAspect: 'applicationKey', keyFields: ['id'] },
  assertion: { keyAspect: 'assertionKey', keyFields: ['assertionId'] },
  versionSet: {
    keyAspect: 'versionSetKey',
    keyFields: ['id', 'entityType'],
    check: (u) =>
      u.parts?.length !== 2 ? 'a versionSet urn has the form urn:li:versionSet:(<id>,<entityType>)' : undefined,
  },
  platformResource: { keyAspect: 'platformResourceKey', keyFields: ['id'] },
  dataProcessInstance: { keyAspect: 'dataProcessInstanceKey', keyFields: ['id'] },
  dataHubSecret: { keyAspect: 'dataHubSecretKey', keyFields: ['id'] },
  dataHubConnection: { keyAspect: 'dataHubConnectionKey', keyFields: ['id'] },
  dataHubRole: { keyAspect: 'dataHubRoleKey', keyFields: ['id'] },
  inviteToken: { keyAspect: 'inviteTokenKey', keyFields: ['id'] },
  incident: { keyAspect: 'incidentKey', keyFields: ['id'] },
  form: { keyAspect: 'formKey', keyFields: ['id'] },
  dataHubStepState: { keyAspect: 'dataHubStepStateKey', keyFields: ['id'] },
};

/** The entity types the registry knows: each has its key aspect and URN rules. */
export const REGISTERED_ENTITY_TYPES: readonly string[] = Object.keys(ENTITIES);

export interface EntityKey {
  entityType: string;
  aspectName: string;
  value: Record<string, string | string[]>;
}

/**
 * Parses and validates a URN, including the rules of its entity type (a dataset needs a platform
 * urn and a valid environment, …). Returns the parsed URN.
 */
export function validateUrn(urn: string): Urn {
  const parsed = parseUrn(urn);
  const why = ENTITIES[parsed.entityType]?.check?.(parsed);
  if (why) throw new InvalidUrnError(urn, why);
  return parsed;
}

/** The key fields of a URN of a registered type, by name: one per tuple part it has (or one for a plain key). */
function knownKeyFields(parsed: Urn, spec: EntitySpec): Record<string, string> {
  const value: Record<string, string> = {};
  if (parsed.parts === null) {
    value[spec.keyFields[0]!] = parsed.rawKey;
  } else {
    spec.keyFields.forEach((f, i) => {
      if (i < parsed.parts!.length) value[f] = partValue(parsed, i);
    });
  }
  return value;
}

/** The key aspect of the entity a URN names, derived from the URN (e.g. datasetKey). */
export function keyAspectOf(urn: string): EntityKey {
  const parsed = validateUrn(urn);
  const spec = ENTITIES[parsed.entityType];
  if (spec) return { entityType: parsed.entityType, aspectName: spec.keyAspect, value: knownKeyFields(parsed, spec) };
  // Entity types we do not know: a generic key, so any urn:li:<type>:<key> can be stored.
  const value: Record<string, string | string[]> =
    parsed.parts === null ? { id: parsed.rawKey } : { parts: parsed.parts.map((_, i) => partValue(parsed, i)) };
  return { entityType: parsed.entityType, aspectName: `${parsed.entityType}Key`, value };
}

/**
 * The key fields a URN gives, by field name, as text (`keyFieldsOf(datasetUrn)['platform']`): what
 * the read models take of an entity's key. A field the URN has no part for reads undefined; so do all
 * of an entity type the registry does not know, but for its plain `id`. Validates the URN as
 * `keyAspectOf` does (InvalidUrnError).
 */
export function keyFieldsOf(urn: string): Readonly<Record<string, string | undefined>> {
  const parsed = validateUrn(urn);
  const spec = ENTITIES[parsed.entityType];
  if (spec) return knownKeyFields(parsed, spec);
  return parsed.parts === null ? { id: parsed.rawKey } : {};
}

/**
 * A dataset URN's key: its platform urn, name and environment (as written). The URN's checks make
 * all three present; throws InvalidUrnError for a URN that is not a valid dataset URN.
 */
export function datasetKeyOf(urn: string): { platform: string; name: string; origin: string } {
  const parsed = validateUrn(urn);
  if (parsed.entityType !== 'dataset') throw new InvalidUrnError(urn, 'not a dataset urn');
  return { platform: partValue(parsed, 0), name: partValue(parsed, 1), origin: partValue(parsed, 2) };
}

/** Name of the key aspect for an entity type. */
export function keyAspectName(entityType: string): string {
  return ENTITIES[entityType]?.keyAspect ?? `${entityType}Key`;
}

export function isKeyAspect(entityType: string, aspectName: string): boolean {
  return keyAspectName(entityType) === aspectName;
}

/** Aspect name → Pegasus FQN (without `.pegasus2avro`), from the aspect modules. */
const FQN: Record<string, string> = Object.fromEntries(ASPECTS.map((a) => [a.name, a.fqn]));

const BY_FQN: Record<string, string> = Object.fromEntries(Object.entries(FQN).map(([name, fqn]) => [fqn, name]));

/**
 * The Pegasus FQN of an aspect, or undefined for an aspect the registry does not know: never a name
 * made up from the aspect's (docs/datahub/rest-cli.md §7.3).
 */
export function aspectFqn(aspectName: string): string | undefined {
  return Object.hasOwn(FQN, aspectName) ? FQN[aspectName] : undefined;
}

/**
 * The label Rest.li answers key an aspect value by: its FQN, or for an aspect we do not know (stored
 * as given) its name as it was written. A name has no dot, so it never passes for a schema name, and
 * a client decoding by schema name finds no class for it, as it has none (docs/datahub/rest-cli.md §7.3).
 */
export function aspectLabel(aspectName: string): string {
  return aspectFqn(aspectName) ?? aspectName;
}

export function isKnownAspect(aspectName: string): boolean {
  return Object.hasOwn(FQN, aspectName);
}

/**
 * Aspect name for a schema FQN as found in MCE snapshots (`com.linkedin.pegasus2avro.common.Status`
 * and `com.linkedin.common.Status` both give `status`).
 */
export function aspectNameOfFqn(fqn: string): string {
  const plain = fqn.replace('.pegasus2avro.', '.');
  const known = BY_FQN[plain];
  if (known) return known;
  const record = plain.slice(plain.lastIndexOf('.') + 1);
  return record.charAt(0).toLowerCase() + record.slice(1);
}

/** Entity type named by an MCE snapshot FQN, e.g. `…snapshot.DatasetSnapshot` → `dataset`. */
export function entityTypeOfSnapshot(fqn: string): string | undefined {
  const m = /\.([A-Za-z]+)Snapshot$/.exec(fqn);
  if (!m) return undefined;
  const name = m[1]!;
  if (name === 'CorpUser') return 'corpuser';
  // MLModel → mlModel, MLFeatureTable → mlFeatureTable: the ML prefix is lower-cased whole.
  if (name.startsWith('ML')) return `ml${name.slice(2)}`;
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** The entity type of a URN, after full validation. */
export function entityTypeOfUrn(urn: string): string {
  return validateUrn(urn).entityType;
}
