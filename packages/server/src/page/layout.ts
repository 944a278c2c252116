// The frame every admin page shares: head (assets only, nothing inline), navigation, main.
import { html, type HtmlValue, type SafeHtml } from './html.js';

export type Section = 'fleet' | 'skills' | 'mcp' | 'plugins' | 'policy' | 'notifications' | 'keys';

const NAV: [Section, string, string][] = [
  ['fleet', '/', 'Fleet'],
  ['skills', '/skills', 'Skills'],
  ['mcp', '/mcp-servers', 'MCP servers'],
  ['plugins', '/plugins', 'Plugins'],
  ['policy', '/policy', 'Policy'],
  ['notifications', '/settings/notifications', 'Notifications'],
  ['keys', '/settings/keys', 'API keys'],
];

function head(title: string): SafeHtml {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · Agent fleet</title><link rel="stylesheet" href="/assets/app.css"><script src="/assets/app.js" defer></script></head>`;
}

export function page(opts: { title: string; section: Section; orgName: string; csrf: string; notice?: HtmlValue; error?: string | null }, body: HtmlValue): SafeHtml {
  return html`${head(opts.title)}
<body><a class="skip" href="#main">Skip to content</a>
<header class="top"><span class="brand">${opts.orgName}</span>
<nav aria-label="Sections">${NAV.map(([s, href, label]) => html`<a href="${href}"${s === opts.section ? html` aria-current="page"` : ''}>${label}</a>`)}</nav>
<form method="post" action="/logout"><input type="hidden" name="_csrf" value="${opts.csrf}"><button class="secondary" type="submit">Sign out</button></form>
</header>
<main id="main"><h1>${opts.title}</h1>
${opts.error ? html`<p class="error" role="alert">${opts.error}</p>` : ''}${opts.notice ? html`<div class="notice" role="status">${opts.notice}</div>` : ''}
${body}</main></body></html>`;
}

export function signInPage(opts: { csrf: string; error?: string | null }): SafeHtml {
  return html`${head('Sign in')}
<body><main id="main" class="signin"><h1>Sign in</h1>
<p>Sign in with an <strong>admin key</strong> (<code>svc_adm_…</code>). Runtime keys cannot sign in.</p>
${opts.error ? html`<p class="error" role="alert">${opts.error}</p>` : ''}
<form method="post" action="/signin" class="panel">
<input type="hidden" name="_csrf" value="${opts.csrf}">
<label for="key">Admin key</label><input id="key" name="key" type="password" autocomplete="current-password" required>
<p><button type="submit">Sign in</button></p></form></main></body></html>`;
}

export function errorPage(status: number, message: string): SafeHtml {
  return html`${head('Error')}
<body><main id="main" class="signin"><h1>Error ${status}</h1><p class="error" role="alert">${message}</p><p><a href="/">Back to the fleet</a></p></main></body></html>`;
}

/** "3 min ago" style, against `now`; the exact time goes into the element's datetime/title. */
export function relativeTime(isoTime: string | null, now = Date.now()): SafeHtml {
  if (!isoTime) return html`<span class="muted">never</span>`;
  const s = Math.max(0, Math.round((now - Date.parse(isoTime)) / 1000));
  const text = s < 60 ? 'just now' : s < 3600 ? `${Math.floor(s / 60)} min ago` : s < 86400 ? `${Math.floor(s / 3600)} h ago` : `${Math.floor(s / 86400)} d ago`;
  return html`<time datetime="${isoTime}" title="${isoTime}">${text}</time>`;
}

/** A value that may be unknown: the spec shows unknown telemetry as unknown, never as failed. */
export function known(v: unknown): HtmlValue {
  if (v === null || v === undefined || v === '') return html`<span class="muted">unknown</span>`;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'object') return html`<code>${JSON.stringify(v)}</code>`;
  return String(v);
}
