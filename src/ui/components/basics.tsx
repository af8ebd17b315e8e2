/** Small building blocks every page uses: rendered Markdown, loading and error states, a page title. */
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo } from 'preact/hooks';
import { renderMarkdown } from '../lib/markdown.ts';

/** Markdown rendered and sanitised (lib/markdown.ts). */
export function Markdown({ text, class: cls }: { text: string; class?: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return <div class={`markdown${cls ? ` ${cls}` : ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function Loading({ what = 'Loading' }: { what?: string }) {
  return (
    <p class="loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" /> {what}…
    </p>
  );
}

export function ErrorBox({ error, title = 'Something went wrong' }: { error: Error | string; title?: string }) {
  return (
    <div class="error-box" role="alert">
      <strong>{title}</strong>
      <p>{typeof error === 'string' ? error : error.message}</p>
    </div>
  );
}

/** Sets the document title while mounted. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Catalog` : 'Catalog';
  }, [title]);
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>;
}
