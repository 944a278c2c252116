// Settings → Access → API keys: create (shown once, with a copy button), list, revoke; and the
// first-run panel that generates a runtime key inline with the install command ready to paste.
import type { KeyListItem } from '../../accounts/orgs.js';
import { html, type SafeHtml } from '../html.js';
import { relativeTime } from '../layout.js';

export interface CreatedKey {
  id: string;
  key: string;
  kind: string;
  prefix: string;
}

/** The command a developer pastes on a workstation; the key goes in through the environment, not a flag in shell history. */
export function installCommand(serverUrl: string, key: string): string {
  return `SERVICE_API_KEY=${key} service install-hooks --server ${serverUrl}`;
}

export function createdKeyNotice(created: CreatedKey, serverUrl: string): SafeHtml {
  return html`<p><strong>New ${created.kind} key</strong> (${created.prefix}…). Copy it now: it is shown only once.</p>
<p class="secret" id="new-key">${created.key}</p><p><button type="button" data-copy="new-key">Copy key</button></p>
${created.kind === 'runtime' ? html`<p>On each workstation, run:</p><pre id="install-cmd">${installCommand(serverUrl, created.key)}</pre><p><button type="button" data-copy="install-cmd">Copy command</button></p>` : ''}`;
}

export function onboardingPanel(csrf: string): SafeHtml {
  return html`<section class="panel" aria-labelledby="onboard-h"><h2 id="onboard-h">Get started</h2>
<p>No workstation has registered yet. Generate a runtime key for your workstations' hooks; the install command comes with it.</p>
<form method="post" action="/settings/keys"><input type="hidden" name="_csrf" value="${csrf}"><input type="hidden" name="kind" value="runtime"><input type="hidden" name="name" value="onboarding runtime key">
<button type="submit">Generate a runtime key</button></form></section>`;
}

export function keysView(keys: KeyListItem[], csrf: string, sessionKeyId: string, now = Date.now()): SafeHtml {
  return html`<section class="panel" aria-labelledby="create-h"><h2 id="create-h">Create a key</h2>
<form method="post" action="/settings/keys" class="filters"><input type="hidden" name="_csrf" value="${csrf}">
<label for="key-kind">Kind<select id="key-kind" name="kind"><option value="runtime">Runtime (hooks)</option><option value="admin">Admin (this page, CLI)</option></select></label>
<label for="key-name">Name<input id="key-name" name="name" maxlength="200"></label>
<button type="submit">Create key</button></form></section>
<section class="panel" aria-labelledby="keys-h"><h2 id="keys-h">Keys</h2>
<table><thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Kind</th><th scope="col">Created by</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th><th scope="col"><span class="muted">Action</span></th></tr></thead><tbody>
${keys.map(
  (k) => html`<tr><td>${k.name}</td><td><code>${k.prefix}…</code></td><td>${k.kind}</td><td>${k.created_by ?? html`<span class="muted">unknown</span>`}</td><td>${relativeTime(k.created_at, now)}</td><td>${relativeTime(k.last_used_at, now)}</td>
<td>${k.revoked_at ? html`<span class="bad">revoked</span>` : html`<span class="ok">active</span>`}${k.id === sessionKeyId ? html` <span class="muted">(this session)</span>` : ''}</td>
<td>${k.revoked_at ? '' : html`<form method="post" action="/settings/keys/${k.id}/revoke" class="inline" data-confirm="Revoke ${k.name} (${k.prefix}…)? Anything using it stops working."><input type="hidden" name="_csrf" value="${csrf}"><label><input type="checkbox" name="confirm" value="yes" required> confirm</label> <button class="danger" type="submit" aria-label="Revoke ${k.name}">Revoke</button></form>`}</td></tr>`,
)}</tbody></table></section>`;
}
