// The parts of a ToolCall the rules inspect. The surface adapters already fill the
// canonical fields; this module only falls back to common raw keys when one is missing, and
// unpacks Codex `apply_patch` bodies into the files they touch and the lines they add.
import type { ToolCall } from './types.js';

export interface PatchFile {
  op: 'add' | 'update' | 'delete';
  path: string;
  added: string;
}

export interface Facets {
  command?: string;
  filePath?: string;
  content?: string;
  url?: string;
  prompt?: string;
  patch?: PatchFile[];
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

function first(input: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const k of keys) {
    const v = str(input[k]);
    if (v !== undefined) return v;
  }
  return undefined;
}

const COMMAND_KEYS = ['command', 'cmd', 'command_line', 'CommandLine', 'commandLine', 'script'];
const SEARCH_DIR_KEYS = ['SearchPath', 'SearchDirectory', 'dir_path', 'directory'];
const PATH_KEYS = ['file_path', 'filePath', 'path', 'AbsolutePath', 'TargetFile', 'target_file', 'filename', 'notebook_path'];
const CONTENT_KEYS = ['content', 'new_string', 'file_text', 'CodeContent', 'ReplacementContent', 'new_str', 'newText', 'text', 'contents'];

/** Parses a Codex/OpenAI `*** Begin Patch` body. */
export function parsePatch(text: string): PatchFile[] | undefined {
  if (!text.trimStart().startsWith('*** Begin Patch')) return undefined;
  const files: PatchFile[] = [];
  let cur: PatchFile | undefined;
  for (const line of text.split('\n')) {
    const m = /^\*\*\* (Add|Update|Delete) File: (.+)$/.exec(line);
    if (m) {
      cur = { op: m[1].toLowerCase() as PatchFile['op'], path: m[2].trim(), added: '' };
      files.push(cur);
    } else if (cur && line.startsWith('+')) cur.added += line.slice(1) + '\n';
    else if (/^\*\*\* Move to: /.test(line) && cur) cur.path = line.slice(13).trim();
  }
  return files;
}

export function facetsOf(call: ToolCall): Facets {
  const input = call.toolInput ?? {};
  const f: Facets = {
    command: call.command,
    filePath: call.filePath,
    content: call.content,
    url: call.url,
    prompt: call.prompt,
  };
  const patch = parsePatch(f.command ?? f.content ?? str(input.command) ?? str(input.patch) ?? str(input.input) ?? '');
  if (patch) {
    f.patch = patch;
    f.command = undefined;
    f.content = undefined;
    return f;
  }
  if (f.command === undefined && call.tool === 'shell') f.command = first(input, COMMAND_KEYS);
  if (f.filePath === undefined && (call.tool === 'read' || call.tool === 'write' || call.tool === 'edit' || call.tool === 'search')) f.filePath = first(input, PATH_KEYS);
  // Search tools name the directory they search (Windsurf grep_search `SearchPath`, Gemini `dir_path`).
  if (f.filePath === undefined && call.tool === 'search') f.filePath = first(input, SEARCH_DIR_KEYS);
  if (f.content === undefined && (call.tool === 'write' || call.tool === 'edit')) {
    f.content = first(input, CONTENT_KEYS);
    const edits = input.edits;
    if (f.content === undefined && Array.isArray(edits)) {
      f.content = edits.map((e) => (e && typeof e === 'object' ? str((e as Record<string, unknown>).new_string) ?? '' : '')).join('\n') || undefined;
    }
  }
  if (f.url === undefined && call.tool === 'web_fetch') f.url = first(input, ['url', 'Url', 'uri']);
  if (f.prompt === undefined && (call.phase === 'prompt' || call.tool === 'prompt')) f.prompt = first(input, ['prompt', 'user_prompt', 'text']);
  // A subagent's prompt: custom patterns and the input-length limit see it like a user prompt.
  if (f.prompt === undefined && call.tool === 'task') f.prompt = first(input, ['prompt', 'Prompt', 'task', 'Task', 'instructions', 'message']);
  return f;
}
