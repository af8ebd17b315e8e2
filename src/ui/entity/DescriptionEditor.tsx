/**
 * A description shown as rendered Markdown with an Edit button; editing gives a text area with a
 * Write/Preview switch. A failed save keeps the editor open with the text and the API's error.
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { updateDescription, type Column } from '../api/edits.ts';
import { Markdown } from '../components/basics.tsx';
import { FieldError, FormActions, useEdit, type EditTarget } from './editing.tsx';

interface Props extends EditTarget {
  urn: string;
  value: string;
  column?: Column;
  /** What is described, for labels: "dataset", "column user_id". */
  what: string;
  /** Shown when there is no description. */
  emptyText?: string;
  compact?: boolean;
}

export function DescriptionEditor(props: Props) {
  const edit = useEdit(props);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(props.value);
  const [preview, setPreview] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (editing && !preview) area.current?.focus();
  }, [editing, preview]);

  function start() {
    setDraft(props.value);
    setPreview(false);
    edit.clearError();
    setEditing(true);
  }

  function stop() {
    setEditing(false);
    window.setTimeout(() => editButton.current?.focus(), 0);
  }

  async function save(event: Event) {
    event.preventDefault();
    const ok = await edit.run(
      () => updateDescription(props.urn, draft, props.value, props.column),
      props.column ? `Description of ${props.column.fieldPath} saved.` : 'Description saved.',
    );
    if (ok) stop();
  }

  if (!editing) {
    return (
      <div class={`description${props.compact ? ' description-compact' : ''}`}>
        {props.value ? (
          <Markdown text={props.value} />
        ) : (
          <p class="muted">{props.emptyText ?? 'No description yet.'}</p>
        )}
        <button
          type="button"
          ref={editButton}
          class="btn-link edit-button"
          onClick={start}
          aria-label={`Edit description of ${props.what}`}
        >
          ✎ Edit
        </button>
      </div>
    );
  }

  return (
    <form class="description-editor" onSubmit={save} aria-label={`Description of ${props.what}`}>
      {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not form fields a fieldset would group */}
      <div class="editor-tabs" role="group" aria-label="Editor mode">
        <button type="button" class="btn btn-small" aria-pressed={!preview} onClick={() => setPreview(false)}>
          Write
        </button>
        <button type="button" class="btn btn-small" aria-pressed={preview} onClick={() => setPreview(true)}>
          Preview
        </button>
      </div>
      {preview ? (
        <div class="preview" aria-live="polite">
          {draft.trim() ? <Markdown text={draft} /> : <p class="muted">Nothing to preview.</p>}
        </div>
      ) : (
        <>
          <label for={id} class="visually-hidden">
            Description of {props.what} (Markdown)
          </label>
          <textarea
            id={id}
            ref={area}
            class="input textarea"
            rows={props.compact ? 4 : 8}
            value={draft}
            disabled={edit.busy}
            onInput={(e) => setDraft((e.currentTarget as HTMLTextAreaElement).value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save(e);
              if (e.key === 'Escape') stop();
            }}
          />
          <p class="hint">
            Markdown: **bold**, _italic_, [links](https://…), lists, `code`. Ctrl+Enter saves, Escape cancels.
          </p>
        </>
      )}
      <FieldError error={edit.error} />
      <FormActions label="Save" busyLabel="Saving…" busy={edit.busy} kind="primary" onCancel={stop} />
    </form>
  );
}
