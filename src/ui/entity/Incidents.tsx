/**
 * Incidents on an entity page: a banner listing the asset's active incidents (like the deprecation
 * banner), each with "Resolve…" (an optional note, then updateIncidentStatus RESOLVED, with Undo to
 * reopen it), and "Raise incident…" in the page's actions (type, title, description, priority, then
 * raiseIncident). Shown on the asset types DataHub gives incidents to.
 */
import { useId, useState } from 'preact/hooks';
import { nameFromUrn } from '../api/entities.ts';
import {
  activeIncidents,
  INCIDENT_PRIORITIES,
  INCIDENT_TYPES,
  raiseIncident,
  setIncidentState,
  type ActiveIncident,
} from '../api/incidents.ts';
import { useQuery } from '../api/useQuery.ts';
import { Markdown } from '../components/basics.tsx';
import { EntityLink } from '../components/labels.tsx';
import { formatTime, plural } from '../lib/format.ts';
import { FieldError, FormActions, OpenFormButton, useEdit, type EditTarget } from './editing.tsx';

const words = (value: string) => value.charAt(0) + value.slice(1).toLowerCase().replace(/_/g, ' ');

function kindOf(i: ActiveIncident): string {
  return i.incidentType === 'CUSTOM' && i.customType ? i.customType : words(i.incidentType);
}

function ResolveControl({ incident, target }: { incident: ActiveIncident; target: EditTarget }) {
  const edit = useEdit(target);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const noteId = useId();
  const label = incident.title ?? kindOf(incident);
  if (!open) {
    return (
      <OpenFormButton edit={edit} onOpen={() => setOpen(true)} class="btn btn-small" ariaLabel={`Resolve ${label}`}>
        Resolve…
      </OpenFormButton>
    );
  }
  async function resolve(event: Event) {
    event.preventDefault();
    const ok = await edit.run(async () => {
      await setIncidentState(incident.urn, 'RESOLVED', note.trim() || undefined);
      return () => setIncidentState(incident.urn, 'ACTIVE');
    }, 'Incident resolved.');
    if (ok) setOpen(false);
  }
  return (
    <form class="incident-resolve" onSubmit={resolve} aria-label={`Resolve ${label}`}>
      <label for={noteId} class="field-label">
        Resolution note (optional)
      </label>
      <textarea
        id={noteId}
        class="input textarea"
        rows={2}
        value={note}
        autoFocus
        onInput={(e) => setNote((e.currentTarget as HTMLTextAreaElement).value)}
      />
      <FieldError error={edit.error} />
      <FormActions
        label="Resolve"
        busyLabel="Resolving…"
        busy={edit.busy}
        kind="primary"
        onCancel={() => setOpen(false)}
      />
    </form>
  );
}

interface BannerProps extends EditTarget {
  urn: string;
  /** Changes whenever an incident may have been raised or resolved: the banner loads again. */
  version: number;
}

/** The active incidents of the asset; nothing when it has none. */
export function IncidentsBanner(props: BannerProps) {
  const loaded = useQuery(`${props.urn}#${props.version}`, () => activeIncidents(props.urn));
  const target: EditTarget = {
    reload: async () => Promise.all([loaded.reload(), props.reload()]).then(() => undefined),
  };
  const page = loaded.data;
  if (!page || page.total === 0) return null;
  return (
    <section class="banner banner-danger" aria-labelledby="incidents-title">
      <div class="banner-body">
        <h2 id="incidents-title" class="banner-title">
          {plural(page.total, 'active incident')}
        </h2>
        <ul class="incident-list">
          {page.incidents.map((i) => (
            <li key={i.urn} class="incident">
              <div class="incident-head">
                <strong class="incident-title">{i.title ?? kindOf(i)}</strong>
                <span class="incident-kind">{kindOf(i)}</span>
                {i.priority && (
                  <span class={`incident-priority priority-${i.priority.toLowerCase()}`}>
                    {words(i.priority)} priority
                  </span>
                )}
                {i.incidentStatus.stage && <span class="incident-stage">{words(i.incidentStatus.stage)}</span>}
              </div>
              {i.description && <Markdown text={i.description} />}
              {i.incidentStatus.message && <p class="incident-message">{i.incidentStatus.message}</p>}
              <p class="banner-meta">
                Raised {formatTime(i.created.time)}
                {i.created.actor ? (
                  <>
                    {' '}
                    by <EntityLink urn={i.created.actor}>{nameFromUrn(i.created.actor)}</EntityLink>
                  </>
                ) : null}
                .
              </p>
              <ResolveControl incident={i} target={target} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** "Raise incident…" and its form. */
export function RaiseIncidentControl(props: EditTarget & { urn: string }) {
  const edit = useEdit(props);
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<string>('OPERATIONAL');
  const [customType, setCustomType] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState('');
  const ids = { type: useId(), custom: useId(), title: useId(), description: useId(), priority: useId() };
  if (!open) {
    return (
      <OpenFormButton edit={edit} onOpen={() => setOpen(true)} class="btn">
        Raise incident…
      </OpenFormButton>
    );
  }
  async function raise(event: Event) {
    event.preventDefault();
    const ok = await edit.run(async () => {
      await raiseIncident(props.urn, {
        type,
        title: title.trim(),
        ...(type === 'CUSTOM' && customType.trim() ? { customType: customType.trim() } : {}),
        ...(description.trim() ? { description: description.trim() } : {}),
        ...(priority ? { priority } : {}),
      });
    }, 'Incident raised.');
    if (ok) {
      setOpen(false);
      setTitle('');
      setDescription('');
      setCustomType('');
      setPriority('');
    }
  }
  return (
    <form class="raise-incident-form card" onSubmit={raise} aria-label="Raise incident">
      <label for={ids.title} class="field-label">
        Title
      </label>
      <input
        id={ids.title}
        class="input"
        required
        value={title}
        autoFocus
        onInput={(e) => setTitle((e.currentTarget as HTMLInputElement).value)}
      />
      <label for={ids.type} class="field-label">
        Type
      </label>
      <select
        id={ids.type}
        class="input"
        value={type}
        onChange={(e) => setType((e.currentTarget as HTMLSelectElement).value)}
      >
        {INCIDENT_TYPES.map((t) => (
          <option key={t} value={t}>
            {words(t)}
          </option>
        ))}
      </select>
      {type === 'CUSTOM' && (
        <>
          <label for={ids.custom} class="field-label">
            Custom type
          </label>
          <input
            id={ids.custom}
            class="input"
            required
            value={customType}
            onInput={(e) => setCustomType((e.currentTarget as HTMLInputElement).value)}
          />
        </>
      )}
      <label for={ids.priority} class="field-label">
        Priority
      </label>
      <select
        id={ids.priority}
        class="input"
        value={priority}
        onChange={(e) => setPriority((e.currentTarget as HTMLSelectElement).value)}
      >
        <option value="">None</option>
        {INCIDENT_PRIORITIES.map((p) => (
          <option key={p} value={p}>
            {words(p)}
          </option>
        ))}
      </select>
      <label for={ids.description} class="field-label">
        Description (optional, Markdown)
      </label>
      <textarea
        id={ids.description}
        class="input textarea"
        rows={3}
        value={description}
        onInput={(e) => setDescription((e.currentTarget as HTMLTextAreaElement).value)}
      />
      <FieldError error={edit.error} />
      <FormActions
        label="Raise incident"
        busyLabel="Raising…"
        busy={edit.busy}
        kind="danger"
        onCancel={() => setOpen(false)}
      />
    </form>
  );
}
