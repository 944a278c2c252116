// Response bodies per surface and verdict, and the forwarder's exit-code rules. Expected bodies
// are the shapes the research notes show each agent acting on (see docs/surfaces.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_DENY_REASON,
  exitCodeForResponseBody,
  forwarderExitCode,
  forwarderStderr,
  normalizeHookCall,
  renderAuditAck,
  renderDecision,
} from '../src/index.js';
import { SURFACES, type Decision, type Surface, type ToolCall, type Verdict } from '../src/types.js';

const R = 'Recursive delete of the home directory.';
const W = `Org policy warning: ${R}`;

function decision(verdict: Verdict, reason = verdict === 'allow' ? '' : R): Decision {
  return {
    verdict,
    reason,
    patternName: verdict === 'allow' ? null : 'destructive_fs.recursive_delete_home',
    category: verdict === 'allow' ? null : 'destructive_fs',
    severity: verdict === 'deny' ? 'critical' : verdict === 'warn' ? 'medium' : 'info',
    detectionLayer: verdict === 'allow' ? 'none' : 'builtin',
    policyVersion: 1,
  };
}

function call(surface: Surface, body: unknown, route: 'evaluate' | 'audit' = 'evaluate'): ToolCall {
  return normalizeHookCall(surface, body, { headers: {}, route });
}

const shell = (command: string) => ({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } });
const prompt = (event: string) => ({ hook_event_name: event, prompt: 'hello' });

interface RenderCase {
  name: string;
  surface: Surface;
  call: ToolCall;
  allow: unknown;
  warn: unknown;
  deny: unknown;
}

const claudeDeny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: R } };
const generic = { allow: { decision: 'allow' }, warn: { decision: 'warn', reason: R }, deny: { decision: 'deny', reason: R } };

const CASES: RenderCase[] = [
  { name: 'claude-code PreToolUse', surface: 'claude-code', call: call('claude-code', shell('rm -rf ~')), allow: {}, warn: { systemMessage: W }, deny: claudeDeny },
  { name: 'claude-code UserPromptSubmit', surface: 'claude-code', call: call('claude-code', prompt('UserPromptSubmit')), allow: {}, warn: { systemMessage: W }, deny: { decision: 'block', reason: R } },
  {
    name: 'cursor beforeShellExecution', surface: 'cursor', call: call('cursor', { hook_event_name: 'beforeShellExecution', command: 'rm -rf ~', cwd: '/w' }),
    allow: { permission: 'allow' }, warn: { permission: 'allow', user_message: R, agent_message: R }, deny: { permission: 'deny', user_message: R, agent_message: R },
  },
  {
    name: 'cursor preToolUse', surface: 'cursor', call: call('cursor', { hook_event_name: 'preToolUse', tool_name: 'Shell', tool_input: { command: 'x' } }),
    allow: { permission: 'allow' }, warn: { permission: 'allow', user_message: R, agent_message: R }, deny: { permission: 'deny', user_message: R, agent_message: R },
  },
  {
    name: 'cursor beforeSubmitPrompt', surface: 'cursor', call: call('cursor', { hook_event_name: 'beforeSubmitPrompt', prompt: 'p' }),
    allow: { continue: true }, warn: { continue: true, user_message: R }, deny: { continue: false, user_message: R },
  },
  { name: 'codex PreToolUse', surface: 'codex', call: call('codex', shell('rm -rf ~')), allow: {}, warn: { systemMessage: W }, deny: claudeDeny },
  { name: 'codex UserPromptSubmit', surface: 'codex', call: call('codex', prompt('UserPromptSubmit')), allow: {}, warn: { systemMessage: W }, deny: { decision: 'block', reason: R } },
  {
    name: 'gemini BeforeTool', surface: 'gemini', call: call('gemini', { hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'x' } }),
    allow: {}, warn: { systemMessage: W }, deny: { decision: 'deny', reason: R },
  },
  { name: 'gemini BeforeAgent', surface: 'gemini', call: call('gemini', prompt('BeforeAgent')), allow: {}, warn: { systemMessage: W }, deny: { decision: 'deny', reason: R } },
  {
    name: 'copilot camelCase preToolUse', surface: 'copilot', call: call('copilot', { sessionId: 's', timestamp: 1, toolName: 'bash', toolArgs: '{"command":"x"}' }),
    allow: {}, warn: {}, deny: { permissionDecision: 'deny', permissionDecisionReason: R },
  },
  {
    name: 'copilot camelCase userPromptSubmitted (output is dropped by Copilot)', surface: 'copilot', call: call('copilot', { sessionId: 's', timestamp: 1, prompt: 'p' }),
    allow: {}, warn: {}, deny: {},
  },
  {
    name: 'copilot PascalCase PreToolUse', surface: 'copilot', call: call('copilot', shell('x')),
    allow: {}, warn: { systemMessage: W }, deny: { permissionDecision: 'deny', permissionDecisionReason: R, ...claudeDeny },
  },
  {
    name: 'copilot PascalCase UserPromptSubmit', surface: 'copilot', call: call('copilot', prompt('UserPromptSubmit')),
    allow: {}, warn: { systemMessage: W }, deny: { decision: 'block', reason: R },
  },
  { name: 'windsurf pre_run_command', surface: 'windsurf', call: call('windsurf', { agent_action_name: 'pre_run_command', tool_info: { command_line: 'x' } }), ...generic },
  { name: 'windsurf pre_user_prompt', surface: 'windsurf', call: call('windsurf', { agent_action_name: 'pre_user_prompt', tool_info: { user_prompt: 'p' } }), ...generic },
  {
    name: 'antigravity PreToolUse', surface: 'antigravity', call: call('antigravity', { toolCall: { name: 'run_command', args: { CommandLine: 'x' } } }),
    allow: { decision: 'ask' }, warn: { decision: 'ask', reason: R }, deny: { decision: 'deny', reason: R },
  },
  {
    name: 'antigravity PreInvocation', surface: 'antigravity', call: call('antigravity', { hook_event_name: 'PreInvocation', prompt: 'p' }),
    allow: { decision: 'allow' }, warn: { decision: 'allow', reason: R }, deny: { decision: 'deny', reason: R },
  },
  { name: 'claude-chat', surface: 'claude-chat', call: call('claude-chat', shell('x')), ...generic },
  { name: 'cowork', surface: 'cowork', call: call('cowork', shell('x')), ...generic },
  { name: 'grok', surface: 'grok', call: call('grok', shell('x')), ...generic },
];

for (const c of CASES) {
  for (const verdict of ['allow', 'warn', 'deny'] as const) {
    test(`render ${c.name}: ${verdict}`, () => {
      assert.deepEqual(renderDecision(c.surface, c.call, decision(verdict)), c[verdict]);
    });
  }
}

test('every surface has a render case for allow, warn and deny', () => {
  for (const surface of SURFACES) assert.ok(CASES.some((c) => c.surface === surface), surface);
});

test('deny always carries a non-empty reason (Codex ignores a deny without one)', () => {
  for (const c of CASES) {
    const body = JSON.stringify(renderDecision(c.surface, c.call, decision('deny', '   ')));
    if (body === '{}') continue; // Copilot prompt output is dropped anyway
    assert.ok(body.includes(DEFAULT_DENY_REASON), `${c.name}: ${body}`);
  }
});

test('the spec skill-block reason passes through unchanged', () => {
  const reason = 'Blocked by org policy: skill /deploy-prod is not allowed';
  const c = call('claude-code', { hook_event_name: 'UserPromptSubmit', prompt: '/deploy-prod now' });
  assert.deepEqual(renderDecision('claude-code', c, decision('deny', reason)), { decision: 'block', reason });
});

test('after the fact a deny is reported as a warning, never a block', () => {
  const post = call('claude-code', { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: {}, tool_response: 'x' }, 'audit');
  assert.deepEqual(renderDecision('claude-code', post, decision('deny')), { systemMessage: W });
  const wpost = call('windsurf', { agent_action_name: 'post_run_command', tool_info: { command_line: 'x' } }, 'audit');
  assert.deepEqual(renderDecision('windsurf', wpost, decision('deny')), { decision: 'warn', reason: R });
  const session = call('gemini', { hook_event_name: 'SessionStart', source: 'startup' });
  assert.deepEqual(renderDecision('gemini', session, decision('deny')), { systemMessage: W });
});

test('no surface is ever sent "ask" for allow except Antigravity, where it means "your own policy applies"', () => {
  for (const c of CASES) {
    for (const verdict of ['allow', 'warn', 'deny'] as const) {
      const text = JSON.stringify(renderDecision(c.surface, c.call, decision(verdict)));
      if (c.surface !== 'antigravity') assert.doesNotMatch(text, /"ask"/, `${c.name} ${verdict}`);
      assert.doesNotMatch(text, /"permissionDecision":"allow"/, `${c.name} ${verdict}: never approve on the person's behalf`);
    }
  }
});

test('audit ack is {} for every surface', () => {
  for (const surface of SURFACES) assert.deepEqual(renderAuditAck(surface, CASES[0].call), {});
});

test('forwarder: exit 2 only for a Windsurf deny, with the reason on stderr', () => {
  for (const surface of SURFACES) {
    for (const verdict of ['allow', 'warn', 'deny'] as const) {
      const expected = surface === 'windsurf' && verdict === 'deny' ? 2 : 0;
      assert.equal(forwarderExitCode(surface, decision(verdict)), expected, `${surface} ${verdict}`);
      assert.equal(forwarderStderr(surface, decision(verdict)), expected === 2 ? R : undefined);
    }
  }
});

test('forwarder: the body alone gives the same exit code as the decision did', () => {
  for (const c of CASES) {
    for (const verdict of ['allow', 'warn', 'deny'] as const) {
      const body = renderDecision(c.surface, c.call, decision(verdict));
      const outcome = exitCodeForResponseBody(c.surface, JSON.parse(JSON.stringify(body)));
      assert.equal(outcome.code, forwarderExitCode(c.surface, decision(verdict)), `${c.name} ${verdict}`);
      assert.equal(outcome.stderr, forwarderStderr(c.surface, decision(verdict)), `${c.name} ${verdict}`);
    }
  }
});

test('forwarder: what is printed on stdout', () => {
  const ws = CASES.find((c) => c.name === 'windsurf pre_run_command')!;
  assert.deepEqual(exitCodeForResponseBody('windsurf', { decision: 'deny', reason: R }), { code: 2, stderr: R });
  assert.deepEqual(exitCodeForResponseBody('windsurf', { decision: 'deny' }), { code: 2, stderr: DEFAULT_DENY_REASON });
  assert.deepEqual(exitCodeForResponseBody('windsurf', renderDecision('windsurf', ws.call, decision('warn'))), { code: 0, stdout: W });
  assert.deepEqual(exitCodeForResponseBody('windsurf', { decision: 'allow' }), { code: 0 });
  // JSON surfaces: the body is printed as is; an empty allow prints nothing.
  assert.deepEqual(exitCodeForResponseBody('claude-code', claudeDeny), { code: 0, stdout: JSON.stringify(claudeDeny) });
  assert.deepEqual(exitCodeForResponseBody('gemini', {}), { code: 0 });
  // Antigravity treats `{}` as a deny: only a body with a real decision is printed.
  assert.deepEqual(exitCodeForResponseBody('antigravity', {}), { code: 0 });
  assert.deepEqual(exitCodeForResponseBody('antigravity', { decision: '' }), { code: 0 });
  assert.deepEqual(exitCodeForResponseBody('antigravity', { decision: 'ask' }), { code: 0, stdout: '{"decision":"ask"}' });
});

test('forwarder: error envelopes and non-objects fail open, printing nothing', () => {
  const envelope = { error: 'Unauthorized', message: 'A valid API key is required.', code: 401 };
  for (const surface of SURFACES) {
    assert.deepEqual(exitCodeForResponseBody(surface, envelope), { code: 0 }, surface);
    for (const body of [null, 'oops', 42, [1]]) assert.deepEqual(exitCodeForResponseBody(surface, body), { code: 0 }, surface);
  }
});

test('forwarder: Gemini never gets ask (it hangs a headless run); Cursor prompt fails open with continue', async () => {
  const { failOpenOutcome, hookOutputBytes } = await import('../src/forwarder.js');
  const asked = exitCodeForResponseBody('gemini', { decision: 'ask', reason: 'needs a person' });
  assert.equal(asked.code, 0);
  assert.equal(JSON.parse(asked.stdout ?? '{}').decision, 'deny');
  assert.match(JSON.parse(asked.stdout ?? '{}').reason, /^needs a person/);
  assert.deepEqual(failOpenOutcome('cursor', 'beforeSubmitPrompt'), { code: 0, stdout: '{"continue":true}' });
  for (const surface of SURFACES) if (surface !== 'cursor') assert.deepEqual(failOpenOutcome(surface, 'beforeSubmitPrompt'), { code: 0 });
  // The exact bytes a hook writes: each non-empty stream ends with one newline.
  assert.deepEqual(hookOutputBytes({ code: 2, stderr: R }), { code: 2, stdout: '', stderr: `${R}\n` });
  assert.deepEqual(hookOutputBytes({ code: 0 }), { code: 0, stdout: '', stderr: '' });
});
