/**
 * Ownership change events (docs/datahub/discovery.md §7.5, category OWNERSHIP). As in DataHub's
 * OwnershipChangeEventGenerator, owners are compared per ownership type (type and type urn), so an
 * owner whose type changed shows as added under the new type and removed under the old one.
 */
import { records, text, urnId, type AspectChange, type ChangeEvent, type Differ } from './changeEvent.ts';

interface OwnerEntry {
  owner: string;
  type: string;
  typeUrn?: string;
}

function ownersByType(value: unknown): Map<string, Map<string, OwnerEntry>> {
  const out = new Map<string, Map<string, OwnerEntry>>();
  for (const item of records(value, 'owners')) {
    const owner = text(item, 'owner');
    if (owner === undefined) continue;
    const entry: OwnerEntry = { owner, type: text(item, 'type') ?? 'NONE', typeUrn: text(item, 'typeUrn') };
    const key = `${entry.type}\u0000${entry.typeUrn ?? ''}`;
    const group = out.get(key) ?? new Map<string, OwnerEntry>();
    out.set(key, group);
    if (!group.has(owner)) group.set(owner, entry);
  }
  return out;
}

export const ownershipDiffer: Differ = (c: AspectChange, category) => {
  if (category !== 'OWNERSHIP') return [];
  const before = ownersByType(c.from);
  const after = ownersByType(c.to);
  const event = (e: OwnerEntry, operation: 'ADD' | 'REMOVE'): ChangeEvent => ({
    entityUrn: c.urn,
    category: 'OWNERSHIP',
    operation,
    modifier: e.owner,
    parameters: { ownerUrn: e.owner, ownerType: e.type, ...(e.typeUrn !== undefined && { ownerTypeUrn: e.typeUrn }) },
    auditStamp: c.stamp,
    semVerChange: 'MINOR',
    description:
      operation === 'ADD'
        ? `'${urnId(e.owner)}' added as a \`${e.type}\` of '${c.urn}'.`
        : `'${urnId(e.owner)}' removed as a \`${e.type}\` of '${c.urn}'.`,
  });
  const events: ChangeEvent[] = [];
  for (const key of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const old = before.get(key) ?? new Map<string, OwnerEntry>();
    const now = after.get(key) ?? new Map<string, OwnerEntry>();
    for (const owner of [...now.keys()].filter((o) => !old.has(o)).sort()) events.push(event(now.get(owner)!, 'ADD'));
    for (const owner of [...old.keys()].filter((o) => !now.has(o)).sort())
      events.push(event(old.get(owner)!, 'REMOVE'));
  }
  return events;
};
