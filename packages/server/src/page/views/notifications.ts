// Settings → Notifications: destinations of every kind (the signing secret shown once), their
// event routes, test, enable/disable, remove; and the delivery log with each attempt, and replay.
import type { DestinationView } from '../../notifications/destinations.js';
import type { DeliveryView } from '../../notifications/deliveries.js';
import { html, type SafeHtml } from '../html.js';
import { relativeTime } from '../layout.js';

const hidden = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`;

export function createdDestinationNotice(d: DestinationView & { secret: string }): SafeHtml {
  return html`<p><strong>Destination ${d.name} created.</strong> Its signing secret is shown only once; receivers verify the X-Service-Signature header with it.</p>
<p class="secret" id="new-secret">${d.secret}</p><p><button type="button" data-copy="new-secret">Copy secret</button></p>`;
}

export function notificationsView(opts: {
  destinations: DestinationView[];
  deliveries: DeliveryView[];
  kinds: readonly string[];
  eventTypes: readonly string[];
  severities: readonly string[];
  csrf: string;
  canReplay: boolean;
  now?: number;
}): SafeHtml {
  const { csrf } = opts;
  const now = opts.now ?? Date.now();
  const names = new Map(opts.destinations.map((d) => [d.id, d.name]));
  return html`<section class="panel" aria-labelledby="dest-h"><h2 id="dest-h">Destinations</h2>
${opts.destinations.length === 0 ? html`<p>No destination yet.</p>` : html`<table><thead><tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">URL</th><th scope="col">Routes</th><th scope="col">State</th><th scope="col">Actions</th></tr></thead><tbody>
${opts.destinations.map(
  (d) => html`<tr><td>${d.name}</td><td>${d.kind}</td><td><code>${d.url}</code></td>
<td>${d.routes.map((r) => html`<div>${r.events.join(', ')} · ≥ ${r.min_severity}${r.host ? ` · host ${r.host}` : ''}${r.surface ? ` · surface ${r.surface}` : ''}</div>`)}</td>
<td>${d.enabled ? html`<span class="ok">enabled</span>` : html`<span class="muted">disabled</span>`}</td>
<td><form method="post" action="/settings/notifications/${d.id}/test" class="inline">${hidden(csrf)}<button type="submit" aria-label="Send test to ${d.name}">Send test</button></form>
<form method="post" action="/settings/notifications/${d.id}/enabled" class="inline">${hidden(csrf)}<input type="hidden" name="enabled" value="${d.enabled ? 'false' : 'true'}"><button type="submit" class="secondary" aria-label="${d.enabled ? 'Disable' : 'Enable'} ${d.name}">${d.enabled ? 'Disable' : 'Enable'}</button></form>
<form method="post" action="/settings/notifications/${d.id}/remove" class="inline" data-confirm="Remove ${d.name}? Its open deliveries are canceled.">${hidden(csrf)}<label><input type="checkbox" name="confirm" value="yes" required> confirm</label> <button type="submit" class="danger" aria-label="Remove ${d.name}">Remove</button></form></td></tr>`,
)}</tbody></table>`}</section>
<section class="panel" aria-labelledby="new-dest-h"><h2 id="new-dest-h">Add a destination</h2>
<form method="post" action="/settings/notifications" class="filters">${hidden(csrf)}
<label for="d-kind">Kind<select id="d-kind" name="kind">${opts.kinds.map((k) => html`<option value="${k}">${k}</option>`)}</select></label>
<label for="d-url">URL<input id="d-url" name="url" type="url" required maxlength="2000" placeholder="https://"></label>
<label for="d-name">Name<input id="d-name" name="name" maxlength="200"></label>
<label for="d-events">Events<select id="d-events" name="events" multiple size="5"><option value="*" selected>every event (*)</option>${opts.eventTypes.map((t) => html`<option value="${t}">${t}</option>`)}</select></label>
<label for="d-sev">Minimum severity<select id="d-sev" name="min_severity">${opts.severities.map((s) => html`<option value="${s}">${s}</option>`)}</select></label>
<label for="d-host">Only host<input id="d-host" name="host" maxlength="255"></label>
<label for="d-surface">Only surface<input id="d-surface" name="surface" maxlength="32"></label>
<label for="d-cred">Credential (kinds that need one)<input id="d-cred" name="credential" type="password" autocomplete="off" maxlength="2000"></label>
<label for="d-opts">Options (key=value per line)<textarea id="d-opts" name="options" rows="2" maxlength="2000"></textarea></label>
<button type="submit">Add destination</button></form></section>
<section class="panel" aria-labelledby="log-h"><h2 id="log-h">Delivery log</h2>
${opts.deliveries.length === 0 ? html`<p>No delivery yet.</p>` : html`<table><thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Destination</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Replay</th></tr></thead><tbody>
${opts.deliveries.map(
  (d) => html`<tr><td>${relativeTime(d.created_at, now)}</td><td>${d.event_type} <span class="muted">${d.severity}</span>${d.replay_of ? html`<br><span class="muted">replay of ${d.replay_of}</span>` : ''}</td><td>${names.get(d.destination_id) ?? d.destination_id}</td>
<td class="${d.status === 'sent' ? 'ok' : d.status === 'failed' || d.status === 'dead' ? 'bad' : 'warn'}">${d.status}</td>
<td>${d.attempts.length === 0 ? html`<span class="muted">none yet</span>` : html`<ol>${d.attempts.map((a) => html`<li>${a.outcome} ${a.status_code ?? ''} · ${a.latency_ms} ms${a.error ? html` · <span class="bad">${a.error}</span>` : ''}</li>`)}</ol>`}</td>
<td>${opts.canReplay ? html`<form method="post" action="/settings/notifications/deliveries/${d.id}/replay" class="inline">${hidden(csrf)}<button type="submit" class="secondary" aria-label="Replay delivery ${d.id}">Replay</button></form>` : html`<span class="muted">admins and owners</span>`}</td></tr>`,
)}</tbody></table>`}</section>`;
}
