// install-hooks / uninstall-hooks for every surface, user scope, into a HOME that already has
// other settings and hooks: the exact resulting file, idempotence, byte-for-byte uninstall.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertRoundTrip, install, uninstall, writeOriginal } from './install-round-trip.js';
import { COMMANDS, HOSTNAME, httpHeaders, jsonText, makeFixture, mode, read, SERVER, TEST_KEY, TEST_MACHINE_ID } from './workstation-fixtures.js';

const fwd = (surface: Parameters<typeof COMMANDS.forward>[0], event: string) => COMMANDS.forward(surface, event);

test('claude-code: the spec table as HTTP hooks plus a command SessionStart; 4-space file without newline kept so', async () => {
  const fx = makeFixture();
  const path = join(fx.home, '.claude', 'settings.json');
  const theirs = { matcher: 'Bash', hooks: [{ type: 'command', command: '~/bin/check.sh' }] };
  const original = { model: 'opus', permissions: { allow: ['Bash(npm test)'] }, hooks: { PreToolUse: [theirs], Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }] } };
  const http = (kind: string) => ({ matcher: '*', hooks: [{ type: 'http', url: `${SERVER}/api/v1/claude-code/${kind}`, timeout: 10, headers: httpHeaders() }] });
  const expected = {
    model: 'opus',
    permissions: { allow: ['Bash(npm test)'] },
    hooks: {
      PreToolUse: [theirs, http('evaluate')],
      Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }],
      SessionStart: [{ matcher: '*', hooks: [{ type: 'command', command: COMMANDS.gateway, timeout: 10 }] }],
      UserPromptSubmit: [http('evaluate')],
      PostToolUse: [http('audit')],
    },
  };
  await assertRoundTrip(fx, 'claude-code', 'user', { [path]: jsonText(original, 4, false) }, { [path]: jsonText(expected, 4, false) });
});

test('claude-code: a settings file that now holds a key is made 0600, and the original mode comes back', async () => {
  const fx = makeFixture();
  const path = join(fx.home, '.claude', 'settings.json');
  writeOriginal(path, '{}\n');
  chmodSync(path, 0o644);
  await install(fx, 'claude-code');
  assert.equal(mode(path), 0o600);
  assert.ok(read(path).includes(HOSTNAME) && read(path).includes(TEST_MACHINE_ID), 'identity headers are written');
  await uninstall(fx, 'claude-code');
  assert.equal(read(path), '{}\n');
  assert.equal(mode(path), 0o644);
});

test('claude-code: a missing settings file is created and removed again', async () => {
  const fx = makeFixture();
  const path = join(fx.home, '.claude', 'settings.json');
  const http = (kind: string) => ({ matcher: '*', hooks: [{ type: 'http', url: `${SERVER}/api/v1/claude-code/${kind}`, timeout: 10, headers: httpHeaders() }] });
  const expected = {
    hooks: {
      SessionStart: [{ matcher: '*', hooks: [{ type: 'command', command: COMMANDS.gateway, timeout: 10 }] }],
      UserPromptSubmit: [http('evaluate')],
      PreToolUse: [http('evaluate')],
      PostToolUse: [http('audit')],
    },
  };
  await assertRoundTrip(fx, 'claude-code', 'user', { [path]: null }, { [path]: jsonText(expected) });
});

test('cursor: command hooks through the forwarder beside the user\'s own', async () => {
  const fx = makeFixture();
  const path = join(fx.home, '.cursor', 'hooks.json');
  const original = { version: 1, hooks: { beforeShellExecution: [{ command: './audit.sh' }], preToolUse: [{ command: './mine.sh', matcher: 'Shell' }] } };
  const ours = (event: string) => ({ command: fwd('cursor', event), timeout: 10 });
  const expected = {
    version: 1,
    hooks: { beforeShellExecution: [{ command: './audit.sh' }], preToolUse: [{ command: './mine.sh', matcher: 'Shell' }, ours('preToolUse')], beforeSubmitPrompt: [ours('beforeSubmitPrompt')], postToolUse: [ours('postToolUse')] },
  };
  await assertRoundTrip(fx, 'cursor', 'user', { [path]: jsonText(original) }, { [path]: jsonText(expected) });
});

test('codex: hooks.json plus trust entries in config.toml with the hash Codex computes', async () => {
  const fx = makeFixture();
  const codexHome = join(fx.home, '.codex');
  const hooksPath = join(codexHome, 'hooks.json');
  const configPath = join(codexHome, 'config.toml');
  const theirs = { matcher: 'Bash', hooks: [{ type: 'command', command: '/usr/local/bin/guard', timeout: 5 }] };
  const originalHooks = { hooks: { PreToolUse: [theirs] } };
  const originalConfig = 'model = "gpt-5.1-codex"\n\n[hooks.state."/elsewhere/hooks.json:pre_tool_use:0:0"]\ntrusted_hash = "sha256:abc"\n';
  const ours = (event: string) => ({ hooks: [{ type: 'command', command: fwd('codex', event), timeout: 10 }] });
  const expectedHooks = { hooks: { PreToolUse: [theirs, ours('PreToolUse')], UserPromptSubmit: [ours('UserPromptSubmit')], PostToolUse: [ours('PostToolUse')] } };
  // Independent of the implementation: the canonical identity spelled out by hand.
  const hash = (label: string, command: string) =>
    `sha256:${createHash('sha256').update(`{"event_name":"${label}","hooks":[{"async":false,"command":${JSON.stringify(command)},"timeout":10,"type":"command"}]}`).digest('hex')}`;
  const table = (label: string, group: number, event: string) => `[hooks.state.${JSON.stringify(`${hooksPath}:${label}:${group}:0`)}]\ntrusted_hash = "${hash(label, fwd('codex', event))}"\n`;
  const expectedConfig =
    `${originalConfig}\n# BEGIN service:install-hooks trust for ${hooksPath}\n` +
    `${table('pre_tool_use', 1, 'PreToolUse')}\n${table('user_prompt_submit', 0, 'UserPromptSubmit')}\n${table('post_tool_use', 0, 'PostToolUse')}` +
    '# END service:install-hooks\n';
  await assertRoundTrip(fx, 'codex', 'user', { [hooksPath]: jsonText(originalHooks), [configPath]: originalConfig }, { [hooksPath]: jsonText(expectedHooks), [configPath]: expectedConfig });
});

test('codex: CODEX_HOME is honoured and a config.toml we created goes away on uninstall', async () => {
  const fx = makeFixture();
  fx.env.CODEX_HOME = join(fx.root, 'codex-home');
  const hooksPath = join(fx.env.CODEX_HOME, 'hooks.json');
  const configPath = join(fx.env.CODEX_HOME, 'config.toml');
  await install(fx, 'codex');
  assert.ok(read(configPath).startsWith(`# BEGIN service:install-hooks trust for ${hooksPath}\n[hooks.state.`));
  await uninstall(fx, 'codex');
  assert.equal(existsSync(configPath), false);
  assert.equal(existsSync(hooksPath), false);
});

test('gemini: command hooks with a millisecond timeout and no matcher, other settings untouched', async () => {
  const fx = makeFixture();
  const path = join(fx.home, '.gemini', 'settings.json');
  const original = {
    security: { auth: { selectedType: 'gemini-api-key' } },
    hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: '/opt/lint.sh', timeout: 5000 }] }] },
    general: { disableAutoUpdate: true },
  };
  const ours = (event: string) => ({ hooks: [{ type: 'command', name: 'service-policy', command: fwd('gemini', event), timeout: 10000 }] });
  const expected = {
    security: original.security,
    hooks: { BeforeTool: [original.hooks.BeforeTool[0], ours('BeforeTool')], BeforeAgent: [ours('BeforeAgent')], AfterTool: [ours('AfterTool')] },
    general: original.general,
  };
  await assertRoundTrip(fx, 'gemini', 'user', { [path]: jsonText(original) }, { [path]: jsonText(expected) });
  assert.equal(JSON.stringify(expected).includes('"ask"'), false);
});

test('copilot: an https server gets native HTTP hooks in a file of our own', async () => {
  const fx = makeFixture();
  const https = 'https://service.example.com';
  const path = join(fx.home, '.copilot', 'hooks', 'service.json');
  const other = join(fx.home, '.copilot', 'hooks', 'team.json');
  const otherText = jsonText({ version: 1, hooks: { sessionStart: [{ type: 'command', bash: 'echo hi' }] } });
  writeOriginal(other, otherText);
  const http = (kind: string) => ({ type: 'http', url: `${https}/api/v1/${kind}?tool=copilot`, headers: httpHeaders(), timeoutSec: 10 });
  const expected = { version: 1, hooks: { userPromptSubmitted: [http('evaluate')], preToolUse: [http('evaluate')], postToolUse: [http('audit')] } };
  await assertRoundTrip(fx, 'copilot', 'user', { [path]: null }, { [path]: jsonText(expected) }, https);
  assert.equal(read(other), otherText);
});

test('copilot: a plain-http server gets command hooks and a note that HTTP hooks need https', async () => {
  const fx = makeFixture();
  const path = join(fx.home, '.copilot', 'hooks', 'service.json');
  const cmd = (event: string) => ({ type: 'command', bash: fwd('copilot', event), timeoutSec: 10 });
  const expected = { version: 1, hooks: { userPromptSubmitted: [cmd('userPromptSubmitted')], preToolUse: [cmd('preToolUse')], postToolUse: [cmd('postToolUse')] } };
  await assertRoundTrip(fx, 'copilot', 'user', { [path]: null }, { [path]: jsonText(expected) });
  const report = await install(fx, 'copilot');
  assert.ok(report.warnings.some((w) => w.includes('only over https://')));
});

test('windsurf: every pre and post event runs the forwarder, existing hooks stay first', async () => {
  const fx = makeFixture();
  const path = join(fx.home, '.codeium', 'windsurf', 'hooks.json');
  const original = { hooks: { pre_run_command: [{ command: 'python3 ~/guard.py', show_output: true }] } };
  const events = ['pre_user_prompt', 'pre_run_command', 'pre_read_code', 'pre_write_code', 'pre_mcp_tool_use', 'post_run_command', 'post_write_code', 'post_mcp_tool_use'];
  const hooks: Record<string, unknown[]> = { pre_run_command: [original.hooks.pre_run_command[0]] };
  for (const e of events) (hooks[e] ??= []).push({ command: fwd('windsurf', e) });
  await assertRoundTrip(fx, 'windsurf', 'user', { [path]: jsonText(original) }, { [path]: jsonText({ hooks }) });
});

test('antigravity: one named hook set beside the user\'s', async () => {
  const fx = makeFixture();
  const path = join(fx.home, '.gemini', 'config', 'hooks.json');
  const original = { 'shell-audit': { PreToolUse: [{ matcher: 'run_command', hooks: [{ type: 'command', command: 'audit' }] }] } };
  const ours = (event: string) => [{ hooks: [{ type: 'command', command: fwd('antigravity', event) }] }];
  const expected = { ...original, 'service-policy': { PreToolUse: ours('PreToolUse'), PostToolUse: ours('PostToolUse') } };
  await assertRoundTrip(fx, 'antigravity', 'user', { [path]: jsonText(original) }, { [path]: jsonText(expected) });
});

test('a changed server URL updates our entries in place and keeps the one backup', async () => {
  const fx = makeFixture();
  const path = join(fx.home, '.claude', 'settings.json');
  writeOriginal(path, jsonText({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x' }] }] } }));
  await install(fx, 'claude-code');
  const first = read(`${path}.service-backup`);
  await install(fx, 'claude-code', 'user', 'https://new.example.com');
  assert.equal(read(`${path}.service-backup`), first);
  const doc = JSON.parse(read(path));
  assert.equal(doc.hooks.PreToolUse.length, 2);
  assert.equal(doc.hooks.PreToolUse[1].hooks[0].url, 'https://new.example.com/api/v1/claude-code/evaluate');
});

test('uninstall keeps settings the user changed after install and removes only our entries', async () => {
  const fx = makeFixture();
  const path = join(fx.home, '.cursor', 'hooks.json');
  writeOriginal(path, jsonText({ version: 1, hooks: { stop: [{ command: 'a' }] } }));
  await install(fx, 'cursor');
  const doc = JSON.parse(read(path));
  doc.hooks.stop.push({ command: 'b' });
  writeFileSync(path, jsonText(doc));
  await uninstall(fx, 'cursor');
  assert.equal(read(path), jsonText({ version: 1, hooks: { stop: [{ command: 'a' }, { command: 'b' }] } }));
});

test('a settings file with comments and a trailing comma keeps them through install; uninstall restores it byte for byte', async () => {
  const fx = makeFixture();
  const path = join(fx.home, '.gemini', 'settings.json');
  const text = '{\n  // my settings\n  "theme": "dark", /* kept */\n  "ui": { "hideBanner": true, },\n}\n';
  writeOriginal(path, text);
  await install(fx, 'gemini');
  const installed = read(path);
  // The comments and the person's values stay; jsonc-parser may re-indent the member it inserts after.
  for (const kept of ['// my settings\n', '"theme": "dark", /* kept */', '"hideBanner": true']) assert.ok(installed.includes(kept), `${kept} kept in ${installed}`);
  assert.ok(installed.includes('"BeforeTool"') && installed.includes('service-policy'), installed);
  await uninstall(fx, 'gemini');
  assert.equal(read(path), text);
});

test('a settings file that is not JSON is refused naming the line, and nothing is written', async () => {
  const fx = makeFixture();
  const path = join(fx.home, '.gemini', 'settings.json');
  const text = '{\n  "theme": "dark"\n  "ui": {}\n}\n';
  writeOriginal(path, text);
  await assert.rejects(install(fx, 'gemini'), /is not valid JSON \(CommaExpected on line 3\); fix it/);
  assert.equal(read(path), text);
});

test('a compact one-line settings file is restored byte for byte, and a second uninstall leaves it alone', async () => {
  const fx = makeFixture();
  const path = join(fx.home, '.gemini', 'settings.json');
  const ours = (event: string) => ({ hooks: [{ type: 'command', name: 'service-policy', command: fwd('gemini', event), timeout: 10000 }] });
  const expected = { theme: 'dark', hooks: { BeforeAgent: [ours('BeforeAgent')], BeforeTool: [ours('BeforeTool')], AfterTool: [ours('AfterTool')] } };
  await assertRoundTrip(fx, 'gemini', 'user', { [path]: '{"theme":"dark"}' }, { [path]: jsonText(expected, 2, false) });
});

test('hook reports for the check-in: installed hooks are healthy; an edited Codex hook is tamper evidence', async () => {
  const { localHookReports } = await import('../src/install/hook-status.js');
  const fx = makeFixture();
  await install(fx, 'codex');
  await install(fx, 'claude-code');
  const reports = () => localHookReports({ serverUrl: SERVER, key: TEST_KEY, identity: { hostname: HOSTNAME, machine_id: TEST_MACHINE_ID }, projectDir: fx.project, env: fx.env });
  assert.deepEqual(
    reports().sort((a, b) => a.surface.localeCompare(b.surface)),
    [
      { surface: 'claude-code', healthy: true, scope: 'user', hook_type: 'http' },
      { surface: 'codex', healthy: true, scope: 'user', hook_type: 'command' },
    ],
  );
  // Someone edits our PreToolUse entry: Codex would now skip it silently (trust hash mismatch).
  const hooksPath = join(fx.home, '.codex', 'hooks.json');
  writeFileSync(hooksPath, read(hooksPath).replace('"timeout": 10', '"timeout": 30'));
  assert.deepEqual(reports().find((r) => r.surface === 'codex'), { surface: 'codex', healthy: false, scope: 'user', hook_type: 'command' });
  assert.equal(reports().find((r) => r.surface === 'claude-code')?.healthy, true);
});
