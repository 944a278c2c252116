// Pure pieces: Codex trust editing, the dry-run diff, credential stripping, check-in helpers,
// hook argument parsing, the forwarder's per-surface output rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codexEventLabel, codexHookHash, installCodexTrust, uninstallCodexTrust } from '../src/install/codex-trust.js';
import { unifiedDiff } from '../src/install/unified-diff.js';
import { redactBearerTokens } from '../src/install/key-input.js';
import { stripUrlCredentials } from '../src/hook/session-facts.js';
import { parseSessionStart, planLimitMessage } from '../src/hook/checkin.js';
import { parseHookArgs } from '../src/hook/hook-args.js';
import { exitCodeForResponseBody, failOpenOutcome, isAuditEvent } from '@service/surfaces/forwarder';
import { buildHookCommands, shellQuote } from '../src/install/hook-commands.js';

test('codex event labels and the matcher rule of the trust hash', () => {
  assert.equal(codexEventLabel('PreToolUse'), 'pre_tool_use');
  assert.equal(codexEventLabel('UserPromptSubmit'), 'user_prompt_submit');
  const handler = { type: 'command', command: 'x', timeout: 10 };
  // UserPromptSubmit ignores matchers, so one in the file does not change the hash.
  assert.equal(codexHookHash('UserPromptSubmit', 'Bash', handler), codexHookHash('UserPromptSubmit', undefined, handler));
  assert.notEqual(codexHookHash('PreToolUse', 'Bash', handler), codexHookHash('PreToolUse', undefined, handler));
  // No timeout means Codex's default of 600.
  assert.equal(codexHookHash('PreToolUse', undefined, { type: 'command', command: 'x' }), codexHookHash('PreToolUse', undefined, { ...handler, timeout: 600 }));
});

test('codex trust: a stale table for one of our keys is replaced (a table defined twice breaks config.toml)', () => {
  const key = '/h/.codex/hooks.json:pre_tool_use:1:0';
  const original = `model = "m"\n\n[hooks.state."${key}"]\ntrusted_hash = "sha256:old"\nenabled = true\n\n[other]\nx = 1\n`;
  const out = installCodexTrust(original, '/h/.codex/hooks.json', [{ key, hash: 'sha256:new' }]);
  assert.equal(out.split(`[hooks.state."${key}"]`).length, 2, 'the key is defined exactly once');
  assert.ok(out.includes('[other]\nx = 1\n'));
  assert.equal(installCodexTrust(out, '/h/.codex/hooks.json', [{ key, hash: 'sha256:new' }]), out, 'idempotent');
  assert.equal(uninstallCodexTrust(out, '/h/.codex/hooks.json'), 'model = "m"\n\n[other]\nx = 1\n');
});

test('codex trust: an inline `hooks = {…}` table is refused with a sentence', () => {
  assert.throws(() => installCodexTrust('hooks = { state = {} }\n', '/h/hooks.json', [{ key: '/h/hooks.json:pre_tool_use:0:0', hash: 'sha256:x' }]), /inline/);
});

test('unified diff: hunks with context, creation and deletion', () => {
  const before = 'a\nb\nc\nd\ne\nf\ng\nh\n';
  const after = 'a\nb\nc\nD\ne\nf\ng\nh\n';
  assert.equal(unifiedDiff('f.txt', before, after), '--- f.txt\n+++ f.txt\n@@ -1,7 +1,7 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n');
  assert.equal(unifiedDiff('n.txt', null, 'x\n'), '--- /dev/null\n+++ n.txt\n@@ -0,0 +1,1 @@\n+x\n');
  assert.equal(unifiedDiff('n.txt', 'x\n', null), '--- n.txt\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-x\n');
  assert.equal(unifiedDiff('same', 'x', 'x'), '');
});

test('bearer tokens are masked in anything shown; env references are left alone', () => {
  assert.equal(redactBearerTokens('"Authorization": "Bearer svc_rt_0123456789abcdef"'), '"Authorization": "Bearer svc_…cdef"');
  assert.equal(redactBearerTokens('Bearer ${SERVICE_API_KEY}'), 'Bearer ${SERVICE_API_KEY}');
});

test('git remotes lose tokens, passwords, queries; scp-style remotes stay', () => {
  assert.equal(stripUrlCredentials('https://x-access-token:ghs_secret@github.com/org/repo.git'), 'https://github.com/org/repo.git');
  assert.equal(stripUrlCredentials('https://ghp_token@github.com/org/repo'), 'https://github.com/org/repo');
  assert.equal(stripUrlCredentials('https://gitlab.example.com/g/r.git?private_token=abc'), 'https://gitlab.example.com/g/r.git');
  assert.equal(stripUrlCredentials('git@github.com:org/repo.git'), 'git@github.com:org/repo.git');
  assert.equal(stripUrlCredentials('ssh://git@host:22/org/repo'), 'ssh://host:22/org/repo');
});

test('SessionStart payloads: tolerant parsing; plan-limit notices are found', () => {
  assert.deepEqual(parseSessionStart('{"session_id":"s","cwd":"/w","hook_event_name":"SessionStart","source":"startup"}'), { session_id: 's', cwd: '/w', agent_version: undefined, hook_event_name: 'SessionStart' });
  assert.deepEqual(parseSessionStart(''), {});
  assert.deepEqual(parseSessionStart('[1]'), {});
  assert.deepEqual(parseSessionStart('{"cwd":42}'), { session_id: undefined, cwd: undefined, agent_version: undefined, hook_event_name: undefined });
  assert.equal(planLimitMessage({ error: 'plan_limit', message: 'Workstation limit reached (20 of 20).', code: 'plan_limit_reached' }), 'Workstation limit reached (20 of 20).');
  assert.equal(planLimitMessage({ ok: true, plan_limit: { message: 'Over plan' } }), 'Over plan');
  assert.equal(planLimitMessage({ ok: true }), undefined);
});

test('hook arguments: flags in both forms, unknown flags ignored', () => {
  assert.deepEqual(parseHookArgs(['--surface', 'cursor', '--event=preToolUse', '--timeout-ms', '800', '--installed-by=service:install-hooks', '--future-flag']), {
    surface: 'cursor',
    event: 'preToolUse',
    timeoutMs: 800,
    help: false,
  });
  assert.equal(parseHookArgs(['--timeout-ms', 'soon']).timeoutMs, undefined);
});

test('audit events and per-surface output rules', () => {
  for (const e of ['PostToolUse', 'postToolUse', 'AfterTool', 'post_run_command', 'afterShellExecution']) assert.equal(isAuditEvent(e), true, e);
  for (const e of ['PreToolUse', 'BeforeTool', 'pre_run_command', 'beforeSubmitPrompt', 'UserPromptSubmit', undefined]) assert.equal(isAuditEvent(e), false, String(e));
  // The rules themselves are tested in packages/surfaces; the CLI imports that one copy.
  assert.deepEqual(exitCodeForResponseBody('windsurf', { decision: 'deny', reason: 'm' }), { code: 2, stderr: 'm' });
  assert.deepEqual(exitCodeForResponseBody('antigravity', {}), { code: 0 });
  assert.deepEqual(failOpenOutcome('antigravity', 'PreToolUse'), { code: 0 });
  assert.deepEqual(failOpenOutcome('cursor', 'beforeSubmitPrompt'), { code: 0, stdout: '{"continue":true}' });
});

test('hook commands name node and our bins by absolute path and quote what needs it', () => {
  const c = buildHookCommands('/opt/node 20/bin/node', '/srv/svc', 'linux');
  assert.equal(c.forward('gemini', 'BeforeTool'), "'/opt/node 20/bin/node' /srv/svc/packages/cli/dist/hook.cjs --surface gemini --event BeforeTool --installed-by=service:install-hooks");
  const curl = buildHookCommands('/usr/bin/node', '/srv/svc', 'linux', { curl: '/usr/bin/curl', serverUrl: 'https://svc.example', headerFile: '/home/a b/.service-plugin/hook-headers' });
  assert.equal(
    curl.forward('gemini', 'BeforeTool'),
    "/usr/bin/curl -sf -m 2.5 -H @'/home/a b/.service-plugin/hook-headers' -H 'X-Service-Installed-By: service:install-hooks' --data-binary @- 'https://svc.example/api/v1/hook?tool=gemini&event=BeforeTool' || true",
  );
  assert.match(curl.forward('cursor', 'beforeSubmitPrompt'), /\|\| printf '%s\\n' '\{"continue":true\}'$/);
  assert.match(curl.forward('windsurf', 'pre_run_command'), /^o=\$\(.* -w '%header\{x-service-hook-exit\}'\) \|\| exit 0; case/);
  assert.ok(curl.programs.includes('/usr/bin/curl'));
  assert.equal(c.gateway, "'/opt/node 20/bin/node' /srv/svc/bin/service-mcp-gateway scan-inventory --installed-by=service:install-hooks");
  assert.equal(shellQuote("it's", 'linux'), `'it'\\''s'`);
  assert.equal(shellQuote('C:\\Program Files\\node.exe', 'win32'), '"C:\\Program Files\\node.exe"');
});
