// Every payload in the shared corpus (160 real-shaped hook bodies) must normalize, with the phase
// its event implies, the canonical tool its tool name implies, and the fields the policy engine
// reads taken verbatim from the payload. Expectations are written out here, independently of the
// adapters' own tables, from research/agent-hook-formats.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { normalizeHookCall } from '@service/surfaces';
import { CORPUS_PATH } from '../support/corpus-path.js';
import type { CanonicalTool, HookPhase, Surface, ToolCall } from '../../src/policy/types.js';

interface CorpusEntry {
  id: string;
  surface: Surface;
  event: string;
  payload: Record<string, any>;
}

const present = existsSync(CORPUS_PATH);
const entries: CorpusEntry[] = (present ? readFileSync(CORPUS_PATH, 'utf8') : '')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line));

const PHASE_BY_EVENT: Record<string, HookPhase> = {
  PreToolUse: 'pre_tool', preToolUse: 'pre_tool', BeforeTool: 'pre_tool',
  beforeShellExecution: 'pre_tool', beforeReadFile: 'pre_tool', beforeMCPExecution: 'pre_tool',
  pre_run_command: 'pre_tool', pre_read_code: 'pre_tool', pre_write_code: 'pre_tool', pre_mcp_tool_use: 'pre_tool',
  UserPromptSubmit: 'prompt', BeforeAgent: 'prompt', beforeSubmitPrompt: 'prompt', userPromptSubmitted: 'prompt',
  pre_user_prompt: 'prompt',
};

/** Tool names seen in the corpus, per the research doc's lists. */
const TOOL_BY_NAME: Record<string, CanonicalTool> = {
  Bash: 'shell', bash: 'shell', Shell: 'shell', run_shell_command: 'shell', run_command: 'shell',
  Read: 'read', read_file: 'read', view: 'read', view_file: 'read',
  Write: 'write', write_file: 'write', create: 'write', write_to_file: 'write',
  Edit: 'edit', edit: 'edit', replace: 'edit', apply_patch: 'edit', replace_file_content: 'edit',
  Grep: 'search', WebFetch: 'web_fetch', web_fetch: 'web_fetch', read_url_content: 'web_fetch',
};

/** What each entry must normalize to, read straight off its payload. */
function expected(entry: CorpusEntry): Partial<ToolCall> & { phase: HookPhase; tool: CanonicalTool } {
  const p = entry.payload;
  const phase = PHASE_BY_EVENT[entry.event];
  switch (entry.event) {
    case 'beforeShellExecution':
      return { phase, tool: 'shell', command: p.command };
    case 'beforeReadFile':
      return { phase, tool: 'read', filePath: p.file_path };
    case 'beforeMCPExecution':
      return { phase, tool: 'mcp', mcp: { server: p.mcp_server_name, tool: p.tool_name } };
    case 'pre_run_command':
      return { phase, tool: 'shell', command: p.tool_info.command_line };
    case 'pre_read_code':
      return { phase, tool: 'read', filePath: p.tool_info.file_path };
    case 'pre_write_code':
      return { phase, tool: 'edit', filePath: p.tool_info.file_path, content: p.tool_info.edits.map((e: any) => e.new_string).join('\n') };
    case 'pre_mcp_tool_use':
      return { phase, tool: 'mcp', mcp: { server: p.tool_info.mcp_server_name, tool: p.tool_info.mcp_tool_name } };
    case 'pre_user_prompt':
      return { phase, tool: 'prompt', prompt: p.tool_info.user_prompt };
  }
  if (phase === 'prompt') return { phase, tool: 'prompt', prompt: p.prompt };
  const name: string = p.tool_name ?? p.toolName ?? p.toolCall?.name;
  const args = p.tool_input ?? (typeof p.toolArgs === 'string' ? JSON.parse(p.toolArgs) : p.toolArgs) ?? p.toolCall?.args;
  const mcp = /^mcp__(.+?)__(.+)$/.exec(name);
  if (mcp) return { phase, tool: 'mcp', mcp: { server: mcp[1], tool: mcp[2] } };
  const tool = TOOL_BY_NAME[name];
  assert.ok(tool, `${entry.id}: the test table lacks tool name ${name}`);
  const path = args.file_path ?? args.path ?? args.AbsolutePath ?? args.TargetFile;
  switch (tool) {
    case 'shell':
      return { phase, tool, command: args.command ?? args.CommandLine };
    case 'read':
    case 'search':
      return { phase, tool, filePath: path };
    case 'write':
      return { phase, tool, filePath: path, content: args.content ?? args.file_text ?? args.CodeContent };
    case 'edit':
      if (name === 'apply_patch') return { phase, tool }; // body checked separately below
      return { phase, tool, filePath: path, content: args.new_string ?? args.new_str ?? args.ReplacementContent };
    case 'web_fetch':
      return { phase, tool, url: args.url ?? args.Url ?? /https?:\/\/\S+/.exec(args.prompt)?.[0] };
    default:
      return { phase, tool };
  }
}

test('the corpus holds 160 entries across every hook-facing surface', { skip: present ? false : `no corpus at ${CORPUS_PATH}` }, () => {
  assert.equal(entries.length, 160);
  const surfaces = new Set(entries.map((e) => e.surface));
  for (const s of ['claude-code', 'cursor', 'codex', 'gemini', 'copilot', 'windsurf', 'antigravity']) {
    assert.ok(surfaces.has(s as Surface), s);
  }
});

for (const entry of entries) {
  test(`corpus ${entry.id} (${entry.surface} ${entry.event}) normalizes`, () => {
    const call = normalizeHookCall(entry.surface, structuredClone(entry.payload), { headers: {}, route: 'evaluate' });
    const want = expected(entry);
    assert.equal(call.surface, entry.surface);
    assert.equal(call.event, entry.event, 'event');
    for (const [key, value] of Object.entries(want)) {
      assert.deepEqual((call as unknown as Record<string, unknown>)[key], value, `${entry.id}: ${key}`);
    }
    if (want.phase !== 'prompt') assert.ok(call.toolName.length > 0, 'toolName');
    assert.equal(typeof call.toolInput, 'object');
    assert.ok(call.toolInput !== null && !Array.isArray(call.toolInput));
  });
}

test('corpus apply_patch bodies give the patched file and only the added lines as content', { skip: !present }, () => {
  const patches = entries.filter((e) => e.payload.tool_name === 'apply_patch');
  assert.ok(patches.length >= 3);
  for (const entry of patches) {
    const call = normalizeHookCall(entry.surface, entry.payload, { headers: {}, route: 'evaluate' });
    const body: string = entry.payload.tool_input.command;
    const file = /\*\*\* (?:Add|Update) File: (.+)/.exec(body)?.[1];
    assert.equal(call.filePath, file, entry.id);
    const added = body.split('\n').filter((l) => l.startsWith('+')).map((l) => l.slice(1)).join('\n');
    assert.equal(call.content, added, entry.id);
    assert.equal(call.command, undefined, `${entry.id}: a patch is not a shell command`);
  }
});
