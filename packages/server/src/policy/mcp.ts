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
const WRITE_TOOL = /write|create|edit|update|append|save|put|upload|move|copy|rename|patch|replace/;
// Tools that move a local file to somewhere else (Drive, Slack, mail, S3, a gist, a ticket).
// A comment or message tool's `path` is usually a file in the repository being discussed, so
// those send only what sits under an attachment key.
const SEND_TOOL = /upload|attach|share|publish|gist|transfer|put_object|put_file|send_(?:file|document|photo|media)/;
// Keys naming a file to be sent whatever the tool is called; and keys that name the local side of a
// transfer only when the tool sends (in a download tool `local_path` is where the file lands).
const ATTACH_KEYS = new Set(['attach_file', 'attach_files', 'attachment', 'attachments', 'attachment_path', 'attachment_paths', 'upload', 'upload_file', 'upload_path', 'file_to_upload']);
const LOCAL_KEYS = new Set(['local_path', 'localpath', 'local_file', 'localfile', 'source_path', 'sourcepath', 'file_path', 'filepath', 'path', 'paths', 'file', 'files', 'source', 'src', 'absolutepath']);
// Tools that return file names, not contents: the names in ~/.ssh are no secret (as `ls ~/.ssh`).
export const LIST_TOOL = /^(?:list_(?:directory|directories|dir|files|directory_with_sizes)|directory_tree|ls|tree|glob|find_by_name|file_search|find_files)$/;
const DELETE_TOOL = /delete|remove|(?:^|_)rm(?:$|_)|unlink|drop|destroy|purge|truncate|wipe/;
const COMMAND_KEYS = new Set(['command', 'cmd', 'commandline', 'command_line', 'shell_command', 'script', 'bash']);
const PATH_KEYS = new Set(['path', 'file_path', 'filepath', 'filename', 'file', 'source', 'src', 'target', 'destination', 'dest', 'directory', 'dir', 'paths', 'files', 'absolutepath', 'targetfile']);
const CONTENT_KEYS = new Set(['content', 'contents', 'text', 'body', 'data', 'new_string', 'newtext', 'new_text', 'file_text', 'code']);
const OBJECT_TOOL = /object|blob|s3|gcs|bucket|storage/;
const OBJECT_KEYS = new Set(['key', 'object_key', 'objectkey', 'object', 'object_name', 'objectname', 'blob', 'blob_name', 'blobname', 'prefix']);
const SQL_KEYS = new Set(['sql', 'query', 'statement', 'stmt', 'sql_query']);
const URL_KEYS = new Set(['url', 'uri', 'href', 'endpoint', 'link']);
const MAX_TEXT = 100_000;

export function mcpFacets(toolName: string, args: Record<string, unknown>): McpFacets {
  const tool = toolName.toLowerCase();
  const f: McpFacets = { commands: [], readPaths: [], writes: [], deletePaths: [], sendPaths: [], deletes: DELETE_TOOL.test(tool), sql: [], urls: [], text: '' };
  const sends = SEND_TOOL.test(tool) && !DELETE_TOOL.test(tool);
  // An object store's object key is a file path in a bucket: `get_object {key: 'prod/.env'}` reads that file.
  const objects = OBJECT_TOOL.test(tool);
  const paths: string[] = [];
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
      else if (PATH_KEYS.has(k) || (OBJECT_KEYS.has(k) && objects)) paths.push(s);
      else if (CONTENT_KEYS.has(k)) content = content === undefined ? s : `${content}\n${s}`;
      else if (SQL_KEYS.has(k) && /\b(?:select|insert|update|delete|drop|alter|truncate|create|grant)\b/i.test(s)) f.sql.push(s);
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
  if (DELETE_TOOL.test(tool)) f.deletePaths.push(...paths);
  // An upload reads its local file; it writes nothing on this machine.
  else if (sends) f.readPaths.push(...paths);
  else if (WRITE_TOOL.test(tool)) for (const p of paths) f.writes.push({ path: p, content });
  else if (!LIST_TOOL.test(tool) && (READ_TOOL.test(tool) || paths.length)) f.readPaths.push(...paths);
  f.text = texts.join('\n');
  return f;
}

/** `mcp__server__tool` (Claude/Codex), `mcp_server_tool` (Gemini) → server and tool. */
export function parseMcpToolName(name: string): { server: string; tool: string } | undefined {
  const m = /^mcp__(.+?)__(.+)$/.exec(name) ?? /^mcp_([^_]+)_(.+)$/.exec(name);
  return m ? { server: m[1], tool: m[2] } : undefined;
}
