// The session effects of one call (docs/chains.md): what a call did that a later call in the same
// session can complete a chain with. Pure: derived from the decision (its category and pattern)
// and, for calls the engine let through, from the call itself (an allowed upload is still a send).
import { parseShell } from '../shell/parser.js';
import type { Decision, ToolCall } from '../types.js';

export type EffectKind = 'read_secret' | 'send' | 'download' | 'execute' | 'guard_rail_change' | 'privilege' | 'warn';

export interface SessionEffect {
  kind: EffectKind;
  /** A file path (read_secret, download, execute), a host (send) or a rule/target key (warn). */
  target?: string;
}

const MAX_TARGET = 80;
const MAX_ENCODED = 480;

/** Programs whose data or upload flags send the data to the URL's host. */
const HTTP_CLIENTS = new Set(['curl', 'wget', 'http', 'https', 'xh', 'httpie', 'curlie']);
const CURL_DATA = new Set(['-d', '--data', '--data-binary', '--data-raw', '--data-urlencode', '--data-ascii', '-F', '--form', '--form-string', '-T', '--upload-file', '--json']);
const WGET_DATA = new Set(['--post-data', '--post-file', '--body-data', '--body-file']);
const SOCKET_TOOLS = new Set(['nc', 'ncat', 'netcat', 'socat', 'telnet']);
const COPY_TOOLS = new Set(['scp', 'rsync', 'sftp']);
const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'source', '.']);
/** Findings about the guard rails themselves: the agent's hooks, security services, SELinux, firewalls. */
const GUARD_CATEGORIES = new Set(['security_tampering', 'guard_rail_change']);

/** True for destinations that stay on the machine: localhost, loopback, unix sockets. */
export function isLocalHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === '' || h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h === '0.0.0.0' || /^127\.\d+\.\d+\.\d+$/.test(h) || h.startsWith('unix:') || h.startsWith('/');
}

/** The host of a URL-ish word (`https://x.example/p`, `x.example:443/p`), or null. */
export function hostOf(word: string): string | null {
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/\s]*@)?(\[[^\]]+\]|[^/:?#\s]+)/i.exec(word.trim());
  if (!m) return null;
  const host = m[1]!.toLowerCase();
  if (!/^(?:\[[0-9a-f:]+\]|[a-z0-9.-]+)$/.test(host) || !host.includes('.') && host !== 'localhost' && !host.startsWith('[')) return null;
  return host;
}

function looksLikeUrl(arg: string): boolean {
  return /^https?:\/\//i.test(arg) || (/^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/|$)/i.test(arg) && !arg.startsWith('-'));
}

function baseName(path: string): string {
  const clean = path.replace(/^\.\//, '');
  const i = clean.lastIndexOf('/');
  return (i === -1 ? clean : clean.slice(i + 1)).slice(0, MAX_TARGET);
}

function urlHost(args: readonly string[]): string | null {
  for (const a of args) if (looksLikeUrl(a)) return hostOf(a);
  return null;
}

/**
 * A command none of whose words could be a sender, a download or an execution is not parsed
 * again (the common case on the hot path: builds, tests, git, ls).
 */
const MAYBE_EFFECT = /\b(?:curl|curlie|wget|https?|xh|httpie|nc|ncat|netcat|socat|telnet|scp|rsync|sftp|bash|sh|zsh|dash|ksh|source)\b|(?:^|[\s;&|(`])(?:\.{1,2}\/|\/|\.\s)/;

function shellEffects(command: string, out: SessionEffect[]): void {
  if (!MAYBE_EFFECT.test(command)) return;
  let script;
  try {
    script = parseShell(command, { maxCommands: 64, maxLength: 16_384 });
  } catch {
    return;
  }
  for (const c of script.commands) {
    const args = c.args;
    if (HTTP_CLIENTS.has(c.name)) {
      const host = urlHost(args);
      const sends = args.some((a) => CURL_DATA.has(a) || WGET_DATA.has(a) || /^--(data|form|post|body|upload)[a-z-]*=/.test(a) || /^-[dFT]./.test(a) || (c.name !== 'curl' && c.name !== 'wget' && /^[^=:\s]+:?=/.test(a))) ||
        (c.name === 'curl' && args.some((a, i) => (a === '-X' || a === '--request') && /^(POST|PUT|PATCH)$/i.test(args[i + 1] ?? '')));
      const piped = c.pipeline.stages.length > 1 && c.stage > 0 && !!host && c.name === 'curl';
      if (host && !isLocalHost(host) && (sends || piped)) out.push({ kind: 'send', target: host });
      const oi = args.findIndex((a) => a === '-o' || a === '--output' || a === '-O' || a === '--output-document');
      if (c.name === 'wget' && !sends) {
        const file = oi !== -1 && args[oi + 1] && args[oi] !== '-O' ? args[oi + 1] : args[oi]?.startsWith('-O') && args[oi + 1] ? args[oi + 1] : null;
        const url = args.find(looksLikeUrl);
        const name = file ?? (url ? url.split(/[?#]/)[0]!.split('/').pop() : null);
        if (name) out.push({ kind: 'download', target: baseName(name) });
      } else if (c.name === 'curl' && oi !== -1) {
        const url = args.find(looksLikeUrl);
        const name = args[oi] === '-O' ? (url ? url.split(/[?#]/)[0]!.split('/').pop() : null) : args[oi + 1];
        if (name) out.push({ kind: 'download', target: baseName(name) });
      }
      continue;
    }
    if (SOCKET_TOOLS.has(c.name)) {
      const host = args.map((a) => a.replace(/^(tcp|udp|openssl|ssl)[a-z0-9-]*:/i, '')).map((a) => (a.startsWith('-') ? null : hostOf(a))).find((h) => h);
      if (host && !isLocalHost(host)) out.push({ kind: 'send', target: host });
      continue;
    }
    if (COPY_TOOLS.has(c.name)) {
      const remote = args.filter((a) => !a.startsWith('-')).slice(1).find((a) => /^[^/\s]*[^/\s:]:/.test(a) && !/^[a-z]:\\/i.test(a));
      const host = remote ? remote.split(':')[0]!.split('@').pop()!.toLowerCase() : null;
      if (host && !isLocalHost(host)) out.push({ kind: 'send', target: host });
      continue;
    }
    if (SHELLS.has(c.name) && args[0] && !args[0].startsWith('-')) {
      out.push({ kind: 'execute', target: baseName(args[0]) });
      continue;
    }
    const first = c.argv[0]?.text ?? '';
    if (first.startsWith('./') || (first.startsWith('/') && !first.startsWith('/usr/') && !first.startsWith('/bin/'))) out.push({ kind: 'execute', target: baseName(first) });
  }
}

/** Effects from the decision's finding (whatever its verdict). */
function decisionEffects(call: ToolCall, decision: Decision, out: SessionEffect[]): void {
  const cat = decision.category ?? '';
  const pattern = decision.patternName ?? '';
  if (cat === 'credential_access' || pattern.startsWith('secrets.') || cat === 'secret_in_input' && call.tool === 'read') {
    out.push({ kind: 'read_secret', target: baseName(call.filePath ?? secretTarget(call.command) ?? pattern) });
  }
  if (cat === 'privilege' || pattern.startsWith('privilege.')) out.push({ kind: 'privilege', target: pattern });
  if (GUARD_CATEGORIES.has(cat)) out.push({ kind: 'guard_rail_change', target: pattern });
  if (cat === 'exfiltration' && !out.some((e) => e.kind === 'send')) {
    const host = call.url ? hostOf(call.url) : null;
    out.push({ kind: 'send', target: host ?? pattern });
  }
}

function secretTarget(command: string | undefined): string | null {
  if (!command) return null;
  const m = /(\S*\.env(?:\.[\w-]+)?|\S*credentials\S*|\S*id_[rd]sa\S*|\S*\.pem)\b/.exec(command);
  return m ? m[1]! : null;
}

/**
 * The session effects of one decided call. When the engine states them (`decision.effects`),
 * those are used as they are; otherwise they are derived here.
 */
export function sessionEffectsOf(call: ToolCall, decision: Decision & { effects?: readonly SessionEffect[] }): SessionEffect[] {
  const out: SessionEffect[] = [];
  if (decision.effects) out.push(...decision.effects);
  else {
    if (call.command) shellEffects(call.command, out);
    if (call.tool === 'web_fetch' && call.url) {
      // A fetch sends data when its URL carries a query string (data in the address).
      const host = hostOf(call.url);
      if (host && !isLocalHost(host) && /[?&][^=&]+=[^&]{16,}/.test(call.url)) out.push({ kind: 'send', target: host });
    }
    if (call.tool === 'mcp' && call.url) {
      const host = hostOf(call.url);
      if (host && !isLocalHost(host)) out.push({ kind: 'send', target: host });
    }
    decisionEffects(call, decision, out);
  }
  if (decision.verdict === 'warn') out.push({ kind: 'warn', target: warnTarget(call, decision) });
  return dedupe(out);
}

function warnTarget(call: ToolCall, decision: Decision): string {
  const t = call.filePath ? baseName(call.filePath) : call.url ? hostOf(call.url) : null;
  return (t ?? decision.patternName ?? call.toolName).slice(0, MAX_TARGET);
}

function dedupe(list: SessionEffect[]): SessionEffect[] {
  const seen = new Set<string>();
  return list.filter((e) => {
    const k = `${e.kind}:${e.target ?? ''}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** `kind:target;kind:target`, within the column (targets lose `;`). */
export function encodeEffects(effects: readonly SessionEffect[]): string | null {
  if (effects.length === 0) return null;
  let s = '';
  for (const e of effects) {
    const part = e.target ? `${e.kind}:${e.target.replace(/;/g, ',').slice(0, MAX_TARGET)}` : e.kind;
    if (s.length + part.length + 1 > MAX_ENCODED) break;
    s = s ? `${s};${part}` : part;
  }
  return s;
}

const KINDS = new Set<EffectKind>(['read_secret', 'send', 'download', 'execute', 'guard_rail_change', 'privilege', 'warn']);

export function decodeEffects(text: string | null | undefined): SessionEffect[] {
  if (!text) return [];
  const out: SessionEffect[] = [];
  for (const part of text.split(';')) {
    const i = part.indexOf(':');
    const kind = (i === -1 ? part : part.slice(0, i)) as EffectKind;
    if (!KINDS.has(kind)) continue;
    out.push(i === -1 ? { kind } : { kind, target: part.slice(i + 1) });
  }
  return out;
}
