/**
 * Client-side navigation over the History API: links are plain `<a href>` (so they open in a new tab,
 * can be copied and work without script), and a same-origin click on one is turned into a
 * pushState plus a re-render instead of a page load.
 */
import { useEffect, useState } from 'preact/hooks';

export interface Place {
  pathname: string;
  search: string;
}

const listeners = new Set<(p: Place) => void>();

function current(): Place {
  return { pathname: location.pathname, search: location.search };
}

function notify(): void {
  const place = current();
  for (const l of listeners) l(place);
}

/** Goes to `href` (same origin) without a page load. */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  const url = new URL(href, location.href);
  if (url.origin !== location.origin) {
    location.assign(url.href);
    return;
  }
  const target = url.pathname + url.search + url.hash;
  if (target === location.pathname + location.search + location.hash) return;
  if (options.replace) history.replaceState(null, '', target);
  else history.pushState(null, '', target);
  notify();
  if (!options.replace) window.scrollTo(0, 0);
}

/** The current path and query string; re-renders the caller when they change. */
export function usePlace(): Place {
  const [place, setPlace] = useState(current);
  useEffect(() => {
    listeners.add(setPlace);
    return () => void listeners.delete(setPlace);
  }, []);
  return place;
}

/** Installs the click and back/forward handling once, at start-up. */
export function startRouter(): void {
  window.addEventListener('popstate', notify);
  document.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor?.href || anchor.target || anchor.hasAttribute('download')) return;
    if (anchor.dataset['reload'] !== undefined) return;
    const url = new URL(anchor.href);
    if (url.origin !== location.origin) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  });
}
