/**
 * Documentation change events of the dataset itself (docs/datahub/discovery.md §7.5, category
 * DOCUMENTATION): its description in `datasetProperties` and `editableDatasetProperties`, and its
 * links (`institutionalMemory`). Column descriptions are in schemaDiffs.ts. Descriptions follow
 * DataHub's DatasetProperties/EditableDatasetProperties/InstitutionalMemory generators.
 */
import { records, text, type AspectChange, type ChangeEvent, type Differ } from './changeEvent.ts';

/** The `description` field of `datasetProperties` or `editableDatasetProperties`. */
export const datasetDescriptionDiffer: Differ = (c: AspectChange, category) => {
  if (category !== 'DOCUMENTATION') return [];
  const before = text(c.from, 'description');
  const after = text(c.to, 'description');
  if (before === after) return [];
  const event = (operation: ChangeEvent['operation'], description: string, value: string): ChangeEvent => ({
    entityUrn: c.urn,
    category: 'DOCUMENTATION',
    operation,
    parameters: { description: value },
    auditStamp: c.stamp,
    semVerChange: 'MINOR',
    description,
  });
  if (before === undefined) return [event('ADD', `Documentation for '${c.urn}' has been added: '${after}'.`, after!)];
  if (after === undefined)
    return [event('REMOVE', `Documentation for '${c.urn}' has been removed: '${before}'.`, before)];
  return [event('MODIFY', `Documentation of '${c.urn}' has been changed from '${before}' to '${after}'.`, after)];
};

/** Links of `institutionalMemory`, matched by url: added, removed, or their description edited. */
export const institutionalMemoryDiffer: Differ = (c: AspectChange, category) => {
  if (category !== 'DOCUMENTATION') return [];
  const links = (value: unknown) => {
    const out = new Map<string, string>();
    for (const e of records(value, 'elements')) {
      const url = text(e, 'url');
      if (url !== undefined && !out.has(url)) out.set(url, text(e, 'description') ?? '');
    }
    return out;
  };
  const before = links(c.from);
  const after = links(c.to);
  const events: ChangeEvent[] = [];
  const event = (url: string, operation: ChangeEvent['operation'], description: string): ChangeEvent => ({
    entityUrn: c.urn,
    category: 'DOCUMENTATION',
    operation,
    modifier: url,
    auditStamp: c.stamp,
    semVerChange: operation === 'MODIFY' ? 'PATCH' : 'MINOR',
    description,
  });
  for (const url of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const old = before.get(url);
    const now = after.get(url);
    if (old === undefined) {
      events.push(
        event(url, 'ADD', `Institutional Memory '${url}' with documentation of '${c.urn}' has been added: '${now}'`),
      );
    } else if (now === undefined) {
      events.push(
        event(
          url,
          'REMOVE',
          `Institutional Memory '${url}' with documentation of '${c.urn}' has been removed: '${old}'`,
        ),
      );
    } else if (old !== now) {
      events.push(
        event(
          url,
          'MODIFY',
          `Documentation of Institutional Memory '${url}' of '${c.urn}' has been changed from '${old}' to '${now}'.`,
        ),
      );
    }
  }
  return events;
};
