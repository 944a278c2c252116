// Table-driven normalization for the Claude-shaped surfaces (Claude Code, Codex, Gemini CLI, the
// spec's generic body), with payloads copied from research/agent-hook-formats.md and
// verified-gemini-codex.md. Editor surfaces are in normalize-editors.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeHookCall } from '../src/index.js';
import type { Surface, ToolCall } from '../src/types.js';

interface Case {
  name: string;
  surface: Surface;
  route?: 'evaluate' | 'audit';
  body: unknown;
  want: Partial<ToolCall>;
}

const CASES: Case[] = [
  // ── Claude Code (§1, literal doc examples and the verified bodies) ──
  {
    name: 'claude-code PreToolUse Bash (doc example)',
    surface: 'claude-code',
    body: {
      session_id: 'abc123', prompt_id: '550e8400-e29b-41d4-a716-446655440000',
      transcript_path: '/home/user/.claude/projects/.../transcript.jsonl', cwd: '/home/user/my-project',
      permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash',
      tool_input: { command: 'npm test', description: 'Run test suite', timeout: 120000, run_in_background: false },
      tool_use_id: 'toolu_01ABC123...',
    },
    want: {
      event: 'PreToolUse', phase: 'pre_tool', toolName: 'Bash', tool: 'shell', command: 'npm test',
      sessionId: 'abc123', cwd: '/home/user/my-project',
      toolInput: { command: 'npm test', description: 'Run test suite', timeout: 120000, run_in_background: false },
    },
  },
  {
    name: 'claude-code UserPromptSubmit (doc example)',
    surface: 'claude-code',
    body: {
      session_id: 'abc123', transcript_path: '/Users/x.jsonl', cwd: '/Users/x', permission_mode: 'default',
      hook_event_name: 'UserPromptSubmit', prompt: 'Write a function to calculate the factorial of a number',
    },
    want: { event: 'UserPromptSubmit', phase: 'prompt', tool: 'prompt', toolName: '', prompt: 'Write a function to calculate the factorial of a number', toolInput: {} },
  },
  {
    name: 'claude-code SessionStart (doc example) is not a tool event',
    surface: 'claude-code',
    body: { session_id: 'abc123', transcript_path: '/x.jsonl', cwd: '/Users/x', hook_event_name: 'SessionStart', source: 'startup', model: 'claude-sonnet-5' },
    want: { event: 'SessionStart', phase: 'session_start', tool: 'other', toolName: '' },
  },
  {
    name: 'claude-code PostToolUse Write: tool_response object is JSON-encoded',
    surface: 'claude-code',
    route: 'audit',
    body: { hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: '/p/a.ts', content: 'x' }, tool_response: { filePath: '/p/a.ts', success: true } },
    want: { phase: 'post_tool', tool: 'write', filePath: '/p/a.ts', content: 'x', toolOutput: '{"filePath":"/p/a.ts","success":true}' },
  },
  {
    name: 'claude-code PostToolUse Bash: stdout and stderr become the output text',
    surface: 'claude-code',
    route: 'audit',
    body: { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: { stdout: 'a\nb', stderr: 'warn', interrupted: false } },
    want: { phase: 'post_tool', tool: 'shell', command: 'ls', toolOutput: 'a\nb\nwarn' },
  },
  {
    name: 'claude-code Edit: new_string is the content',
    surface: 'claude-code',
    body: { hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: '/p/x.js', old_string: 'a', new_string: 'b', replace_all: false } },
    want: { tool: 'edit', filePath: '/p/x.js', content: 'b' },
  },
  {
    name: 'claude-code MultiEdit: every new_string joined',
    surface: 'claude-code',
    body: { hook_event_name: 'PreToolUse', tool_name: 'MultiEdit', tool_input: { file_path: '/p/x.js', edits: [{ old_string: 'a', new_string: 'one' }, { old_string: 'b', new_string: 'two' }] } },
    want: { tool: 'edit', filePath: '/p/x.js', content: 'one\ntwo' },
  },
  {
    name: 'claude-code plugin MCP tool: server is everything before the first __',
    surface: 'claude-code',
    body: { hook_event_name: 'PreToolUse', tool_name: 'mcp__plugin_acme_github__create_issue', tool_input: { title: 't' } },
    want: { tool: 'mcp', mcp: { server: 'plugin_acme_github', tool: 'create_issue' } },
  },
  {
    name: 'claude-code WebFetch gives the url',
    surface: 'claude-code',
    body: { hook_event_name: 'PreToolUse', tool_name: 'WebFetch', tool_input: { url: 'https://example.com/a', prompt: 'summarize' } },
    want: { tool: 'web_fetch', url: 'https://example.com/a' },
  },
  {
    name: 'claude-code WebSearch, Agent and Glob map to web_search, task, search',
    surface: 'claude-code',
    body: { hook_event_name: 'PreToolUse', tool_name: 'WebSearch', tool_input: { query: 'q' } },
    want: { tool: 'web_search' },
  },
  { name: 'claude-code Agent → task', surface: 'claude-code', body: { hook_event_name: 'PreToolUse', tool_name: 'Agent', tool_input: { prompt: 'p' } }, want: { tool: 'task' } },
  { name: 'claude-code Glob → search', surface: 'claude-code', body: { hook_event_name: 'PreToolUse', tool_name: 'Glob', tool_input: { pattern: '*.ts', path: '/p' } }, want: { tool: 'search', filePath: '/p' } },
  { name: 'claude-code unknown tool → other', surface: 'claude-code', body: { hook_event_name: 'PreToolUse', tool_name: 'TodoWrite', tool_input: { todos: [] } }, want: { tool: 'other', toolName: 'TodoWrite' } },
  {
    name: 'claude-code body without hook_event_name: route audit means PostToolUse',
    surface: 'claude-code',
    route: 'audit',
    body: { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_output: 'x' },
    want: { event: 'PostToolUse', phase: 'post_tool', toolOutput: 'x' },
  },

  // ── Codex (verified-gemini-codex.md §2.4, literal stdin) ──
  {
    name: 'codex PreToolUse Bash (verified stdin)',
    surface: 'codex',
    body: {
      session_id: '01a20070-f996-7f43-a1dd-a6343f4c0531', turn_id: '01a20070-f9b7-7ba1-baec-0524dd4703b6',
      transcript_path: '/lab/rollout.jsonl', cwd: '/lab/codex/work', hook_event_name: 'PreToolUse', model: 'gpt-5.1-codex',
      permission_mode: 'bypassPermissions', tool_name: 'Bash', tool_input: { command: 'echo hello-from-codex-tool; touch /lab/ran-codex' }, tool_use_id: 'call_1',
    },
    want: { phase: 'pre_tool', tool: 'shell', command: 'echo hello-from-codex-tool; touch /lab/ran-codex', cwd: '/lab/codex/work', sessionId: '01a20070-f996-7f43-a1dd-a6343f4c0531' },
  },
  {
    name: 'codex PostToolUse: tool_response is the plain output string',
    surface: 'codex',
    route: 'audit',
    body: { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'echo hi' }, tool_response: 'hi\n', tool_use_id: 'call_1' },
    want: { phase: 'post_tool', toolOutput: 'hi\n' },
  },
  {
    name: 'codex UserPromptSubmit (verified stdin)',
    surface: 'codex',
    body: { session_id: 's', turn_id: 't', transcript_path: '/x', cwd: '/w', hook_event_name: 'UserPromptSubmit', model: 'gpt-5.1-codex', permission_mode: 'bypassPermissions', prompt: 'run the command' },
    want: { phase: 'prompt', prompt: 'run the command' },
  },
  {
    name: 'codex apply_patch Update File: only added lines are content',
    surface: 'codex',
    body: {
      hook_event_name: 'PreToolUse', tool_name: 'apply_patch',
      tool_input: { command: '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-const key = "old";\n+const key = process.env.KEY;\n context\n*** End Patch\n' },
    },
    want: { tool: 'edit', filePath: 'src/a.ts', content: 'const key = process.env.KEY;' },
  },
  {
    name: 'codex MCP tool',
    surface: 'codex',
    body: { hook_event_name: 'PreToolUse', tool_name: 'mcp__supabase__execute_sql', tool_input: { query: 'select 1' } },
    want: { tool: 'mcp', mcp: { server: 'supabase', tool: 'execute_sql' } },
  },

  // ── Gemini CLI (verified-gemini-codex.md §1.3, literal stdin) ──
  {
    name: 'gemini BeforeTool run_shell_command (verified stdin)',
    surface: 'gemini',
    body: {
      session_id: '8a11135c-d873-49f7-81e0-1bf1f08af413', transcript_path: '/lab/chats/session.jsonl', cwd: '/lab/gemini/work',
      hook_event_name: 'BeforeTool', timestamp: '2026-11-21T23:42:29.265Z', tool_name: 'run_shell_command',
      tool_input: { command: 'echo hello-from-gemini-tool; touch /lab/ran-gemini', description: 'run it' },
    },
    want: { phase: 'pre_tool', tool: 'shell', command: 'echo hello-from-gemini-tool; touch /lab/ran-gemini', cwd: '/lab/gemini/work' },
  },
  {
    name: 'gemini BeforeAgent (verified stdin)',
    surface: 'gemini',
    body: { session_id: 's', transcript_path: '/x', cwd: '/w', hook_event_name: 'BeforeAgent', timestamp: '2026-11-21T23:42:29.081Z', prompt: 'run the command' },
    want: { phase: 'prompt', tool: 'prompt', prompt: 'run the command' },
  },
  {
    name: 'gemini AfterTool: llmContent is the output text',
    surface: 'gemini',
    route: 'audit',
    body: {
      hook_event_name: 'AfterTool', tool_name: 'run_shell_command', tool_input: { command: 'echo hi' },
      tool_response: { llmContent: '<untrusted_context>\nOutput: hi\n</untrusted_context>', returnDisplay: 'hi' },
    },
    want: { phase: 'post_tool', toolOutput: '<untrusted_context>\nOutput: hi\n</untrusted_context>' },
  },
  {
    name: 'gemini MCP tool: mcp_context names the server even when it has underscores',
    surface: 'gemini',
    body: { hook_event_name: 'BeforeTool', tool_name: 'mcp_my_server_do_thing', tool_input: {}, mcp_context: { server_name: 'my_server', tool_name: 'do_thing' } },
    want: { tool: 'mcp', mcp: { server: 'my_server', tool: 'do_thing' } },
  },
  {
    name: 'gemini MCP tool without mcp_context: mcp_<server>_<tool>',
    surface: 'gemini',
    body: { hook_event_name: 'BeforeTool', tool_name: 'mcp_github_create_issue', tool_input: {} },
    want: { tool: 'mcp', mcp: { server: 'github', tool: 'create_issue' } },
  },
  {
    name: 'gemini replace and read_many_files',
    surface: 'gemini',
    body: { hook_event_name: 'BeforeTool', tool_name: 'replace', tool_input: { file_path: '/p/s.ts', old_string: 'a', new_string: 'b' } },
    want: { tool: 'edit', filePath: '/p/s.ts', content: 'b' },
  },
  {
    name: 'gemini web_fetch: the URL inside the prompt argument',
    surface: 'gemini',
    body: { hook_event_name: 'BeforeTool', tool_name: 'web_fetch', tool_input: { prompt: 'Summarize https://example.org/page. Thanks' } },
    want: { tool: 'web_fetch', url: 'https://example.org/page' },
  },

  // ── Generic spec body (claude-chat, cowork, grok) ──
  {
    name: 'claude-chat generic evaluate body with identity',
    surface: 'claude-chat',
    body: { tool_name: 'mcp__github__create_issue', tool_input: { title: 't' }, hook_event_name: 'PreToolUse', hostname: 'dev-laptop', machine_id: 'm-1', session_id: 's', cwd: '/w', user_hint: 'dev@example.com' },
    want: { tool: 'mcp', mcp: { server: 'github', tool: 'create_issue' }, identity: { machineId: 'm-1', hostname: 'dev-laptop' }, userHint: 'dev@example.com', sessionId: 's', cwd: '/w' },
  },
  {
    name: 'cowork generic body without hook_event_name is PreToolUse',
    surface: 'cowork',
    body: { tool_name: 'Bash', tool_input: { command: 'ls' } },
    want: { event: 'PreToolUse', phase: 'pre_tool', tool: 'shell', command: 'ls' },
  },
  {
    name: 'grok generic audit body: tool_output',
    surface: 'grok',
    route: 'audit',
    body: { tool_name: 'Read', tool_input: { file_path: '/a' }, tool_output: 'secret-looking text', hostname: 'h' },
    want: { event: 'PostToolUse', phase: 'post_tool', tool: 'read', filePath: '/a', toolOutput: 'secret-looking text', identity: { hostname: 'h' } },
  },
  {
    name: 'windsurf falls back to the generic body',
    surface: 'windsurf',
    body: { tool_name: 'Bash', tool_input: { command: 'ls' }, hook_event_name: 'PreToolUse' },
    want: { tool: 'shell', command: 'ls' },
  },
];

for (const c of CASES) {
  test(`normalize: ${c.name}`, () => {
    const call = normalizeHookCall(c.surface, c.body, { headers: {}, route: c.route ?? 'evaluate' });
    assert.equal(call.surface, c.surface);
    for (const [key, value] of Object.entries(c.want)) {
      assert.deepEqual((call as unknown as Record<string, unknown>)[key], value, key);
    }
  });
}

test('normalize never throws on unknown extra fields, and leaves the input untouched', () => {
  const body = {
    hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls', extra: { deep: [1, 2] } },
    prompt: 42, tool_info: 'not windsurf', toolCall: 7, something_new: { a: null },
  };
  const before = structuredClone(body);
  const call = normalizeHookCall('claude-code', body, { headers: {}, route: 'evaluate' });
  assert.equal(call.command, 'ls');
  assert.deepEqual(call.toolInput, { command: 'ls', extra: { deep: [1, 2] } });
  assert.notEqual(call.toolInput, body.tool_input, 'toolInput is a copy');
  assert.deepEqual(body, before);
});
