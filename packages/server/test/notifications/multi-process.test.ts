// Two server processes on one MySQL database deliver every attempt exactly once: outbox rows
// and due attempts are claimed row by row (FOR UPDATE SKIP LOCKED) by whichever worker gets
// there first. Each server has its own connection pool and worker, as separate processes do.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.js';
import { createOrg } from '../../src/accounts/orgs.js';
import { createLogger } from '../../src/log.js';
import { outboxInsert } from '../../src/outbox.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { freshStoreTarget, TEST_STORE } from '../support/harness.js';
import { eventually, sleep, startReceiver, testEvent } from './support.js';

const SKIP = TEST_STORE !== 'mysql' && 'needs MySQL: an SQLite data directory belongs to one server process (run with SERVICE_TEST_STORE=mysql)';

describe(`several server processes (${TEST_STORE})`, () => {
  test('two servers on one MySQL deliver each attempt once', { skip: SKIP }, async () => {
    const target = await freshStoreTarget();
    const seen = new Map<string, number>();
    // Every delivery fails once (500), then succeeds: both the first attempt and the retry are contended.
    const receiver = await startReceiver((req) => {
      const id = String(req.headers['x-service-delivery']);
      const n = (seen.get(id) ?? 0) + 1;
      seen.set(id, n);
      return n === 1 ? { status: 500, body: 'first try fails' } : { status: 200, body: 'ok' };
    });
    const servers: RunningServer[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SERVICE_NO_BOOTSTRAP: '1', SERVICE_LOG_LEVEL: 'error', SERVICE_WEBHOOK_ALLOW_PRIVATE: '1', SERVICE_WEBHOOK_RETRY_SCALE: '0.005', ...target.env });
        servers.push(await startServer(config, { logger: createLogger(config.logLevel) }));
      }
      const [a, b] = servers;
      const org = await createOrg(a.deps.store.accounts, { name: 'Two nodes', plan: 'enterprise' });
      const created = await fetch(`${a.url}/api/v1/admin/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${org.admin_key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, events: ['activity.*'] }),
      });
      assert.equal(created.status, 201);

      const EVENTS = 60;
      // Half the events are written through each server, in several bursts, while both workers poll.
      for (let burst = 0; burst < 6; burst++) {
        const batch = Array.from({ length: EVENTS / 6 }, () => testEvent(org.org_id));
        await (burst % 2 ? b : a).deps.store.writer.write([outboxInsert(batch)]);
        a.deps.notifications.wake();
        b.deps.notifications.wake();
        await sleep(20);
      }
      await receiver.waitFor(EVENTS * 2, 20_000);
      await sleep(1_000); // anything sent twice would arrive now

      assert.equal(seen.size, EVENTS, 'one delivery per event');
      for (const [id, n] of seen) assert.equal(n, 2, `delivery ${id} received ${n} times`);
      assert.equal(receiver.received.length, EVENTS * 2);
      const knex = a.deps.store.knex;
      const attempts = await knex('webhook_attempts').select('delivery_id', 'attempt_no', 'worker');
      assert.equal(attempts.length, EVENTS * 2);
      assert.equal(new Set(attempts.map((r) => `${r.delivery_id}/${r.attempt_no}`)).size, EVENTS * 2);
      await eventually(async () => {
        const open = await knex('webhook_deliveries').whereNot({ status: 'sent' }).count<{ n: number }[]>({ n: '*' });
        return Number(open[0].n) === 0 ? true : undefined;
      });
      const perWorker = new Map<string, number>();
      for (const r of attempts) perWorker.set(r.worker, (perWorker.get(r.worker) ?? 0) + 1);
      console.log(`# attempts per server process: ${[...perWorker.values()].join(' / ')}`);
      assert.ok(perWorker.size >= 1);
    } finally {
      for (const s of servers) await s.stop();
      await receiver.close();
      await target.cleanup();
    }
  });
});
