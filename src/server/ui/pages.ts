/**
 * The HTML the server writes itself: the page every UI address gets (it loads the bundled
 * application, which renders the rest) and the sign-in page, which works without script.
 */
import type { UiAssets } from './assets.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#121a2b"/><path d="M16 5 27 16 16 27 5 16z" fill="none" stroke="#7fa2ff" stroke-width="3"/><circle cx="16" cy="16" r="3.5" fill="#7fa2ff"/></svg>')}`;

function head(title: string, assets: UiAssets, withScript: boolean): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title>` +
    `<link rel="icon" href="${ICON}">` +
    `<link rel="stylesheet" href="${assets.css.path}">` +
    (withScript ? `<script type="module" src="${assets.js.path}"></script>` : '')
  );
}

/** The application's page: the same for every UI address; the script reads the address. */
export function appPage(assets: UiAssets, authOn: boolean): string {
  return (
    head('Catalog', assets, true) +
    `<meta name="catalog-auth" content="${authOn ? 'on' : 'off'}">` +
    '</head><body><div id="app"><noscript><p class="empty">Catalog\'s web UI needs JavaScript. ' +
    'The APIs work without it: GraphQL at /api/graphql, Rest.li at /aspects and /entities.</p></noscript></div></body></html>'
  );
}

/** The sign-in page: one field for an access token, posted to /login. */
export function loginPage(assets: UiAssets, options: { redirect: string; error?: string }): string {
  const error = options.error
    ? `<p class="field-error" role="alert" id="login-error">${escapeHtml(options.error)}</p>`
    : '';
  return (
    head('Sign in | Catalog', assets, false) +
    '</head><body>' +
    '<header class="topbar"><a href="/" class="brand"><span class="brand-mark" aria-hidden="true">◈</span><span class="brand-name">Catalog</span></a></header>' +
    '<main id="main"><section class="login card" aria-labelledby="login-title">' +
    '<h1 id="login-title">Sign in</h1>' +
    '<p>This catalog requires an access token. Create one with ' +
    '<code>catalog token create --user &lt;id&gt;</code> (or ask whoever runs this server) and paste it here.</p>' +
    '<form method="post" action="/login">' +
    `<input type="hidden" name="redirect_uri" value="${escapeHtml(options.redirect)}">` +
    '<label class="field-label" for="token">Access token</label>' +
    `<input class="input" id="token" name="token" type="password" autocomplete="current-password" required autofocus${options.error ? ' aria-invalid="true" aria-describedby="login-error"' : ''}>` +
    error +
    '<div class="form-actions"><button class="btn btn-primary" type="submit">Sign in</button></div>' +
    '</form>' +
    '<p class="hint">The token is kept in a cookie that scripts cannot read, for this site only; sign out to remove it.</p>' +
    '</section></main></body></html>'
  );
}
