// One vocabulary for tools across surfaces. Names are matched case-insensitively because the
// surfaces disagree only on case for the same tool (Claude `Bash`/`Read`/`Edit`, Copilot CLI
// `bash`/`view`/`edit`). Sources per name: research/agent-hook-formats.md tool-name lists
// (§1 Claude Code, §2 Cursor, §3 Codex, §4 Gemini, §5 Copilot and VS Code, §7 Antigravity) and
// verified-gemini-codex.md §1.2 (the Gemini tool list) and §2.2 (Codex shell tool names).
import type { CanonicalTool } from './types.js';

const GROUPS: Record<Exclude<CanonicalTool, 'mcp' | 'prompt' | 'other'>, string[]> = {
  shell: [
    'bash', 'shell', 'powershell', 'run_shell_command', 'run_command', 'exec_command', 'shell_command',
    'local_shell', 'runterminalcommand', 'run_in_terminal', 'runinterminal',
  ],
  read: [
    'read', 'read_file', 'read_many_files', 'view', 'view_file', 'readfile', 'tabread', 'read_code',
    'notebookread',
  ],
  write: ['write', 'write_file', 'create', 'createfile', 'create_file', 'write_to_file', 'tabwrite', 'delete'],
  edit: [
    'edit', 'multiedit', 'replace', 'apply_patch', 'str_replace_editor', 'str_replace_based_edit_tool',
    'notebookedit', 'editfiles', 'edit_file', 'replace_file_content', 'multi_replace_file_content',
    'insert_edit_into_file', 'write_code',
  ],
  search: [
    'glob', 'grep', 'rg', 'grep_search', 'search_file_content', 'codebase_search', 'find_by_name',
    'list_directory', 'list_dir', 'ls', 'file_search', 'lsp',
  ],
  web_fetch: ['webfetch', 'web_fetch', 'read_url_content', 'fetch', 'fetch_webpage'],
  web_search: ['websearch', 'web_search', 'google_web_search', 'search_web'],
  task: ['agent', 'task', 'invoke_subagent', 'invoke_agent', 'spawn_agent', 'run_subagent', 'browser_subagent'],
};

const CANONICAL = new Map<string, CanonicalTool>();
for (const [tool, names] of Object.entries(GROUPS) as [CanonicalTool, string[]][]) {
  for (const name of names) CANONICAL.set(name, tool);
}

/** The canonical tool for a surface's tool name, without MCP detection (see `parseMcpName`). */
export function canonicalToolName(name: string): CanonicalTool {
  return CANONICAL.get(name.toLowerCase()) ?? 'other';
}

export interface McpRef {
  server: string;
  tool: string;
}

/**
 * MCP tool names as the surfaces spell them:
 * - `mcp__<server>__<tool>`: Claude Code, Codex, Copilot PascalCase (§1, §3). Plugin servers are
 *   `mcp__plugin_<plugin>_<server>__<tool>`; the server part is everything before the first `__`
 *   after the prefix.
 * - `mcp_<server>_<tool>`: Gemini CLI (§4) and, as far as anyone reports, Antigravity. The split
 *   is ambiguous when the server name has an underscore, so callers pass Gemini's `mcp_context`
 *   when present; without it the first `_` after the prefix is taken.
 * - `MCP:<tool>`: Cursor matcher name in `preToolUse` (§2); the server comes from the body, if any.
 */
export function parseMcpName(name: string, style: 'double' | 'single' | 'cursor' | 'copilot'): McpRef | undefined {
  const double = /^mcp__(.+?)__(.+)$/.exec(name);
  if (double) return { server: double[1], tool: double[2] };
  if (style === 'single') {
    const single = /^mcp_([^_]+)_(.+)$/.exec(name);
    if (single) return { server: single[1], tool: single[2] };
  }
  // Copilot CLI names MCP tools `<server>-<tool>` (`github-mcp-server-get_file_contents`,
  // `fetch-fetch`); its own tools have no dash. The server name may hold dashes, the tool name
  // does not, so the split is at the last dash.
  if (style === 'copilot' && !CANONICAL.has(name.toLowerCase())) {
    const dash = /^([A-Za-z0-9][A-Za-z0-9_.-]*)-([A-Za-z0-9_]+)$/.exec(name);
    if (dash) return { server: dash[1], tool: dash[2] };
  }
  if (style === 'cursor') {
    const cursor = /^MCP:\s*(.+)$/i.exec(name);
    if (cursor) return { server: '', tool: cursor[1] };
  }
  return undefined;
}
