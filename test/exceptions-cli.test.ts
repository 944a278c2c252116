// Exceptions and the activity log through the real CLI against a real server process (issue
// #21): a denied call, `service exceptions request` with the runtime key, triage and approve with
// a short expiry, the same call allowed, expiry, denied again; then `service audit verify` passes,
// `service audit export` serves CSV, and after one row is edited in the database verify exits 1
// naming that row.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshStore, startServerProcess, storeKnex, type ServerProcess } from '../bench/support.js';
import { TEST_STORE } from '../packages/server/test/support/harness.js';

const SERVICE = join(fileURLToPath(import.meta.url), '..', '..', 'bin', 'service');
const COMMAND = 'rm -rf ~/scratch ~';

describe(`exceptions and audit CLI (${TEST_STORE})`, () => {
  let store: Awaited<ReturnType<typeof freshStore>>;
  let srv: ServerProcess;
  let env: Record<string, string>;

  const cli = (extra: Record<string, string>, ...args: string[]) => spawnSync(process.execPath, [SERVICE, ...args], { encoding: 'utf8', env: { ...process.env, ...env, ...extra }, timeout: 60_000 });
  const admin = (...args: string[]) => {
    const res = cli({}, ...args, '--json');
    assert.equal(res.status, 0, `service ${args.join(' ')}: ${res.stderr}`);
    return JSON.parse(res.stdout);
  };

  const hook = async (command: string) => {
    const res = await fetch(`${srv.url}/api/v1/claude-code/evaluate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${srv.runtimeKey}`, 'x-hostname': 'ci-runner-7', 'x-machine-id': 'machine-exc-cli' },
      body: JSON.stringify({ session_id: 'exc-cli', cwd: '/home/dev/app', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } }),
    });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } };
    return { decision: body.hookSpecificOutput?.permissionDecision ?? 'allow', reason: body.hookSpecificOutput?.permissionDecisionReason ?? '' };
  };

  before(async () => {
    store = await freshStore(TEST_STORE);
    srv = await startServerProcess(store.env, { SERVICE_EXCEPTION_SWEEP_MS: '200' });
    env = { ...store.env, SERVICE_URL: srv.url, SERVICE_ADMIN_KEY: srv.adminKey, HOME: mkdtempSync(join(tmpdir(), 'svc-home-')) };
    delete env.SERVICE_API_KEY;
  });
  after(async () => {
    await srv?.stop();
    if (env?.HOME) rmSync(env.HOME, { recursive: true, force: true });
    await store?.drop();
  });

  test('request, triage, approve with an expiry, allowed, expired, denied again', async () => {
    const denied = await hook(COMMAND);
    assert.equal(denied.decision, 'deny');
    const eventId = /service exceptions request (\S+) --reason/.exec(denied.reason)?.[1];
    assert.ok(eventId, denied.reason);

    // Without a runtime key the request says what to do.
    const noKey = cli({}, 'exceptions', 'request', eventId, '--reason', 'x');
    assert.equal(noKey.status, 1);
    assert.match(noKey.stderr, /SERVICE_API_KEY/);
    const req = cli({ SERVICE_API_KEY: srv.runtimeKey }, 'exceptions', 'request', eventId, '--reason', 'CI wipes its scratch home', '--json');
    assert.equal(req.status, 0, req.stderr);
    const requested = JSON.parse(req.stdout);
    const id = requested.id as string;
    assert.equal(requested.requested_by.hostname, 'ci-runner-7');
    assert.equal(typeof requested.requested_by.user, 'string', 'the local account is sent as a hint');

    const listed = admin('exceptions', 'ls', '--status', 'requested');
    assert.deepEqual(listed.exceptions.map((e: { id: string }) => e.id), [id]);
    assert.equal(admin('exceptions', 'triage', id).status, 'triaged');
    const approved = admin('exceptions', 'approve', id, '--scope', 'exact', '--host', 'ci-runner-7', '--expires', '8s');
    assert.equal(approved.status, 'approved');
    assert.equal(approved.scope.value, COMMAND);

    const allowed = await hook(COMMAND);
    assert.equal(allowed.decision, 'allow');
    assert.equal((await hook('rm -rf ~')).decision, 'deny', 'outside the exact scope');

    const start = Date.now();
    for (;;) {
      if (admin('exceptions', 'show', id).status === 'expired') break;
      assert.ok(Date.now() - start < 60_000, 'the exception expired within a minute');
      await new Promise((r) => setTimeout(r, 300));
    }
    assert.equal((await hook(COMMAND)).decision, 'deny');
  });

  test('audit verify passes, export serves CSV, an edited row makes verify exit 1 and name it', async () => {
    admin('keys', 'create', '--kind', 'runtime');
    const ok = cli({}, 'audit', 'verify');
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout, /Activity log intact: \d+ entries/);
    const csv = cli({}, 'audit', 'export', '--since', '2020-01-01T00:00:00Z', '--format', 'csv');
    assert.equal(csv.status, 0, csv.stderr);
    const lines = csv.stdout.trim().split('\n');
    assert.match(lines[0], /^seq,id,at,actor_key_id,actor_email,action/);
    assert.ok(lines.some((l) => l.includes('exception.approve')), csv.stdout);
    assert.ok(lines.some((l) => l.includes('key.create')), csv.stdout);
    const json = admin('audit', 'export');
    const target = json.entries[1];

    const knex = storeKnex(store.env);
    try {
      await knex('activity_log').where({ id: target.id }).update({ after: JSON.stringify({ status: 'approved', note: 'forged' }) });
    } finally {
      await knex.destroy();
    }
    const bad = cli({}, 'audit', 'verify');
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, new RegExp(`Entry #${target.seq} \\(${target.id}\\) was edited`));
    const badJson = cli({}, 'audit', 'verify', '--json');
    assert.equal(badJson.status, 1);
    assert.deepEqual(JSON.parse(badJson.stdout).first_bad.seq, target.seq);
  });
});
