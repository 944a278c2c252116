// Workstation identity: agents never put it in their payloads (verified with Claude Code), so it
// comes from the hook's configured headers unless a forwarder put it in the body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  HOSTNAME_HEADER,
  MACHINE_ID_HEADER,
  normalizeHookCall,
  USER_HINT_HEADER,
} from '../src/index.js';

const claudeBody = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } };

test('header names are the ones install-hooks writes', () => {
  assert.equal(MACHINE_ID_HEADER, 'X-Machine-Id');
  assert.equal(HOSTNAME_HEADER, 'X-Hostname');
  assert.equal(USER_HINT_HEADER, 'X-User-Hint');
});

test('identity falls back to the headers, matched case-insensitively', () => {
  const call = normalizeHookCall('claude-code', claudeBody, {
    route: 'evaluate',
    headers: { 'x-machine-id': 'm-123', 'x-hostname': ' dev-laptop ', 'x-user-hint': 'dev@example.com', authorization: 'Bearer k' },
  });
  assert.deepEqual(call.identity, { machineId: 'm-123', hostname: 'dev-laptop' });
  assert.equal(call.userHint, 'dev@example.com');

  const mixedCase = normalizeHookCall('claude-code', claudeBody, { route: 'evaluate', headers: { 'X-Hostname': 'h2' } });
  assert.deepEqual(mixedCase.identity, { hostname: 'h2' });
});

test('body identity wins over headers', () => {
  const call = normalizeHookCall(
    'windsurf',
    { agent_action_name: 'pre_run_command', tool_info: { command_line: 'ls' }, machine_id: 'from-body', hostname: 'body-host', user_hint: 'u@body' },
    { route: 'evaluate', headers: { 'x-machine-id': 'from-header', 'x-hostname': 'header-host', 'x-user-hint': 'u@header' } },
  );
  assert.deepEqual(call.identity, { machineId: 'from-body', hostname: 'body-host' });
  assert.equal(call.userHint, 'u@body');
});

test('camelCase identity fields from a Copilot forwarder are read too', () => {
  const call = normalizeHookCall('copilot', { sessionId: 's', timestamp: 1, toolName: 'bash', toolArgs: {}, machineId: 'm', userHint: 'u' }, { route: 'evaluate', headers: {} });
  assert.deepEqual(call.identity, { machineId: 'm' });
  assert.equal(call.userHint, 'u');
});

test('repeated headers take the first non-blank value; blank values count as absent', () => {
  const call = normalizeHookCall('claude-code', { ...claudeBody, hostname: '   ' }, {
    route: 'evaluate',
    headers: { 'x-hostname': ['', 'second'], 'x-machine-id': '   ', 'x-user-hint': undefined },
  });
  assert.deepEqual(call.identity, { hostname: 'second' });
  assert.equal(call.userHint, undefined);
});

test('no identity anywhere gives an empty identity, not an error', () => {
  const call = normalizeHookCall('claude-code', claudeBody, { route: 'evaluate', headers: {} });
  assert.deepEqual(call.identity, {});
  assert.equal('userHint' in call, false);
});

test('identity values are cut to a bounded length', () => {
  const call = normalizeHookCall('claude-code', claudeBody, { route: 'evaluate', headers: { 'x-hostname': 'h'.repeat(10_000) } });
  assert.equal(call.identity.hostname?.length, 256);
});

test('Cursor: user_email is the user hint when neither body user_hint nor header gives one', () => {
  const body = { hook_event_name: 'beforeShellExecution', command: 'ls', user_email: 'dev@example.com' };
  assert.equal(normalizeHookCall('cursor', body, { route: 'evaluate', headers: {} }).userHint, 'dev@example.com');
  assert.equal(normalizeHookCall('cursor', body, { route: 'evaluate', headers: { 'x-user-hint': 'h@example.com' } }).userHint, 'h@example.com');
  assert.equal(normalizeHookCall('cursor', { ...body, user_hint: 'b@example.com' }, { route: 'evaluate', headers: {} }).userHint, 'b@example.com');
});
