// The curl hook command against a real server process: install-hooks writes curl commands for the
// command-hook surfaces (where the platform has curl), the key and identity live in a 0600 header
// file and never on the command line, the answers are byte for byte what the Node forwarder
// prints for the same payload (one copy of the rules, @service/surfaces), Windsurf's deny is exit 2
// with the reason on stderr, and with the server gone every command fails open.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshStore, startServerProcess, type ServerProcess } from '../bench/support.js';
import { TEST_STORE } from '../packages/server/test/support/harness.js';
import { findCurl } from '../packages/cli/src/install/hook-commands.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const SERVICE = join(ROOT, 'bin', 'service');
const skip = process.platform === 'win32' || !findCurl() ? 'no curl on this platform' : false;

describe('curl hook commands against a live server', { skip }, () => {
  let store: Awaited<ReturnType<typeof freshStore>>;
  let server: ServerProcess;
  let home: string;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    store = await freshStore(TEST_STORE);
    server = await startServerProcess(store.env);
    home = mkdtempSync(join(tmpdir(), 'svc-curl-home-'));
    env = { ...process.env, HOME: home, SERVICE_NO_KEYCHAIN: '1', SERVICE_MACHINE_ID: 'curl-e2e-machine', SERVICE_HOOK_TIMEOUT_MS: '2500' };
    for (const k of ['SERVICE_URL', 'SERVICE_API_KEY', 'SERVICE_ADMIN_KEY', 'SERVICE_HOOK_TRANSPORT']) delete env[k];
    const installed = spawnSync(process.execPath, [SERVICE, 'install-hooks', '--surface', 'gemini', '--surface', 'codex', '--surface', 'windsurf', '--surface', 'cursor', '--scope', 'user', '--server', server.url, '--key-stdin'], { env, input: server.runtimeKey, encoding: 'utf8', timeout: 60_000 });
    assert.equal(installed.status, 0, installed.stderr);
  });
  after(async () => {
    await server.stop();
    await store.drop();
    rmSync(home, { recursive: true, force: true });
  });

  const geminiCommand = (event: string) => {
    const settings = JSON.parse(readFileSync(join(home, '.gemini', 'settings.json'), 'utf8'));
    return settings.hooks[event][0].hooks[0].command as string;
  };
  const windsurfCommand = (event: string) => {
    const file = JSON.parse(readFileSync(join(home, '.codeium', 'windsurf', 'hooks.json'), 'utf8'));
    return file.hooks[event][0].command as string;
  };
  const sh = (command: string, payload: unknown) => spawnSync('/bin/sh', ['-c', command], { env, input: JSON.stringify(payload), encoding: 'utf8', timeout: 30_000 });
  const node = (surface: string, event: string, payload: unknown) =>
    spawnSync(process.execPath, [SERVICE, 'hook', '--surface', surface, '--event', event], { env, input: JSON.stringify(payload), encoding: 'utf8', timeout: 30_000 });

  const geminiDeny = { session_id: 'g1', cwd: '/tmp', hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'rm -rf ~' } };
  const geminiAllow = { ...geminiDeny, tool_input: { command: 'ls' } };

  test('the commands are curl with the key in a 0600 header file, never on the command line', () => {
    const command = geminiCommand('BeforeTool');
    assert.match(command, /curl/);
    assert.doesNotMatch(command, /hook --surface/, 'no Node process per tool call');
    assert.equal(command.includes(server.runtimeKey), false, 'the key is not on the command line');
    const headers = join(home, '.service-plugin', 'hook-headers');
    assert.ok(command.includes(headers));
    assert.equal(statSync(headers).mode & 0o777, 0o600);
    assert.match(readFileSync(headers, 'utf8'), /^Authorization: Bearer \S+\nX-Hostname: .+\nX-Machine-Id: curl-e2e-machine\n/);
    const codex = readFileSync(join(home, '.codex', 'hooks.json'), 'utf8');
    assert.match(codex, /curl/);
    assert.match(readFileSync(join(home, '.codex', 'config.toml'), 'utf8'), /trusted_hash/, 'Codex trust entries are written for the curl commands');
  });

  /** Each decision names its own event id in the exception hint; the rest must match byte for byte. */
  const sameBytes = (text: string) => text.replace(/exceptions request [0-9A-Z]{26} /g, 'exceptions request <event id> ');

  test('Gemini: deny and allow, byte for byte what the Node forwarder prints', () => {
    for (const payload of [geminiDeny, geminiAllow]) {
      const viaCurl = sh(geminiCommand('BeforeTool'), payload);
      const viaNode = node('gemini', 'BeforeTool', payload);
      assert.equal(viaCurl.status, 0, viaCurl.stderr);
      assert.equal(viaNode.status, 0, viaNode.stderr);
      assert.equal(sameBytes(viaCurl.stdout), sameBytes(viaNode.stdout));
    }
    assert.equal(JSON.parse(sh(geminiCommand('BeforeTool'), geminiDeny).stdout).decision, 'deny');
    assert.equal(sh(geminiCommand('BeforeTool'), geminiAllow).stdout, '', 'allow prints nothing');
  });

  test("Windsurf: a deny is exit 2 with the reason on stderr; an allow is exit 0 and silent", () => {
    const deny = { agent_action_name: 'pre_run_command', trajectory_id: 't1', tool_info: { command_line: 'rm -rf ~', cwd: home } };
    const r = sh(windsurfCommand('pre_run_command'), deny);
    assert.equal(r.status, 2, r.stderr);
    assert.ok(r.stderr.trim().length > 0);
    assert.equal(r.stdout, '');
    const viaNode = node('windsurf', 'pre_run_command', deny);
    assert.deepEqual([r.status, sameBytes(r.stderr)], [viaNode.status, sameBytes(viaNode.stderr)]);
    const ok = sh(windsurfCommand('pre_run_command'), { ...deny, tool_info: { command_line: 'ls', cwd: home } });
    assert.deepEqual([ok.status, ok.stdout, ok.stderr], [0, '', '']);
  });

  test('the denied call is in the events with this machine as its host', async () => {
    const res = await fetch(`${server.url}/api/v1/admin/workstations?search=`, { headers: { authorization: `Bearer ${server.adminKey}` } });
    const hosts = (await res.json()) as { workstations: Array<{ hostname: string }> };
    assert.ok(hosts.workstations.length >= 1, JSON.stringify(hosts));
  });

  test('with the server stopped every command fails open: exit 0, nothing printed (Cursor prompt: continue)', async () => {
    await server.stop();
    const g = sh(geminiCommand('BeforeTool'), geminiDeny);
    assert.deepEqual([g.status, g.stdout], [0, '']);
    const w = sh(windsurfCommand('pre_run_command'), { agent_action_name: 'pre_run_command', tool_info: { command_line: 'rm -rf ~' } });
    assert.deepEqual([w.status, w.stdout], [0, '']);
    const cursor = JSON.parse(readFileSync(join(home, '.cursor', 'hooks.json'), 'utf8'));
    const prompt = sh(cursor.hooks.beforeSubmitPrompt[0].command, { hook_event_name: 'beforeSubmitPrompt', prompt: 'hi' });
    assert.deepEqual([prompt.status, JSON.parse(prompt.stdout)], [0, { continue: true }]);
  });
});
