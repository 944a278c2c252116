// Codex hook trust. Codex runs a non-managed hook only when $CODEX_HOME/config.toml holds
//   [hooks.state."<hooks file>:<snake_case event>:<group index>:<handler index>"]
//   trusted_hash = "sha256:<hex>"
// and the hash matches the hook as currently written (research/verified-gemini-codex.md
// §2.3, checked against Codex 0.169's own hooks/list). The hash is SHA-256 over the
// compact JSON, keys sorted recursively, of the normalized identity
//   { event_name, matcher? (only for events that use matchers), hooks: [ handler ] }
// where handler = { type:"command", command, timeout (default 600, at least 1), async,
// statusMessage? }. Absent optional fields are left out, as Codex's TOML round trip does.
//
// If a Codex release changes this, the hooks show as "modified"/untrusted in Codex's /hooks
// and are skipped; `service doctor` cannot see that, so docs/cli-workstation.md describes
// the managed alternative (/etc/codex/requirements.toml, no trust needed).
//
// Our entries sit between BEGIN/END marker comments, one block per hooks file, so
// uninstall removes exactly them. A stale table for one of our keys elsewhere in the file
// would make the TOML invalid (a table defined twice), so it is replaced.
import { createHash } from 'node:crypto';
import { carriesMarker } from './hook-commands.js';
import { isJsonObject } from './json-document.js';

const EVENTS_WITHOUT_MATCHER = new Set(['user_prompt_submit', 'stop', 'stop_failure', 'session_end']);
const BEGIN = '# BEGIN service:install-hooks trust for ';
const END = '# END service:install-hooks';

export function codexEventLabel(event: string): string {
  return event.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isJsonObject(value)) {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function codexHookHash(event: string, matcher: string | undefined, handler: Record<string, unknown>): string {
  const label = codexEventLabel(event);
  const timeout = typeof handler.timeout === 'number' ? Math.max(1, Math.trunc(handler.timeout)) : 600;
  const normalized: Record<string, unknown> = { type: 'command', command: handler.command, timeout, async: handler.async === true };
  if (typeof handler.statusMessage === 'string') normalized.statusMessage = handler.statusMessage;
  const identity: Record<string, unknown> = { event_name: label, hooks: [normalized] };
  const m = matcher?.trim();
  if (m && !EVENTS_WITHOUT_MATCHER.has(label)) identity.matcher = m;
  return `sha256:${createHash('sha256').update(canonicalJson(identity)).digest('hex')}`;
}

export interface TrustEntry {
  key: string;
  hash: string;
}

/** Trust entries for the handlers of ours in a Codex hooks.json text. */
export function codexTrustEntries(hooksPath: string, hooksJsonText: string): TrustEntry[] {
  const root: unknown = JSON.parse(hooksJsonText);
  if (!isJsonObject(root) || !isJsonObject(root.hooks)) return [];
  const entries: TrustEntry[] = [];
  for (const [event, groups] of Object.entries(root.hooks)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group, gi) => {
      if (!isJsonObject(group) || !Array.isArray(group.hooks)) return;
      group.hooks.forEach((handler, hi) => {
        if (!isJsonObject(handler) || handler.type !== 'command' || !carriesMarker(handler)) return;
        const matcher = typeof group.matcher === 'string' ? group.matcher : undefined;
        entries.push({ key: `${hooksPath}:${codexEventLabel(event)}:${gi}:${hi}`, hash: codexHookHash(event, matcher, handler) });
      });
    });
  }
  return entries;
}

function blockFor(hooksPath: string, entries: TrustEntry[]): string[] {
  const lines = [`${BEGIN}${hooksPath}`];
  entries.forEach((e, i) => {
    if (i > 0) lines.push('');
    lines.push(`[hooks.state.${JSON.stringify(e.key)}]`, `trusted_hash = ${JSON.stringify(e.hash)}`);
  });
  lines.push(END);
  return lines;
}

/** Removes our block for hooksPath (and the blank line we put before it). */
function withoutBlock(lines: string[], hooksPath: string): string[] {
  const begin = lines.indexOf(`${BEGIN}${hooksPath}`);
  if (begin < 0) return lines;
  let end = lines.indexOf(END, begin);
  if (end < 0) end = begin;
  const from = begin > 0 && lines[begin - 1].trim() === '' ? begin - 1 : begin;
  return [...lines.slice(0, from), ...lines.slice(end + 1)];
}

/** Removes a foreign `[hooks.state."key"]` table (header up to the next table header). */
function withoutTable(lines: string[], key: string): string[] {
  const header = new RegExp(`^\\s*\\[\\s*hooks\\s*\\.\\s*state\\s*\\.\\s*${escapeRegExp(JSON.stringify(key))}\\s*\\]\\s*(#.*)?$`);
  const start = lines.findIndex((l) => header.test(l));
  if (start < 0) return lines;
  let end = start + 1;
  while (end < lines.length && !/^\s*\[/.test(lines[end]) && !lines[end].startsWith(BEGIN)) end++;
  return [...lines.slice(0, start), ...lines.slice(end)];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function splitLines(text: string): { lines: string[]; eol: string } {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const body = text.endsWith(eol) ? text.slice(0, -eol.length) : text;
  return { lines: body === '' ? [] : body.split(eol), eol };
}

export function installCodexTrust(configText: string | null, hooksPath: string, entries: TrustEntry[]): string {
  const text = configText ?? '';
  const { eol } = splitLines(text);
  const block = blockFor(hooksPath, entries);
  if (text.includes(block.join(eol))) return text;
  if (/^\s*hooks\s*=/m.test(text)) {
    throw new Error('Codex config.toml defines `hooks = …` inline, so trust entries cannot be added; turn it into [hooks] tables, or trust the hooks in Codex with /hooks.');
  }
  let lines = withoutBlock(splitLines(text).lines, hooksPath);
  for (const e of entries) {
    lines = withoutTable(lines, e.key);
    if (lines.some((l) => l.includes(JSON.stringify(e.key)) || l.includes(e.key))) {
      throw new Error(`Codex config.toml already mentions ${e.key} in a form we cannot rewrite safely; remove that entry, then run the command again.`);
    }
  }
  if (entries.length === 0) return lines.length ? lines.join(eol) + eol : '';
  const out = lines.length ? [...lines, '', ...block] : block;
  return out.join(eol) + eol;
}

export function uninstallCodexTrust(configText: string, hooksPath: string): string {
  const { lines, eol } = splitLines(configText);
  const kept = withoutBlock(lines, hooksPath);
  if (kept.length === lines.length) return configText;
  return kept.length ? kept.join(eol) + eol : '';
}

export const tomlEquivalent = (a: string, b: string): boolean => a.replace(/\s+$/, '') === b.replace(/\s+$/, '');
export const tomlLeftEmpty = (text: string): boolean => text.trim() === '';
