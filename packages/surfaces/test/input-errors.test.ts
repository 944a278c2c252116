// What the adapters refuse, and how they say it: every refusal is a SurfaceInputError (a 400 by
// default) whose message names the field, so a person fixing a hook config knows what to change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeHookCall, SurfaceInputError } from '../src/index.js';
import type { Surface } from '../src/types.js';

const evaluate = { headers: {}, route: 'evaluate' as const };

function refusal(surface: Surface, body: unknown, route: 'evaluate' | 'audit' = 'evaluate'): SurfaceInputError {
  try {
    normalizeHookCall(surface, body, { headers: {}, route });
  } catch (error) {
    assert.ok(error instanceof SurfaceInputError, `expected a SurfaceInputError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected normalizeHookCall to throw');
}

test('a body that is not a JSON object is refused for every surface', () => {
  for (const body of [null, undefined, [], 'PreToolUse', 42, true]) {
    const error = refusal('claude-code', body);
    assert.equal(error.field, '(body)');
    assert.match(error.message, /must be a JSON object/);
  }
  assert.match(refusal('windsurf', []).message, /^windsurf: the request body must be a JSON object, but it is an array\.$/);
});

test('SurfaceInputError is a 400 with an exposed message, so an unhandled one becomes a client error', () => {
  const error = refusal('claude-code', { hook_event_name: 'PreToolUse', tool_input: {} });
  assert.equal(error.status, 400);
  assert.equal(error.expose, true);
  assert.equal(error.name, 'SurfaceInputError');
});

test('missing tool_name on a tool event: the message names the field and the event', () => {
  const error = refusal('claude-code', { hook_event_name: 'PreToolUse', tool_input: { command: 'ls' } });
  assert.equal(error.field, 'tool_name');
  assert.equal(
    error.message,
    'claude-code PreToolUse: the body has no tool name; send the tool\'s name as a non-empty string in "tool_name".',
  );
  // An empty or blank name is no name.
  assert.equal(refusal('codex', { hook_event_name: 'PreToolUse', tool_name: '  ', tool_input: {} }).field, 'tool_name');
  assert.equal(refusal('gemini', { hook_event_name: 'AfterTool', tool_input: {} }, 'audit').field, 'tool_name');
});

test('each surface cites its own tool-name field', () => {
  assert.equal(refusal('copilot', { sessionId: 's', timestamp: 1, toolArgs: { command: 'ls' } }).field, 'toolName');
  assert.equal(refusal('antigravity', { conversationId: 'c', toolCall: { args: {} } }).field, 'toolCall.name');
  assert.equal(refusal('antigravity', { conversationId: 'c', workspacePaths: ['/w'] }).field, 'toolCall');
  assert.equal(refusal('cursor', { hook_event_name: 'beforeShellExecution', cwd: '/w' }).field, 'command');
  assert.equal(refusal('cursor', { hook_event_name: 'beforeReadFile' }).field, 'file_path');
  assert.equal(refusal('cursor', { hook_event_name: 'beforeMCPExecution', tool_input: '{}' }).field, 'tool_name');
  assert.equal(refusal('windsurf', { agent_action_name: 'pre_run_command', tool_info: { cwd: '/w' } }).field, 'tool_info.command_line');
  assert.equal(refusal('windsurf', { agent_action_name: 'pre_mcp_tool_use', tool_info: { mcp_server_name: 'x' } }).field, 'tool_info.mcp_tool_name');
  assert.equal(refusal('windsurf', { agent_action_name: 'pre_read_code' }).field, 'tool_info');
  assert.equal(refusal('windsurf', { trajectory_id: 't' }).field, 'agent_action_name');
});

test('tool_input of the wrong type is refused, naming the field', () => {
  for (const toolInput of [[1, 2], 42, true, '[1,2]', 'not json']) {
    const error = refusal('claude-code', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: toolInput });
    assert.equal(error.field, 'tool_input');
    assert.match(error.message, /"tool_input"/);
  }
  assert.match(
    refusal('claude-code', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: [1] }).message,
    /"tool_input" must be an object of tool arguments, but it is an array/,
  );
});

test('Copilot toolArgs: a JSON string is parsed; a broken one is refused with a clear message', () => {
  const ok = normalizeHookCall('copilot', { sessionId: 's', timestamp: 1, toolName: 'bash', toolArgs: '{"command":"ls"}' }, evaluate);
  assert.equal(ok.command, 'ls');
  const broken = refusal('copilot', { sessionId: 's', timestamp: 1, toolName: 'bash', toolArgs: '{"command": "ls"' });
  assert.equal(broken.field, 'toolArgs');
  assert.equal(broken.message, 'copilot preToolUse: "toolArgs" is a string but not valid JSON; send the tool arguments as a JSON object.');
  assert.match(refusal('copilot', { sessionId: 's', timestamp: 1, toolName: 'bash', toolArgs: '"ls"' }).message, /decodes to a string/);
});

test('a prompt event without prompt text is refused', () => {
  assert.equal(refusal('claude-code', { hook_event_name: 'UserPromptSubmit' }).field, 'prompt');
  assert.equal(refusal('windsurf', { agent_action_name: 'pre_user_prompt', tool_info: {} }).field, 'tool_info.user_prompt');
  assert.equal(refusal('gemini', { hook_event_name: 'BeforeAgent', prompt: 7 }).field, 'prompt');
});

test('spec fields with the wrong type are refused, naming the field', () => {
  assert.equal(refusal('claude-code', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: {}, cwd: 5 }).field, 'cwd');
  assert.equal(refusal('grok', { tool_name: 'Bash', tool_input: {}, hostname: ['a'] }).field, 'hostname');
  assert.equal(refusal('cowork', { tool_name: 'Bash', tool_input: {}, machine_id: 12 }).field, 'machine_id');
  assert.equal(refusal('claude-chat', { tool_name: 'Bash', tool_input: {}, session_id: {} }).field, 'session_id');
});

test('the generic body requires tool_input on evaluate (spec), not on audit', () => {
  const error = refusal('claude-chat', { tool_name: 'Bash' });
  assert.equal(error.field, 'tool_input');
  assert.match(error.message, /"tool_input" is required/);
  const audit = normalizeHookCall('claude-chat', { tool_name: 'Bash', tool_output: 'x' }, { headers: {}, route: 'audit' });
  assert.deepEqual(audit.toolInput, {});
  // Agent surfaces that may omit it get an empty object.
  assert.deepEqual(normalizeHookCall('claude-code', { hook_event_name: 'PreToolUse', tool_name: 'ExitPlanMode' }, evaluate).toolInput, {});
});
