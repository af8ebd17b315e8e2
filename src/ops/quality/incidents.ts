/**
 * Incidents: issues raised on assets (`urn:li:incident:<id>`, aspect incidentInfo), as DataHub's
 * RaiseIncidentResolver, UpdateIncidentStatusResolver and UpdateIncidentResolver write them. Raising
 * makes a new incident with a generated id, in the ACTIVE state unless a status is given, with a
 * MANUAL source unless another is given, and `created` and `status.lastUpdated` stamped with the
 * actor and the time. A status change replaces the state and keeps the stage and message unless new
 * ones are given; an update changes only the fields it names. Any signed-in actor may do all three
 * (the catalog has no per-asset privileges). The assets an incident is on must exist and be of a type
 * DataHub lets incidents be on. Messages are DataHub's where it has one.
 */
import { randomUUID } from 'node:crypto';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { INCIDENT_ENTITY_TYPES, type IncidentInfo } from '../../model/aspects/incidentInfo.ts';
import { keyAspectOf, validateUrn } from '../../model/registry.ts';
import type { StoreTxn } from '../../store/store.ts';
import { nowOf, type OpContext } from '../core/context.ts';
import { urnTypeOf } from '../core/resources.ts';
import { writeAspect, type WriteStamp } from '../core/writeAspect.ts';
import { incidentInfoOf, priorityNumber, type PriorityName } from '../read/incident.ts';

type IncidentType = IncidentInfo['type'];
type IncidentState = IncidentInfo['status']['state'];
type IncidentStage = NonNullable<IncidentInfo['status']['stage']>;
type IncidentSourceType = NonNullable<IncidentInfo['source']>['type'];

export interface IncidentStatusInput {
  state: IncidentState;
  stage?: IncidentStage | null;
  message?: string | null;
}

export interface RaiseIncidentInput {
  type: IncidentType;
  customType?: string | null;
  title?: string | null;
  description?: string | null;
  /** The asset; one of `resourceUrn` and `resourceUrns` must name at least one. */
  resourceUrn?: string | null;
  resourceUrns?: readonly string[] | null;
  startedAt?: number | null;
  source?: { type: IncidentSourceType } | null;
  status?: IncidentStatusInput | null;
  priority?: PriorityName | null;
  assigneeUrns?: readonly string[] | null;
}

export interface UpdateIncidentInput {
  title?: string | null;
  description?: string | null;
  startedAt?: number | null;
  status?: IncidentStatusInput | null;
  priority?: PriorityName | null;
  resourceUrns?: readonly string[] | null;
  assigneeUrns?: readonly string[] | null;
}

const ALLOWED_TYPES: ReadonlySet<string> = new Set(INCIDENT_ENTITY_TYPES);
const ALLOWED_LABEL = 'datasets, charts, dashboards, data flows, data jobs and schema fields';
const ASSIGNEE_TYPES: ReadonlySet<string> = new Set(['corpuser', 'corpGroup']);

/**
 * The assets of an incident, checked: valid urns of a type incidents may be on, stored, each once. A
 * column (schemaField) counts as stored when its dataset is: columns are rarely entities of their own,
 * and DataHub raises incidents on them by urn (its agent tool's example does).
 */
function checkResources(txn: StoreTxn, urns: readonly string[], failure: string): string[] {
  for (const urn of urns) {
    const { entityType: type, value: key } = keyAspectOf(urn);
    if (!ALLOWED_TYPES.has(type))
      throw new BadRequestError(`${failure} Incidents can be raised on ${ALLOWED_LABEL}, not on ${type} ${urn}.`);
    const stored =
      txn.entityExists(urn) ||
      (type === 'schemaField' && typeof key['parent'] === 'string' && txn.entityExists(key['parent']));
    if (!stored) throw new BadRequestError(`${failure} Entity ${urn} does not exist.`);
  }
  return [...new Set(urns)];
}

/** IncidentAssignee records, each assigned now by the actor; an assignee must be a user or a group. */
function assigneesOf(
  urns: readonly string[],
  stamp: WriteStamp,
  failure: string,
): NonNullable<IncidentInfo['assignees']> {
  for (const urn of urns) {
    validateUrn(urn);
    if (!ASSIGNEE_TYPES.has(urnTypeOf(urn)))
      throw new BadRequestError(`${failure} Assignee ${urn} is not a user or group urn.`);
  }
  return [...new Set(urns)].map((actor) => ({ actor, assignedAt: { ...stamp } }));
}

/** A new status from its input (DataHub's IncidentUtils.mapIncidentStatus): no input is ACTIVE. */
function statusOf(input: IncidentStatusInput | null | undefined, stamp: WriteStamp): IncidentInfo['status'] {
  const status: IncidentInfo['status'] = { state: input?.state ?? 'ACTIVE', lastUpdated: { ...stamp } };
  if (input?.stage != null) status.stage = input.stage;
  if (input?.message != null) status.message = input.message;
  return status;
}

/** raiseIncident: a new incident on the given assets; returns its urn. */
export async function raiseIncident(ctx: OpContext, input: RaiseIncidentInput): Promise<string> {
  const failure = 'Failed to raise incident.';
  const resources = [...(input.resourceUrn != null ? [input.resourceUrn] : []), ...(input.resourceUrns ?? [])];
  if (resources.length === 0)
    throw new BadRequestError(`${failure} resourceUrn or resourceUrns must name the asset the incident is on.`);
  const urn = `urn:li:incident:${randomUUID()}`;
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    const info: IncidentInfo = {
      type: input.type,
      entities: checkResources(txn, resources, failure),
      status: statusOf(input.status, stamp),
      source: { type: input.source?.type ?? 'MANUAL' },
      created: { ...stamp },
    };
    if (input.customType != null) info.customType = input.customType;
    if (input.title != null) info.title = input.title;
    if (input.description != null) info.description = input.description;
    if (input.priority != null) info.priority = priorityNumber(input.priority);
    if (input.assigneeUrns != null && input.assigneeUrns.length > 0)
      info.assignees = assigneesOf(input.assigneeUrns, stamp, failure);
    if (input.startedAt != null) info.startedAt = input.startedAt;
    writeAspect(txn, stamp, urn, 'incidentInfo', info);
  });
  return urn;
}

/** The stored incidentInfo of an incident to change, or DataHub's NOT_FOUND. */
function existingIncident(txn: StoreTxn, urn: string): IncidentInfo {
  validateUrn(urn);
  const info = incidentInfoOf(txn, urn);
  if (!info) throw new NotFoundError('Failed to update incident. Incident does not exist.');
  return structuredClone(info);
}

/** updateIncidentStatus: the new state; the stage and message change only when given. */
export async function updateIncidentStatus(ctx: OpContext, urn: string, input: IncidentStatusInput): Promise<true> {
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    const info = existingIncident(txn, urn);
    info.status.state = input.state;
    if (input.stage != null) info.status.stage = input.stage;
    if (input.message != null) info.status.message = input.message;
    info.status.lastUpdated = { ...stamp };
    writeAspect(txn, stamp, urn, 'incidentInfo', info);
  });
  return true;
}

/** updateIncident: changes the fields the input names and leaves the others as they are. */
export async function updateIncident(ctx: OpContext, urn: string, input: UpdateIncidentInput): Promise<true> {
  const failure = 'Failed to update incident.';
  if (input.resourceUrns != null && input.resourceUrns.length === 0)
    throw new BadRequestError('resourceUrns cannot be empty if provided');
  const stamp = { actor: ctx.actor, time: nowOf(ctx) };
  await ctx.store.write((txn) => {
    const info = existingIncident(txn, urn);
    if (input.title != null) info.title = input.title;
    if (input.description != null) info.description = input.description;
    if (input.startedAt != null) info.startedAt = input.startedAt;
    if (input.status != null) info.status = statusOf(input.status, stamp);
    if (input.priority != null) info.priority = priorityNumber(input.priority);
    if (input.resourceUrns != null) info.entities = checkResources(txn, input.resourceUrns, failure);
    if (input.assigneeUrns != null) {
      if (input.assigneeUrns.length === 0) delete info.assignees;
      else info.assignees = assigneesOf(input.assigneeUrns, stamp, failure);
    }
    writeAspect(txn, stamp, urn, 'incidentInfo', info);
  });
  return true;
}
