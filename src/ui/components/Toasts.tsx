/**
 * Short notices after an edit ("Tag added"), each with Undo when the edit can be taken back. They
 * sit in a polite live region so a screen reader announces them, and stay 10 s (longer while
 * hovered or focused).
 */
import { useEffect, useState } from 'preact/hooks';
import type { Undo } from '../api/edits.ts';

interface Toast {
  id: number;
  message: string;
  undo?: Undo;
  /** Runs after a successful undo (reloads the page's data). */
  after?: () => void;
  error?: boolean;
}

let next = 1;
let toasts: Toast[] = [];
const listeners = new Set<(t: Toast[]) => void>();

function publish(list: Toast[]): void {
  toasts = list;
  for (const l of listeners) l(toasts);
}

function dismiss(id: number): void {
  publish(toasts.filter((t) => t.id !== id));
}

/** Shows a notice; with `undo`, an Undo button runs it and then `after`. */
export function notify(message: string, options: { undo?: Undo; after?: () => void; error?: boolean } = {}): void {
  const toast: Toast = { id: next++, message, ...options };
  publish([...toasts.slice(-3), toast]);
  window.setTimeout(() => {
    const el = document.getElementById(`toast-${toast.id}`);
    if (el && (el.matches(':hover') || el.contains(document.activeElement))) {
      el.addEventListener('mouseleave', () => dismiss(toast.id), { once: true });
      el.addEventListener('focusout', () => dismiss(toast.id), { once: true });
      return;
    }
    dismiss(toast.id);
  }, 10_000);
}

function ToastItem({ toast }: { toast: Toast }) {
  const [busy, setBusy] = useState(false);
  async function undo() {
    if (!toast.undo) return;
    setBusy(true);
    try {
      await toast.undo();
      dismiss(toast.id);
      notify('Undone.');
      toast.after?.();
    } catch (e) {
      setBusy(false);
      notify(`Undo failed: ${(e as Error).message}`, { error: true });
    }
  }
  return (
    <div id={`toast-${toast.id}`} class={`toast${toast.error ? ' toast-error' : ''}`}>
      <span>{toast.message}</span>
      {toast.undo && (
        <button
          type="button"
          class="btn btn-small"
          onClick={undo}
          disabled={busy}
          aria-label={`Undo: ${toast.message}`}
        >
          Undo
        </button>
      )}
      <button type="button" class="btn-icon" aria-label={`Dismiss: ${toast.message}`} onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}

export function ToastHost() {
  const [list, setList] = useState(toasts);
  useEffect(() => {
    listeners.add(setList);
    return () => void listeners.delete(setList);
  }, []);
  return (
    <div class="toasts" role="status" aria-live="polite">
      {list.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
