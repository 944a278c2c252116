// Policy: the baseline fields (editable), policy pack templates with a preview and adopt, and
// the change history.
import type { PolicyPackTemplate } from '../../policy/index.js';
import type { ShieldPolicy } from '../../policy/types.js';
import type { PolicyChange } from '../../runtime/policy-history.js';
import { html, type SafeHtml } from '../html.js';
import { relativeTime } from '../layout.js';

const lines = (xs: string[]) => xs.join('\n');

export function policyView(opts: { policy: ShieldPolicy; version: number; packSlug: string | null; templates: readonly PolicyPackTemplate[]; history: PolicyChange[]; csrf: string; now?: number }): SafeHtml {
  const p = opts.policy;
  const now = opts.now ?? Date.now();
  const csrf = html`<input type="hidden" name="_csrf" value="${opts.csrf}">`;
  return html`<p>Version ${opts.version}${opts.packSlug ? html` · pack <code>${opts.packSlug}</code>` : ''}. Changes reach every server within about a second.</p>
<section class="panel" aria-labelledby="baseline-h"><h2 id="baseline-h">Baseline</h2>
<form method="post" action="/policy">${csrf}
<p><label for="p-level">Security level</label><br><select id="p-level" name="security_level">${(['strict', 'balanced', 'permissive'] as const).map((l) => html`<option value="${l}"${p.security_level === l ? html` selected` : ''}>${l}</option>`)}</select></p>
<p><label><input type="checkbox" name="auto_block" value="true"${p.auto_block ? html` checked` : ''}> Auto-block (deny what the level marks as blocking)</label></p>
<p><label for="p-entropy">Entropy threshold</label><br><input id="p-entropy" name="entropy_threshold" type="number" step="0.1" value="${p.entropy_threshold}"></p>
<p><label for="p-max">Maximum input length</label><br><input id="p-max" name="max_input_length" type="number" step="1" value="${p.max_input_length}"></p>
<p><label for="p-black">Custom blacklist (one pattern a line)</label><br><textarea id="p-black" name="custom_blacklist" rows="4" cols="60">${lines(p.custom_blacklist)}</textarea></p>
<p><label for="p-trusted">Trusted sources (one a line)</label><br><textarea id="p-trusted" name="trusted_sources" rows="4" cols="60">${lines(p.trusted_sources)}</textarea></p>
<p><label for="p-blocked">Blocked skills (one a line)</label><br><textarea id="p-blocked" name="blocked_agent_skills" rows="3" cols="60">${lines(p.blocked_agent_skills)}</textarea></p>
<p><label for="p-warn">Warn-only skills (one a line)</label><br><textarea id="p-warn" name="warn_only_agent_skills" rows="3" cols="60">${lines(p.warn_only_agent_skills)}</textarea></p>
<button type="submit">Save policy</button></form></section>
<section class="panel" aria-labelledby="packs-h"><h2 id="packs-h">Policy pack templates</h2>
${opts.templates.map(
  (t) => html`<article class="panel"><h3>${t.name}${opts.packSlug === t.slug ? html` <span class="chip">adopted</span>` : ''}</h3><p>${t.description}</p>
<details><summary>Preview</summary><pre>${JSON.stringify({ shield: t.shield_section, tools: t.tools_section, mcp: t.mcp_section, network: t.network_section }, null, 2)}</pre></details>
<form method="post" action="/policy/pack" data-confirm="Adopt ${t.name}? Its sections replace the current ones.">${csrf}<input type="hidden" name="slug" value="${t.slug}"><button type="submit" aria-label="Adopt ${t.name}">Adopt</button></form></article>`,
)}</section>
<section class="panel" aria-labelledby="history-h"><h2 id="history-h">Change history</h2>
${opts.history.length === 0 ? html`<p>No change yet.</p>` : html`<table><thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What changed</th></tr></thead><tbody>
${opts.history.map((h) => html`<tr><td>${relativeTime(h.at, now)}</td><td>${h.actor ?? html`<span class="muted">API key</span>`}</td><td>${h.summary}</td></tr>`)}</tbody></table>`}</section>`;
}
