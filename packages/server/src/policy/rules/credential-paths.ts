// Which files hold credentials. Used for read tools, for shell commands that read files,
// and by the exfiltration rules to tell "uploading a file" from "uploading your keys".
import { inTestTree, normalizePath, segments } from '../paths.js';
import { severityRank } from '../findings.js';
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
  '.config/glab-cli/config.yml': ['high', 'GitLab CLI token', 'gh_token'],
  '.gem/credentials': ['high', 'RubyGems API key', 'package_registry_token'],
  '.cargo/credentials': ['high', 'crates.io token', 'package_registry_token'],
  '.cargo/credentials.toml': ['high', 'crates.io token', 'package_registry_token'],
  // Registry tokens publish packages under the owner's name: as sensitive as the gh or git tokens.
  '.npmrc': ['high', 'npm configuration, which usually holds a registry token', 'package_registry_token'],
  '.pypirc': ['high', 'PyPI upload credentials', 'package_registry_token'],
  '.terraform.d/credentials.tfrc.json': ['high', 'Terraform Cloud token', 'terraform_token'],
  '.vault-token': ['high', 'HashiCorp Vault token', 'vault_token'],
  '.pgpass': ['high', 'PostgreSQL password file', 'database_password'],
  '.my.cnf': ['medium', 'MySQL client config with a password', 'database_password'],
  '.boto': ['high', 'cloud storage credentials (.boto)', 'cloud_credentials'],
  '.s3cfg': ['high', 's3cmd credentials', 'cloud_credentials'],
  '.config/rclone/rclone.conf': ['high', 'rclone remote credentials', 'cloud_credentials'],
  // The coding agents' own logins: a token that lets whoever holds it act as the developer's agent.
  '.claude/.credentials.json': ['high', 'the Claude Code login token', 'agent_token'],
  '.codex/auth.json': ['high', 'the Codex CLI login token', 'agent_token'],
  '.gemini/oauth_creds.json': ['high', 'the Gemini CLI OAuth token', 'agent_token'],
  '.config/github-copilot/apps.json': ['high', 'the GitHub Copilot token', 'agent_token'],
  '.config/github-copilot/hosts.json': ['high', 'the GitHub Copilot token', 'agent_token'],
  // The policy plugin's own key (spec: ~/.service-plugin/api_key).
  '.service-plugin/api_key': ['high', "the policy plugin's API key", 'agent_token'],
  '.m2/settings-security.xml': ['high', 'the Maven master password', 'package_registry_token'],
  '.m2/settings.xml': ['medium', 'Maven settings, which usually hold repository passwords', 'package_registry_token'],
  '.config/op/config': ['medium', 'the 1Password CLI account configuration', 'password_store'],
  // Cloud and hosting CLIs' own logins: each file holds an API token that acts as the account
  // (deploy, read databases, delete apps), as ~/.aws/credentials does for AWS.
  '.config/doctl/config.yaml': ['high', 'the DigitalOcean CLI token', 'cloud_cli_token'],
  'library/application support/doctl/config.yaml': ['high', 'the DigitalOcean CLI token', 'cloud_cli_token'],
  '.pulumi/credentials.json': ['high', 'the Pulumi access tokens', 'cloud_cli_token'],
  '.fly/config.yml': ['high', 'the Fly.io CLI token', 'cloud_cli_token'],
  '.config/netlify/config.json': ['high', 'the Netlify CLI token', 'cloud_cli_token'],
  'library/preferences/netlify/config.json': ['high', 'the Netlify CLI token', 'cloud_cli_token'],
  '.netlify/config.json': ['high', 'the Netlify CLI token', 'cloud_cli_token'],
  '.local/share/com.vercel.cli/auth.json': ['high', 'the Vercel CLI token', 'cloud_cli_token'],
  'library/application support/com.vercel.cli/auth.json': ['high', 'the Vercel CLI token', 'cloud_cli_token'],
  'appdata/roaming/com.vercel.cli/data/auth.json': ['high', 'the Vercel CLI token', 'cloud_cli_token'],
  '.config/configstore/firebase-tools.json': ['high', 'the Firebase CLI refresh token', 'cloud_cli_token'],
  '.supabase/access-token': ['high', 'the Supabase CLI access token', 'cloud_cli_token'],
  '.wrangler/config/default.toml': ['high', 'the Cloudflare Wrangler OAuth token', 'cloud_cli_token'],
  '.config/.wrangler/config/default.toml': ['high', 'the Cloudflare Wrangler OAuth token', 'cloud_cli_token'],
  'library/preferences/.wrangler/config/default.toml': ['high', 'the Cloudflare Wrangler OAuth token', 'cloud_cli_token'],
  '.cloudflared/cert.pem': ['high', 'the Cloudflare Tunnel origin certificate and token', 'cloud_cli_token'],
  '.config/hcloud/cli.toml': ['high', 'the Hetzner Cloud CLI token', 'cloud_cli_token'],
  '.config/linode-cli': ['high', 'the Linode CLI token', 'cloud_cli_token'],
  '.databrickscfg': ['high', 'the Databricks CLI token', 'cloud_cli_token'],
  '.snowsql/config': ['high', 'the SnowSQL connection passwords', 'database_password'],
  '.oci/config': ['medium', 'the OCI CLI configuration, which names the API signing key', 'cloud_cli_token'],
  '.circleci/cli.yml': ['high', 'the CircleCI CLI token', 'cloud_cli_token'],
  '.railway/config.json': ['high', 'the Railway CLI token', 'cloud_cli_token'],
  '.config/ngrok/ngrok.yml': ['high', 'the ngrok authtoken', 'cloud_cli_token'],
  'library/application support/ngrok/ngrok.yml': ['high', 'the ngrok authtoken', 'cloud_cli_token'],
  '.config/stripe/config.toml': ['high', 'the Stripe CLI API keys', 'cloud_cli_token'],
  '.sentryclirc': ['high', 'the Sentry CLI auth token', 'cloud_cli_token'],
  '.composer/auth.json': ['high', 'Composer repository credentials', 'package_registry_token'],
  '.config/composer/auth.json': ['high', 'Composer repository credentials', 'package_registry_token'],
  '.gradle/gradle.properties': ['medium', 'Gradle properties, which usually hold repository and signing passwords', 'package_registry_token'],
  '.terraformrc': ['medium', 'the Terraform CLI configuration, which can hold registry tokens', 'terraform_token'],
  // Public keys, but the list of who may log in as this user: a borderline read, warned.
  '.ssh/authorized_keys': ['medium', 'the list of keys allowed to log in as this user', 'authorized_keys'],
  '.bash_history': ['medium', 'shell history, which often holds typed secrets', 'shell_history'],
  '.zsh_history': ['medium', 'shell history, which often holds typed secrets', 'shell_history'],
  '.local/share/fish/fish_history': ['medium', 'shell history, which often holds typed secrets', 'shell_history'],
  // Database clients' histories keep the statements typed, passwords in `ALTER USER … PASSWORD` and `\\password` among them.
  '.psql_history': ['medium', 'database client history, which often holds typed passwords', 'shell_history'],
  '.mysql_history': ['medium', 'database client history, which often holds typed passwords', 'shell_history'],
  '.rediscli_history': ['medium', 'database client history, which often holds typed passwords', 'shell_history'],
  '.mongosh_history': ['medium', 'database client history, which often holds typed passwords', 'shell_history'],
  // PowerShell's PSReadLine history: every command typed at a PowerShell prompt, secrets included.
  'appdata/roaming/microsoft/windows/powershell/psreadline/consolehost_history.txt': ['medium', 'PowerShell history, which often holds typed secrets', 'shell_history'],
  '.local/share/powershell/psreadline/consolehost_history.txt': ['medium', 'PowerShell history, which often holds typed secrets', 'shell_history'],
};
const MCP_CONFIG_NAMES: ReadonlySet<string> = new Set(['mcp.json', 'mcp_config.json', 'claude_desktop_config.json']);
const LOGIN_DOTFILES: Record<string, [Severity, string, string]> = Object.fromEntries(['.pgpass', '.netrc', '_netrc', '.git-credentials', '.my.cnf', '.pypirc'].map((f) => [f, EXACT_HOME[f]]));
const HOME_DIRS: Record<string, [Severity, string]> = {
  '.ssh': ['high', 'the SSH key directory'],
  '.aws': ['high', 'the AWS credentials directory'],
  '.gnupg': ['high', 'the GnuPG keyring'],
  '.config/gcloud': ['high', 'the Google Cloud credentials directory'],
  '.azure': ['high', 'the Azure CLI credentials directory'],
  '.kube': ['high', 'the Kubernetes credentials directory'],
  // config.json there holds the registry logins (`auths`), often as plain base64.
  '.docker': ['high', 'the Docker configuration directory, whose config.json holds registry credentials'],
  '.password-store': ['high', 'the pass password store'],
  // The forge CLIs' configuration directories: hosts.yml / config.yml there hold the OAuth token.
  '.config/gh': ['high', 'the GitHub CLI configuration directory, whose hosts.yml holds the token'],
  '.config/github-copilot': ['high', 'the GitHub Copilot configuration directory, whose apps.json and hosts.json hold the token'],
  'appdata/local/github-copilot': ['high', 'the GitHub Copilot configuration directory, whose apps.json and hosts.json hold the token'],
  '.config/glab-cli': ['high', 'the GitLab CLI configuration directory, whose config.yml holds the token'],
  'library/keychains': ['critical', 'the macOS keychains'],
  // CLI login directories: the files in them are the session tokens and account keys.
  '.config/op': ['high', 'the 1Password CLI directory (account keys and sessions)'],
  '.op': ['high', 'the 1Password CLI directory (account keys and sessions)'],
  '.config/rclone': ['high', 'the rclone directory, whose rclone.conf holds remote credentials'],
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
// Also per environment (`.env.development.example`, `.env.local.sample`, `.env.prod-template`) and
// named the other way round (`example.env`); `.env.production`, `.env.local`, `prod.env` are not.
const ENV_TEMPLATE = /^\.env(?:\.[a-z0-9_-]{1,40})?[._-](?:example|sample|template|tmpl|tpl|dist|defaults?|schema|skeleton|placeholder)$|^(?:example|sample|template)\.env$/;

/** An environment-file template committed with the project (`.env.example`): names, no secrets. */
export function isEnvTemplate(path: string): boolean {
  return ENV_TEMPLATE.test(path.slice(path.lastIndexOf('/') + 1).toLowerCase());
}
// Safari keeps its cookies in ~/Library/Cookies (and its container's Data/Library/Cookies), no browser name in the path.
const BROWSER_DIR = /(?:library\/cookies\/|google\/chrome|google-chrome|chromium|bravesoftware|microsoft edge|microsoft-edge|microsoft\/edge\/user data|\/slack\/|\/discord\/|microsoft\/teams|\/signal\/|vivaldi|opera software|\/opera|firefox|librewolf|mozilla|safari|arc\/user data)/;
// `Local State` holds the key that decrypts the profile's cookies and saved passwords.
const BROWSER_FILE = /^(?:cookies(?:\.sqlite|\.binarycookies)?|login data(?: for account)?|web data|local state|logins\.json|key[34]\.db|signons\.sqlite)$/;

/** Credential risk of reading `raw`, or null for ordinary files. */
// Every rule below needs one of these substrings; most paths are rejected by this one test.
const HINT = /ssh|aws|gcloud|azure|kube|docker|netrc|credential|\/gh\/|hub|gem|cargo|npmrc|pypirc|terraform|vault|pgpass|my\.cnf|boto|s3cfg|rclone|history|gnupg|secring|keychain|keyring|password|protect|shadow|passwd|config\/sam|config\/security|ntds|environ|\/mem$|run\/secrets\/|cookie|login data|web data|logins|key[34]\.db|signons|\.env|\.p12|\.pfx|\.jks|keystore|\.pem|\.key$|service[-_]account|client_secret|tfstate|id_|auth\.json|oauth_creds|api_key|\.m2\/settings|\/op\/config|\.config\/op|\/\.op|\/gh$|copilot|mcp|claude_desktop|glab|authorized_keys|doctl|pulumi|\.fly\/|netlify|vercel|firebase-tools|supabase|wrangler|cloudflared|hcloud|linode|databrickscfg|snowsql|\.oci\/|circleci|railway|ngrok|stripe|sentryclirc|gradle\.properties|terraformrc|local state|local storage|\.kdb|psafe3|state\.vscdb|-sa-|-sa_|-sa\.|_sa-|_sa_|_sa\.|\/sa-|\/sa_|\/sa\./i;

// HINT tries its fifty alternatives at every position (about 9 ns a character: 0.6 µs for a long
// build path, and this runs for every path-like argument). A necessary condition first: a match
// starts with the first three characters of an alternative, so a text holding none of those
// three-character sequences (ASCII letters lower-cased; HINT is ASCII, and under /i without u no
// other character matches an ASCII one) cannot match. The sequences are hashed into a small table:
// collisions only send more texts on to the regex. Derived from HINT itself. 8 KB, not 64: the
// table is read at every character of every path-like argument, and a table that stays in the
// first-level cache between calls is what keeps this cheap on varied input.
const HINT_TABLE = new Uint8Array(1 << 13);
const trigram = (a: number, b: number, c: number): number => (a * 16_129 + b * 127 + c) & 0x1fff;
// At a hit, the literal start of each alternative with that hash is compared as well: `ser`
// (service_account) and `ter` (terraform) are in most monorepo paths (`packages/server`), and
// each such hit ran the regex for nothing.
const HINT_PREFIXES = new Map<number, string[]>();
let hintTableUsable = true;
for (const alt of HINT.source.split('|')) {
  const lit = alt.replace(/\\/g, '').toLowerCase();
  if (lit.length < 3 || /[[\](){}?*+^$.|]/.test(alt.replace(/\\./g, 'x').slice(0, 3))) hintTableUsable = false;
  else {
    const h = trigram(lit.charCodeAt(0), lit.charCodeAt(1), lit.charCodeAt(2));
    HINT_TABLE[h] = 1;
    const list = HINT_PREFIXES.get(h) ?? [];
    list.push(literalStart(alt));
    HINT_PREFIXES.set(h, list);
  }
}

/** The characters every match of the regex alternative `alt` starts with (lower-cased): up to its first operator. */
function literalStart(alt: string): string {
  let out = '';
  for (let i = 0; i < alt.length; i++) {
    let ch = alt[i];
    if (ch === '\\') ch = alt[++i] ?? '';
    else if ('[](){}?*+^$.|'.includes(ch)) break;
    // A character a quantifier follows may be absent (or repeated): the literal start ends before it.
    const next = alt[i + 1];
    if (next !== undefined && '?*{+'.includes(next)) break;
    out += ch.toLowerCase();
  }
  return out;
}

/** True when one of the literal starts with hash `h` is at `start` of `raw` (ASCII letters in any case). */
function literalAt(raw: string, start: number, h: number): boolean {
  for (const lit of HINT_PREFIXES.get(h)!) {
    if (lit.length < 3) return true; // nothing more to compare than the three characters hashed
    if (start + lit.length > raw.length) continue;
    let k = 0;
    for (; k < lit.length; k++) {
      let c = raw.charCodeAt(start + k);
      if (c >= 65 && c <= 90) c += 32;
      if (c !== lit.charCodeAt(k)) break;
    }
    if (k === lit.length) return true;
  }
  return false;
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
    if (a >= 0) {
      const h = trigram(a, b, c);
      if (HINT_TABLE[h] === 1 && literalAt(raw, i - 2, h)) return true;
    }
    a = b;
    b = c;
  }
  return false;
}

const CREDENTIAL_DIRS = new Set(['.ssh', '.gnupg', '.aws', '.kube', '.docker', '.config', '.azure', '.gcloud']);
// Where projects live: relative to the working directory, or under a home directory.
const IN_PROJECT_SPACE = /^(?:[^/~]|~\/|\/home\/|\/users\/)/;
// File names of keys and keystores (the kinds below judged by name).
const KEY_NAME = /^id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?$|\.(?:pem|key|ppk|p12|pfx|jks|keystore)$/;

export function credentialRisk(raw: string): CredentialRisk | null {
  if (raw.length < 2 || raw.length > 4096 || !mayMatchHint(raw) || !HINT.test(raw)) return null;
  const p = normalizePath(raw);
  const lower = p.toLowerCase();
  const segs = segments(lower);
  const base = segs[segs.length - 1] ?? '';
  if (base.endsWith('.pub')) return null;
  // A key kept with a project's tests (`tests/fixtures/jwt/private_test_key.pem`) is test data,
  // committed with the code the agent already reads; a `..` or a credential directory on the way
  // (`tests/../../.ssh/id_rsa`) is not, nor a system directory that happens to be called so.
  if (KEY_NAME.test(base) && IN_PROJECT_SPACE.test(lower) && inTestTree(segs.slice(0, -1)) && !segs.some((s) => s === '..' || CREDENTIAL_DIRS.has(s))) return null;
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
    // An agent's own MCP server configuration (`~/.cursor/mcp.json`, `~/.codeium/windsurf/mcp_config.json`,
    // `~/.gemini/antigravity/mcp_config.json`, Claude Desktop's config): its `env` blocks usually
    // carry the servers' API tokens. In a dot directory or the application-data folders of home, not a project's.
    if (MCP_CONFIG_NAMES.has(base) && /^(?:\.|library\/application support\/|appdata\/)/.test(rest)) {
      return { severity: 'medium', label: `the MCP server configuration ${p}, whose env blocks usually hold API tokens`, kind: 'agent_mcp_config' };
    }
  }
  // Dotfiles that hold a login wherever they are (another user's home, a server's data directory:
  // `pg_read_file('/var/lib/postgresql/.pgpass')`).
  const anywhere = LOGIN_DOTFILES[base];
  if (anywhere && !lower.startsWith('~/')) return { severity: anywhere[0], label: `${anywhere[1]} (${p})`, kind: anywhere[2] };
  const sys = SYSTEM[lower];
  if (sys) return { severity: sys[0], label: sys[1], kind: sys[2] };
  // Secrets mounted into a container or pod: Docker's and Compose's `/run/secrets/NAME`, a
  // Kubernetes service account's token (`/var/run/secrets/kubernetes.io/serviceaccount/token`).
  // The account's CA certificate and namespace name are not secret.
  if (/^\/(?:var\/)?run\/secrets\/./.test(lower) && base !== 'ca.crt' && base !== 'namespace') return { severity: 'high', label: `the secret mounted into the container at ${p}`, kind: 'container_secret' };
  if (/^\/proc\/(?:self|\d+|\$.*|\*)\/(?:environ|mem)$/.test(lower)) return { severity: 'high', label: 'another process environment or memory', kind: 'process_memory' };
  if (base.endsWith('.keychain') || base.endsWith('.keychain-db')) return { severity: 'critical', label: `the keychain ${p}`, kind: 'keychain' };
  if (BROWSER_FILE.test(base) && BROWSER_DIR.test(lower)) return { severity: 'critical', label: `a browser cookie or password store (${p})`, kind: 'browser_store' };
  // Chromium and Electron apps (Discord, Slack, Teams) keep session tokens in Local Storage's LevelDB files.
  if (lower.includes('/local storage/leveldb/') && BROWSER_DIR.test(lower)) return { severity: 'critical', label: `a browser or chat app's session token store (${p})`, kind: 'browser_store' };
  // VS Code and its forks (Cursor, Windsurf, VSCodium) keep extension logins (GitHub, Azure,
  // Copilot) in the global state database's secret entries.
  if ((base === 'state.vscdb' || base === 'state.vscdb.backup') && lower.includes('/globalstorage/')) return { severity: 'high', label: `the editor's global state database (${p}), which holds extension login tokens`, kind: 'app_token_store' };
  if (base === '.env' || base === '.envrc' || (base.startsWith('.env.') && !ENV_TEMPLATE.test(base)) || (/^[a-z0-9_-]+\.env$/.test(base) && !ENV_TEMPLATE.test(base))) {
    return { severity: 'high', label: `the environment file ${p}, which usually holds real secrets`, kind: 'env_file' };
  }
  if (base.endsWith('.kdbx') || base.endsWith('.kdb') || base.endsWith('.psafe3')) return { severity: 'high', label: `the password database ${p}`, kind: 'password_store' };
  if (/\.(?:p12|pfx|jks|keystore)$/.test(base) || /(?:^|[._-])(?:private|priv)[._-]?key\.pem$|^key\.pem$|-key\.pem$|_key\.pem$|^[a-z0-9_.-]+\.key$/.test(base)) {
    return { severity: 'high', label: `the private key or keystore ${p}`, kind: 'key_file' };
  }
  // A service-account key named by the usual abbreviation (`gcp-sa-prod.json`, `ci_sa.json`), where
  // the path also says key, secret or cloud: `sa-east-1.json` (an AWS region) alone is not one.
  const saKey = base.endsWith('.json') && /(?:^|[-_])sa(?:[-_.])/.test(base) && /secret|key|cred|gcp|gcloud|google|iam/.test(lower);
  if (/^(?:credentials|service[-_]account[a-z0-9_-]*|[a-z0-9_-]+-credentials|client_secret[a-z0-9_.-]*)\.json$/.test(base) || base === 'terraform.tfstate' || saKey) {
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

/**
 * The concrete files a glob is tried against: one of each kind credentialRisk knows, in home and
 * on the system, spelled as they are on disk, and each credential directory itself (a glob over
 * `~/.ss?` reaches the directory as `ls ~/.ssh` would).
 */
const SECRET_PATHS: readonly string[] = [
  ...['id_rsa', 'id_ed25519', 'id_ecdsa', 'id_dsa', 'id_ed25519_sk', 'id_ecdsa_sk', 'deploy_key.pem'].map((k) => `~/.ssh/${k}`),
  ...Object.keys(EXACT_HOME).map((k) => `~/${k}`),
  ...Object.keys(HOME_DIRS).filter((k) => k !== 'library/keychains').map((k) => `~/${k}`),
  '~/Library/Keychains', '~/Library/Keychains/login.keychain-db', '~/.local/share/keyrings/login.keyring',
  '~/.gnupg/private-keys-v1.d', '~/.gnupg/private-keys-v1.d/key.key', '~/.gnupg/secring.gpg', '~/.password-store/entry.gpg',
  '~/.aws/sso/cache/token.json', '~/.config/gcloud/legacy_credentials/user/adc.json',
  ...Object.keys(SYSTEM),
  ...['rsa', 'ecdsa', 'ed25519', 'dsa'].map((k) => `/etc/ssh/ssh_host_${k}_key`),
];
// Probed inside the glob's own directory, wherever that is.
const LOCAL_SECRET_NAMES = ['.env', '.env.production', '.envrc', 'production.env', 'id_rsa', 'id_ed25519', 'server.key', 'private-key.pem', 'credentials.json', 'service-account.json', 'terraform.tfstate', 'keystore.jks'];

/** `*`, `?`, `[` or `{` anywhere (a character loop: this runs for every path-like argument). */
function hasGlobChar(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 42 || c === 63 || c === 91 || c === 123) return true;
  }
  return false;
}

/**
 * A glob as the shell expands it, as an anchored case-insensitive regex over a normalised path:
 * `*` and `?` never cross a `/` nor match a leading dot unless the pattern spells it, `**` spans
 * directories, `[…]`/`[!…]` are classes, `{a,b}` alternatives. Null when it does not parse.
 */
function globRegex(p: string): RegExp | null {
  let src = '';
  const segs = p.split('/');
  for (let k = 0; k < segs.length; k++) {
    const seg = segs[k];
    if (k > 0 && segs[k - 1] !== '**') src += '/';
    if (seg === '**') {
      // Any number of directories, none included: `**/.env` matches `.env` too.
      src += k < segs.length - 1 ? '(?:[^/]+/)*' : '.*';
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

/** Absolute paths whose globs can reach a secret path: home directories, /etc, /Library, a wildcard at the top. */
const GLOB_ROOTS = /^\/(?:home|Users|root|var\/root|etc|Library|[*?[{])/i;
const globMemo = new Map<string, CredentialRisk | null>();

/** The worst secret among `probes` that `re` matches. */
function worstMatch(re: RegExp, probes: readonly string[]): CredentialRisk | null {
  let best: CredentialRisk | null = null;
  for (const probe of probes) {
    if (!re.test(probe)) continue;
    const risk = credentialRisk(probe);
    if (risk && (!best || severityRank(risk.severity) > severityRank(best.severity))) best = risk;
  }
  return best;
}

/**
 * The worst secret a glob can expand to. Home, /etc and top-level globs are tried against every
 * secret path there; any glob whose last segment names something (`config/*.key`, `.env*`) also
 * against the secret file names in its own directory. A glob that names no file
 * (`~/.ssh/*`) stands for its whole directory.
 */
function globCredentialRisk(pattern: string): CredentialRisk | null {
  const hit = globMemo.get(pattern);
  if (hit !== undefined) return hit;
  const found = judgeGlob(pattern);
  if (globMemo.size >= 1024) globMemo.clear();
  globMemo.set(pattern, found);
  return found;
}

function judgeGlob(pattern: string): CredentialRisk | null {
  const p = normalizePath(pattern);
  const lower = p.toLowerCase();
  if (lower.endsWith('.pub')) return null;
  const re = globRegex(p);
  if (!re) return null;
  if ((lower.startsWith('~/') || (lower.startsWith('/') && GLOB_ROOTS.test(p))) && pattern.length <= 512) {
    const home = worstMatch(re, SECRET_PATHS);
    if (home) return { ...home, label: `${home.label}, which the glob ${pattern} matches` };
  }
  let first = 0;
  while (first < lower.length && !'*?[{'.includes(lower[first])) first++;
  const dir = lower.slice(0, Math.max(0, lower.lastIndexOf('/', first)));
  // A last segment of wildcards only (`config/*`) says nothing about which files it wants: the
  // names of secret files are not probed for it in any directory.
  const last = lower.slice(lower.lastIndexOf('/') + 1);
  const literalLast = /[^*?[\]]/.test(last.replace(/\[[^\]]*\]/g, ''));
  const local = literalLast ? worstMatch(re, LOCAL_SECRET_NAMES.map((f) => (dir ? `${dir}/${f}` : f))) : null;
  if (local) return { ...local, label: `the files the glob ${pattern} matches, among them ${local.label}` };
  const inside = dir && !literalLast ? credentialRisk(dir) : null;
  return inside ? { ...inside, label: `${inside.label} (every file the glob ${pattern} matches)` } : null;
}

/**
 * Credential risk of reading what `pattern` names, when it may be a glob: a read tool given
 * `~/.ssh/*` or a list of globs reads every file they expand to. Plain paths are judged as
 * credentialRisk judges them; a glob is tried against one file of each credential kind in home
 * and in the glob's own directory, and a glob over a credential directory counts as that directory.
 */
export function credentialRiskOfPattern(pattern: string): CredentialRisk | null {
  // The path as written first: `~/.mozilla/firefox/*.default/logins.json` names its file outright.
  const literal = credentialRisk(pattern);
  if (literal || !hasGlobChar(pattern) || pattern.length > 1024) return literal;
  return globCredentialRisk(pattern);
}


/**
 * Directories that hold credential stores among everything else: home, ~/.config (gh, gcloud,
 * 1Password, rclone logins), the application-data folders (editor and browser token stores).
 * Reading one file there is ordinary; sending the whole tree away or searching it for passwords
 * reaches every store at once.
 */
const CREDENTIAL_ROOTS: Record<string, string> = {
  '~': 'the home directory (the SSH keys and cloud credentials are there)',
  '~/.config': '~/.config (the gh, gcloud, 1Password and rclone logins are there)',
  '~/.local/share': '~/.local/share (the keyrings and application tokens are there)',
  '~/library': '~/Library (the keychains and application tokens are there)',
  '~/library/application support': '~/Library/Application Support (the editor and browser token stores are there)',
  '~/appdata': '~/AppData (the credential manager data and application tokens are there)',
  '~/appdata/roaming': '~/AppData/Roaming (the editor and browser token stores are there)',
  '~/appdata/local': '~/AppData/Local (the browser and application token stores are there)',
};

/** The credential root `raw` names (itself, or its every entry: `~/*`, `~/.config/`), with its label; null otherwise. */
export function credentialRoot(raw: string): string | null {
  if (raw.length > 256) return null;
  const c = raw.charCodeAt(0);
  // Every home spelling starts with one of these: `~`, `$HOME`, `%USERPROFILE%`, `/home/u`, `C:\Users\u`.
  if (c !== 126 && c !== 36 && c !== 37 && c !== 47 && !/^[A-Za-z]:/.test(raw)) return null;
  let p = normalizePath(raw).toLowerCase();
  if (p.endsWith('/*') || p.endsWith('/.')) p = p.slice(0, -2);
  return CREDENTIAL_ROOTS[p] ?? null;
}

// The application-data roots, where programs keep settings and state files that hold their tokens.
const APP_DATA_ROOT = /^~\/(?:\.config|\.local\/share|library\/application support|appdata\/(?:roaming|local))\/[^/]+\/./;

/**
 * An application's own settings or state file (below an application-data root, one level in or
 * deeper: `~/.config/Code/User/settings.json`, `%APPDATA%\Windsurf\User\globalStorage\storage.json`);
 * null for anything else.
 */
export function appDataFile(raw: string): string | null {
  if (raw.length > 512) return null;
  const c = raw.charCodeAt(0);
  if (c !== 126 && c !== 36 && c !== 37 && c !== 47 && !/^[A-Za-z]:/.test(raw)) return null;
  const p = normalizePath(raw);
  return APP_DATA_ROOT.test(p.toLowerCase()) ? p : null;
}

// What a search for credentials looks for: the words secrets are stored under.
const SECRET_SEARCH = /passw|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_ -]?key|credential|bearer|auth_?key|BEGIN [A-Z ]*PRIVATE/i;

/** True when a search pattern looks for stored secrets (`password`, `api_key|token`). */
export function isSecretSearch(pattern: string): boolean {
  return pattern.length <= 1024 && SECRET_SEARCH.test(pattern);
}
