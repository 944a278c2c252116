// Retries exactly as the spec's table: 500, 500, 200 → three attempts about 0 / 60 / 120 s
// apart (scaled), 404 → one attempt and a permanent failure, timeouts retried, 3× 5xx
// exhausted, redirects not followed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { addDestination, finalDelivery, sleep, startReceiver, type Answer } from './support.js';

const SCALE = 0.02; // 60 s → 1.2 s, 120 s → 2.4 s

describe(`webhook retries (${TEST_STORE})`, () => {
  let srv: TestServer;
  let org: { org_id: string; admin_key: string };
  before(async () => {
    srv = await startTestServer({ SERVICE_WEBHOOK_ALLOW_PRIVATE: '1', SERVICE_WEBHOOK_RETRY_SCALE: String(SCALE), SERVICE_WEBHOOK_TIMEOUT_MS: '400' });
    org = await srv.newOrg('enterprise');
  });
  after(() => srv.close());

  async function run(script: Answer[]) {
    const receiver = await startReceiver((_req, i) => script[Math.min(i, script.length - 1)]);
    const dest = await addDestination(srv, org.admin_key, { url: receiver.url, events: ['notification.test'] });
    const res = await srv.call('POST', `/api/v1/admin/webhooks/${dest.id}/test`, { key: org.admin_key });
    const delivery = await finalDelivery(srv, org.admin_key, res.body.delivery_id, 15_000);
    return { receiver, delivery };
  }

  test('500, 500, 200: exactly three attempts spaced about 0 / 60 / 120 s × scale, one delivery id', async () => {
    const { receiver, delivery } = await run([{ status: 500, body: 'oops' }, { status: 500, body: 'oops' }, { status: 200, body: 'ok' }]);
    try {
      await sleep(1_000);
      assert.equal(receiver.received.length, 3);
      assert.equal(delivery.status, 'sent');
      assert.deepEqual(delivery.attempts.map((a: any) => [a.attempt, a.status_code, a.outcome]), [
        [1, 500, 'retryable'],
        [2, 500, 'retryable'],
        [3, 200, 'success'],
      ]);
      const ids = new Set(receiver.received.map((r) => r.headers['x-service-delivery']));
      assert.deepEqual([...ids], [delivery.id]);
      assert.equal(new Set(receiver.received.map((r) => r.body)).size, 1, 'every attempt carries the same body');
      assert.equal(new Set(receiver.received.map((r) => r.headers['x-service-timestamp'])).size, 3, 'each attempt is signed at its own time');
      const gap1 = receiver.received[1].at - receiver.received[0].at;
      const gap2 = receiver.received[2].at - receiver.received[1].at;
      console.log(`# retry gaps at scale ${SCALE}: ${gap1} ms, ${gap2} ms (spec: ~60000 ms, ~120000 ms × ${SCALE})`);
      // ±10 % jitter never makes an attempt early; the upper bounds leave room for a loaded machine.
      assert.ok(gap1 >= 1_050 && gap1 < 2_000, `first gap ${gap1} ms`);
      assert.ok(gap2 >= 2_150 && gap2 < 3_600, `second gap ${gap2} ms`);
    } finally {
      await receiver.close();
    }
  });

  test('404: one attempt, permanent failure, never retried', async () => {
    const { receiver, delivery } = await run([{ status: 404, body: 'no such hook' }]);
    try {
      await sleep(1_500);
      assert.equal(receiver.received.length, 1);
      assert.equal(delivery.status, 'failed_permanent');
      assert.equal(delivery.attempts.length, 1);
      assert.equal(delivery.attempts[0].status_code, 404);
      assert.equal(delivery.attempts[0].response_excerpt, '"no such hook"');
    } finally {
      await receiver.close();
    }
  });

  test('a timeout is retried', async () => {
    const { receiver, delivery } = await run([{ hang: true }, { status: 200, body: 'ok' }]);
    try {
      assert.equal(delivery.status, 'sent');
      assert.deepEqual(delivery.attempts.map((a: any) => [a.status_code, a.error, a.outcome]), [
        [null, 'timeout', 'retryable'],
        [200, null, 'success'],
      ]);
      assert.equal(typeof delivery.attempts[0].latency_ms, 'number');
      assert.equal(receiver.received.length, 2);
    } finally {
      await receiver.close();
    }
  });

  test('408, 409, 429 are retried; three 5xx end as failed_exhausted', async () => {
    const { receiver, delivery } = await run([{ status: 408 }, { status: 429 }, { status: 503 }]);
    try {
      assert.equal(delivery.status, 'failed_exhausted');
      assert.deepEqual(delivery.attempts.map((a: any) => a.status_code), [408, 429, 503]);
      await sleep(1_500);
      assert.equal(receiver.received.length, 3);
    } finally {
      await receiver.close();
    }
    const second = await run([{ status: 409 }, { status: 200 }]);
    await second.receiver.close();
    assert.deepEqual(second.delivery.attempts.map((a: any) => a.status_code), [409, 200]);
  });

  test('a redirect is not followed (permanent failure), and a large answer is stored truncated', async () => {
    const target = await startReceiver();
    const { receiver, delivery } = await run([{ status: 302, headers: { location: target.url } }]);
    try {
      assert.equal(delivery.status, 'failed_permanent');
      assert.equal(delivery.attempts[0].error, 'redirect_not_followed');
      assert.equal(target.received.length, 0);
    } finally {
      await receiver.close();
      await target.close();
    }
    const big = await run([{ status: 500, body: 'x'.repeat(100_000) }, { status: 200, body: '\u001b[2J' }]);
    await big.receiver.close();
    assert.ok(big.delivery.attempts[0].response_excerpt.length < 1_100);
    assert.equal(big.delivery.attempts[1].response_excerpt, '"\\u001b[2J"');
  });
});
