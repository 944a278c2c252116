// Inventory pages: skills (with the Allow/Warn/Block controls and a detail panel), MCP servers
// and plugins, aggregated across the fleet.
import type { listMcpServers, listPlugins } from '../../inventory/servers-plugins-view.js';
import type { SkillSummary, skillDetail } from '../../inventory/skills-view.js';
import { html, type SafeHtml } from '../html.js';
import { relativeTime } from '../layout.js';

type SkillDetail = Awaited<ReturnType<typeof skillDetail>>;
type McpPage = Awaited<ReturnType<typeof listMcpServers>>;
type PluginPage = Awaited<ReturnType<typeof listPlugins>>;

const skillHref = (name: string) => `/skills/${encodeURIComponent(name)}`;
const statusClass = (s: string) => (s === 'Blocked' ? 'bad' : s === 'Warn' ? 'warn' : 'ok');
const riskClass = (l: string) => (/high|critical/i.test(l) ? 'bad' : /medium/i.test(l) ? 'warn' : 'ok');

/** Allow / Warn / Block: one form, three submit buttons; takes effect on the next prompt. */
export function skillControls(name: string, status: string, csrf: string, governable: boolean): SafeHtml {
  if (!governable) return html`<span class="muted">name cannot be governed</span>`;
  const current = status === 'Blocked' ? 'block' : status === 'Warn' ? 'warn' : 'allow';
  return html`<form method="post" action="${skillHref(name)}/status" class="inline"><input type="hidden" name="_csrf" value="${csrf}">
${(['allow', 'warn', 'block'] as const).map((s) => html`<button type="submit" name="status" value="${s}" class="${s === current ? '' : 'secondary'}"${s === current ? html` aria-pressed="true"` : html` aria-pressed="false"`} aria-label="${s} ${name}">${s[0].toUpperCase() + s.slice(1)}</button> `)}</form>`;
}

function searchForm(action: string, search: string | undefined): SafeHtml {
  return html`<form method="get" action="${action}" class="panel filters" role="search"><label for="inv-search">Search<input id="inv-search" type="search" name="search" value="${search ?? ''}" maxlength="100"></label><button type="submit">Search</button></form>`;
}

function pager(action: string, search: string | undefined, next: string | null): SafeHtml {
  const q = (extra: Record<string, string>) => {
    const p = new URLSearchParams({ ...(search ? { search } : {}), ...extra }).toString();
    return p ? `${action}?${p}` : action;
  };
  return html`<nav class="pager" aria-label="Pages"><a href="${q({})}">First page</a>${next ? html`<a href="${q({ cursor: next })}" rel="next">Next page</a>` : ''}</nav>`;
}

export function skillsView(list: { skills: SkillSummary[]; next_cursor: string | null }, search: string | undefined, csrf: string, governable: (name: string) => boolean, now = Date.now()): SafeHtml {
  return html`${searchForm('/skills', search)}
<section class="panel" aria-labelledby="skills-h"><h2 id="skills-h">Skills across the fleet</h2>
<p class="muted">Allow, Warn and Block take effect on the next prompt that invokes the skill.</p>
${list.skills.length === 0 ? html`<p>No skill reported.</p>` : html`<table><thead><tr><th scope="col">Skill</th><th scope="col">Risk</th><th scope="col">Flags</th><th scope="col">Hosts</th><th scope="col">Status</th><th scope="col">Last seen</th><th scope="col">Governance</th></tr></thead><tbody>
${list.skills.map(
  (s) => html`<tr><td><a href="${skillHref(s.name)}">/${s.name}</a></td><td class="${riskClass(s.risk_level)}">${s.risk_level} (${s.risk_score})</td><td>${s.risk_flags.map((f) => html`<span class="chip">${f}</span>`)}</td><td>${s.host_count}</td><td class="${statusClass(s.status)}">${s.status}</td><td>${relativeTime(s.last_seen_at, now)}</td><td>${skillControls(s.name, s.status, csrf, governable(s.name))}</td></tr>`,
)}</tbody></table>`}
${pager('/skills', search, list.next_cursor)}</section>`;
}

export function skillDetailView(d: SkillDetail, csrf: string, governable: boolean, now = Date.now()): SafeHtml {
  return html`<p><a href="/skills">← Skills</a></p>
<section class="cards"><div class="card"><div class="label">Status</div><div class="value ${statusClass(d.status)}">${d.status}</div></div>
<div class="card"><div class="label">Risk</div><div class="value">${d.risk_level}</div><div class="muted">score ${d.risk_score}</div></div>
<div class="card"><div class="label">Hosts</div><div class="value">${d.host_count}</div></div></section>
<section class="panel"><h2>Governance</h2>${skillControls(d.name, d.status, csrf, governable)}</section>
<section class="panel" aria-labelledby="variants-h"><h2 id="variants-h">Variants</h2>
${d.variants.map(
  (v) => html`<article class="panel"><p>Hash <code>${v.hash ?? 'unknown'}</code> · ${v.hosts} host(s) · risk ${v.risk_level} (${v.risk_score}) ${v.risk_flags.map((f) => html`<span class="chip">${f}</span>`)}</p>
<p>First seen ${relativeTime(v.first_seen_at, now)} · last seen ${relativeTime(v.last_seen_at, now)}</p><h3>Preview</h3><pre>${v.preview ?? ''}</pre></article>`,
)}</section>
<section class="panel" aria-labelledby="skill-hosts-h"><h2 id="skill-hosts-h">Hosts</h2>
<table><thead><tr><th scope="col">Host</th><th scope="col">Source</th><th scope="col">Hash</th><th scope="col">First seen</th><th scope="col">Last seen</th></tr></thead><tbody>
${d.hosts.map((h) => html`<tr><td><a href="/hosts/${h.workstation_id}">${h.hostname}</a></td><td>${h.source}</td><td><code>${String(h.hash ?? 'unknown').slice(0, 16)}</code></td><td>${relativeTime(h.first_seen_at, now)}</td><td>${relativeTime(h.last_seen_at, now)}</td></tr>`)}
</tbody></table>${d.hosts_truncated ? html`<p class="muted">Showing the first 500 hosts.</p>` : ''}</section>`;
}

export function mcpView(list: McpPage, search: string | undefined, now = Date.now()): SafeHtml {
  return html`${searchForm('/mcp-servers', search)}<section class="panel" aria-labelledby="mcp-h"><h2 id="mcp-h">MCP servers</h2>
${list.mcp_servers.length === 0 ? html`<p>No MCP server reported.</p>` : html`<table><thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Command</th><th scope="col">Source</th><th scope="col">Platform</th><th scope="col">Hosts</th><th scope="col">Last seen</th></tr></thead><tbody>
${list.mcp_servers.map((m) => html`<tr><td>${m.name}</td><td>${m.type}</td><td>${m.command ?? html`<span class="muted">unknown</span>`}</td><td>${m.source}</td><td>${m.platform}</td><td>${m.hosts}</td><td>${relativeTime(m.last_seen_at, now)}</td></tr>`)}</tbody></table>`}
${pager('/mcp-servers', search, list.next_cursor)}</section>`;
}

export function pluginsView(list: PluginPage, search: string | undefined, now = Date.now()): SafeHtml {
  return html`${searchForm('/plugins', search)}<section class="panel" aria-labelledby="plugins-h"><h2 id="plugins-h">Plugins</h2>
${list.plugins.length === 0 ? html`<p>No plugin reported.</p>` : html`<table><thead><tr><th scope="col">Plugin</th><th scope="col">Platform</th><th scope="col">Versions</th><th scope="col">Sources</th><th scope="col">Hosts</th><th scope="col">Last seen</th></tr></thead><tbody>
${list.plugins.map((p) => html`<tr><td>${p.full_name}</td><td>${p.platform}</td><td>${p.versions.map((v) => html`<span class="chip">${v.version} (${v.hosts})</span>`)}</td><td>${p.sources.join(', ')}</td><td>${p.hosts}</td><td>${relativeTime(p.last_seen_at, now)}</td></tr>`)}</tbody></table>`}
${pager('/plugins', search, list.next_cursor)}</section>`;
}
