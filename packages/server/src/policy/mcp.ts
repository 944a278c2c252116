import { publicPolicyDocument } from './rules/public-storage.js';

// MCP tool calls carry arbitrary arguments. This module reads them the way the built-in
// rules need: commands for tools that run shell, paths for file tools (read, write,
// delete), SQL for database tools, URLs, and the text of every string value.

export interface McpFacets {
  commands: string[];
  readPaths: string[];
  writes: { path: string; content?: string }[];
  deletePaths: string[];
  /** Local files the call sends away: uploads, attachments, files posted to a chat, mail or gist. */
  sendPaths: string[];
  deletes: boolean;
  sql: string[];
  urls: string[];
  text: string;
}

const SHELL_TOOL = /(?:^|[_-])(?:exec|execute|run|shell|bash|terminal|command|cmd|powershell|script|sh)(?:$|[_-])/;
const READ_TOOL = /read|get_file|view|open|cat|download|head|tail|search_files|grep/;
const WRITE_TOOL = /write|create|edit|update|append|save|put|upload|move|copy|rename|patch|replace|push_files|commit_files/;
// Tools that move a local file to somewhere else (Drive, Slack, mail, S3, a gist, a ticket).
// A comment or message tool's `path` is usually a file in the repository being discussed, so
// those send only what sits under an attachment key.
const SEND_TOOL = /upload|attach|share|publish|gist|transfer|put_object|put_file|send_(?:file|document|photo|media)/;
// Keys naming a file to be sent whatever the tool is called; and keys that name the local side of a
// transfer only when the tool sends (in a download tool `local_path` is where the file lands).
const ATTACH_KEYS = new Set(['attach_file', 'attach_files', 'attachment', 'attachments', 'attachment_path', 'attachment_paths', 'upload', 'upload_file', 'upload_path', 'file_to_upload']);
const LOCAL_KEYS = new Set(['local_path', 'localpath', 'local_file', 'localfile', 'source_path', 'sourcepath', 'file_path', 'filepath', 'path', 'paths', 'file', 'files', 'source', 'src', 'absolutepath', 'body_from_file', 'bodyfromfile', 'from_file', 'fromfile', 'input_file', 'inputfile', 'upload_from']);
// Tools that return file names, not contents: the names in ~/.ssh are no secret (as `ls ~/.ssh`).
export const LIST_TOOL = /^(?:list_(?:directory|directories|dir|files|directory_with_sizes)|directory_tree|ls|tree|glob|find_by_name|file_search|find_files)$/;
const DELETE_TOOL = /delete|remove|(?:^|_)rm(?:$|_)|unlink|drop|destroy|purge|truncate|wipe/;
// Tools that copy or move a file: their source is read, their destination written.
const COPY_TOOL = /copy|move|rename|(?:^|_)(?:cp|mv)(?:$|_)|duplicate/;
const SOURCE_KEYS = new Set(['source', 'src', 'source_path', 'sourcepath', 'from', 'from_path', 'frompath', 'old_path', 'oldpath']);
// Tools that return a file's size, dates and permissions, not its content (`stat ~/.ssh/id_rsa`).
const METADATA_TOOL = /^(?:get_file_info|file_info|get_file_metadata|file_metadata|stat|file_stat|file_exists|exists|path_exists)$/;
const COMMAND_KEYS = new Set(['command', 'cmd', 'commandline', 'command_line', 'shell_command', 'script', 'bash', 'commands']);
// A CLI passed through by name (`call_aws {cli_command}`, `kubectl_command`, `gcloud_cmd`): a command
// line too. SQL keys (`sql_command`) are SQL, judged below.
const CLI_COMMAND_KEY = /^(?!sql_)(?:[a-z0-9]+_)?(?:cli_)?(?:command|cmd)(?:_line)?$/;
// A database server's file (`sqlite read_query {db_path}`) is opened and read as the query runs.
const PATH_KEYS = new Set(['db_path', 'dbpath', 'database_path', 'db_file', 'sqlite_path', 'path', 'file_path', 'filepath', 'filename', 'file', 'source', 'src', 'source_path', 'sourcepath', 'from', 'from_path', 'old_path', 'target', 'destination', 'dest', 'directory', 'dir', 'paths', 'files', 'absolutepath', 'targetfile']);
const CONTENT_KEYS = new Set(['content', 'contents', 'text', 'body', 'data', 'new_string', 'newtext', 'new_text', 'file_text', 'code']);
const OBJECT_TOOL = /object|blob|s3|gcs|bucket|storage/;
const OBJECT_KEYS = new Set(['key', 'object_key', 'objectkey', 'object', 'object_name', 'objectname', 'blob', 'blob_name', 'blobname', 'prefix']);
const SQL_KEYS = new Set(['sql', 'query', 'statement', 'stmt', 'sql_query', 'sql_command', 'sql_statement']);
const URL_KEYS = new Set(['url', 'uri', 'href', 'endpoint', 'link']);
const MAX_TEXT = 100_000;

/** `kubectl_command: "delete ns prod"` is `kubectl delete ns prod`: the key names the program when the value leaves it out. */
function cliCommandLine(key: string, value: string): string {
  const program = /^([a-z0-9]+)_/.exec(key)?.[1];
  if (!program || program === 'cli' || program === 'shell' || program === 'run' || program === 'exec' || program === 'raw') return value;
  return value.trimStart().startsWith(program) ? value : `${program} ${value}`;
}

export function mcpFacets(toolName: string, args: Record<string, unknown>): McpFacets {
  const tool = toolName.toLowerCase();
  const f: McpFacets = { commands: [], readPaths: [], writes: [], deletePaths: [], sendPaths: [], deletes: DELETE_TOOL.test(tool), sql: [], urls: [], text: '' };
  const sends = SEND_TOOL.test(tool) && !DELETE_TOOL.test(tool);
  // An object store's object key is a file path in a bucket: `get_object {key: 'prod/.env'}` reads that file.
  const objects = OBJECT_TOOL.test(tool);
  const paths: string[] = [];
  // A copy or move tool's `source` is read (its content lands where the destination says); a move
  // also removes it, and in any other tool it is one more path of the call.
  const sources: string[] = [];
  let content: string | undefined;
  const texts: string[] = [];
  let budget = MAX_TEXT;
  // `attached`: the value sits under an attachment key (`attachments: [{ path }]`).
  const visit = (key: string, v: unknown, depth: number, attached = false) => {
    if (depth > 6 || budget <= 0) return;
    const k = key.toLowerCase();
    if (typeof v === 'string') {
      const s = v.length > budget ? v.slice(0, budget) : v;
      budget -= s.length;
      texts.push(s);
      if ((attached || ATTACH_KEYS.has(k) || (sends && LOCAL_KEYS.has(k))) && s.length > 1 && !/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) f.sendPaths.push(s);
      if (COMMAND_KEYS.has(k) || (k === 'args' && SHELL_TOOL.test(tool))) f.commands.push(s);
      else if (k.includes('c') && CLI_COMMAND_KEY.test(k)) f.commands.push(cliCommandLine(k, s));
      else if (PATH_KEYS.has(k) || (OBJECT_KEYS.has(k) && objects)) (SOURCE_KEYS.has(k) ? sources : paths).push(s);
      else if (CONTENT_KEYS.has(k)) content = content === undefined ? s : `${content}\n${s}`;
      else if (SQL_KEYS.has(k) && /\b(?:select|insert|update|delete|drop|alter|truncate|create|grant|copy|exec|execute)\b/i.test(s)) f.sql.push(s);
      else if (URL_KEYS.has(k)) f.urls.push(s);
    } else if (Array.isArray(v)) {
      if (key.toLowerCase() === 'args' && SHELL_TOOL.test(tool) && v.every((x) => typeof x === 'string')) f.commands.push(v.join(' '));
      for (const x of v.slice(0, 200)) visit(key, x, depth + 1, attached);
    } else if (v && typeof v === 'object') {
      // Inside an attachment object only its path-like keys name the file (`{ path, filename }`).
      const inner = attached || ATTACH_KEYS.has(k);
      for (const [ck, x] of Object.entries(v as Record<string, unknown>).slice(0, 200)) visit(ck, x, depth + 1, inner && LOCAL_KEYS.has(ck.toLowerCase()));
    }
  };
  for (const [k, v] of Object.entries(args)) visit(k, v, 0);
  if (f.commands.length === 0 && SHELL_TOOL.test(tool) && typeof args.input === 'string') f.commands.push(args.input);
  // A move also takes the source away from where it was: judged as written there too, as before.
  if (COPY_TOOL.test(tool) && !DELETE_TOOL.test(tool)) f.readPaths.push(...sources);
  if (!COPY_TOOL.test(tool) || /move|rename|(?:^|_)mv(?:$|_)/.test(tool)) paths.push(...sources);
  if (DELETE_TOOL.test(tool)) f.deletePaths.push(...paths);
  // An upload reads its local file; it writes nothing on this machine.
  else if (sends) f.readPaths.push(...paths);
  else if (WRITE_TOOL.test(tool)) for (const p of paths) f.writes.push({ path: p, content });
  else if (!LIST_TOOL.test(tool) && !METADATA_TOOL.test(tool) && (READ_TOOL.test(tool) || paths.length)) f.readPaths.push(...paths);
  f.text = texts.join('\n');
  return f;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const SAFE_WORD = /^[\w.:/@-]{1,256}$/;

/**
 * The command-line equivalent of an MCP deletion of a cloud, cluster or secret-store resource, so
 * that it is judged as the CLI would be (a namespace, a bucket emptied, a secret destroyed):
 * Kubernetes objects (`kind` + `name`), object-store keys and prefixes (`bucket` + `key`/`prefix`),
 * Vault-style secrets (a `mount` + `path`, or a secrets server). Null for anything else.
 */
export function mcpDeleteEquivalent(server: string, toolName: string, args: Record<string, unknown>): string | null {
  const tool = toolName.toLowerCase();
  if (!DELETE_TOOL.test(tool)) return null;
  const words = (...xs: (string | undefined)[]) => xs.every((x) => x === undefined || SAFE_WORD.test(x));
  const kind = str(args.kind) ?? str(args.resource_type) ?? str(args.resourceType) ?? str(args.type);
  const name = str(args.name) ?? str(args.resource_name) ?? str(args.resourceName);
  const ns = str(args.namespace);
  if (kind && name && (/k8s|kube|openshift|helm/i.test(`${server} ${tool}`) || str(args.apiVersion) || str(args.api_version))) {
    return words(kind, name, ns) ? `kubectl delete ${kind.toLowerCase()} ${name}${ns ? ` -n ${ns}` : ''}` : null;
  }
  const bucket = str(args.bucket) ?? str(args.bucket_name) ?? str(args.bucketName) ?? str(args.Bucket);
  if (bucket) {
    const key = str(args.key) ?? str(args.Key) ?? str(args.object) ?? str(args.prefix) ?? str(args.Prefix) ?? '';
    const recursive = args.recursive === true || args.all === true || /objects|prefix|bucket|empty|purge/.test(tool) && !str(args.key) && !str(args.Key);
    const scheme = /gcs|gcp|google/i.test(server) ? 'gs' : 's3';
    if (!words(bucket, key || undefined)) return null;
    const url = `${scheme}://${bucket}/${key.replace(/^\/+/, '')}`;
    return scheme === 'gs' ? `gsutil rm${recursive ? ' -r' : ''} ${url}` : `aws s3 rm ${url}${recursive ? ' --recursive' : ''}`;
  }
  const path = str(args.path) ?? str(args.secret_path) ?? str(args.secretPath) ?? str(args.name);
  if (path && (/vault|secret|kv/i.test(server) || str(args.mount))) {
    const full = `${str(args.mount) ? `${str(args.mount)}/` : ''}${path.replace(/^\/+/, '')}`;
    const destroy = args.destroy === true || args.versions === 'all' || /destroy|metadata|purge/.test(tool);
    return words(full) ? `vault kv ${destroy ? 'metadata delete' : 'delete'} ${full}` : null;
  }
  return null;
}

const GIT_REF_WORD = /^[\w./@{}~^:+-]{1,200}$/;
const truthy = (v: unknown): boolean => v === true || v === 'true' || v === 1;

/**
 * The git command line an MCP git tool's structured arguments amount to, when it is one that
 * can lose work or rewrite shared history (`git_push {branch: main, force: true}`,
 * `git_reset {mode: hard}`, `git_checkout {force: true}`, `git_clean {force: true}`,
 * `git_stash_drop`, `git_branch_delete {force: true}`), so that it is judged as that command
 * would be. Null for everything else (status, diff, log, a plain push).
 */
export function mcpGitEquivalent(server: string, toolName: string, args: Record<string, unknown>): string | null {
  const tool = toolName.toLowerCase();
  if (!/git/i.test(server) && !tool.startsWith('git')) return null;
  const op = tool.replace(/^git_?/, '');
  const word = (...keys: string[]): string | undefined => {
    for (const k of keys) {
      const v = str(args[k]);
      if (v !== undefined) return GIT_REF_WORD.test(v) ? v : undefined;
    }
    return undefined;
  };
  const force = truthy(args.force) || truthy(args.forced) || truthy(args.force_push) || truthy(args.forcePush);
  if (/^push$/.test(op)) {
    const lease = truthy(args.force_with_lease) || truthy(args.forceWithLease);
    if (!force && !lease) return null;
    const branch = word('branch', 'ref', 'refspec', 'remote_branch', 'remoteBranch');
    return `git push ${lease && !force ? '--force-with-lease' : '--force'} ${word('remote') ?? 'origin'}${branch ? ` ${branch}` : ''}`;
  }
  if (/^reset$/.test(op)) {
    const mode = (str(args.mode) ?? str(args.type) ?? (truthy(args.hard) ? 'hard' : '')).toLowerCase();
    return mode === 'hard' || mode === 'merge' ? `git reset --${mode}${word('target', 'commit', 'ref', 'revision') ? ` ${word('target', 'commit', 'ref', 'revision')}` : ''}` : null;
  }
  if (/^(?:checkout|switch)$/.test(op)) return force ? `git checkout -f ${word('branch_name', 'branch', 'ref', 'target') ?? 'HEAD'}` : null;
  if (/^clean$/.test(op)) return force ? `git clean -f${truthy(args.directories) || truthy(args.dirs) || truthy(args.d) ? 'd' : ''}${truthy(args.ignored) || truthy(args.x) ? 'x' : ''}` : null;
  if (/^stash_(?:drop|clear)$/.test(op)) return `git stash ${op.slice(6)}`;
  if (/^(?:branch_delete|delete_branch)$/.test(op)) return force ? `git branch -D ${word('branch_name', 'branch', 'name') ?? 'x'}` : null;
  // A Git host's API moves a branch too: `push_files`, `update_ref` or `update_branch` with force set
  // replaces the branch's history on the server as a forced push does (`heads/main` is `main`).
  if (force && /^(?:push_files|update_ref|update_reference|update_branch|create_or_update_ref|set_ref)$/.test(op)) {
    const ref = word('branch', 'ref', 'branch_name', 'name');
    return `git push --force origin ${ref ? ref.replace(/^(?:refs\/)?heads\//, '') : 'HEAD'}`;
  }
  return null;
}

/** `mcp__server__tool` (Claude/Codex), `mcp_server_tool` (Gemini) → server and tool. */
export function parseMcpToolName(name: string): { server: string; tool: string } | undefined {
  const m = /^mcp__(.+?)__(.+)$/.exec(name) ?? /^mcp_([^_]+)_(.+)$/.exec(name);
  return m ? { server: m[1], tool: m[2] } : undefined;
}

// Who a share or upload opens the object to: anyone with the link, the public, every signed-in user.
const AUDIENCE_KEYS = new Set(['type', 'role', 'access', 'audience', 'scope', 'grantee', 'link_sharing', 'linksharing', 'sharing', 'general_access', 'generalaccess', 'share_type', 'sharetype', 'permission', 'principal', 'member', 'entity', 'share_with', 'sharewith', 'shared_with', 'sharedwith', 'visible_to', 'visibleto']);
// A resource policy given as a document (`put_bucket_policy {policy: '{"Statement":[…]}'}`, an IAM
// binding list): judged by its statements, not its key names.
const POLICY_DOC_KEYS = new Set(['policy', 'policy_document', 'policydocument', 'bucket_policy', 'bucketpolicy', 'resource_policy', 'resourcepolicy', 'iam_policy', 'iampolicy', 'bindings']);
const PUBLIC_AUDIENCE = /^(?:anyone|anyonewithlink|anyone_with_link|anyone-with-link|public|everyone|allusers|allauthenticatedusers|world|internet)$/i;
const ACL_KEYS = new Set(['acl', 'canned_acl', 'cannedacl', 'object_acl', 'objectacl', 'predefinedacl', 'predefined_acl']);
const VISIBILITY_KEYS = new Set(['visibility', 'privacy', 'access_level', 'accesslevel']);
const PUBLIC_FLAGS = new Set(['public', 'is_public', 'ispublic', 'make_public', 'makepublic', 'publicly_accessible', 'anonymous']);
// Tools that bring new content into being: what they publish is in the call. Any other tool
// given a public audience opens something that already exists (a document, a repository).
export const CREATING_TOOL = /create|upload|put|add|new|gist|post|write|save|insert|send|paste/;
// Tools that change who can see an object (`create_permission` adds access to a file that exists).
export const PERMISSION_TOOL = /share|permission|acl|visibility|access|expose|make_public|policy|iam/;

/**
 * How the call opens what it writes or shares to everyone (`type: anyone`, `acl: public-read`,
 * `public: true`, `visibility: public`), as a phrase; undefined when it does not. Top-level
 * arguments and one level of nesting (`permission: { type: 'anyone' }`).
 */
export function publicExposure(args: Record<string, unknown>, depth = 0): string | undefined {
  for (const [key, v] of Object.entries(args).slice(0, 100)) {
    const k = key.toLowerCase();
    if (POLICY_DOC_KEYS.has(k)) {
      const who = publicPolicyDocument(v);
      if (who) return `${who} (${key})`;
      continue;
    }
    if (typeof v === 'string') {
      if (AUDIENCE_KEYS.has(k) && PUBLIC_AUDIENCE.test(v.replace(/[\s]/g, ''))) return `anyone (${key}: ${v})`;
      if (ACL_KEYS.has(k) && /^public-read/i.test(v)) return `anyone (${key}: ${v})`;
      if (VISIBILITY_KEYS.has(k) && /^public$/i.test(v)) return `the public (${key}: ${v})`;
    } else if (v === true && PUBLIC_FLAGS.has(k)) return `the public (${key}: true)`;
    else if (depth === 0 && v && typeof v === 'object' && !Array.isArray(v)) {
      const inner = publicExposure(v as Record<string, unknown>, 1);
      if (inner) return inner;
    }
  }
  return undefined;
}

