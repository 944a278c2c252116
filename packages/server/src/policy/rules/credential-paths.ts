// Which files hold credentials. Used for read tools, for shell commands that read files,
// and by the exfiltration rules to tell "uploading a file" from "uploading your keys".
import { normalizePath, segments } from '../paths.js';
import type { Severity } from '../types.js';

export interface CredentialRisk {
  severity: Severity;
  label: string;
  /** Short rule suffix for patternName. */
  kind: string;
}

const EXACT_HOME: Record<string, [Severity, string, string]> = {
  '.aws/credentials': ['critical', 'AWS credentials file', 'aws_credentials'],
  '.config/gcloud/application_default_credentials.json': ['critical', 'Google Cloud application-default credentials', 'gcloud_credentials'],
  '.config/gcloud/credentials.db': ['critical', 'Google Cloud credential database', 'gcloud_credentials'],
  '.config/gcloud/access_tokens.db': ['critical', 'Google Cloud access tokens', 'gcloud_credentials'],
  '.azure/msal_token_cache.json': ['critical', 'Azure CLI token cache', 'azure_tokens'],
  '.azure/msal_token_cache.bin': ['critical', 'Azure CLI token cache', 'azure_tokens'],
  '.azure/accesstokens.json': ['critical', 'Azure CLI access tokens', 'azure_tokens'],
  '.azure/service_principal_entries.json': ['critical', 'Azure service principal secrets', 'azure_tokens'],
  '.kube/config': ['high', 'Kubernetes credentials (kubeconfig)', 'kubeconfig'],
  '.docker/config.json': ['high', 'Docker registry credentials', 'docker_credentials'],
  '.netrc': ['high', '.netrc login credentials', 'netrc'],
  '_netrc': ['high', '.netrc login credentials', 'netrc'],
  '.git-credentials': ['high', 'stored Git credentials', 'git_credentials'],
  '.config/gh/hosts.yml': ['high', 'GitHub CLI token', 'gh_token'],
  '.config/hub': ['high', 'GitHub hub token', 'gh_token'],
  '.gem/credentials': ['high', 'RubyGems API key', 'package_registry_token'],
  '.cargo/credentials': ['high', 'crates.io token', 'package_registry_token'],
  '.cargo/credentials.toml': ['high', 'crates.io token', 'package_registry_token'],
  '.npmrc': ['medium', 'npm configuration, which usually holds a registry token', 'package_registry_token'],
  '.pypirc': ['medium', 'PyPI upload credentials', 'package_registry_token'],
  '.terraform.d/credentials.tfrc.json': ['high', 'Terraform Cloud token', 'terraform_token'],
  '.vault-token': ['high', 'HashiCorp Vault token', 'vault_token'],
  '.pgpass': ['high', 'PostgreSQL password file', 'database_password'],
  '.my.cnf': ['medium', 'MySQL client config with a password', 'database_password'],
  '.boto': ['high', 'cloud storage credentials (.boto)', 'cloud_credentials'],
  '.s3cfg': ['high', 's3cmd credentials', 'cloud_credentials'],
  '.config/rclone/rclone.conf': ['high', 'rclone remote credentials', 'cloud_credentials'],
  '.bash_history': ['medium', 'shell history, which often holds typed secrets', 'shell_history'],
  '.zsh_history': ['medium', 'shell history, which often holds typed secrets', 'shell_history'],
};
const HOME_DIRS: Record<string, [Severity, string]> = {
  '.ssh': ['high', 'the SSH key directory'],
  '.aws': ['high', 'the AWS credentials directory'],
  '.gnupg': ['high', 'the GnuPG keyring'],
  '.config/gcloud': ['high', 'the Google Cloud credentials directory'],
  '.azure': ['high', 'the Azure CLI credentials directory'],
  '.kube': ['high', 'the Kubernetes credentials directory'],
  '.password-store': ['high', 'the pass password store'],
  'library/keychains': ['critical', 'the macOS keychains'],
  '.local/share/keyrings': ['critical', 'the GNOME keyrings'],
};
const SYSTEM: Record<string, [Severity, string, string]> = {
  '/etc/shadow': ['critical', 'the system password hash database', 'shadow'],
  '/etc/gshadow': ['critical', 'the group password hash database', 'shadow'],
  '/etc/master.passwd': ['critical', 'the BSD password database', 'shadow'],
  '/etc/security/opasswd': ['critical', 'old password hashes', 'shadow'],
  '/library/keychains/system.keychain': ['critical', 'the macOS system keychain', 'keychain'],
  '/windows/system32/config/sam': ['critical', 'the Windows SAM hive', 'windows_secrets'],
  '/windows/system32/config/security': ['critical', 'the Windows SECURITY hive', 'windows_secrets'],
  '/windows/ntds/ntds.dit': ['critical', 'the Active Directory database', 'windows_secrets'],
};
const ENV_TEMPLATE = /^\.env\.(?:example|sample|template|tmpl|tpl|dist|defaults?|schema|skeleton|placeholder)$/;
const BROWSER_DIR = /(?:google\/chrome|google-chrome|chromium|bravesoftware|microsoft edge|microsoft-edge|vivaldi|opera software|\/opera|firefox|librewolf|mozilla|safari|arc\/user data)/;
const BROWSER_FILE = /^(?:cookies(?:\.sqlite|\.binarycookies)?|login data(?: for account)?|web data|logins\.json|key[34]\.db|signons\.sqlite)$/;

/** Credential risk of reading `raw`, or null for ordinary files. */
// Every rule below needs one of these substrings; most paths are rejected by this one test.
const HINT = /ssh|aws|gcloud|azure|kube|docker|netrc|credential|\/gh\/|hub|gem|cargo|npmrc|pypirc|terraform|vault|pgpass|my\.cnf|boto|s3cfg|rclone|history|gnupg|secring|keychain|keyring|password|protect|shadow|passwd|config\/sam|config\/security|ntds|environ|\/mem$|cookie|login data|web data|logins|key[34]\.db|signons|\.env|\.p12|\.pfx|\.jks|keystore|\.pem|\.key$|service[-_]account|client_secret|tfstate|id_/i;

// HINT tries its fifty alternatives at every position (about 9 ns a character: 0.6 µs for a long
// build path, and this runs for every path-like argument). A necessary condition first: a match
// starts with the first three characters of an alternative, so a text holding none of those
// three-character sequences (ASCII letters lower-cased; HINT is ASCII, and under /i without u no
// other character matches an ASCII one) cannot match. The sequences are hashed into a small table:
// collisions only send more texts on to the regex. Derived from HINT itself.
const HINT_TABLE = new Uint8Array(1 << 16);
const trigram = (a: number, b: number, c: number): number => (a * 16_129 + b * 127 + c) & 0xffff;
let hintTableUsable = true;
for (const alt of HINT.source.split('|')) {
  const lit = alt.replace(/\\/g, '').toLowerCase();
  if (lit.length < 3 || /[[\](){}?*+^$.|]/.test(alt.replace(/\\./g, 'x').slice(0, 3))) hintTableUsable = false;
  else HINT_TABLE[trigram(lit.charCodeAt(0), lit.charCodeAt(1), lit.charCodeAt(2))] = 1;
}

function mayMatchHint(raw: string): boolean {
  if (!hintTableUsable) return true;
  let a = -1;
  let b = -1;
  for (let i = 0; i < raw.length; i++) {
    let c = raw.charCodeAt(i);
    if (c >= 128) {
      a = b = -1;
      continue;
    }
    if (c >= 65 && c <= 90) c += 32;
    if (a >= 0 && HINT_TABLE[trigram(a, b, c)] === 1) return true;
    a = b;
    b = c;
  }
  return false;
}

export function credentialRisk(raw: string): CredentialRisk | null {
  // A glob is judged by the secrets it can match (`~/.ss?/id_*[^b]` is ~/.ssh/id_ed25519).
  const first = raw.charCodeAt(0);
  // (Only globs under home, /etc or a top-level wildcard can name a secret: see globCredentialRisk.)
  if ((first === 126 /* ~ */ || first === 36 /* $ */ || (first === 47 /* / */ && GLOB_ROOTS.test(raw))) && raw.length <= 512 && hasGlobChar(raw)) {
    const viaGlob = globCredentialRisk(raw);
    if (viaGlob) return viaGlob;
  }
  if (raw.length < 2 || raw.length > 4096 || !mayMatchHint(raw) || !HINT.test(raw)) return null;
  const p = normalizePath(raw);
  const lower = p.toLowerCase();
  const segs = segments(lower);
  const base = segs[segs.length - 1] ?? '';
  if (base.endsWith('.pub')) return null;
  if (/^id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?$/.test(base) || (segs[segs.length - 2] === '.ssh' && /^(?:id_[a-z0-9_]+|.*\.(?:pem|key|ppk))$/.test(base))) {
    return { severity: 'critical', label: `the SSH private key ${p}`, kind: 'ssh_private_key' };
  }
  if (/^\/etc\/ssh\/ssh_host_[a-z0-9]+_key$/.test(lower)) return { severity: 'critical', label: `the SSH host key ${p}`, kind: 'ssh_private_key' };
  if (lower.startsWith('~/')) {
    const rest = lower.slice(2);
    const exact = EXACT_HOME[rest];
    if (exact) return { severity: exact[0], label: `${exact[1]} (${p})`, kind: exact[2] };
    const dir = HOME_DIRS[rest];
    if (dir) return { severity: dir[0], label: dir[1], kind: 'credential_directory' };
    if (rest.startsWith('.aws/sso/cache/') || rest.startsWith('.aws/cli/cache/')) return { severity: 'high', label: 'cached AWS SSO tokens', kind: 'aws_credentials' };
    if (rest.startsWith('.config/gcloud/legacy_credentials/')) return { severity: 'critical', label: 'Google Cloud credentials', kind: 'gcloud_credentials' };
    if (rest.startsWith('.gnupg/private-keys') || base === 'secring.gpg') return { severity: 'critical', label: 'GnuPG private keys', kind: 'gpg_private_key' };
    if (rest.startsWith('library/keychains/') || rest.startsWith('.local/share/keyrings/')) return { severity: 'critical', label: 'a keychain', kind: 'keychain' };
    if (rest.startsWith('.password-store/')) return { severity: 'high', label: 'a pass password entry', kind: 'password_store' };
    if (/appdata\/(?:roaming|local)\/microsoft\/(?:credentials|protect)\//.test(rest)) return { severity: 'critical', label: 'Windows Credential Manager data', kind: 'windows_secrets' };
  }
  const sys = SYSTEM[lower];
  if (sys) return { severity: sys[0], label: sys[1], kind: sys[2] };
  if (/^\/proc\/(?:self|\d+)\/(?:environ|mem)$/.test(lower)) return { severity: 'high', label: 'another process environment or memory', kind: 'process_memory' };
  if (base.endsWith('.keychain') || base.endsWith('.keychain-db')) return { severity: 'critical', label: `the keychain ${p}`, kind: 'keychain' };
  if (BROWSER_FILE.test(base) && BROWSER_DIR.test(lower)) return { severity: 'critical', label: `a browser cookie or password store (${p})`, kind: 'browser_store' };
  if (base === '.env' || base === '.envrc' || (base.startsWith('.env.') && !ENV_TEMPLATE.test(base)) || /^[a-z0-9_-]+\.env$/.test(base)) {
    return { severity: 'high', label: `the environment file ${p}, which usually holds real secrets`, kind: 'env_file' };
  }
  if (/\.(?:p12|pfx|jks|keystore)$/.test(base) || /(?:^|[._-])(?:private|priv)[._-]?key\.pem$|^key\.pem$|-key\.pem$|_key\.pem$|^[a-z0-9_.-]+\.key$/.test(base)) {
    return { severity: 'high', label: `the private key or keystore ${p}`, kind: 'key_file' };
  }
  if (/^(?:credentials|service[-_]account[a-z0-9_-]*|[a-z0-9_-]+-credentials|client_secret[a-z0-9_.-]*)\.json$/.test(base) || base === 'terraform.tfstate') {
    return { severity: 'medium', label: `${p}, which usually holds credentials`, kind: 'credential_file' };
  }
  return null;
}

/** Arguments worth checking as paths: skips option words and obvious non-paths. */
export function pathLike(arg: string): boolean {
  if (arg.length < 2 || arg.startsWith('-')) return false;
  if (arg.includes('://') && /^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) return false;
  // Substring tests before the one regex (which needs a dot): this runs for every argument of most commands.
  return arg.includes('/') || arg.includes('\\') || arg.includes('~') || arg.startsWith('.') || (arg.includes('.') && /\.(?:env|pem|key|p12|pfx|jks|keystore|json|keychain|keychain-db|tfstate)$/i.test(arg)) || arg.startsWith('id_') || arg === '.netrc';
}

/** Absolute paths whose globs can reach a secret path (SECRET_PATHS): home directories, /etc, /Library, a wildcard at the top. */
const GLOB_ROOTS = /^\/(?:home|Users|root|var\/root|etc|Library|[*?[{])/i;
/** `*`, `?`, `[` or `{` anywhere (a character loop: this runs for every path-like argument). */
function hasGlobChar(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 42 || c === 63 || c === 91 || c === 123) return true;
  }
  return false;
}
/** Concrete secret paths a glob is tried against: every home and system file and directory above. */
const SECRET_PATHS: readonly string[] = [
  ...['id_rsa', 'id_ed25519', 'id_ecdsa', 'id_dsa', 'id_ed25519_sk', 'id_ecdsa_sk'].map((k) => `~/.ssh/${k}`),
  ...Object.keys(EXACT_HOME).map((k) => `~/${k}`),
  ...Object.keys(HOME_DIRS).filter((k) => k !== 'library/keychains').map((k) => `~/${k}`),
  '~/Library/Keychains',
  '~/.gnupg/private-keys-v1.d',
  ...Object.keys(SYSTEM),
  ...['rsa', 'ecdsa', 'ed25519', 'dsa'].map((k) => `/etc/ssh/ssh_host_${k}_key`),
];
const globMemo = new Map<string, CredentialRisk | null>();

/**
 * The worst secret a home or absolute glob can match, as the shell expands it: `*` and `?` never
 * cross a `/` nor match a leading dot unless the pattern spells it, `[…]`/`[!…]` are classes,
 * `{a,b}` alternatives. Relative globs are left alone (they match what is in the project).
 */
function globCredentialRisk(raw: string): CredentialRisk | null {
  const hit = globMemo.get(raw);
  if (hit !== undefined) return hit;
  let found: CredentialRisk | null = null;
  const p = normalizePath(raw);
  if (p.startsWith('~/') || p.startsWith('/')) {
    const re = globRegex(p);
    for (const candidate of re ? SECRET_PATHS : []) {
      if (!re!.test(candidate)) continue;
      const risk = credentialRisk(candidate);
      if (risk && (!found || SEVERITY_RANK.indexOf(risk.severity) > SEVERITY_RANK.indexOf(found.severity))) found = { ...risk, label: `${risk.label}, which the glob ${raw} matches` };
    }
  }
  if (globMemo.size >= 1024) globMemo.clear();
  globMemo.set(raw, found);
  return found;
}
const SEVERITY_RANK = ['info', 'low', 'medium', 'high', 'critical'];

function globRegex(p: string): RegExp | null {
  let src = '';
  const segs = p.split('/');
  for (let k = 0; k < segs.length; k++) {
    const seg = segs[k];
    if (k > 0) src += '/';
    if (seg === '**') {
      src += '(?:[^/]+/)*[^/]*';
      continue;
    }
    // A segment that does not spell its leading dot does not match dot files.
    if (seg !== '~' && !seg.startsWith('.') && /^[*?[{]/.test(seg)) src += '(?!\\.)';
    for (let i = 0; i < seg.length; i++) {
      const c = seg[i];
      if (c === '*') src += '[^/]*';
      else if (c === '?') src += '[^/]';
      else if (c === '[') {
        const end = seg.indexOf(']', i + 2);
        if (end < 0) return null;
        let body = seg.slice(i + 1, end);
        const negate = body[0] === '!' || body[0] === '^';
        if (negate) body = body.slice(1);
        src += `[${negate ? '^/' : ''}${body.replace(/[\\\]^]/g, (x) => `\\${x}`)}]`;
        i = end;
      } else if (c === '{') {
        const end = seg.indexOf('}', i);
        if (end < 0) return null;
        src += `(?:${seg.slice(i + 1, end).split(',').map((a) => a.replace(/[.+^$()|\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')).join('|')})`;
        i = end;
      } else src += c.replace(/[.+^$()|\\]/g, '\\$&');
    }
  }
  try {
    return new RegExp(`^${src}$`, 'i');
  } catch {
    return null;
  }
}
