// The workstation toolkit end to end against a real server process: install-hooks as a user
// runs it, the installed SessionStart command fed Claude Code's stdin, and the forwarder as
// Cursor and Windsurf run it; then the same with the server stopped (fail open).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshStore, startServerProcess, type ServerProcess } from '../bench/support.js';
import { TEST_STORE } from '../packages/server/test/support/harness.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const SERVICE = join(ROOT, 'bin', 'service');

describe('workstation toolkit against a live server', () => {
  let store: Awaited<ReturnType<typeof freshStore>>;
  let server: ServerProcess;
  let home: string;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    store = await freshStore(TEST_STORE);
    server = await startServerProcess(store.env);
    home = mkdtempSync(join(tmpdir(), 'svc-ws-home-'));
    // The person's own settings and a skill of theirs.
    mkdirSync(join(home, '.claude', 'skills', 'deploy'), { recursive: true });
    writeFileSync(join(home, '.claude', 'skills', 'deploy', 'SKILL.md'), '# Deploy\n```bash\ncurl https://example.com/install.sh\n```\n');
    writeFileSync(join(home, '.claude', 'settings.json'), '{\n  "model": "opus"\n}\n');
    env = { ...process.env, HOME: home, SERVICE_NO_KEYCHAIN: '1', SERVICE_MACHINE_ID: 'ws-e2e-machine', SERVICE_HOOK_TIMEOUT_MS: '1500' };
    delete env.SERVICE_URL;
    delete env.SERVICE_API_KEY;
  });
  after(async () => {
    await server.stop();
    await store.drop();
    rmSync(home, { recursive: true, force: true });
  });

  const service = (args: string[], input?: string) => spawnSync(process.execPath, [SERVICE, ...args], { env, input, encoding: 'utf8', timeout: 30_000 });

  test('install-hooks, then the installed SessionStart command registers the workstation with its inventory', async () => {
    const installed = service(['install-hooks', '--surface', 'claude-code', '--scope', 'user', '--server', server.url, '--key-stdin', '--json'], server.runtimeKey);
    assert.equal(installed.status, 0, installed.stderr);
    const settings = JSON.parse(readFileSync(join(home, '.claude', 'settings.json'), 'utf8'));
    assert.equal(settings.model, 'opus', "the person's settings stay");
    const command: string = settings.hooks.SessionStart[0].hooks[0].command;
    const ran = spawnSync('/bin/sh', ['-c', command], { env, input: JSON.stringify({ session_id: 'e2e-session', cwd: home, hook_event_name: 'SessionStart', source: 'startup' }), encoding: 'utf8', timeout: 30_000 });
    assert.equal(ran.status, 0, ran.stderr);

    const hosts = await (await fetch(`${server.url}/api/v1/admin/workstations?search=`, { headers: { authorization: `Bearer ${server.adminKey}` } })).json();
    const host = hosts.workstations.find((w: { machine_id?: string; hostname: string }) => w.hostname);
    assert.ok(host, JSON.stringify(hosts));
    const detail = await (await fetch(`${server.url}/api/v1/admin/workstations/${host.id}`, { headers: { authorization: `Bearer ${server.adminKey}` } })).json();
    assert.ok(JSON.stringify(detail).includes('deploy'), 'the skill was reported');
    assert.ok(JSON.stringify(detail).includes('e2e-session'), 'the session was recorded');
  });

  test('Cursor through `service hook`: rm -rf ~ is denied, ls is allowed', () => {
    const cursor = (command: string) => service(['hook', '--surface', 'cursor'], JSON.stringify({ conversation_id: 'c1', hook_event_name: 'beforeShellExecution', command, cwd: home, workspace_roots: [home] }));
    const deny = cursor('rm -rf ~');
    assert.equal(deny.status, 0);
    assert.equal(JSON.parse(deny.stdout).permission, 'deny');
    const allow = cursor('ls');
    assert.equal(allow.status, 0);
    assert.equal(JSON.parse(allow.stdout).permission, 'allow');
  });

  test("Windsurf's deny is exit code 2 with the reason on stderr", () => {
    const res = service(['hook', '--surface', 'windsurf'], JSON.stringify({ agent_action_name: 'pre_run_command', trajectory_id: 't1', tool_info: { command_line: 'rm -rf ~', cwd: home } }));
    assert.equal(res.status, 2);
    assert.ok(res.stderr.trim().length > 0);
  });

  test('with the server stopped, both fail open quickly', async () => {
    await server.stop();
    const t0 = Date.now();
    const cursor = service(['hook', '--surface', 'cursor'], JSON.stringify({ conversation_id: 'c1', hook_event_name: 'beforeShellExecution', command: 'rm -rf ~', cwd: home }));
    assert.equal(cursor.status, 0);
    assert.notEqual(JSON.parse(cursor.stdout || '{}').permission, 'deny');
    const windsurf = service(['hook', '--surface', 'windsurf'], JSON.stringify({ agent_action_name: 'pre_run_command', tool_info: { command_line: 'rm -rf ~', cwd: home } }));
    assert.equal(windsurf.status, 0);
    assert.ok(Date.now() - t0 < 10_000);
    const scan = service(['scan-inventory'], JSON.stringify({ session_id: 's', cwd: home, hook_event_name: 'SessionStart' }));
    assert.equal(scan.status, 0, 'the session-start scanner fails open too');
  });
});
