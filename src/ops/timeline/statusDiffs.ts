/**
 * Deprecation and domain change events (docs/datahub/discovery.md §7.5, categories DEPRECATION and
 * DOMAIN). The events follow DataHub's Deprecation and SingleDomain change event generators
 * (operation, modifier, parameters); DataHub leaves their description and semantic change empty,
 * and its timeline does not serve them for datasets, so the wording here is Catalog's own.
 */
import { field, text, urnId, type AspectChange, type ChangeEvent, type Differ } from './changeEvent.ts';

/** The entity switching between deprecated and not; edits of the note alone are no event. */
export const deprecationDiffer: Differ = (c: AspectChange, category) => {
  if (category !== 'DEPRECATION') return [];
  const before = field(c.from, 'deprecated') === true;
  const after = field(c.to, 'deprecated') === true;
  if (before === after) return [];
  const note = text(c.to, 'note');
  return [
    {
      entityUrn: c.urn,
      category: 'DEPRECATION',
      operation: 'MODIFY',
      parameters: { status: after ? 'DEPRECATED' : 'ACTIVE' },
      auditStamp: c.stamp,
      semVerChange: 'MINOR',
      description: after
        ? `Entity '${c.urn}' has been deprecated${note ? `: '${note}'` : ''}.`
        : `Entity '${c.urn}' is no longer deprecated.`,
    },
  ];
};

/** The entity's domain (the first of `domains`): set, unset, or moved (a removal, then an addition). */
export const domainsDiffer: Differ = (c: AspectChange, category) => {
  if (category !== 'DOMAIN') return [];
  const first = (value: unknown) => {
    const list = field(value, 'domains');
    return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined;
  };
  const before = first(c.from);
  const after = first(c.to);
  if (before === after) return [];
  const event = (domain: string, operation: 'ADD' | 'REMOVE'): ChangeEvent => ({
    entityUrn: c.urn,
    category: 'DOMAIN',
    operation,
    modifier: domain,
    parameters: { domainUrn: domain },
    auditStamp: c.stamp,
    semVerChange: 'MINOR',
    description:
      operation === 'ADD'
        ? `Domain '${urnId(domain)}' added to entity '${c.urn}'.`
        : `Domain '${urnId(domain)}' removed from entity '${c.urn}'.`,
  });
  return [
    ...(before !== undefined ? [event(before, 'REMOVE')] : []),
    ...(after !== undefined ? [event(after, 'ADD')] : []),
  ];
};
