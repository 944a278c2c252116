// A server killed with SIGKILL in the middle of a delivery's retry schedule: the restarted
// server (the real CLI entry, `node bin/service server start`) sends the remaining attempts,
// with the same delivery id, and nothing the receiver already acknowledged is sent again.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshStoreTarget, TEST_STORE } from '../support/harness.js';
import { eventually, sleep, startReceiver } from './support.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..', '..', '..');
const BUILT = existsSync(join(ROOT, 'packages/cli/dist/commands/server/start.js')) && existsSync(join(ROOT, 'packages/server/dist/notifications/worker.js'));

interface Child {
  proc: ChildProcess;
  url: string;
  adminKey: string | null;
}

/** Starts `node bin/service server start --json` and reads its one JSON document. */
function startChild(env: Record<string, string>): Promise<Child> {
  const proc = spawn(process.execPath, [join(ROOT, 'bin/service'), 'server', 'start', '--json'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: '0', SERVICE_LOG_LEVEL: 'error', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 30_000);
    proc.stderr!.on('data', (c) => (err += c));
    proc.stdout!.on('data', (c) => {
      out += c;
      try {
        const doc = JSON.parse(out);
        clearTimeout(timer);
        resolve({ proc, url: doc.url, adminKey: doc.bootstrap?.admin_key ?? null });
      } catch {
        /* not complete yet */
      }
    });
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
  });
}

async function api(url: string, key: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(url + path, { method, headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: await res.json() };
}

describe(`SIGKILL mid-schedule (${TEST_STORE})`, () => {
  test('a restarted server completes the schedule', { skip: BUILT ? false : 'needs the compiled CLI and server: run `npm test` (it builds first) or `npx tsc -b`' }, async () => {
    const target = await freshStoreTarget();
    const receiver = await startReceiver((_req, i) => (i < 2 ? { status: 500, body: 'down' } : { status: 200, body: 'ok' }));
    const env = { ...target.env, SERVICE_WEBHOOK_ALLOW_PRIVATE: '1', SERVICE_WEBHOOK_RETRY_SCALE: '0.05' }; // retries after ~3 s and ~6 s
    const children: ChildProcess[] = [];
    try {
      const first = await startChild(env);
      children.push(first.proc);
      assert.ok(first.adminKey, 'the first start bootstraps an org');
      const key = first.adminKey!;
      const dest = await api(first.url, key, 'POST', '/api/v1/admin/webhooks', { url: receiver.url, events: ['notification.test'] });
      assert.equal(dest.status, 201);
      const started = await api(first.url, key, 'POST', `/api/v1/admin/webhooks/${dest.body.id}/test`, {});
      const deliveryId = started.body.delivery_id;
      await receiver.waitFor(1);
      // Attempt 1 is answered and recorded; attempt 2 is scheduled about 3 s later.
      await eventually(async () => {
        const d = await api(first.url, key, 'GET', `/api/v1/admin/webhook-deliveries/${deliveryId}`);
        return d.body.status === 'retrying' && d.body.attempt_count === 1 ? true : undefined;
      });
      first.proc.kill('SIGKILL');
      await new Promise((r) => first.proc.once('exit', r));
      const killedAt = Date.now();
      await sleep(500);
      assert.equal(receiver.received.length, 1);

      const second = await startChild(env);
      children.push(second.proc);
      assert.equal(second.adminKey, null, 'the restart finds the existing org');
      await receiver.waitFor(3, 30_000);
      const final = await eventually(async () => {
        const d = await api(second.url, key, 'GET', `/api/v1/admin/webhook-deliveries/${deliveryId}`);
        return d.body.status === 'sent' ? d.body : undefined;
      });
      assert.deepEqual(final.attempts.map((a: any) => [a.attempt, a.status_code]), [
        [1, 500],
        [2, 500],
        [3, 200],
      ]);
      assert.deepEqual([...new Set(receiver.received.map((r) => r.headers['x-service-delivery']))], [deliveryId]);
      console.log(`# SIGKILL → restart → attempts 2 and 3 at +${receiver.received[1].at - killedAt} ms and +${receiver.received[2].at - killedAt} ms after the kill`);
      await sleep(1_000);
      assert.equal(receiver.received.length, 3, 'nothing acknowledged is sent again');
    } finally {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await receiver.close();
      await target.cleanup();
    }
  });
});
