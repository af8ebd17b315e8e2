/**
 * Deprecation: the banner of a deprecated entity (note, decommission date, who) with a button that
 * takes it back, and the form that deprecates (a note and an optional decommission date).
 */
import { useId, useState } from 'preact/hooks';
import { updateDeprecation } from '../api/edits.ts';
import type { RawDeprecation } from '../api/entities.ts';
import { Markdown } from '../components/basics.tsx';
import { EntityLink } from '../components/labels.tsx';
import { nameFromUrn } from '../api/entities.ts';
import { formatDate } from '../lib/format.ts';
import { FieldError, FormActions, OpenFormButton, useEdit, type EditTarget } from './editing.tsx';

interface Props extends EditTarget {
  urn: string;
  deprecation: RawDeprecation | undefined;
}

function previousOf(d: RawDeprecation | undefined) {
  return { deprecated: d?.deprecated ?? false, note: d?.note ?? null, decommissionTime: d?.decommissionTime ?? null };
}

export function DeprecationBanner(props: Props) {
  const edit = useEdit(props);
  const d = props.deprecation;
  if (!d?.deprecated) return null;
  return (
    <section class="banner banner-warn" aria-labelledby="deprecation-title">
      <div class="banner-body">
        <h2 id="deprecation-title" class="banner-title">
          Deprecated
        </h2>
        {d.note ? <Markdown text={d.note} /> : <p class="muted">No note.</p>}
        <p class="banner-meta">
          {d.decommissionTime ? <>Scheduled for decommission on {formatDate(d.decommissionTime)}. </> : null}
          {d.actor ? (
            <>
              Marked by <EntityLink urn={d.actor}>{nameFromUrn(d.actor)}</EntityLink>.
            </>
          ) : null}
        </p>
        <FieldError error={edit.error} />
      </div>
      <button
        type="button"
        class="btn"
        disabled={edit.busy}
        onClick={() =>
          void edit.run(
            () =>
              updateDeprecation(
                props.urn,
                { deprecated: false, note: d.note ?? null, decommissionTime: d.decommissionTime ?? null },
                previousOf(d),
              ),
            'No longer deprecated.',
          )
        }
      >
        Undo deprecation
      </button>
    </section>
  );
}

/** "Deprecate" and its form; renders nothing for an entity already deprecated (its banner has the undo). */
export function DeprecateControl(props: Props) {
  const edit = useEdit(props);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [date, setDate] = useState('');
  const noteId = useId();
  const dateId = useId();
  if (props.deprecation?.deprecated) return null;
  if (!open) {
    return (
      <OpenFormButton edit={edit} onOpen={() => setOpen(true)} class="btn">
        Deprecate…
      </OpenFormButton>
    );
  }
  async function save(event: Event) {
    event.preventDefault();
    const decommissionTime = date ? Date.parse(`${date}T00:00:00Z`) : null;
    const ok = await edit.run(
      () => updateDeprecation(props.urn, { deprecated: true, note, decommissionTime }, previousOf(props.deprecation)),
      'Marked as deprecated.',
    );
    if (ok) {
      setOpen(false);
      setNote('');
      setDate('');
    }
  }
  return (
    <form class="deprecate-form card" onSubmit={save} aria-label="Deprecate">
      <label for={noteId} class="field-label">
        Note (why, and what to use instead)
      </label>
      <textarea
        id={noteId}
        class="input textarea"
        rows={3}
        value={note}
        autoFocus
        onInput={(e) => setNote((e.currentTarget as HTMLTextAreaElement).value)}
      />
      <label for={dateId} class="field-label">
        Decommission date (optional)
      </label>
      <input
        id={dateId}
        class="input"
        type="date"
        value={date}
        onInput={(e) => setDate((e.currentTarget as HTMLInputElement).value)}
      />
      <FieldError error={edit.error} />
      <FormActions
        label="Deprecate"
        busyLabel="Saving…"
        busy={edit.busy}
        kind="danger"
        onCancel={() => setOpen(false)}
      />
    </form>
  );
}
