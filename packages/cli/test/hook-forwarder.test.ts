// `service hook` end to end: the real bin/service (compiled forwarder) against a small local
// HTTP server that answers like the policy server.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { installRoot } from '../src/install/hook-commands.js';
import { makeFixture, TEST_KEY, TEST_MACHINE_ID } from './workstation-fixtures.js';

const BIN = join(installRoot(), 'bin', 'service');

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

const seen: Seen[] = [];
let answer: (url: string) => { status: number; body: string; delayMs?: number } = () => ({ status: 200, body: '{}' });

const server = createServer((req, res) => {
  let text = '';
  req.on('data', (c) => (text += c));
  req.on('end', () => {
    seen.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(text || '{}') });
    const a = answer(req.url ?? '');
    setTimeout(() => {
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(a.body);
    }, a.delayMs ?? 0);
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
after(() => server.close());

function runHook(args: string[], input: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const fx = makeFixture();
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'hook', ...args], { env: { ...fx.env, SERVICE_URL: base, SERVICE_API_KEY: TEST_KEY, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
    child.stdin.end(input);
  });
}

test('cursor: the server\'s deny is printed as is, with identity added to body and headers', async () => {
  answer = () => ({ status: 200, body: '{"permission":"deny","user_message":"Blocked: rm -rf","agent_message":"policy"}' });
  seen.length = 0;
  const r = await runHook(['--surface', 'cursor', '--event', 'preToolUse', '--installed-by=service:install-hooks'], '{"tool_name":"Shell","tool_input":{"command":"rm -rf /"}}');
  assert.equal(r.code, 0);
  assert.deepEqual(JSON.parse(r.stdout), { permission: 'deny', user_message: 'Blocked: rm -rf', agent_message: 'policy' });
  assert.equal(seen.length, 1);
  assert.equal(seen[0].url, '/api/v1/evaluate?tool=cursor');
  assert.equal(seen[0].headers.authorization, `Bearer ${TEST_KEY}`);
  assert.equal(seen[0].headers['x-machine-id'], TEST_MACHINE_ID);
  assert.ok(seen[0].headers['x-hostname']);
  assert.equal(seen[0].body.machine_id, TEST_MACHINE_ID);
  assert.equal(seen[0].body.hostname, seen[0].headers['x-hostname']);
  assert.deepEqual(seen[0].body.tool_input, { command: 'rm -rf /' });
});

test('post-tool events go to audit; the event can come from the payload', async () => {
  answer = () => ({ status: 200, body: '{}' });
  seen.length = 0;
  await runHook(['--surface', 'gemini'], '{"hook_event_name":"AfterTool","tool_name":"run_shell_command"}');
  await runHook(['--surface', 'claude-code'], '{"hook_event_name":"PostToolUse"}');
  await runHook(['--surface', 'windsurf', '--event', 'post_run_command'], '{}');
  assert.deepEqual(seen.map((s) => s.url), ['/api/v1/audit?tool=gemini', '/api/v1/claude-code/audit', '/api/v1/audit?tool=windsurf']);
});

test('windsurf: a deny is exit 2 with the reason on stderr', async () => {
  answer = () => ({ status: 200, body: '{"decision":"deny","reason":"Reading ~/.ssh is blocked"}' });
  const r = await runHook(['--surface', 'windsurf', '--event', 'pre_read_code'], '{"agent_action_name":"pre_read_code","tool_info":{"file_path":"/home/u/.ssh/id_rsa"}}');
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr.trim(), 'Reading ~/.ssh is blocked');
});

test('windsurf: an allow is exit 0', async () => {
  answer = () => ({ status: 200, body: '{"decision":"allow"}' });
  const r = await runHook(['--surface', 'windsurf', '--event', 'pre_run_command'], '{}');
  assert.equal(r.code, 0);
});

test('server down: fails open at once (exit 0, nothing printed)', async () => {
  const r = await runHook(['--surface', 'cursor', '--event', 'preToolUse'], '{}', { SERVICE_URL: 'http://127.0.0.1:1' });
  assert.equal(r.code, 0);
  assert.equal(r.stdout, '');
});

test('a server that does not answer in time: fails open at the deadline', async () => {
  answer = () => ({ status: 200, body: '{"permission":"deny"}', delayMs: 3000 });
  const r = await runHook(['--surface', 'cursor', '--event', 'beforeSubmitPrompt', '--timeout-ms', '300'], '{"prompt":"hi"}');
  assert.equal(r.code, 0);
  // The server would answer deny after 3 s: a continue proves the forwarder gave up at its deadline.
  assert.equal(r.stdout, '{"continue":true}\n');
});

test('SERVICE_HOOK_TIMEOUT_MS sets the deadline', async () => {
  answer = () => ({ status: 200, body: '{"decision":"deny","reason":"x"}', delayMs: 3000 });
  const r = await runHook(['--surface', 'windsurf', '--event', 'pre_run_command'], '{}', { SERVICE_HOOK_TIMEOUT_MS: '300' });
  // Exit 0 instead of the deny sent after 3 s: the forwarder stopped waiting at 300 ms.
  assert.equal(r.code, 0);
});

test('no key, a 500, a non-JSON body or an invalid payload: fail open', async () => {
  answer = () => ({ status: 200, body: '{"permission":"deny"}' });
  const noKey = await runHook(['--surface', 'cursor', '--event', 'preToolUse'], '{}', { SERVICE_API_KEY: '' });
  assert.deepEqual([noKey.code, noKey.stdout], [0, '']);
  answer = () => ({ status: 500, body: '{"error":"internal","message":"x","code":"internal"}' });
  const err = await runHook(['--surface', 'windsurf', '--event', 'pre_run_command'], '{}');
  assert.deepEqual([err.code, err.stdout], [0, '']);
  answer = () => ({ status: 200, body: '<html>proxy</html>' });
  const html = await runHook(['--surface', 'gemini', '--event', 'BeforeTool'], '{}');
  assert.deepEqual([html.code, html.stdout], [0, '']);
  const bad = await runHook(['--surface', 'gemini', '--event', 'BeforeTool'], 'not json');
  assert.deepEqual([bad.code, bad.stdout], [0, '']);
});

test('antigravity prints nothing on allow (an explicit allow would skip the user\'s approval), the deny on deny', async () => {
  answer = () => ({ status: 200, body: '{"decision":"allow"}' });
  const allow = await runHook(['--surface', 'antigravity', '--event', 'PreToolUse'], '{}');
  assert.deepEqual([allow.code, allow.stdout], [0, '']);
  answer = () => ({ status: 200, body: '{"decision":"deny","reason":"no"}' });
  const deny = await runHook(['--surface', 'antigravity', '--event', 'PreToolUse'], '{}');
  assert.deepEqual(JSON.parse(deny.stdout), { decision: 'deny', reason: 'no' });
});

test('gemini never receives ask (it hangs a headless run): it becomes a deny', async () => {
  answer = () => ({ status: 200, body: '{"decision":"ask","reason":"Confirm push"}' });
  const r = await runHook(['--surface', 'gemini', '--event', 'BeforeTool'], '{}');
  const out = JSON.parse(r.stdout);
  assert.equal(out.decision, 'deny');
  assert.match(out.reason, /Confirm push/);
});

test('an unknown surface run by an agent still exits 0; --help prints the usage', async () => {
  const r = await runHook(['--surface', 'nope'], '{}');
  assert.equal(r.code, 0);
  assert.match(r.stderr, /--surface must be one of/);
  const help = await runHook(['--help'], '');
  assert.match(help.stdout, /^Usage: service hook --surface SURFACE/);
});
