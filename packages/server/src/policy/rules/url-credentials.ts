// credential_access through URLs and disguised paths, for MCP arguments and fetch tools:
// `file:///home/u/.ssh/id_rsa`, `file://~/.aws/credentials`, percent-encoded paths
// (`%2Essh`, `%2e%2e%2f`), `..` traversal in URLs and path arguments
// (`/srv/app/../../home/u/.aws/credentials`, `http://localhost:8080/static/../../.ssh/id_rsa`),
// and cloud instance metadata endpoints that hand out credentials
// (`http://169.254.169.254/latest/meta-data/iam/security-credentials/…`, GCP, Azure, ECS).
// Local Unix-socket URLs (`http://unix:/var/run/docker.sock:/…`, `unix:///…`) are not network
// destinations. Pure; usable from shell rules for `curl` arguments too.
import type { Finding } from '../findings.js';
import type { Severity } from '../types.js';
import { credentialRiskOfPattern, type CredentialRisk } from './credential-paths.js';

const CATEGORY = 'credential_access';

/** Percent-decoding, applied twice at most (`%252e` → `%2e` → `.`); malformed escapes are kept. */
export function decodePercent(text: string): string {
  let t = text;
  for (let i = 0; i < 2 && /%[0-9a-f]{2}/i.test(t); i++) {
    try {
      t = decodeURIComponent(t);
    } catch {
      t = t.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    }
  }
  return t;
}

/** The local path a `file:` URL names (`file:///p`, `file://localhost/p`, `file://~/p`, `file:/p`), decoded. */
export function fileUrlPath(url: string): string | null {
  const m = /^file:(?:\/\/(localhost|127\.0\.0\.1|~|[A-Za-z]:)?)?(\/[^?#]*|\/?~[^?#]*|[^?#]*)/i.exec(url.trim());
  if (!m) return null;
  const host = m[1] ?? '';
  let path = decodePercent(m[2]);
  if (host === '~') path = `~${path}`;
  else if (/^[A-Za-z]:$/.test(host)) path = `${host}${path}`;
  return path || null;
}

/** `http://unix:/var/run/docker.sock:/…`, `unix:///…`, `http+unix://…`: a local socket, not a host. */
export function isUnixSocketUrl(url: string): boolean {
  return /^(?:unix:|http\+unix:|https?:\/\/unix:\/)/i.test(url.trim());
}

/**
 * Paths worth checking for a raw path argument: itself, the files an archive named after them
 * packs, percent-decoded, and what a `..` traversal lands on (the part after the last `..`, taken
 * from home and from the root).
 */
// An archive named after what it packs (`~/.password-store.tgz`, `~/.ssh.tar.gz`, `.env.zip`)
// holds those files: sending it sends them.
const ARCHIVE_SUFFIX = /\.(?:tar(?:\.(?:gz|bz2|xz|zst))?|tgz|tbz2?|txz|zip|7z|rar)$/i;

export function credentialPathCandidates(raw: string): string[] {
  const out = [raw];
  const stem = raw.length > 4 ? raw.replace(ARCHIVE_SUFFIX, '') : raw;
  if (stem !== raw && stem && !stem.endsWith('/')) out.push(stem);
  const decoded = decodePercent(raw);
  if (decoded !== raw) out.push(decoded);
  const p = decoded.replace(/\\/g, '/');
  const i = p.lastIndexOf('../');
  if (i >= 0) {
    const rest = p.slice(i + 3).replace(/^\/+/, '');
    if (rest) out.push(`~/${rest}`, `/${rest}`);
  }
  return out;
}

/** The worst credential file a path argument reaches, however it is spelled. */
export function credentialRiskOfArg(raw: string): { risk: CredentialRisk; path: string } | null {
  let best: { risk: CredentialRisk; path: string } | null = null;
  const order: Severity[] = ['info', 'low', 'medium', 'high', 'critical'];
  for (const c of credentialPathCandidates(raw)) {
    const risk = credentialRiskOfPattern(c);
    if (risk && (!best || order.indexOf(risk.severity) > order.indexOf(best.risk.severity))) best = { risk, path: c };
  }
  return best;
}

interface MetadataRisk {
  severity: Severity;
  label: string;
}

const METADATA_HOST = /^(?:169\.254\.169\.254|169\.254\.170\.2|metadata\.google\.internal|metadata|100\.100\.100\.200|fd00:ec2::254|\[fd00:ec2::254\]|metadata\.azure\.com|0xa9fea9fe|2852039166|169\.254\.169\.123)$/i;
const METADATA_CREDENTIALS = /\/(?:latest\/meta-data\/iam\/|latest\/meta-data\/identity-credentials\/|computemetadata\/v1\/instance\/service-accounts\/|metadata\/identity\/oauth2\/token|v2\/credentials|latest\/user-data|latest\/api\/token|ram\/security-credentials)/i;

/**
 * An IPv4 host however it is spelled: dotted decimal, one decimal or hex number (`2852039166`,
 * `0xa9fea9fe`), dotted octal or hex parts (`0251.0376.0251.0376`), IPv6-mapped
 * (`::ffff:169.254.169.254`, `::ffff:a9fe:a9fe`). Null when it is not a numeric address.
 */
export function canonicalIPv4(host: string): string | null {
  let h = host.toLowerCase().replace(/^\[|\]$/g, '');
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/.exec(h) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (mapped) {
    h = mapped[1];
    const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
    if (hex) {
      const n = parseInt(hex[1], 16) * 65536 + parseInt(hex[2], 16);
      return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
    }
  }
  const parts = h.split('.');
  if (parts.length < 1 || parts.length > 4 || !parts.every((p) => /^(?:0x[0-9a-f]+|0[0-7]*|[1-9][0-9]*)$/.test(p))) return null;
  const nums = parts.map((p) => (p.startsWith('0x') ? parseInt(p, 16) : p.length > 1 && p.startsWith('0') ? parseInt(p, 8) : parseInt(p, 10)));
  const last = nums.pop()!;
  if (nums.some((n) => n > 255) || last >= 2 ** (8 * (4 - nums.length))) return null;
  let value = last;
  nums.forEach((n, i) => (value += n * 2 ** (8 * (3 - i))));
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

/** A cloud instance metadata URL: high when its path hands out credentials, medium otherwise. */
export function metadataRisk(url: string): MetadataRisk | null {
  const m = /^(?:https?:)?\/\/(?:[^\s/@]*@)?(\[[0-9a-f:]+\]|[^\s/:?#]+)(?::\d+)?([^\s?#]*)/i.exec(url.trim());
  if (!m) return null;
  // Wildcard DNS names that resolve to the address written in them (`169.254.169.254.nip.io`).
  const embedded = /^(?:[a-z0-9-]+[.-])?(\d{1,3}[.-]\d{1,3}[.-]\d{1,3}[.-]\d{1,3})\.(?:nip\.io|sslip\.io|xip\.io)$/i.exec(m[1]);
  const ip = canonicalIPv4(embedded ? embedded[1].replace(/-/g, '.') : m[1]);
  if (!METADATA_HOST.test(m[1]) && !(ip && METADATA_HOST.test(ip))) return null;
  const path = decodePercent(m[2]).replace(/\/{2,}/g, '/');
  if (METADATA_CREDENTIALS.test(path)) return { severity: 'high', label: `cloud instance credentials from the metadata service (${m[1]}${path.slice(0, 80)})` };
  return { severity: 'medium', label: `the cloud instance metadata service (${m[1]}), which can hand out credentials` };
}

const URL_IN_TEXT = /\bfile:\/{0,3}[^\s"'<>`]+|\bhttps?:\/\/(?:169\.254\.16[0-9]\.\d{1,3}|169\.254\.170\.2|metadata\.google\.internal|100\.100\.100\.200|\[[0-9a-f:.]+\]|metadata\.azure\.com|0x[0-9a-f]+|\d{8,10}|0\d{1,3}\.[0-9.x]+)[^\s"'<>`]*|\bhttps?:\/\/[^\s"'<>`]*(?:\.\.|%2e%2e)[^\s"'<>`]*/gi;

/** `file:` URLs, metadata URLs and traversal URLs anywhere in free text (bounded). */
export function credentialUrlsIn(text: string): string[] {
  if (!/file:|169\.254|metadata|100\.100\.100\.200|\/\/\[|\/\/0|\/\/\d{8}|\.\.|%2e/i.test(text)) return [];
  const out: string[] = [];
  URL_IN_TEXT.lastIndex = 0;
  for (let m = URL_IN_TEXT.exec(text); m && out.length < 50; m = URL_IN_TEXT.exec(text)) out.push(m[0].replace(/[.,;:!?)\]]+$/, ''));
  return out;
}

/**
 * Findings for URLs an MCP tool or fetch tool is given. `how` opens the reason ("Fetches").
 * Each URL is reported once, at its worst.
 */
export function credentialUrlFindings(urls: readonly string[], how = 'Fetches'): Finding[] {
  const out: Finding[] = [];
  for (const url of new Set(urls)) {
    if (url.length > 4096) continue;
    const file = /^file:/i.test(url.trim()) ? fileUrlPath(url) : null;
    if (file) {
      const hit = credentialRiskOfArg(file);
      if (hit) out.push({ patternName: `${CATEGORY}.${hit.risk.kind}`, severity: hit.risk.severity, category: CATEGORY, layer: 'builtin', reason: `${how} ${hit.risk.label} through a file: URL; credentials must not be loaded into an agent's context.`, paths: [hit.path] });
      continue;
    }
    const meta = metadataRisk(url);
    if (meta) {
      out.push({ patternName: `${CATEGORY}.cloud_metadata`, severity: meta.severity, category: CATEGORY, layer: 'builtin', reason: `${how} ${meta.label}.` });
      continue;
    }
    const path = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/[^?#]*)/i.exec(url.trim())?.[1];
    if (path && /\.\.|%2e/i.test(path)) {
      const hit = credentialRiskOfArg(path);
      if (hit) out.push({ patternName: `${CATEGORY}.${hit.risk.kind}`, severity: hit.risk.severity, category: CATEGORY, layer: 'builtin', reason: `${how} ${hit.risk.label} by path traversal in a URL; credentials must not be loaded into an agent's context.`, paths: [hit.path] });
    }
  }
  return out;
}
