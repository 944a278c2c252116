// credential_access through secret managers and vaults: a command or MCP tool that prints a
// stored secret (`vault kv get`, `op read`, `aws secretsmanager get-secret-value`, `kubectl get
// secret -o yaml`, `pass show`, an MCP `vault-kv_get`) loads the credential into the agent's
// context as surely as `cat ~/.aws/credentials` does. Listing what a store holds (names,
// metadata) shows no secret and is left alone.
//
// One table: per program, which subcommands print secret values. Each entry reads the
// positional words (subcommand path) and the arguments; the reason names the store.
import type { SimpleCommand } from '../shell/types.js';
import type { Severity } from '../types.js';
import type { RuleContext } from './context.js';
import { hasLong, hasShort, optionValue, positionals } from './facts.js';

const CATEGORY = 'credential_access';

interface SecretRead {
  severity: Severity;
  /** What is printed, e.g. "a secret from HashiCorp Vault". */
  what: string;
}

type Reader = (pos: readonly string[], args: readonly string[], cmd: SimpleCommand) => SecretRead | null;

const high = (what: string): SecretRead => ({ severity: 'high', what });
const medium = (what: string): SecretRead => ({ severity: 'medium', what });

/** `-o yaml|json|jsonpath=…|go-template=…` (kubectl/oc output that includes `.data`). */
function k8sValueOutput(args: readonly string[]): boolean {
  const o = optionValue(args, ['-o', '--output']) ?? '';
  return /^(?:ya?ml|json|jsonpath|go-template|template|custom-columns)/i.test(o) && !metadataOnly(o);
}

// Field paths a secret's listing may print: its name, namespace, labels, type, kind, age. Not the
// annotations or the whole metadata: kubectl.kubernetes.io/last-applied-configuration holds the
// applied manifest, data included.
const K8S_META_PATH = /^(?:\.items(?:\[[^\]]*\])?)?\.(?:metadata\.(?:name|namespace|labels|creationTimestamp|uid|resourceVersion|ownerReferences|generation|finalizers|deletionTimestamp)|type|kind|apiVersion)(?:$|[.[])/;

/**
 * `-o jsonpath='{.metadata.labels}'`, `-o custom-columns=NAME:.metadata.name,TYPE:.type`,
 * `-o go-template='{{range .items}}{{.metadata.name}}{{end}}'`: a template whose every field path
 * is the secret's name, labels or type prints no value. Any `data`/`stringData`, a whole object
 * (`{@}`, `{.}`, `{{.}}`, `.items[*]` alone), recursive descent (`..`), variables or helpers
 * (`index`, `json`, `template`) are judged as value output.
 */
function metadataOnly(output: string): boolean {
  const eq = output.indexOf('=');
  if (eq < 0 || !/^(?:jsonpath|go-template|template|custom-columns)/i.test(output)) return false;
  const expr = output.slice(eq + 1).replace(/(range\s+)\.items(?:\[[^\]]*\])?/g, '$1');
  if (/(?:^|[^a-z])(?:string)?data|\.\.|\$|@|\b(?:index|json|print[fl]?n?|template|with|define|block|base64)|\{\s*\.?\s*\}|(?:^|[\s({])\.(?=[\s})]|$)/i.test(expr)) return false;
  const paths = expr.match(/(?:\.[A-Za-z_][\w-]*|\[[^\]]*\])+/g);
  return paths !== null && paths.every((p) => K8S_META_PATH.test(p));
}

// Written to a file rather than printed: the secret lands on disk, not in the agent's context.
function toFile(cmd: SimpleCommand, args: readonly string[]): boolean {
  return cmd.redirects.some((r) => r.op === '>' || r.op === '>>' || r.op === '>|') || hasLong(args, '--output', '--output-file', '--out-file') || args.includes('-i') || args.includes('--in-place');
}

const SECRET_NAME = /pass(?:word|wd)?|secret|token|api[-_]?key|private[-_]?key|credential/i;

const PASS_COMMANDS = new Set(['ls', 'list', 'find', 'search', 'grep', 'insert', 'add', 'edit', 'generate', 'rm', 'remove', 'delete', 'mv', 'rename', 'cp', 'copy', 'git', 'init', 'help', 'version', 'sync', 'setup', 'config', 'recipients', 'mounts', 'templates', 'fsck', 'audit']);

const READERS: Record<string, Reader> = {
  vault: (pos) => {
    if (pos[0] === 'read' && !/^(?:sys|auth)\//.test(pos[1] ?? '')) return high('a secret from HashiCorp Vault');
    if (pos[0] === 'kv' && pos[1] === 'get') return high('a secret from HashiCorp Vault');
    if (pos[0] === 'print' && pos[1] === 'token') return high('the HashiCorp Vault token');
    if (pos[0] === 'token' && pos[1] === 'create') return high('a new HashiCorp Vault token');
    return null;
  },
  op: (pos, args) => {
    if (pos[0] === 'read') return high('a secret from 1Password');
    if (pos[0] === 'document' && pos[1] === 'get') return high('a document from 1Password');
    if (pos[0] === 'item' && pos[1] === 'get') {
      const revealed = hasLong(args, '--reveal') || hasLong(args, '--fields') || /json/i.test(optionValue(args, ['--format']) ?? '') || hasLong(args, '--otp');
      return revealed ? high('an item\'s secret fields from 1Password') : medium('a 1Password item (secret fields concealed unless revealed)');
    }
    return null;
  },
  aws: (pos, args) => {
    if (pos[0] === 'secretsmanager' && /^(?:batch-)?get-secret-value$/.test(pos[1] ?? '')) return high('a secret from AWS Secrets Manager');
    if (pos[0] === 'ssm' && /^get-parameters?(?:-by-path)?$/.test(pos[1] ?? '') && hasLong(args, '--with-decryption')) return high('decrypted SSM SecureString parameters');
    return null;
  },
  gcloud: (pos) => (pos[0] === 'secrets' && pos[1] === 'versions' && pos[2] === 'access' ? high('a secret from Google Secret Manager') : null),
  az: (pos) => (pos[0] === 'keyvault' && /^(?:secret|key|certificate)$/.test(pos[1] ?? '') && /^(?:show|download)$/.test(pos[2] ?? '') && (pos[1] === 'secret' || pos[2] === 'download') ? high('a secret from Azure Key Vault') : null),
  doppler: (pos, args) => {
    if (pos[0] !== 'secrets') return null;
    if (hasLong(args, '--only-names')) return null;
    if (pos[1] === undefined || /^(?:get|download)$/.test(pos[1])) return high('secrets from Doppler');
    return null;
  },
  infisical: (pos) => {
    if (pos[0] === 'export') return high('every secret of an Infisical environment');
    if (pos[0] === 'secrets' && (pos[1] === undefined || pos[1] === 'get')) return high('secrets from Infisical');
    return null;
  },
  bw: (pos) => {
    if (pos[0] === 'export') return { severity: 'critical', what: 'the whole Bitwarden vault' };
    if (pos[0] === 'get' && /^(?:password|item|notes|totp|attachment|exposed)$/.test(pos[1] ?? '')) return high(`a ${pos[1]} from Bitwarden`);
    if (pos[0] === 'list' && pos[1] === 'items') return high('every Bitwarden login with its password');
    return null;
  },
  lpass: (pos) => (pos[0] === 'show' ? high('a secret from LastPass') : pos[0] === 'export' ? { severity: 'critical', what: 'the whole LastPass vault' } : null),
  pass: (pos) => (pos[0] === 'show' || pos[0] === 'otp' || (pos.length > 0 && !PASS_COMMANDS.has(pos[0])) ? high('an entry of the pass password store') : null),
  gopass: (pos) => (/^(?:show|cat|otp)$/.test(pos[0] ?? '') ? high('an entry of the gopass password store') : null),
  chamber: (pos) => (/^(?:read|export)$/.test(pos[0] ?? '') ? high('secrets from chamber (SSM Parameter Store)') : null),
  sops: (pos, args, cmd) => ((hasShort(args, 'd') || hasLong(args, '--decrypt') || pos[0] === 'decrypt') && !toFile(cmd, args) ? high('a SOPS-encrypted file, decrypted') : null),
  kubectl: (pos, args) => (pos[0] === 'create' && pos[1] === 'token' ? high('a new Kubernetes service-account token') : pos[0] === 'get' && /(?:^|,)secrets?(?:\/[^,]+)?(?:,|$)/.test(pos[1] ?? '') && k8sValueOutput(args) ? high('Kubernetes secret data') : pos[0] === 'view-secret' ? high('Kubernetes secret data') : null),
  berglas: (pos) => (pos[0] === 'access' ? high('a secret from berglas') : null),
  credstash: (pos) => (/^(?:get|getall)$/.test(pos[0] ?? '') ? high('secrets from credstash') : null),
  akeyless: (pos) => (/^get-(?:secret-value|rotated-secret-value|dynamic-secret-value)$/.test(pos[0] ?? '') ? high('a secret from Akeyless') : null),
  conjur: (pos) => (pos[0] === 'variable' && /^(?:get|value)$/.test(pos[1] ?? '') ? high('a secret from Conjur') : null),
  keyring: (pos) => (pos[0] === 'get' ? high('a password from the system keyring') : null),
  heroku: (pos) => {
    if (pos[0] === 'config' || pos[0] === 'config:get') return medium('Heroku config vars, which hold the app\'s secrets');
    // The account's API token (what ~/.netrc holds for api.heroku.com), or a new one minted and shown.
    if (pos[0] === 'auth:token') return high('the Heroku API token');
    if (pos[0] === 'authorizations:create') return high('a new Heroku API token');
    return null;
  },
  // Hosting CLIs that print their login token on request: the token deploys, reads and deletes as the account.
  fly: flyToken,
  flyctl: flyToken,
  firebase: (pos) => (pos[0] === 'login:ci' ? high('a new Firebase CI token') : null),
  wrangler: (pos) => (pos[0] === 'auth' && pos[1] === 'token' ? high('the Cloudflare Wrangler API token') : null),
  npm: (pos) => (pos[0] === 'token' && pos[1] === 'create' ? high('a new npm publish token') : null),
  stripe: (pos, args) => (pos[0] === 'config' && args.includes('--list') ? high('the Stripe CLI configuration with its API keys') : null),
  scw: (pos) => (pos[0] === 'secret' && pos[1] === 'version' && pos[2] === 'access' ? high('a secret from Scaleway Secret Manager') : null),
  oci: (pos) => (pos[0] === 'secrets' && pos[1] === 'secret-bundle' && pos[2] === 'get' ? high('a secret from OCI Vault') : null),
  // `terraform output` redacts sensitive outputs; `-raw NAME` and `-json` print them in clear.
  // Written to a file (`-json > out.json`) they stay on disk; printed, a secret-named output or a
  // filter that picks a secret field (`| jq '.db_password.value'`) loads it into the context.
  terraform: (pos, args, cmd) => {
    if (pos[0] !== 'output' || !(args.includes('-raw') || args.includes('-json') || args.includes('--raw') || args.includes('--json')) || toFile(cmd, args)) return null;
    const later = cmd.pipeline.stages.slice(cmd.stage + 1).flat();
    if (pos.slice(1).some((p) => SECRET_NAME.test(p)) || later.some((c) => c.args.some((a) => SECRET_NAME.test(a)))) return high('sensitive Terraform outputs in clear');
    return null;
  },
  // `view` prints the decrypted vault; `decrypt` rewrites the file in place unless `--output -`.
  'ansible-vault': (pos, args) => (pos[0] === 'view' || (pos[0] === 'decrypt' && (optionValue(args, ['--output']) === '-' || args.includes('--output=-'))) ? high('an Ansible Vault file, decrypted') : null),
  hcp: (pos) => (pos[0] === 'vault-secrets' && pos[1] === 'secrets' && pos[2] === 'open' ? high('a secret from HCP Vault Secrets') : null),
};
// Windows keeps credentials where no file path rule looks: the SAM/SECURITY/SYSTEM registry hives
// (local password hashes, LSA secrets, the boot key that decrypts them), DPAPI blobs under
// %APPDATA%\Microsoft\Credentials and the master keys under ...\Protect, and the passwords PuTTY,
// WinSCP and other clients save in HKCU. Registry and path spellings vary (HKLM\, HKLM:\,
// HKEY_LOCAL_MACHINE\, forward slashes), so the words are lower-cased and tested once.
const WIN_HIVE = /^(?:hklm|hkey_local_machine):?[\\/](?:sam|security|system)$/;
const WIN_STORE = /(?:^|[\\/])microsoft[\\/](?:credentials|protect|vault)(?:$|[\\/])|simontatham[\\/]putty|martin prikryl[\\/]winscp|(?:^|[\\/])winscp\.ini$|[\\/]mobaxterm[\\/]|(?:^|[\\/])filezilla[\\/](?:sitemanager|recentservers)\.xml$/;

function windowsStore(args: readonly string[]): string | null {
  for (const a of args) {
    const l = a.toLowerCase();
    if (l.includes('microsoft') && /microsoft[\\/]protect/.test(l)) return 'DPAPI master keys (which decrypt every saved Windows credential)';
    if (WIN_STORE.test(l)) return l.includes('microsoft') ? 'saved Windows credentials (DPAPI credential files)' : 'passwords saved by an SSH/SFTP client';
  }
  return null;
}

/** PowerShell and cmd readers of a file or registry key: they print what the store holds. */
const windowsReader: Reader = (_pos, args) => {
  const what = windowsStore(args);
  return what ? high(what) : null;
};

const WINDOWS_READERS: Record<string, Reader> = Object.fromEntries(
  ['get-childitem', 'gci', 'get-content', 'gc', 'get-item', 'gi', 'get-itemproperty', 'gp', 'get-itempropertyvalue', 'copy-item', 'type', 'dir', 'powershell', 'pwsh'].map((n) => [n, windowsReader]),
);

/** Any word of the pipeline `cmd` is in matches `re` (PowerShell method calls land in later stages: `| % { $_.RetrievePassword() }`). */
function pipelineSays(cmd: SimpleCommand | undefined, re: RegExp): boolean {
  if (!cmd) return false;
  for (const stage of cmd.pipeline.stages) for (const c of stage) for (const w of c.argv) if (re.test(w.text)) return true;
  return false;
}
// `$_.RetrievePassword()` on PasswordVault entries, `$_.GetNetworkCredential().Password` on saved PSCredentials.
const PS_PASSWORD_CALL = /\.RetrievePassword\b|\.GetNetworkCredential\(\)\.Password\b/i;
const PS_REVEAL = /RetrievePassword|RetrieveAll|FindAllBy(?:Resource|UserName)|GetNetworkCredential|AsPlainText|PtrToString\w*|SecureStringToBSTR/i;

Object.assign(READERS, WINDOWS_READERS, {
  // The Windows PasswordVault (WinRT), read through PowerShell: `RetrieveAll()` then `RetrievePassword()` shows every saved password.
  // (Opening the vault is how it is read; a PowerShell line the shell grammar splits may lose the method calls, so without them it is warned.)
  'new-object': (pos: readonly string[], _args: readonly string[], cmd?: SimpleCommand) => (!/PasswordVault$/i.test(pos[0] ?? '') ? null : pipelineSays(cmd, PS_REVEAL) ? high('the passwords saved in the Windows PasswordVault') : medium('the Windows PasswordVault, which holds saved passwords')),
  // The CredentialManager and SecretManagement modules: a saved credential, in clear once asked for.
  // A script block that asks a saved credential for its password (`% { $_.RetrievePassword() }` on
  // PasswordVault entries), wherever the line's grammar left the vault itself.
  'foreach-object': (_pos: readonly string[], args: readonly string[]) => (args.some((a) => PS_PASSWORD_CALL.test(a)) ? high('the passwords of saved Windows credentials') : null),
  '%': (_pos: readonly string[], args: readonly string[]) => (args.some((a) => PS_PASSWORD_CALL.test(a)) ? high('the passwords of saved Windows credentials') : null),
  // A PSCredential saved with Export-Clixml (DPAPI-encrypted for this user), decrypted when its password is asked for.
  'import-clixml': (_pos: readonly string[], _args: readonly string[], cmd?: SimpleCommand) => (pipelineSays(cmd, PS_REVEAL) ? high('a saved PSCredential, decrypted') : null),
  'get-storedcredential': (_pos: readonly string[], _args: readonly string[], cmd?: SimpleCommand) => (pipelineSays(cmd, PS_REVEAL) ? high('a password saved in the Windows Credential Manager') : medium('a credential saved in the Windows Credential Manager')),
  'get-secret': (_pos: readonly string[], args: readonly string[], cmd?: SimpleCommand) => (args.some((a) => /^-asplaintext$/i.test(a)) || pipelineSays(cmd, PS_REVEAL) ? high('a secret from the PowerShell SecretManagement vault, in plain text') : medium('a secret from the PowerShell SecretManagement vault')),
  reg: (pos: readonly string[], args: readonly string[]) => {
    const verb = (pos[0] ?? '').toLowerCase();
    if (verb !== 'save' && verb !== 'export' && verb !== 'query' && verb !== 'copy') return null;
    const key = (pos[1] ?? '').toLowerCase();
    // Saving a hive copies it whole; querying SYSTEM (services, drivers) shows no secret.
    if (verb !== 'query' && WIN_HIVE.test(key)) return { severity: 'critical', what: `the ${key.split(/[\\/]/).pop()!.toUpperCase()} registry hive (local password hashes and the keys that decrypt them)` };
    const store = windowsStore(args);
    return store ? high(store) : null;
  },
  // Lists which saved Windows credentials exist (targets and user names), no password.
  cmdkey: (_pos: readonly string[], args: readonly string[]) => (args.some((a) => /^\/list/i.test(a)) ? medium('the saved Windows credentials (targets and user names)') : null),
  vaultcmd: (_pos: readonly string[], args: readonly string[]) => (args.some((a) => /^\/list(?:creds|properties)/i.test(a)) ? high('credentials from the Windows Vault') : null),
  rundll32: (_pos: readonly string[], args: readonly string[]) => (args.some((a) => /^keymgr(?:\.dll)?,\s*krshowkeymgr$/i.test(a)) ? medium('the Stored User Names and Passwords dialog, which can back up every saved credential') : null),
} satisfies Record<string, Reader>);

function flyToken(pos: readonly string[]): SecretRead | null {
  if (pos[0] === 'auth' && pos[1] === 'token') return high('the Fly.io API token');
  if (pos[0] === 'tokens' && /^(?:create|deploy)$/.test(pos[1] ?? '')) return high('a new Fly.io token');
  return null;
}

/** Program → reader; a Map so the look-up done for every command stays one hash probe. */
export const SECRET_READERS: ReadonlyMap<string, Reader> = new Map([...Object.entries(READERS), ['oc', READERS.kubectl]]);

// Options whose value is a separate word, so it is not taken for a subcommand.
const VALUE_OPTIONS: ReadonlySet<string> = new Set([
  '-n', '--namespace', '--context', '--kubeconfig', '--vault', '--account', '--session', '--profile', '--region', '--project',
  '--format', '--query', '-o', '--output', '--config', '--mount', '-address', '-namespace', '--secret-id', '--name', '--project-id',
  '--env', '--path', '-p', '-c', '--subscription', '--vault-name', '--fields', '--vault-password-file', '--vault-id', '-state', '--state',
]);

/** What `cmd` prints out of a secret store, if it prints a secret (also the producer exfiltration.ts follows down a pipeline). */
export function secretStoreRead(cmd: SimpleCommand): SecretRead | null {
  const reader = SECRET_READERS.get(cmd.name);
  return reader ? reader(positionals(cmd.args, VALUE_OPTIONS), cmd.args, cmd) : null;
}

export function inspectSecretStoreCommand(cmd: SimpleCommand, ctx: RuleContext): void {
  const read = secretStoreRead(cmd);
  if (read) ctx.emit({ patternName: `${CATEGORY}.secret_manager_read`, severity: read.severity, category: CATEGORY, layer: 'builtin', reason: `\`${cmd.name}\` prints ${read.what}; credentials must not be loaded into an agent's context.` });
}

// MCP tools: a secret store named by the server or tool, a verb that reads a value, no verb
// that only lists. Notes apps call their folders vaults (Obsidian): file and note tools are not secrets.
const MCP_STORE = /vault|secret|keyvault|hashicorp|akeyless|conjur|cyberark|1password|onepassword|bitwarden|doppler|infisical|lastpass|keeper|passbolt|password|credential|keychain|keyring|parameter[-_]?store|(?:^|[^a-z])ssm(?:$|[^a-z])/;
const MCP_READ_WORDS = new Set(['get', 'read', 'show', 'reveal', 'access', 'fetch', 'retrieve', 'view', 'export', 'decrypt', 'lookup', 'value', 'unseal', 'dump', 'copy']);
const MCP_LIST_WORDS = new Set(['list', 'search', 'find', 'names', 'metadata', 'describe', 'exists', 'count', 'status', 'health', 'mounts', 'policies', 'policy', 'create', 'put', 'write', 'set', 'update', 'delete', 'rotate', 'file', 'files', 'note', 'notes', 'page', 'obsidian', 'generate',
  'scanning', 'alert', 'alerts', 'strength', 'rotation', 'reset']);

// Reading a Secret object returns its data. (A list may return names only, as `kubectl get secrets` does: left alone.)
const K8S_READ_WORDS = new Set(['get', 'read', 'show', 'fetch', 'view', 'export', 'dump']);

function words(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

/** The secret an MCP tool call reads, judged by the server and tool names; null for other tools. */
export function mcpSecretRead(server: string, tool: string, args: Record<string, unknown>): string | null {
  const name = `${server}/${tool}`.toLowerCase();
  // A Kubernetes tool reading objects of kind Secret (`resources_get {kind: Secret}`): the data is the secret.
  const kind = args.kind ?? args.resource ?? args.resourceType ?? args.resource_type ?? args.type;
  if (typeof kind === 'string' && /^(?:v1\/)?secrets?$/i.test(kind) && /kube|k8s|openshift|cluster|resource/.test(name) && words(tool).some((w) => K8S_READ_WORDS.has(w))) {
    const obj = ['name', 'resourceName', 'resource_name', 'id'].map((k) => args[k]).find((v): v is string => typeof v === 'string');
    return obj ? `the Kubernetes Secret ${obj.slice(0, 120)}` : 'Kubernetes Secrets';
  }
  if (!MCP_STORE.test(name)) return null;
  const ws = [...words(server), ...words(tool)];
  if (ws.some((w) => MCP_LIST_WORDS.has(w)) || !words(tool).some((w) => MCP_READ_WORDS.has(w))) return null;
  const where = ['path', 'name', 'key', 'secret', 'secret_id', 'secretId', 'item', 'reference', 'ref', 'id'].map((k) => args[k]).find((v): v is string => typeof v === 'string');
  return where ? `the secret ${where.slice(0, 120)}` : 'a stored secret';
}

// Where people paste credentials: chat, mail, wikis, trackers, shared drives.
const MESSAGE_STORE = /slack|teams|discord|mattermost|rocket|notion|confluence|jira|linear|gmail|e?mail|outlook|gdrive|google_?drive|drive|sharepoint|onedrive|dropbox|zendesk|intercom|chat|message|inbox|wiki/;
const SEARCH_TOOL = /search|query|find|lookup/;
const QUERY_KEYS = ['query', 'q', 'search', 'search_query', 'searchQuery', 'text', 'keywords', 'terms', 'filter', 'jql', 'cql'];
const HUNTED = /\b(?:passwords?|passwd|pwd|api[ _-]?keys?|secrets?|tokens?|credentials?|creds|private[ _-]?keys?|ssh[ _-]?keys?|aws_secret\w*|AKIA|BEGIN [A-Z ]*PRIVATE)\b/i;
// The same words in a discussion of the feature, not a hunt for values.
const DISCUSSED = /\b(?:reset|forgot|forgotten|policy|policies|change|changed|expir\w*|rotat\w*|strength|manager|field|validation|hash\w*|requirements?|complexity|length|rules?|form|ui|flow|bug|issue|ticket|docs?|rfc|design|migration|refresh|leak\w*|incident|revok\w*)\b/i;

/**
 * A search of a message, mail or document store for pasted credentials (`search_messages {query:
 * "password in:#ops"}`, `search_emails {q: "api key"}`): it collects whatever people pasted there.
 * A search that discusses the feature ("password reset bug", "token rotation") is not this.
 */
export function mcpSecretHunt(server: string, tool: string, args: Record<string, unknown>): string | null {
  const name = `${server}/${tool}`.toLowerCase();
  if (!SEARCH_TOOL.test(tool.toLowerCase()) || !MESSAGE_STORE.test(name)) return null;
  for (const k of QUERY_KEYS) {
    const v = args[k];
    if (typeof v !== 'string' || v.length > 1024) continue;
    const m = HUNTED.exec(v);
    if (m && !DISCUSSED.test(v) && !/\bselect\b[\s\S]*\bfrom\b/i.test(v)) return v.slice(0, 80);
  }
  return null;
}
