/**
 * What every editor shares: running an edit with a busy state, showing the API's error where the
 * edit was made (the input is kept, so nothing typed is lost), announcing success with Undo, and
 * reloading the page's data afterwards.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Undo } from '../api/edits.ts';
import { Combobox, type Option } from '../components/Combobox.tsx';
import { notify } from '../components/Toasts.tsx';

export interface EditTarget {
  /** Reloads the data the page shows, after an edit. */
  reload: () => Promise<void>;
}

export interface Edit {
  busy: boolean;
  error: string | undefined;
  /** Runs `action`; on success announces `message` with Undo and reloads; on failure keeps the error. Resolves true on success. */
  run: (action: () => Promise<Undo | void>, message: string) => Promise<boolean>;
  clearError: () => void;
}

export function useEdit(target: EditTarget): Edit {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  async function run(action: () => Promise<Undo | void>, message: string): Promise<boolean> {
    setBusy(true);
    setError(undefined);
    try {
      const undo = await action();
      setBusy(false);
      notify(message, undo ? { undo, after: () => void target.reload() } : {});
      await target.reload();
      return true;
    } catch (e) {
      setBusy(false);
      setError((e as Error).message);
      return false;
    }
  }
  return { busy, error, run, clearError: () => setError(undefined) };
}

/** A form's Submit (showing `busyLabel` while the edit runs) and Cancel buttons, both disabled meanwhile. */
export function FormActions(props: {
  label: string;
  busyLabel: string;
  busy: boolean;
  kind: 'primary' | 'danger';
  onCancel: () => void;
}) {
  return (
    <div class="form-actions">
      <button type="submit" class={`btn btn-${props.kind}`} disabled={props.busy}>
        {props.busy ? props.busyLabel : props.label}
      </button>
      <button type="button" class="btn" onClick={props.onCancel} disabled={props.busy}>
        Cancel
      </button>
    </div>
  );
}

/** The button that opens an edit form: it clears the last edit's error first, so the form opens clean. */
export function OpenFormButton(props: {
  edit: Edit;
  onOpen: () => void;
  class: string;
  ariaLabel?: string;
  children: ComponentChildren;
}) {
  return (
    <button
      type="button"
      class={props.class}
      aria-label={props.ariaLabel}
      onClick={() => {
        props.edit.clearError();
        props.onOpen();
      }}
    >
      {props.children}
    </button>
  );
}

export function FieldError({ error }: { error: string | undefined }) {
  if (!error) return null;
  return (
    <p class="field-error" role="alert">
      {error}
    </p>
  );
}

/**
 * An "Add …" button that opens a search box; picking an option runs `onPick`. The box stays open
 * when the edit fails (its editor shows the error beside it).
 */
export function AddPicker(props: {
  what: string;
  /** The button's words, when not "Add <what>" (e.g. "Change domain"). */
  action?: string;
  edit: Edit;
  load: (text: string) => Promise<Option[]>;
  onPick: (option: Option) => Promise<boolean>;
  children?: ComponentChildren;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Closing the picker (Escape, Cancel, a successful pick) puts focus back on its button.
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const action = props.action ?? `Add ${props.what}`;
  if (!open) {
    return (
      <button
        type="button"
        ref={button}
        class="btn-link add-button"
        onClick={() => {
          props.edit.clearError();
          setOpen(true);
        }}
      >
        + {action}
      </button>
    );
  }
  return (
    <div class="picker">
      {props.children}
      <Combobox
        label={action}
        placeholder={`Search ${props.what}s…`}
        autoFocus
        minChars={0}
        clearOnPick
        disabled={props.edit.busy}
        load={props.load}
        onPick={async (o) => {
          if (await props.onPick(o)) setOpen(false);
        }}
        onEscape={() => setOpen(false)}
      />
      <button type="button" class="btn btn-small" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </div>
  );
}
