// Table-driven normalization for the editor and IDE surfaces (Cursor, Copilot, Windsurf,
// Antigravity), with payloads copied from research/agent-hook-formats.md §2, §5, §6, §7.
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
  // ── Cursor (§2) ──
  {
    name: 'cursor preToolUse Shell (doc example)',
    surface: 'cursor',
    body: { hook_event_name: 'preToolUse', tool_name: 'Shell', tool_input: { command: 'npm install', working_directory: '/project' }, tool_use_id: 'abc123', cwd: '/project', model: 'claude-opus-4-7-thinking-max', agent_message: 'Installing dependencies...' },
    want: { event: 'preToolUse', phase: 'pre_tool', toolName: 'Shell', tool: 'shell', command: 'npm install', cwd: '/project' },
  },
  {
    name: 'cursor beforeShellExecution: bare command, cwd from workspace_roots when cwd is absent',
    surface: 'cursor',
    body: { hook_event_name: 'beforeShellExecution', command: 'rm -rf /tmp/x', sandbox: false, conversation_id: 'conv-1', workspace_roots: ['/ws'] },
    want: { phase: 'pre_tool', toolName: 'Shell', tool: 'shell', command: 'rm -rf /tmp/x', toolInput: { command: 'rm -rf /tmp/x' }, sessionId: 'conv-1', cwd: '/ws' },
  },
  {
    name: 'cursor beforeReadFile',
    surface: 'cursor',
    body: { hook_event_name: 'beforeReadFile', file_path: '/home/u/.ssh/id_rsa', content: 'KEY', attachments: [] },
    want: { phase: 'pre_tool', toolName: 'Read', tool: 'read', filePath: '/home/u/.ssh/id_rsa', toolInput: { file_path: '/home/u/.ssh/id_rsa', content: 'KEY' } },
  },
  {
    name: 'cursor beforeMCPExecution: tool_input is a JSON string; the launch command is not the call command',
    surface: 'cursor',
    body: { hook_event_name: 'beforeMCPExecution', tool_name: 'list_pull_requests', tool_input: '{"owner":"o","repo":"r"}', mcp_server_name: 'github', command: 'npx -y @modelcontextprotocol/server-github' },
    want: { tool: 'mcp', mcp: { server: 'github', tool: 'list_pull_requests' }, toolInput: { owner: 'o', repo: 'r' }, command: undefined },
  },
  {
    name: 'cursor beforeSubmitPrompt (doc example)',
    surface: 'cursor',
    body: { hook_event_name: 'beforeSubmitPrompt', prompt: 'hello', attachments: [{ type: 'file', file_path: '/a' }] },
    want: { phase: 'prompt', tool: 'prompt', prompt: 'hello', toolInput: { attachments: [{ type: 'file', file_path: '/a' }] } },
  },
  {
    name: 'cursor preToolUse MCP:<tool> matcher name',
    surface: 'cursor',
    body: { hook_event_name: 'preToolUse', tool_name: 'MCP:create_issue', tool_input: { title: 't' } },
    want: { tool: 'mcp', mcp: { server: '', tool: 'create_issue' } },
  },
  {
    name: 'cursor afterFileEdit (audit): edits give the content',
    surface: 'cursor',
    route: 'audit',
    body: { hook_event_name: 'afterFileEdit', file_path: '/p/a.py', edits: [{ old_string: 'a', new_string: 'b' }] },
    want: { phase: 'post_tool', tool: 'edit', filePath: '/p/a.py', content: 'b' },
  },
  {
    name: 'cursor afterShellExecution (audit): output',
    surface: 'cursor',
    route: 'audit',
    body: { hook_event_name: 'afterShellExecution', command: 'ls', output: 'a\nb', duration: 12 },
    want: { phase: 'post_tool', tool: 'shell', command: 'ls', toolOutput: 'a\nb' },
  },
  {
    name: 'cursor sessionStart (doc example)',
    surface: 'cursor',
    body: { hook_event_name: 'sessionStart', session_id: 's1', is_background_agent: false, composer_mode: 'agent' },
    want: { phase: 'session_start', tool: 'other', toolName: '', sessionId: 's1' },
  },

  // ── Copilot (§5) ──
  {
    name: 'copilot camelCase preToolUse (doc example)',
    surface: 'copilot',
    body: { sessionId: 'sess', timestamp: 1704614400000, cwd: '/w', toolName: 'bash', toolArgs: { command: 'ls -la' } },
    want: { event: 'preToolUse', phase: 'pre_tool', toolName: 'bash', tool: 'shell', command: 'ls -la', sessionId: 'sess', cwd: '/w' },
  },
  {
    name: 'copilot camelCase toolArgs as a JSON string',
    surface: 'copilot',
    body: { sessionId: 's', timestamp: 1704614400000, cwd: '/w', toolName: 'view', toolArgs: '{"path": "/home/u/.azure/msal_token_cache.json"}' },
    want: { tool: 'read', filePath: '/home/u/.azure/msal_token_cache.json', toolInput: { path: '/home/u/.azure/msal_token_cache.json' } },
  },
  {
    name: 'copilot camelCase create: file_text is the content',
    surface: 'copilot',
    body: { sessionId: 's', timestamp: 1, cwd: '/w', toolName: 'create', toolArgs: { path: '/w/a.js', file_text: 'x = 1' } },
    want: { tool: 'write', filePath: '/w/a.js', content: 'x = 1' },
  },
  {
    name: 'copilot camelCase edit: new_str is the content',
    surface: 'copilot',
    body: { sessionId: 's', timestamp: 1, cwd: '/w', toolName: 'edit', toolArgs: '{"path":"/w/a.js","old_str":"a","new_str":"b"}' },
    want: { tool: 'edit', filePath: '/w/a.js', content: 'b' },
  },
  {
    name: 'copilot userPromptSubmitted (doc example)',
    surface: 'copilot',
    body: { sessionId: 's', timestamp: 1704614400000, cwd: '/w', prompt: 'explain this' },
    want: { event: 'userPromptSubmitted', phase: 'prompt', prompt: 'explain this' },
  },
  {
    name: 'copilot sessionStart (doc example)',
    surface: 'copilot',
    body: { sessionId: 's', timestamp: 1704614400000, cwd: '/w', source: 'startup', initialPrompt: 'hi' },
    want: { event: 'sessionStart', phase: 'session_start', tool: 'other' },
  },
  {
    name: 'copilot camelCase postToolUse (audit): toolResult text',
    surface: 'copilot',
    route: 'audit',
    body: { sessionId: 's', timestamp: 1, cwd: '/w', toolName: 'bash', toolArgs: { command: 'ls' }, toolResult: { resultType: 'success', textResultForLlm: 'a b' } },
    want: { event: 'postToolUse', phase: 'post_tool', toolOutput: 'a b' },
  },
  {
    name: 'copilot PascalCase PreToolUse (VS Code format)',
    surface: 'copilot',
    body: { hook_event_name: 'PreToolUse', session_id: 's', timestamp: '2026-08-20T09:52:18.685Z', cwd: '/w', tool_name: 'Bash', tool_input: { command: 'make' } },
    want: { event: 'PreToolUse', phase: 'pre_tool', tool: 'shell', command: 'make', sessionId: 's' },
  },
  {
    name: 'copilot VS Code local harness: hookEventName + sessionId, VS Code tool name',
    surface: 'copilot',
    body: { hookEventName: 'PreToolUse', sessionId: 's', timestamp: '2026-01-01T00:00:00Z', cwd: '/w', tool_name: 'runTerminalCommand', tool_input: { command: 'ls' } },
    want: { event: 'PreToolUse', tool: 'shell', command: 'ls', sessionId: 's' },
  },

  // ── Windsurf (§6, literal doc examples) ──
  {
    name: 'windsurf pre_run_command (doc example)',
    surface: 'windsurf',
    body: { agent_action_name: 'pre_run_command', trajectory_id: 'traj', execution_id: 'exec', timestamp: '2026-01-01T00:00:00Z', tool_info: { command_line: 'npm install package-name', cwd: '/Users/yourname/project' } },
    want: { event: 'pre_run_command', phase: 'pre_tool', toolName: 'run_command', tool: 'shell', command: 'npm install package-name', cwd: '/Users/yourname/project', sessionId: 'traj' },
  },
  {
    name: 'windsurf pre_user_prompt (doc example)',
    surface: 'windsurf',
    body: { agent_action_name: 'pre_user_prompt', tool_info: { user_prompt: 'can you run the echo hello command' } },
    want: { phase: 'prompt', tool: 'prompt', prompt: 'can you run the echo hello command' },
  },
  {
    name: 'windsurf pre_write_code (doc example)',
    surface: 'windsurf',
    body: { agent_action_name: 'pre_write_code', tool_info: { file_path: '/x/file.py', edits: [{ old_string: 'a', new_string: 'b' }] } },
    want: { phase: 'pre_tool', toolName: 'write_code', tool: 'edit', filePath: '/x/file.py', content: 'b' },
  },
  {
    name: 'windsurf pre_mcp_tool_use (doc example)',
    surface: 'windsurf',
    body: { agent_action_name: 'pre_mcp_tool_use', tool_info: { mcp_server_name: 'github', mcp_tool_name: 'create_issue', mcp_tool_arguments: {} } },
    want: { phase: 'pre_tool', toolName: 'create_issue', tool: 'mcp', mcp: { server: 'github', tool: 'create_issue' }, toolInput: {} },
  },
  {
    name: 'windsurf pre_read_code',
    surface: 'windsurf',
    body: { agent_action_name: 'pre_read_code', tool_info: { file_path: '/etc/shadow' } },
    want: { toolName: 'read_code', tool: 'read', filePath: '/etc/shadow' },
  },
  {
    name: 'windsurf post_mcp_tool_use (audit): mcp_result',
    surface: 'windsurf',
    route: 'audit',
    body: { agent_action_name: 'post_mcp_tool_use', tool_info: { mcp_server_name: 'fs', mcp_tool_name: 'read_file', mcp_tool_arguments: { path: '/a' }, mcp_result: 'contents' } },
    want: { phase: 'post_tool', tool: 'mcp', filePath: '/a', toolOutput: 'contents' },
  },
  {
    name: 'windsurf without agent_action_name: the tool_info fields tell the action',
    surface: 'windsurf',
    body: { tool_info: { command_line: 'ls', cwd: '/w' } },
    want: { event: 'pre_run_command', tool: 'shell', command: 'ls' },
  },

  // ── Antigravity (§7) ──
  {
    name: 'antigravity run_command (websentry stdin)',
    surface: 'antigravity',
    body: { conversationId: 'c1', stepIdx: 3, toolCall: { name: 'run_command', args: { CommandLine: 'ls', Cwd: '/w' } }, transcriptPath: '/t', workspacePaths: ['/ws'], artifactDirectoryPath: '/a' },
    want: { event: 'PreToolUse', phase: 'pre_tool', toolName: 'run_command', tool: 'shell', command: 'ls', cwd: '/w', sessionId: 'c1' },
  },
  {
    name: 'antigravity view_file: cwd falls back to the workspace',
    surface: 'antigravity',
    body: { conversationId: 'c1', toolCall: { name: 'view_file', args: { AbsolutePath: '/home/u/.ssh/id_ecdsa', StartLine: 1, EndLine: 50 } }, workspacePaths: ['/ws'] },
    want: { tool: 'read', filePath: '/home/u/.ssh/id_ecdsa', cwd: '/ws' },
  },
  {
    name: 'antigravity multi_replace_file_content: replacement chunks joined',
    surface: 'antigravity',
    body: { toolCall: { name: 'multi_replace_file_content', args: { TargetFile: '/w/a.ts', ReplacementChunks: [{ TargetContent: 'a', ReplacementContent: 'b' }, { TargetContent: 'c', ReplacementContent: 'd' }] } } },
    want: { tool: 'edit', filePath: '/w/a.ts', content: 'b\nd' },
  },
  {
    name: 'antigravity on the audit route is PostToolUse',
    surface: 'antigravity',
    route: 'audit',
    body: { toolCall: { name: 'run_command', args: { CommandLine: 'ls' } }, toolResult: 'a b' },
    want: { event: 'PostToolUse', phase: 'post_tool', toolOutput: 'a b' },
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
