// The one redaction step (docs/operations.md, "Secrets in recorded calls"; DESIGN: "Secrets found
// in a call are redacted … before anything is stored, logged, put in the outbox or sent").
// Pure: text in, text out. A secret is replaced by a marker that is enough to recognise it (which
// kind, its first and last 4 characters when it is long enough that they give nothing away, and
// the first 8 hex digits of its SHA-256) and nothing more:
//   [REDACTED:stripe_key:sk_l…9xQz:sha256:ab12cd34]
// It runs on every recorded event, so one case-insensitive scan decides whether any rule can
// match at all; most strings stop there. Every pattern is anchored on a fixed prefix (or on a
// secret-looking name) with bounded quantifiers: no backtracking blow-up on hostile input.
import { createHash } from 'node:crypto';
import { entropy } from '../policy/rules/secrets.js';

interface RedactionRule {
  kind: string;
  re: RegExp;
  /** Capture group holding the secret (the rest of the match is kept); 0 = the whole match. */
  group: number;
  /** Skip published examples and placeholders (AKIA…EXAMPLE, sk_live_your_key_here). */
  skipPlaceholders: boolean;
}

const rule = (kind: string, re: RegExp, group = 0, skipPlaceholders = true): RedactionRule => ({ kind, re, group, skipPlaceholders });

const RULES: RedactionRule[] = [
  // The whole block, through its END line; a block cut short (or longer than 16 KB) to 16 KB.
  rule('private_key', /-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]{0,16384}?-----END (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----|[\s\S]{0,16384})/g, 0, false),
  rule('service_api_key', /\bsvc_(?:rt|adm)_[A-Za-z0-9]{40}\b/g, 0, false),
  rule('webhook_secret', /\bwhsec_[A-Za-z0-9_-]{16,128}/g, 0, false),
  rule('aws_access_key', /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g),
  rule('aws_secret_key', /(?:secret_access_key|aws_secret|secretaccesskey)["']?\s{0,4}[:=]\s{0,4}["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi, 1),
  rule('github_token', /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g),
  rule('github_token', /\bgithub_pat_[A-Za-z0-9_]{60,255}\b/g),
  rule('gitlab_token', /\bglpat-[A-Za-z0-9_-]{20,64}\b/g),
  rule('slack_token', /\bxox[abposer]-[A-Za-z0-9-]{10,250}\b/g),
  rule('slack_webhook', /https:\/\/hooks\.slack\.com\/services\/(T[A-Z0-9]{6,12}\/B[A-Z0-9]{6,12}\/[A-Za-z0-9]{20,30})/g, 1),
  rule('stripe_key', /\b[sr]k_(?:live|test)_[A-Za-z0-9]{20,250}\b/g),
  rule('npm_token', /\bnpm_[A-Za-z0-9]{36}\b/g),
  rule('pypi_token', /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,300}/g),
  rule('google_api_key', /\bAIza[0-9A-Za-z_-]{35}\b/g),
  rule('anthropic_key', /\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{80,150}\b/g),
  rule('openai_key', /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{16,200}T3BlbkFJ[A-Za-z0-9_-]{16,200}\b|\bsk-proj-[A-Za-z0-9_-]{40,250}\b/g),
  rule('sendgrid_key', /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g),
  rule('bearer_token', /\bBearer\s{1,4}([A-Za-z0-9._~+/=-]{20,2048})/gi, 1),
  rule('database_url_password', /\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql):\/\/[^:\s/@]{1,64}:([^@\s]{6,128})@/gi, 1),
];

/**
 * Secret-looking names with a long value: redacted when the value looks random (not a reference).
 * Found in two steps, the name first and then, sticky at its end, the rest of the name, the
 * operator and the value: one pattern with a free-standing name prefix tried 40 × 40 ways at
 * every position of the text (about 500 µs on a 200-character .env file).
 */
const SECRET_NAME = /secret|token|api[_-]?key|apikey|passw(?:or)?d|pwd|access[_-]?key|private[_-]?key|auth[_-]?key|signing[_-]?key|credential/gi;
const ASSIGNED_VALUE = /[A-Za-z0-9_.-]{0,40}["']?\s{0,4}(?::|=|=>)\s{0,4}["'`]?([A-Za-z0-9+/=_\-.~!@#$%^&*]{16,256})/y;
const ASSIGNMENT_MIN_ENTROPY = 3.5;
const REFERENCE = /^(?:process\.env|os\.environ|\$\{?|env\.|secrets\.|getenv|config\.|settings\.)/i;
const PLACEHOLDER = /x{6,}|0{8,}|example|placeholder|dummy|sample|your[_-]|redacted|changeme|change[_-]me|fake|<[a-z_-]+>|\.\.\.|\*{4,}/i;

/** One pass that says whether any rule could match; almost every string stops here. */
const HINT = /AKIA|ASIA|ABIA|ACCA|secret|gh[pousr]_|github_pat_|glpat-|xox[abposer]-|hooks\.slack|k_live_|k_test_|npm_|pypi-|AIza|sk-|SG\.|PRIVATE KEY|svc_rt_|svc_adm_|whsec_|bearer|:\/\/|token|key|passw|pwd|credential/i;

/**
 * Whether redactText could change `text` at all (false: it certainly returns it unchanged). Every
 * rule and every secret-looking name contains one of HINT's words, and no word holds a quote, a
 * comma or a brace: so for JSON text, this is true exactly when it is true of one of its keys or
 * values on its own (telemetry/mapping.ts tests the pieces it builds a text from, many cached).
 */
export function mayHoldSecret(text: string): boolean {
  return HINT.test(text);
}

const MARKER_PREFIX = '[REDACTED:';

/** The marker that replaces a secret: kind, first/last 4 characters (secrets of 16+), hash. */
export function redactionMarker(kind: string, secret: string): string {
  const hash = createHash('sha256').update(secret).digest('hex').slice(0, 8);
  const ends = secret.length >= 16 && kind !== 'private_key' ? `${secret.slice(0, 4)}…${secret.slice(-4)}:` : '';
  return `${MARKER_PREFIX}${kind}:${ends}sha256:${hash}]`;
}

export interface TextRedaction {
  text: string;
  /** Kinds of the secrets cut, in order found (empty: the text came back unchanged). */
  kinds: string[];
}

interface Span {
  start: number;
  end: number;
  kind: string;
}

function looksPlaceholder(s: string): boolean {
  return PLACEHOLDER.test(s) || entropy(s) < 3;
}

/** `text` with every secret replaced by its marker. */
export function redactText(text: string): TextRedaction {
  if (text.length < 8 || !HINT.test(text)) return { text, kinds: [] };
  const spans: Span[] = [];
  for (const r of RULES) {
    r.re.lastIndex = 0;
    for (let m = r.re.exec(text); m; m = r.re.exec(text)) {
      if (m[0].length === 0) {
        r.re.lastIndex++;
        continue;
      }
      const secret = m[r.group];
      if (secret === undefined) continue;
      if (r.skipPlaceholders && looksPlaceholder(secret)) continue;
      const start = m.index + (r.group === 0 ? 0 : m[0].lastIndexOf(secret));
      spans.push({ start, end: start + secret.length, kind: r.kind });
    }
  }
  SECRET_NAME.lastIndex = 0;
  for (let name = SECRET_NAME.exec(text); name; name = SECRET_NAME.exec(text)) {
    ASSIGNED_VALUE.lastIndex = name.index + name[0].length;
    const m = ASSIGNED_VALUE.exec(text);
    if (!m) continue;
    const value = m[1];
    SECRET_NAME.lastIndex = ASSIGNED_VALUE.lastIndex; // the value is not searched for names again
    if (value.startsWith(MARKER_PREFIX) || REFERENCE.test(value) || looksPlaceholder(value) || !/[0-9]/.test(value) || !/[A-Za-z]/.test(value)) continue;
    if (entropy(value) < ASSIGNMENT_MIN_ENTROPY) continue;
    const start = m.index + m[0].length - value.length;
    spans.push({ start, end: start + value.length, kind: 'secret_assignment' });
  }
  if (spans.length === 0) return { text, kinds: [] };
  // Earliest first; where two rules matched overlapping text, the span that starts first (then
  // the longer) wins, and anything it overlaps is inside the cut anyway.
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let at = 0;
  const kinds: string[] = [];
  for (const s of spans) {
    if (s.start < at) {
      if (s.end > at) at = s.end; // overlapping the previous cut: extend it, never reveal the tail
      continue;
    }
    out += text.slice(at, s.start) + redactionMarker(s.kind, text.slice(s.start, s.end));
    kinds.push(s.kind);
    at = s.end;
  }
  return { text: out + text.slice(at), kinds };
}

const MAX_DEPTH = 64;

/**
 * `value` (parsed JSON) with every string, keys included, redacted; the same object back when
 * nothing was cut. Deeper than MAX_DEPTH the subtree is redacted as its JSON text.
 */
export function redactValue<T>(value: T, kinds: string[] = [], depth = 0): T {
  if (typeof value === 'string') {
    const r = redactText(value);
    if (r.kinds.length === 0) return value;
    kinds.push(...r.kinds);
    return r.text as T;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) {
    const json = JSON.stringify(value);
    const r = redactText(json);
    if (r.kinds.length === 0) return value;
    kinds.push(...r.kinds);
    return r.text as T;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const next = redactValue(value[i], kinds, depth + 1);
      if (next !== value[i]) (copy ??= value.slice())[i] = next;
    }
    return (copy ?? value) as T;
  }
  let copy: Record<string, unknown> | null = null;
  const src = value as Record<string, unknown>;
  for (const key of Object.keys(src)) {
    const next = redactValue(src[key], kinds, depth + 1);
    const k = redactValue(key, kinds, depth + 1);
    if (next !== src[key] || k !== key) {
      copy ??= { ...src };
      if (k !== key) delete copy[key];
      copy[k] = next;
    }
  }
  return (copy ?? value) as T;
}
