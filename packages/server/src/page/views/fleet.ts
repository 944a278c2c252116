// The fleet page: six stat cards, the version chart, filters with counts, the eleven columns,
// cursor paging. Pure: data in, markup out.
import type { FleetStatsView } from '../../fleet/fleet-stats.js';
import type { FleetPage } from '../../fleet/workstation-list.js';
import type { FleetListItem } from '../../fleet/row-view.js';
import { html, type SafeHtml } from '../html.js';
import { relativeTime } from '../layout.js';

/** The filters as the page's query string names them (the same names as the admin API's). */
export interface FleetPageFilters {
  surface?: string;
  status?: 'online' | 'offline';
  risk?: 'low' | 'medium' | 'high';
  runtime?: string;
  owner?: 'verified' | 'unverified';
  management?: 'mdm' | 'other';
  search?: string;
  shadow_ai?: 'true';
  missing_hook?: 'true';
}

export function filtersQuery(f: FleetPageFilters, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

function card(label: string, value: string | number, hint: string): SafeHtml {
  return html`<div class="card"><div class="label">${label}</div><div class="value">${value}</div><div class="muted">${hint}</div></div>`;
}

function select(name: string, label: string, current: string | undefined, options: [string, string, number | null][]): SafeHtml {
  return html`<label for="f-${name}">${label}<select id="f-${name}" name="${name}"><option value="">All</option>${options.map(
    ([value, text, count]) => html`<option value="${value}"${current === value ? html` selected` : ''}>${text}${count === null ? '' : ` (${count})`}</option>`,
  )}</select></label>`;
}

const statusCell = (w: FleetListItem) =>
  w.status === 'over_limit' ? html`<span class="bad">Over plan limit</span>` : w.online ? html`<span class="ok">Online</span>` : html`<span class="muted">Offline</span>`;

const riskClass = (level: string) => (level === 'High' ? 'bad' : level === 'Medium' ? 'warn' : 'ok');

function row(w: FleetListItem, now: number): SafeHtml {
  return html`<tr>
<td>${statusCell(w)}</td>
<td><a href="/hosts/${encodeURIComponent(w.id)}">${w.display_name ?? w.hostname}</a><br><span class="muted">${w.active_sessions} active · ${w.platform ?? 'unknown platform'}</span></td>
<td>${w.management}</td>
<td>${w.protection}</td>
<td><span class="${riskClass(w.risk.level)}">${w.risk.level}</span><br><span class="muted">${w.risk.reason}</span></td>
<td>${w.owner.display ?? html`<span class="muted">unknown</span>`}${w.owner.verified ? '' : html`<br><span class="warn">unverified</span>`}</td>
<td>${w.activity.current_project ?? html`<span class="muted">none</span>`}<br><span class="muted">${w.activity.sessions_7d} sessions / 7 d</span></td>
<td>${w.baseline}</td>
<td>${w.ides.length ? w.ides.map((s) => html`<span class="chip">${s}</span>`) : html`<span class="muted">none</span>`}</td>
<td>${w.ai_ide_coverage ? html`<span class="chip">${w.ai_ide_coverage.replace(/_/g, ' ')}</span>` : html`<span class="muted">—</span>`}</td>
<td>${relativeTime(w.last_seen_at, now)}</td>
</tr>`;
}

export function fleetView(stats: FleetStatsView, list: FleetPage, f: FleetPageFilters, onboarding: SafeHtml | null, now = Date.now()): SafeHtml {
  const c = stats.cards;
  const notes = Object.entries(c.posture_notes.by_note)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k.replace(/_/g, ' ')} ${n}`)
    .join(', ');
  const maxVersion = Math.max(1, ...stats.agent_versions.map((v) => v.hosts));
  return html`${onboarding ?? ''}
<section aria-label="Fleet statistics" class="cards">
${card('Live coverage', `${c.live_coverage.online} / ${c.live_coverage.total}`, 'heartbeat in the last 15 min')}
${card('Unverified hosts', c.unverified_hosts, 'no reliable owner evidence')}
${card('MDM evidence', c.mdm_evidence, 'signed enrollment, fresh inventory')}
${card('Action needed', c.action_needed, 'tamper, blocks, drift, identity')}
${card('Blocked actions', c.blocked_actions_7d, 'BLOCK decisions, last 7 days')}
${card('Posture notes', c.posture_notes.hosts, notes || 'none')}
</section>
${
  stats.show_version_chart
    ? html`<section class="panel" aria-labelledby="versions-h"><h2 id="versions-h">Agent versions</h2><div class="bars">${stats.agent_versions.map(
        (v) => html`<div class="bar"><span>${v.version}</span><meter min="0" max="${maxVersion}" value="${v.hosts}" aria-label="${v.version}: ${v.hosts} hosts"></meter><span>${v.hosts}</span></div>`,
      )}</div></section>`
    : ''
}
<form method="get" action="/" class="panel filters" role="search" aria-label="Filter the fleet">
<label for="f-search">Search<input id="f-search" name="search" type="search" value="${f.search ?? ''}" maxlength="100"></label>
${select('status', 'Online status', f.status, [
  ['online', 'Online', stats.filters.status.online],
  ['offline', 'Offline', stats.filters.status.offline],
])}
${select('runtime', 'Protection', f.runtime, Object.entries(stats.filters.runtime).map(([k, n]) => [k, k, n]))}
${select('risk', 'Risk', f.risk, Object.entries(stats.filters.risk).map(([k, n]) => [k.toLowerCase(), k, n]))}
${select('management', 'Management', f.management, [
  ['mdm', 'MDM evidence', c.mdm_evidence],
  ['other', 'No MDM evidence', stats.total - c.mdm_evidence],
])}
${select('owner', 'Owner', f.owner, [
  ['verified', 'Verified', stats.total - c.unverified_hosts],
  ['unverified', 'Unverified', c.unverified_hosts],
])}
${select('surface', 'Surface', f.surface, Object.entries(stats.filters.surfaces).map(([k, n]) => [k, k, n]))}
${select('shadow_ai', 'Shadow AI', f.shadow_ai, [['true', 'Present', stats.filters.shadow_ai_present]])}
${select('missing_hook', 'Expected hook', f.missing_hook, [['true', 'Missing', stats.filters.missing_expected_hook]])}
<button type="submit">Apply</button> <a href="/">Clear</a> <a class="button" href="/fleet.csv${filtersQuery(f)}" download>Export CSV</a>
</form>
<section class="panel" aria-labelledby="hosts-h"><h2 id="hosts-h">Workstations</h2>
${
  list.workstations.length === 0
    ? html`<p>No workstation matches. ${stats.total === 0 ? html`Nothing has registered yet: <a href="/settings/keys">create a runtime key</a> and run <code>service install-hooks</code> on a workstation.` : ''}</p>`
    : html`<table><thead><tr><th scope="col">Status</th><th scope="col">Workstation</th><th scope="col">Management</th><th scope="col">Protection</th><th scope="col">Risk</th><th scope="col">Owner</th><th scope="col">Activity</th><th scope="col">Baseline</th><th scope="col">IDEs</th><th scope="col">AI IDE coverage</th><th scope="col">Last seen</th></tr></thead>
<tbody>${list.workstations.map((w) => row(w, now))}</tbody></table>`
}
<nav class="pager" aria-label="Pages"><a href="/${filtersQuery(f)}">First page</a>${list.next_cursor ? html`<a href="/${filtersQuery(f, { cursor: list.next_cursor })}" rel="next">Next page</a>` : ''}</nav>
</section>`;
}

/** One CSV field: quoted, and a leading = + - @ defused so a spreadsheet never runs it as a formula. */
export function csvField(v: unknown): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

export const CSV_HEADER = ['status', 'hostname', 'display_name', 'active_sessions', 'platform', 'management', 'protection', 'risk', 'risk_reason', 'owner', 'owner_verified', 'current_project', 'sessions_7d', 'baseline', 'ides', 'ai_ide_coverage', 'agent_version', 'last_seen_at', 'id'];

export function csvRow(w: FleetListItem): string {
  return [
    w.status, w.hostname, w.display_name, w.active_sessions, w.platform, w.management, w.protection, w.risk.level, w.risk.reason, w.owner.display, w.owner.verified,
    w.activity.current_project, w.activity.sessions_7d, w.baseline, w.ides.join(' '), w.ai_ide_coverage, w.agent_version, w.last_seen_at, w.id,
  ].map(csvField).join(',');
}
