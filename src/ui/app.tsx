/** The frame of every page (header, main region, notices) and the choice of page for the address. */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { gql } from './api/client.ts';
import { ME_QUERY } from './api/queries.ts';
import { useQuery } from './api/useQuery.ts';
import { SearchBox } from './components/SearchBox.tsx';
import { ToastHost } from './components/Toasts.tsx';
import { EntityPage } from './entity/EntityPage.tsx';
import { Home } from './pages/Home.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { SearchPage } from './pages/Search.tsx';
import { usePlace } from './router.ts';
import { entityPath, parseRoute, parseSearch } from './routes.ts';

/** Whether the server asks for sign-in (it says so in the page it serves). */
export const AUTH_ON = document.querySelector('meta[name="catalog-auth"]')?.getAttribute('content') === 'on';

function Me() {
  const me = useQuery('me', () =>
    gql<{
      me: { corpUser: { urn: string; username: string; properties?: { displayName?: string | null } | null } } | null;
    }>(ME_QUERY),
  );
  const user = me.data?.me?.corpUser;
  return (
    <div class="me">
      {user && (
        <a href={entityPath(user.urn)} class="me-name">
          {user.properties?.displayName || user.username}
        </a>
      )}
      <form method="post" action="/logout">
        <button type="submit" class="btn btn-small">
          Sign out
        </button>
      </form>
    </div>
  );
}

export function App() {
  const place = usePlace();
  const route = parseRoute(place.pathname);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  // After a client-side navigation, move focus to the new page (as a page load would) so keyboard
  // and screen-reader users start at its top.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [place.pathname, place.search]);

  let page: ComponentChildren;
  switch (route.page) {
    case 'home':
      page = <Home />;
      break;
    case 'search':
      page = <SearchPage state={parseSearch(place.search)} />;
      break;
    case 'entity':
      page = <EntityPage key={route.urn} urn={route.urn} entityType={route.entityType} tab={route.tab} />;
      break;
    default:
      page = <NotFound />;
  }

  return (
    <>
      <a href="#main" class="skip-link">
        Skip to content
      </a>
      <header class="topbar">
        <a href="/" class="brand" aria-label="Catalog home">
          <span class="brand-mark" aria-hidden="true">
            ◈
          </span>
          <span class="brand-name">Catalog</span>
        </a>
        {route.page !== 'home' && (
          <div class="topbar-search">
            <SearchBox initial={route.page === 'search' ? parseSearch(place.search).query : ''} />
          </div>
        )}
        {AUTH_ON && <Me />}
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        {page}
      </main>
      <ToastHost />
    </>
  );
}
