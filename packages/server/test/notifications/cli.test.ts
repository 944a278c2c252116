// `service webhooks …` end to end: the real CLI (compiled) against a real server and receiver.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { startReceiver, type Receiver } from './support.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..', '..', '..');
const BUILT = existsSync(join(ROOT, 'packages/cli/dist/commands/webhooks/add.js'));

function cli(args: string[], env: Record<string, string>, stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [join(ROOT, 'bin/service'), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (c) => (stdout += c));
    proc.stderr.on('data', (c) => (stderr += c));
    proc.stdin.end(stdin ?? '');
    proc.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

describe(`service webhooks CLI (${TEST_STORE})`, { skip: BUILT ? false : 'needs the compiled CLI: run `npm test` (it builds first) or `npx tsc -b`' }, () => {
  let srv: TestServer;
  let receiver: Receiver;
  let env: Record<string, string>;
  before(async () => {
    srv = await startTestServer({ SERVICE_WEBHOOK_ALLOW_PRIVATE: '1', SERVICE_WEBHOOK_RETRY_SCALE: '0.01' });
    const org = await srv.newOrg('team');
    receiver = await startReceiver();
    env = { SERVICE_URL: srv.url, SERVICE_ADMIN_KEY: org.admin_key };
  });
  after(async () => {
    await receiver.close();
    await srv.close();
  });

  test('add --json, ls, test, deliveries --json, replay, verify, rm', async () => {
    const added = await cli(['webhooks', 'add', '--url', receiver.url, '--events', 'notification.test,activity.blocked', '--min-severity', 'high', '--json'], env);
    assert.equal(added.code, 0, added.stderr);
    const { id, secret } = JSON.parse(added.stdout);
    assert.deepEqual(Object.keys(JSON.parse(added.stdout)).sort(), ['id', 'secret']);

    const ls = await cli(['webhooks', 'ls', '--json'], env);
    assert.equal(ls.code, 0, ls.stderr);
    assert.equal(JSON.parse(ls.stdout).webhooks[0].id, id);
    assert.ok(!ls.stdout.includes(secret));
    const human = await cli(['webhooks', 'ls'], env);
    assert.match(human.stdout, /notification\.test,activity\.blocked ≥high/);

    const tested = await cli(['webhooks', 'test', id, '--json'], env);
    assert.equal(tested.code, 0, tested.stderr);
    const delivery = JSON.parse(tested.stdout);
    assert.equal(delivery.status, 'sent');
    assert.equal(delivery.event_type, 'notification.test');

    // The receiver's view: verify exactly what arrived, with the secret `add` printed.
    const req = receiver.received.at(-1)!;
    const ok = await cli(['webhooks', 'verify', '--secret', secret, '--timestamp', String(req.headers['x-service-timestamp']), '--signature', String(req.headers['x-service-signature'])], env, req.body);
    assert.equal(ok.code, 0, ok.stderr);
    const tampered = await cli(['webhooks', 'verify', '--secret', secret, '--timestamp', String(req.headers['x-service-timestamp']), '--signature', String(req.headers['x-service-signature'])], env, req.body.replace('notification.test', 'activity.blocked'));
    assert.equal(tampered.code, 1);
    assert.match(tampered.stderr, /does not match/);
    const old = new Date(Date.now() - 6 * 60_000).toISOString();
    const stale = await cli(['webhooks', 'verify', '--secret', secret, '--timestamp', old, '--signature', String(req.headers['x-service-signature']), '--json'], env, req.body);
    assert.equal(stale.code, 1);
    assert.equal(JSON.parse(stale.stdout).valid, false);

    const log = await cli(['webhooks', 'deliveries', '--json'], env);
    assert.equal(log.code, 0, log.stderr);
    const entry = JSON.parse(log.stdout).deliveries.find((d: any) => d.id === delivery.id);
    assert.equal(entry.status, 'sent');
    assert.equal(entry.attempts[0].status_code, 200);
    const humanLog = await cli(['webhooks', 'deliveries'], env);
    assert.match(humanLog.stdout, /#1 .* HTTP 200/);

    const replay = await cli(['webhooks', 'replay', delivery.id, '--json'], env);
    assert.equal(replay.code, 0, replay.stderr);
    assert.equal(JSON.parse(replay.stdout).replay_of, delivery.id);

    const missing = await cli(['webhooks', 'replay', '01J00000000000000000000000'], env);
    assert.notEqual(missing.code, 0);
    assert.match(missing.stderr, /No webhook delivery/);

    const rm = await cli(['webhooks', 'rm', id], env);
    assert.equal(rm.code, 0, rm.stderr);
    assert.equal(JSON.parse((await cli(['webhooks', 'ls', '--json'], env)).stdout).webhooks.length, 0);
  });
});
