// Host detail: the spec's four tabs (Overview, Checks, Monitoring, Metadata) and "Remove from
// fleet". Tabs are links (?tab=…), so each is a page of its own: no script needed, and the
// browser's back button and keyboard work as everywhere else.
import type { workstationDetail } from '../../fleet/workstation-detail.js';
import type { CheckPhase } from '../../fleet/scan-checks.js';
import { html, safeHref, type HtmlValue, type SafeHtml } from '../html.js';
import { known, relativeTime } from '../layout.js';

export type HostDetail = Awaited<ReturnType<typeof workstationDetail>>;
export const HOST_TABS = ['overview', 'checks', 'monitoring', 'metadata'] as const;
export type HostTab = (typeof HOST_TABS)[number];
const TAB_LABEL: Record<HostTab, string> = { overview: 'Overview', checks: 'Checks', monitoring: 'Monitoring', metadata: 'Metadata' };

const label = (s: string) => s.replace(/_/g, ' ');
const verdictClass = (v: string) => (v === 'deny' ? 'bad' : v === 'warn' ? 'warn' : 'ok');

function overview(d: HostDetail, csrf: string, now: number): SafeHtml {
  const w = d.workstation;
  const prot = d.metadata.runtime_protection_state;
  return html`
<section class="cards" aria-label="Shield status">
<div class="card"><div class="label">Protection</div><div class="value">${prot.state}</div><div class="muted">${prot.reasons.map(label).join(', ') || 'no open issue'}</div></div>
<div class="card"><div class="label">Risk</div><div class="value">${d.risk.level}</div><div class="muted">${d.risk.reason}</div></div>
<div class="card"><div class="label">Status</div><div class="value">${w.online ? 'Online' : 'Offline'}</div><div class="muted">last seen ${relativeTime(w.last_seen_at, now)}</div></div>
<div class="card"><div class="label">Blocked actions (7 d)</div><div class="value">${d.metadata.activity.blocked_actions_7d}</div><div class="muted">runtime BLOCK decisions</div></div>
</section>
<section class="panel" aria-labelledby="insights-h"><h2 id="insights-h">Insights</h2>
${d.action_reasons.length || d.posture_notes.length || d.risk.signals.length
  ? html`<ul>${d.action_reasons.map((r) => html`<li class="bad">Action needed: ${label(r)}</li>`)}${d.posture_notes.map((n) => html`<li>${label(n.note)} <span class="muted">(${n.kind})</span></li>`)}${d.risk.signals.map((s) => html`<li class="muted">Risk signal: ${label(String(s))}</li>`)}</ul>`
  : html`<p>No insight to act on.</p>`}
</section>
<section class="panel" aria-labelledby="score-h"><h2 id="score-h">Score history</h2>
${d.scans.length
  ? html`<div class="bars">${d.scans.map((s) => html`<div class="bar"><span>${s.scanned_at?.slice(0, 10) ?? 'unknown'}</span><meter min="0" max="100" value="${s.score ?? 0}" aria-label="Score ${s.score ?? 'unknown'}"></meter><span>${s.score ?? 'unknown'} ${s.grade ?? ''}</span></div>`)}</div>`
  : html`<p class="muted">No posture scan yet.</p>`}
</section>
<section class="panel" aria-labelledby="scans-h"><h2 id="scans-h">Scan history</h2>
${d.scans.length
  ? html`<table><thead><tr><th scope="col">When</th><th scope="col">Source</th><th scope="col">Score</th><th scope="col">Grade</th><th scope="col">Failing checks</th></tr></thead><tbody>${d.scans.map(
      (s) => html`<tr><td>${relativeTime(s.scanned_at, now)}</td><td>${s.source}</td><td>${known(s.score)}</td><td>${known(s.grade)}</td><td>${s.failing_checks.map((c) => html`<span class="chip">${c.check_name} (${c.severity})</span>`)}</td></tr>`,
    )}</tbody></table>`
  : html`<p class="muted">No scan yet.</p>`}
</section>
<section class="panel" aria-labelledby="remove-h"><h2 id="remove-h">Remove from fleet</h2>
<p>Removing deletes this host, its sessions, inventory and scans. It registers again on its next event unless its hooks are removed.</p>
<form method="post" action="/hosts/${w.id}/remove" data-confirm="Remove ${w.hostname} from the fleet?">
<input type="hidden" name="_csrf" value="${csrf}">
<label><input type="checkbox" name="confirm" value="yes" required> I want to remove ${w.hostname}</label>
<button class="danger" type="submit">Remove from fleet</button></form>
</section>`;
}

function checks(c: { scanned_at: string | null; phases: CheckPhase[] }, now: number): SafeHtml {
  if (c.phases.length === 0) return html`<p class="muted">No posture scan has reported checks for this host.</p>`;
  return html`<p>Latest scan ${relativeTime(c.scanned_at, now)}.</p>${c.phases.map((p) => {
    const passed = p.checks.filter((x) => x.status === 'pass').length;
    return html`<section class="panel"><h2>${p.phase} <span class="muted">${passed} of ${p.checks.length} passed</span></h2>
<table><thead><tr><th scope="col">Check</th><th scope="col">Result</th><th scope="col">Severity</th><th scope="col">Detail</th></tr></thead><tbody>${p.checks.map(
      (x) => html`<tr><td>${x.check_name}</td><td class="${x.status === 'pass' ? 'ok' : x.status === 'fail' ? 'bad' : 'warn'}">${x.status}</td><td>${x.severity}</td><td>${known(x.detail)}</td></tr>`,
    )}</tbody></table></section>`;
  })}`;
}

function monitoring(d: HostDetail, now: number): SafeHtml {
  const threats = d.recent_events.filter((e) => e.verdict !== 'allow');
  const active = d.sessions.filter((s) => !s.ended_at);
  return html`
<section class="panel" aria-labelledby="timeline-h"><h2 id="timeline-h">Threat timeline</h2>
${threats.length
  ? html`<ol>${threats.map((e) => html`<li><time datetime="${e.created_at ?? ''}">${e.created_at}</time> <strong class="${verdictClass(e.verdict)}">${e.verdict}</strong> ${e.pattern_name ?? ''} <span class="muted">${e.severity ?? ''}</span> — ${e.summary ?? e.tool_name ?? ''}</li>`)}</ol>`
  : html`<p>No warn or block decision recorded.</p>`}
</section>
<section class="panel" aria-labelledby="events-h"><h2 id="events-h">Shield events</h2>
${d.recent_events.length
  ? html`<table><thead><tr><th scope="col">When</th><th scope="col">Surface</th><th scope="col">Event</th><th scope="col">Tool</th><th scope="col">Verdict</th><th scope="col">Pattern</th><th scope="col">Summary</th></tr></thead><tbody>${d.recent_events.map(
      (e) => html`<tr><td>${relativeTime(e.created_at, now)}</td><td>${e.surface}</td><td>${e.event}</td><td>${known(e.tool_name)}</td><td class="${verdictClass(e.verdict)}">${e.verdict}</td><td>${known(e.pattern_name)}</td><td>${known(e.summary)}</td></tr>`,
    )}</tbody></table>`
  : html`<p class="muted">No shield event yet.</p>`}
</section>
<section class="panel" aria-labelledby="sessions-h"><h2 id="sessions-h">Active sessions</h2>
${active.length
  ? html`<table><thead><tr><th scope="col">Session</th><th scope="col">Surface</th><th scope="col">Directory</th><th scope="col">User hint</th><th scope="col">Started</th><th scope="col">Last seen</th></tr></thead><tbody>${active.map(
      (s) => html`<tr><td><code>${String(s.session_id)}</code></td><td>${String(s.surface)}</td><td>${known(s.cwd)}</td><td>${known(s.user_hint)}</td><td>${relativeTime(s.started_at, now)}</td><td>${relativeTime(s.last_seen_at, now)}</td></tr>`,
    )}</tbody></table>`
  : html`<p class="muted">No active session.</p>`}
</section>`;
}

/** A reported git remote: a link only when it is an http(s) URL (safeHref), else text. */
function gitRemote(remote: string): SafeHtml {
  const href = safeHref(remote);
  return href === '#' || href.startsWith('/') ? html`<code>${remote}</code>` : html`<a href="${href}" rel="noopener noreferrer">${remote}</a>`;
}

function metadata(d: HostDetail): SafeHtml {
  const m = d.metadata;
  const rows: [string, HtmlValue][] = [
    ['Runtime protection state', html`${m.runtime_protection_state.state} <span class="muted">${m.runtime_protection_state.reasons.map(label).join(', ')}</span>`],
    ['Credential state', known(m.credential_state)],
    ['Policy-fetch health', m.policy_fetch.error ? html`<span class="bad">${m.policy_fetch.error}</span>` : m.policy_fetch.last_fetch_at ? html`ok, last ${m.policy_fetch.last_fetch_at}` : known(null)],
    ['Last command preflight', known(m.last_command_preflight_at)],
    ['Last HTTP evaluate', known(m.last_http_evaluate_at)],
    ['Last self-test', m.last_self_test.at ? `${m.last_self_test.at} (${m.last_self_test.ok === null ? 'result unknown' : m.last_self_test.ok ? 'passed' : 'failed'})` : known(null)],
    ['Last live event', known(m.last_live_event_at)],
    ['Last runtime heartbeat', known(m.last_runtime_heartbeat_at)],
    ['Repair result', known(m.repair_result)],
    ['Restart required', known(m.restart_required)],
    ['Service state', known(m.service_state)],
    ['Install provenance', html`${m.install_provenance.management} · install source ${known(m.install_provenance.install_source)} · management source ${known(m.install_provenance.management_source)} · MDM ${known(m.install_provenance.mdm_provider)}`],
    ['MDM aliases', Object.keys(m.mdm_aliases).length ? known(m.mdm_aliases) : known(null)],
    ['MDM', html`signed enrollment ${known(m.mdm.enrollment_signed)} · last inventory ${known(m.mdm.last_inventory_at)} · AI IDEs ${m.mdm.ai_ides.length ? m.mdm.ai_ides.join(', ') : known(null)} · shadow AI ${m.mdm.shadow_ai.length ? m.mdm.shadow_ai.join(', ') : 'none'}`],
    ['Identifiers', html`id <code>${m.identifiers.id}</code> · machine id ${known(m.identifiers.machine_id)} · hostname ${m.identifiers.hostname} · display name ${known(m.identifiers.display_name)}`],
    ['Platform', html`${known(m.platform.platform)} · ${known(m.platform.os_version)} · user ${known(m.platform.os_username)}`],
    ['Sandbox', m.sandbox === 'unknown' ? known(null) : m.sandbox],
    ['Version', html`${known(m.version.agent_version)} <span class="muted">(newest in fleet ${known(m.version.latest_in_fleet)})</span>`],
    ['Baseline', m.baseline],
    ['Git remote', m.activity.git_remote ? gitRemote(m.activity.git_remote) : known(null)],
    ['Activity', html`project ${known(m.activity.current_project)} · ${m.activity.sessions_7d} sessions in 7 d · ${m.activity.sessions_total} in all · first agent activity ${known(m.activity.first_agent_activity_at)}`],
    ['Anomaly', html`baseline deviation ${known(m.anomaly.baseline_deviation)} · tamper evidence ${known(m.anomaly.tamper_evidence)}`],
    ['Compliance evidence', m.compliance ? `score ${m.compliance.score ?? 'unknown'}, grade ${m.compliance.grade ?? 'unknown'}, ${m.compliance.source}, ${m.compliance.scanned_at}` : known(null)],
    ['Connected surfaces', m.surfaces.length ? m.surfaces.map((s) => html`<span class="chip">${s.surface} (${s.hook_type}${s.hooks_healthy === false ? ', unhealthy' : ''})</span>`) : known(null)],
  ];
  return html`<section class="panel"><dl class="meta">${rows.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl></section>`;
}

export function hostView(d: HostDetail, tab: HostTab, checkPhases: { scanned_at: string | null; phases: CheckPhase[] }, csrf: string, now = Date.now()): SafeHtml {
  const w = d.workstation;
  return html`<p><a href="/">← Fleet</a> · ${w.platform ?? 'unknown platform'} · ${w.management} · owner ${w.owner.display ?? 'unknown'}</p>
<nav class="tabs" aria-label="Host sections">${HOST_TABS.map((t) => html`<a href="/hosts/${w.id}?tab=${t}"${t === tab ? html` aria-current="page"` : ''}>${TAB_LABEL[t]}</a>`)}</nav>
${tab === 'overview' ? overview(d, csrf, now) : tab === 'checks' ? checks(checkPhases, now) : tab === 'monitoring' ? monitoring(d, now) : metadata(d)}`;
}
