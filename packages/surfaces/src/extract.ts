// Pulls the fields the policy engine reads (`command`, `filePath`, `content`, `url`) out of a
// tool's arguments, whatever the surface calls them. Argument names per surface:
// research/agent-hook-formats.md §1 (Claude `tool_input` fields), §2 (Cursor), §3 (Codex
// `apply_patch` body in `tool_input.command`), §4 (Gemini), §5 (Copilot `path`/`file_text`/
// `old_str`/`new_str`), §6 (Windsurf `edits`), §7 (Antigravity PascalCase args).
import type { CanonicalTool } from './types.js';
import { cut, MAX_INPUT_TOTAL_CHARS } from './bounds.js';
import { isObject, type JsonObject } from './payload.js';

export interface ExtractedFields {
  command?: string;
  filePath?: string;
  content?: string;
  url?: string;
}

const COMMAND_FIELDS = ['command', 'cmd', 'CommandLine', 'command_line', 'commandLine'];
const PATH_FIELDS = [
  'file_path', 'path', 'filePath', 'AbsolutePath', 'TargetFile', 'absolute_path', 'target_file',
  'notebook_path', 'file', 'filename', 'DirectoryPath', 'SearchPath', 'dir_path',
];
const WRITE_CONTENT_FIELDS = ['content', 'file_text', 'CodeContent', 'contents', 'text', 'new_source'];
const EDIT_CONTENT_FIELDS = ['new_string', 'new_str', 'newString', 'ReplacementContent', 'new_text', 'new_source', 'content', 'file_text', 'CodeContent'];
const URL_FIELDS = ['url', 'Url', 'URL', 'uri'];

function firstText(input: JsonObject, fields: readonly string[]): string | undefined {
  for (const field of fields) {
    const value = input[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** A shell command; the legacy Codex `shell` tool sent argv (`["bash","-lc","…"]`), joined here. */
function commandOf(input: JsonObject): string | undefined {
  for (const field of COMMAND_FIELDS) {
    const value = input[field];
    if (typeof value === 'string' && value !== '') return value;
    if (Array.isArray(value) && value.length > 0 && value.every((part) => typeof part === 'string')) return value.join(' ');
  }
  return undefined;
}

function pathOf(input: JsonObject): string | undefined {
  const direct = firstText(input, PATH_FIELDS);
  if (direct !== undefined) return direct;
  // Gemini read_many_files takes `paths`; the first one stands for the call.
  const paths = input.paths;
  if (Array.isArray(paths)) return paths.find((p): p is string => typeof p === 'string' && p !== '');
  return undefined;
}

/** The text of several edits joined (Claude MultiEdit `edits`, Windsurf `edits`, Antigravity `ReplacementChunks`). */
function joinedEdits(input: JsonObject): string | undefined {
  const parts: string[] = [];
  for (const field of ['edits', 'ReplacementChunks', 'chunks']) {
    const list = input[field];
    if (!Array.isArray(list)) continue;
    for (const edit of list) {
      if (!isObject(edit)) continue;
      const text = firstText(edit, EDIT_CONTENT_FIELDS);
      if (text !== undefined) parts.push(text);
    }
  }
  return parts.length > 0 ? parts.join('\n') : undefined;
}

const PATCH_FILE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/;
const DIFF_FILE = /^\+\+\+ (?:b\/)?(.+)$/;

/**
 * Reads a Codex `apply_patch` body (`*** Begin Patch` … `*** End Patch`) or a unified diff: the
 * first file it touches, and the lines it adds (without the leading `+`), which is the text the
 * patch would put into files. Removed lines are left out: deleting a secret is not writing one.
 */
export function readPatch(patch: string): { filePath?: string; content?: string } {
  let filePath: string | undefined;
  const added: string[] = [];
  // Bounded like every other copy: a patch larger than the whole toolInput budget is read in part.
  for (const line of cut(patch, MAX_INPUT_TOTAL_CHARS).split(/\r?\n/)) {
    const file = PATCH_FILE.exec(line) ?? DIFF_FILE.exec(line);
    if (file) {
      filePath ??= file[1].trim();
      continue;
    }
    if (line.startsWith('+')) added.push(line.slice(1));
  }
  const result: { filePath?: string; content?: string } = {};
  if (filePath !== undefined && filePath !== '/dev/null') result.filePath = filePath;
  if (added.length > 0) result.content = added.join('\n');
  return result;
}

function looksLikePatch(text: string): boolean {
  return /^\s*\*\*\* Begin Patch/.test(text) || /^(?:---|\+\+\+) /m.test(text) && /^@@/m.test(text);
}

/** The first http(s) URL in free text (Gemini `web_fetch` takes a `prompt` that contains the URLs). */
function firstUrlIn(text: string): string | undefined {
  const match = /https?:\/\/[^\s"'<>`)]+/i.exec(text);
  // Sentence punctuation right after a URL belongs to the sentence, not the URL.
  return match?.[0].replace(/[.,;:!?]+$/, '');
}

export function extractFields(tool: CanonicalTool, toolName: string, input: JsonObject): ExtractedFields {
  const out: ExtractedFields = {};
  switch (tool) {
    case 'shell':
      out.command = commandOf(input);
      break;
    case 'read':
    case 'search':
      out.filePath = pathOf(input);
      break;
    case 'write':
      out.filePath = pathOf(input);
      out.content = firstText(input, WRITE_CONTENT_FIELDS);
      break;
    case 'edit': {
      // apply_patch carries its body in `command` (Codex) or `patch`/`input` (other harnesses).
      const patch = firstText(input, ['command', 'patch', 'input']);
      if (patch !== undefined && (toolName.toLowerCase() === 'apply_patch' || looksLikePatch(patch))) {
        const read = readPatch(patch);
        out.filePath = pathOf(input) ?? read.filePath;
        out.content = read.content;
        break;
      }
      out.filePath = pathOf(input);
      out.content = firstText(input, EDIT_CONTENT_FIELDS) ?? joinedEdits(input);
      break;
    }
    case 'web_fetch': {
      out.url = firstText(input, URL_FIELDS);
      const prompt = input.prompt;
      if (out.url === undefined && typeof prompt === 'string') out.url = firstUrlIn(prompt);
      break;
    }
    case 'mcp':
      // MCP arguments are free-form; take the usual names so shell, file and URL rules still see
      // an MCP shell server's command or an MCP filesystem write (corpus: mcp_risk cases).
      out.command = commandOf(input);
      out.filePath = pathOf(input);
      out.content = firstText(input, WRITE_CONTENT_FIELDS);
      out.url = firstText(input, URL_FIELDS);
      break;
    default:
      break;
  }
  for (const key of Object.keys(out) as (keyof ExtractedFields)[]) {
    if (out[key] === undefined) delete out[key];
  }
  return out;
}
