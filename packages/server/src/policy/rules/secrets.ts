// secret_in_input: live-format credentials inside what the agent is about to write, run or
// send (AWS keys, GitHub/GitLab/Slack/Stripe/npm/PyPI/OpenAI/Anthropic/Google tokens,
// private key blocks, passworded database URLs) and high-entropy values assigned to
// secret-looking names (the entropy_threshold knob). Published examples and placeholders
// (AKIA…EXAMPLE, ghp_XXXX…, sk_live_your_key_here) are not secrets.
import type { Severity } from '../types.js';
import type { Finding } from '../findings.js';
import { isLocalHost } from './facts.js';
import { decodeBase64 } from '../shell/static-text.js';

const CATEGORY = 'secret_in_input';

interface TokenRule {
  kind: string;
  label: string;
  re: RegExp;
  severity: Severity;
}

// Every pattern is anchored on a fixed prefix and uses bounded, non-nested quantifiers.
const TOKEN_RULES: TokenRule[] = [
  { kind: 'aws_access_key', label: 'an AWS access key ID', re: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g, severity: 'high' },
  { kind: 'aws_secret_key', label: 'an AWS secret access key', re: /(?:secret_access_key|aws_secret|secretaccesskey)["']?\s{0,4}[:=]\s{0,4}["']?[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])/gi, severity: 'high' },
  { kind: 'github_token', label: 'a GitHub token', re: /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g, severity: 'high' },
  { kind: 'github_token', label: 'a GitHub fine-grained token', re: /\bgithub_pat_[A-Za-z0-9_]{60,255}\b/g, severity: 'high' },
  { kind: 'gitlab_token', label: 'a GitLab token', re: /\bglpat-[A-Za-z0-9_-]{20,64}\b/g, severity: 'high' },
  { kind: 'slack_token', label: 'a Slack token', re: /\bxox[abposer]-[A-Za-z0-9-]{10,250}\b/g, severity: 'high' },
  { kind: 'slack_webhook', label: 'a Slack webhook URL', re: /https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]{6,12}\/B[A-Z0-9]{6,12}\/[A-Za-z0-9]{20,30}/g, severity: 'medium' },
  { kind: 'stripe_key', label: 'a live Stripe secret key', re: /\b[sr]k_live_[A-Za-z0-9]{20,250}\b/g, severity: 'high' },
  { kind: 'npm_token', label: 'an npm access token', re: /\bnpm_[A-Za-z0-9]{36}\b/g, severity: 'high' },
  { kind: 'pypi_token', label: 'a PyPI API token', re: /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,300}/g, severity: 'high' },
  { kind: 'google_api_key', label: 'a Google API key', re: /\bAIza[0-9A-Za-z_-]{35}\b/g, severity: 'high' },
  { kind: 'openai_key', label: 'an OpenAI API key', re: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{16,200}T3BlbkFJ[A-Za-z0-9_-]{16,200}\b|\bsk-proj-[A-Za-z0-9_-]{40,250}\b/g, severity: 'high' },
  { kind: 'anthropic_key', label: 'an Anthropic API key', re: /\bsk-ant-(?:api|admin|oat|sid)\d{2}-[A-Za-z0-9_-]{32,150}\b/g, severity: 'high' },
  { kind: 'sendgrid_key', label: 'a SendGrid API key', re: /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g, severity: 'high' },
  // The body may follow real newlines or JSON-escaped ones ("private_key": "-----BEGIN …-----\\nMII…").
  { kind: 'private_key', label: 'a private key', re: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----(?:[\s+]|\\[nr]){1,8}[A-Za-z0-9+/=]{24}/g, severity: 'high' },
  { kind: 'azure_storage_key', label: 'an Azure storage account key', re: /AccountKey=[A-Za-z0-9+/]{86}==/g, severity: 'high' },
  // Vault service, batch and recovery tokens (the `hvs.`/`hvb.`/`hvr.` formats since Vault 1.10).
  { kind: 'vault_token', label: 'a HashiCorp Vault token', re: /\bhv[sbr]\.[A-Za-z0-9_-]{24,250}\b/g, severity: 'high' },
  // A Twilio account SID with a 32-hex auth token beside it: together they are the login.
  { kind: 'twilio_credentials', label: 'a Twilio account SID and auth token', re: /\bAC[0-9a-f]{32}\b[^\n]{0,80}?\b[0-9a-f]{32}\b/g, severity: 'high' },
  { kind: 'huggingface_token', label: 'a Hugging Face token', re: /\bhf_[A-Za-z]{34}\b/g, severity: 'high' },
];
const TOKEN_HINT = /AKIA|ASIA|ABIA|ACCA|secret|AccountKey|hf_|hv[sbr]\.|gh[pousr]_|github_pat_|glpat-|xox[abposer]-|hooks\.slack|_live_|npm_|pypi-|AIza|sk-|SG\.|PRIVATE KEY/i;
const TWILIO_SID = /\bAC[0-9a-f]{32}\b/;
const PLACEHOLDER = /x{6,}|0{8,}|example|placeholder|dummy|sample|your[_-]|redacted|changeme|change[_-]me|fake|<[a-z_-]+>|\.\.\.|\*{4,}/i;
const DB_URL = /\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql):\/\/[^:\s/@]{1,64}:([^@\s]{6,128})@([^\s/:?'"]{1,253})/gi;
const ASSIGNMENT = /([A-Za-z0-9_.-]{0,40}(?:secret|token|api[_-]?key|apikey|passw(?:or)?d|pwd|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?key|signing[_-]?key|credential)[A-Za-z0-9_.-]{0,40})["']?\s{0,4}(?::|=|=>)\s{0,4}["'`]?([A-Za-z0-9+/=_\-.~!@#$%^&*]{16,256})/gi;
const REFERENCE = /^(?:process\.env|os\.environ|\$\{?|env\.|secrets\.|getenv|config\.|settings\.)/i;

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

function looksPlaceholder(token: string): boolean {
  return PLACEHOLDER.test(token) || entropy(token) < 3;
}

export interface SecretHit {
  kind: string;
  label: string;
  severity: Severity;
}

/** Every secret found in `text` (bounded scan), worst first not guaranteed. */
export function findSecrets(text: string, entropyThreshold: number, limit = 200_000): SecretHit[] {
  const t = text.length > limit ? text.slice(0, limit) : text;
  const hits: SecretHit[] = [];
  // One cheap pass decides whether any provider token can be present at all.
  // (A Twilio SID is tested apart: case-sensitive, `AC` is not in every word with `ac`.)
  if (TOKEN_HINT.test(t) || TWILIO_SID.test(t)) for (const rule of TOKEN_RULES) {
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(t); m; m = rule.re.exec(t)) {
      if (rule.kind !== 'private_key' && looksPlaceholder(m[0])) continue;
      hits.push({ kind: rule.kind, label: rule.label, severity: rule.severity });
      break;
    }
  }
  DB_URL.lastIndex = 0;
  if (t.includes('://')) for (let m = DB_URL.exec(t); m; m = DB_URL.exec(t)) {
    if (isLocalHost(m[2].toLowerCase()) || looksPlaceholder(m[1]) || m[1].startsWith('$')) continue;
    hits.push({ kind: 'database_url_password', label: `a database URL with a password for ${m[2]}`, severity: 'medium' });
    break;
  }
  if (hits.length === 0 && /secret|token|key|passw|pwd|credential|auth/i.test(t)) {
    ASSIGNMENT.lastIndex = 0;
    for (let m = ASSIGNMENT.exec(t); m; m = ASSIGNMENT.exec(t)) {
      const value = m[2];
      if (REFERENCE.test(value) || looksPlaceholder(value) || !/[0-9]/.test(value) || !/[A-Za-z]/.test(value)) continue;
      if (entropy(value) >= entropyThreshold) {
        hits.push({ kind: 'high_entropy_assignment', label: `a high-entropy value assigned to ${m[1]}`, severity: 'medium' });
        break;
      }
    }
  }
  return hits;
}

// Where the secret is softened (a prompt: the user pasted it, nothing is written or sent yet),
// high becomes medium: still a warning, since the prompt goes to the model provider and the
// transcript. A private key is not softened: no task needs one pasted into chat.
const NEVER_SOFTENED = new Set(['private_key']);

/**
 * Findings for `text`; `where` is a short phrase (“the file content”, “the command”). Reasons
 * name the kind of secret, never its value.
 */
export function secretFindings(text: string, where: string, entropyThreshold: number, shift = 0): Finding[] {
  return secretHitFindings(findSecrets(text, entropyThreshold), where, shift);
}

/** secretFindings for hits already found (a caller that also needs the hits themselves). */
export function secretHitFindings(hits: readonly SecretHit[], where: string, shift = 0): Finding[] {
  return hits.map((h) => ({
    patternName: `${CATEGORY}.${h.kind}`,
    severity: shift < 0 && h.severity === 'high' && !NEVER_SOFTENED.has(h.kind) ? 'medium' : h.severity,
    category: CATEGORY,
    layer: h.kind === 'high_entropy_assignment' ? 'entropy' : 'builtin',
    reason: `${where} contains ${h.label}; secrets belong in a secret store or environment variable, not in code, commands or chat.`,
  }));
}

// In chat a secret is often stated rather than assigned: "the DB password is Pr0d!Xq7#2026",
// or a database URL for a host on the private network (still a production credential).
// The thing it opens may be named between ("the password for the staging db is …", "pw on prod: …").
const STATED = /\b(?:password|passwd|passphrase|pwd|pw|secret|api[\s_-]?key|token)(?:\s{1,3}(?:for|of|on|to)\s{1,3}(?:(?:the|our|my|your)\s{1,3})?[\w.-]{1,30}(?:\s{1,3}[\w.-]{1,30})?)?\s{0,3}(?:\s(?:is|was)|=|:)\s{1,3}["'`]?([^\s"'`,;]{8,128})/gi;
const PROMPT_DB_URL = /\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql):\/\/[^:\s/@]{1,64}:([^@\s]{6,128})@([^\s/:?'"]{1,253})/gi;

// A login written out: "log in to the admin panel with admin / P@ssw0rd-Prod-2026", "ssh as
// deploy:Xk9#mQ2vL7", "username ops and password Tr0ub4dor&3x", "login: root pw: Zq8!nR3t-77".
const LOGIN_PAIR = /\b(?:log\s?in|logon|sign\s?in|authenticate|connect|ssh)\b[^\n]{0,60}?\b(?:with|using|as)\s{1,3}(?:user(?:name)?\s{1,3})?[\w.@+-]{2,64}\s{0,2}(?:\s\/\s|\/|:)\s{0,2}([^\s"'`,;]{8,128})|\b(?:user(?:name)?|login|account)\s{0,2}[:=]?\s{1,3}[\w.@+-]{2,64}[\s,;]{1,3}(?:and\s{1,3})?(?:(?:the|with|a)\s{1,3})?(?:password|passwd|pass|pw|pwd)\s{0,2}[:=]?\s{1,3}["'`]?([^\s"'`,;]{8,128})/gi;
// A one-time-password seed: whoever has it generates the second factor ("TOTP seed JBSWY3DPEHPK3PXP",
// "2FA secret: KRSXG5CTMVRXEZLU", an otpauth:// URL with its secret).
const OTP_SEED = /\b(?:totp|2fa|mfa|otp|authenticator)\s{1,3}(?:seed|secret|key)\s{0,3}(?:is\s{1,3}|[=:]\s{0,3})?["'`]?([A-Z2-7]{16,128})\b|\botpauth:\/\/[^\s]{0,200}?[?&]secret=([A-Z2-7]{16,128})/gi;

function plausiblePassword(v: string): boolean {
  return !REFERENCE.test(v) && !looksPlaceholder(v) && /[0-9]/.test(v) && /[A-Za-z]/.test(v) && !/^[a-z]+[0-9]{1,2}$/.test(v) && !/^[0-9]+(?:\/|$)/.test(v);
}

// A credential pasted base64-encoded ("base64 of my kubeconfig: YXBpVmVyc2lvbjog…", a
// Kubernetes secret's data, an encoded service-account file): decoded, the text is judged by the
// same rules, plus the markers of a kubeconfig or key file that no token rule names.
const BASE64_BLOB = /[A-Za-z0-9+/]{80,}={0,2}/g;
const ENCODED_CREDENTIAL = /\b(?:client-key-data|client-certificate-data|token|password|aws_secret_access_key|private_key)["']?\s{0,3}[:=]\s{0,3}["']?[A-Za-z0-9+/._-]{16,}|-----BEGIN [A-Z ]{0,20}PRIVATE KEY-----/i;

function encodedSecret(t: string): SecretHit | null {
  BASE64_BLOB.lastIndex = 0;
  for (let m = BASE64_BLOB.exec(t), n = 0; m && n < 5; m = BASE64_BLOB.exec(t), n++) {
    if (m[0].length > 50_000) continue;
    const decoded = decodeBase64(m[0]);
    if (!decoded || !/^[\x09\x0a\x0d\x20-\x7e]+$/.test(decoded)) continue;
    if (ENCODED_CREDENTIAL.test(decoded) || findSecrets(decoded, 4.5).length) return { kind: 'encoded_secret', label: 'a base64-encoded credential', severity: 'medium' };
  }
  return null;
}

/** Secrets a person types into a prompt that the file-oriented rules do not catch. */
export function findPromptSecrets(text: string): SecretHit[] {
  const t = text.length > 200_000 ? text.slice(0, 200_000) : text;
  const hits: SecretHit[] = [];
  const encoded = /[A-Za-z0-9+/]{80}/.test(t) ? encodedSecret(t) : null;
  if (encoded) hits.push(encoded);
  LOGIN_PAIR.lastIndex = 0;
  if (/log|sign|auth|connect|ssh|user|account/i.test(t)) for (let m = LOGIN_PAIR.exec(t); m; m = LOGIN_PAIR.exec(t)) {
    if (!plausiblePassword(m[1] ?? m[2])) continue;
    hits.push({ kind: 'login_password', label: 'a user name with its password', severity: 'medium' });
    break;
  }
  OTP_SEED.lastIndex = 0;
  if (/totp|2fa|mfa|otp|authenticator/i.test(t)) for (let m = OTP_SEED.exec(t); m; m = OTP_SEED.exec(t)) {
    const v = m[1] ?? m[2];
    if (!/[2-7]/.test(v) || !/[A-Z]/i.test(v) || looksPlaceholder(v)) continue;
    hits.push({ kind: 'otp_seed', label: 'a one-time-password (TOTP) seed', severity: 'medium' });
    break;
  }
  STATED.lastIndex = 0;
  if (/passw|pwd|\bpw\b|secret|key|token/i.test(t)) for (let m = STATED.exec(t); m; m = STATED.exec(t)) {
    const v = m[1];
    if (REFERENCE.test(v) || looksPlaceholder(v) || !/[0-9]/.test(v) || !/[A-Za-z]/.test(v) || /^[a-z]+[0-9]{1,2}$/.test(v)) continue;
    hits.push({ kind: 'stated_secret', label: 'a password or secret value', severity: 'medium' });
    break;
  }
  PROMPT_DB_URL.lastIndex = 0;
  if (t.includes('://')) for (let m = PROMPT_DB_URL.exec(t); m; m = PROMPT_DB_URL.exec(t)) {
    const host = m[2].toLowerCase();
    if (host === 'localhost' || host.startsWith('127.') || host === '::1' || looksPlaceholder(m[1]) || m[1].startsWith('$')) continue;
    hits.push({ kind: 'database_url_password', label: `a database URL with a password for ${m[2]}`, severity: 'medium' });
    break;
  }
  return hits;
}

/** Prompt findings: the general secret rules (high softened to medium) plus stated secrets. */
export function promptSecretFindings(text: string, where: string, entropyThreshold: number): Finding[] {
  const general = secretFindings(text, where, entropyThreshold, -1);
  const kinds = new Set(general.map((f) => f.patternName));
  for (const h of findPromptSecrets(text)) {
    if (kinds.has(`${CATEGORY}.${h.kind}`) || (h.kind === 'stated_secret' && general.length)) continue;
    general.push({ patternName: `${CATEGORY}.${h.kind}`, severity: h.severity, category: CATEGORY, layer: 'builtin', reason: `${where} contains ${h.label}; secrets belong in a secret store or environment variable, not in code, commands or chat.` });
  }
  return general;
}

// Tools that put text where other people read it: chat messages, issues, tickets, pages,
// comments, mail, gists. A secret there has left the machine and sits in another service's history.
const OUTBOUND_TOOL = /post|send|message|chat|comment|reply|issue|ticket|page|publish|mail|gist|tweet|webhook|notify|create_(?:note|doc|document|pr|pull_request|discussion|wiki)/;
const READ_ONLY_TOOL = /^(?:get|list|search|read|fetch|find|query|view|describe|lookup)(?:_|$)/;
// `NAME=value` where the name ends in what a secret is called (DB_PASSWORD, STRIPE_KEY, API_TOKEN).
const NAMED_SECRET = /\b([A-Za-z][A-Za-z0-9_]{0,40}(?:PASSWORD|PASSWD|PASSPHRASE|PWD|SECRET|TOKEN|API_?KEY|_KEY))\s{0,2}[=:]\s{0,2}["'`]?([^\s"'`,;]{8,256})/gi;
// Keys that name data, not a credential (a cache or sort key, a publishable or public key).
const NOT_SECRET_KEY = /(?:cache|sort|primary|partition|foreign|idempotency|routing|hash|map|lookup|object|s3|public|publishable|pub|row|range|dedup|group|message|event|feature|i18n|translation|max|min)_?(?:key|token)$|^(?:max|min|num)_?tokens?$/i;
const MESSAGE_DB_URL = /\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql):\/\/[^:\s/@]{1,64}:([^@\s]{4,128})@([^\s/:?'"]{1,253})/gi;

/** Whether an MCP tool of this name publishes its text to other people (a message, issue, page, mail). */
export function isOutboundTextTool(tool: string): boolean {
  const t = tool.toLowerCase();
  return OUTBOUND_TOOL.test(t) && !READ_ONLY_TOOL.test(t);
}

/**
 * Credentials written out as values in text sent to other people: `DB_PASSWORD=hunter2-Pr0d-9x!`,
 * `STRIPE_KEY=sk_live_…`, a database URL with its password. Shorter and plainer than the
 * file rules ask for (those watch for tokens committed by accident; here the value is handed over
 * on purpose, whatever its entropy); references (`$X`, `${{ secrets.X }}`) and placeholders are not values.
 */
export function findMessageSecrets(text: string): SecretHit | null {
  const t = text.length > 200_000 ? text.slice(0, 200_000) : text;
  if (t.includes('://')) {
    MESSAGE_DB_URL.lastIndex = 0;
    for (let m = MESSAGE_DB_URL.exec(t); m; m = MESSAGE_DB_URL.exec(t)) {
      if (isLocalHost(m[2].toLowerCase()) || PLACEHOLDER.test(m[1]) || m[1].startsWith('$') || /^(?:pass(?:word)?|secret|pw|pwd)$/i.test(m[1])) continue;
      return { kind: 'database_url_password', label: `a database URL with a password for ${m[2]}`, severity: 'high' };
    }
  }
  if (!/passw|pwd|secret|token|key|passphrase/i.test(t)) return null;
  NAMED_SECRET.lastIndex = 0;
  for (let m = NAMED_SECRET.exec(t); m; m = NAMED_SECRET.exec(t)) {
    const v = m[2];
    if (NOT_SECRET_KEY.test(m[1]) || REFERENCE.test(v) || PLACEHOLDER.test(v) || !/[0-9]/.test(v) || !/[A-Za-z]/.test(v) || entropy(v) < 2.5) continue;
    return { kind: 'named_secret_value', label: `the value of ${m[1]}`, severity: 'high' };
  }
  return null;
}
