// The admin page's template layer: a tagged template `html\`…\`` that escapes every
// interpolated value unless it is already a `SafeHtml` (the result of another `html\`\``, or of
// `raw()` for a fragment the code itself wrote). Nothing reaches the page by string
// concatenation, so a hostname, skill name, preview or URL from a workstation or an admin is
// always text, never markup (issue #19, "Safe by construction").

// Templates always quote attribute values, so these five cover text and attributes alike.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Markup that is already safe to emit as is. Only `html` and `raw` make one. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/**
 * Trusted markup written by this code (never data): a constant, or a fragment built with
 * `html`. Every use of raw() is a place to review; grep for it.
 */
export function raw(trusted: string): SafeHtml {
  return new SafeHtml(trusted);
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

/**
 * A URL that may go into an href: same-site paths and http(s) only. Anything else
 * (javascript:, data:, vbscript:, protocol-relative //host) becomes "#", so a stored URL can be
 * shown as a link without becoming a script. The result is still escaped by `html`.
 */
export function safeHref(url: string): string {
  const u = url.trim();
  if (/^\/(?!\/)/.test(u)) return u;
  if (/^https?:\/\//i.test(u)) return u;
  return '#';
}
