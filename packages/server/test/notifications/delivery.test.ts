// End to end on a real server and local receivers: the spec's headers, payload and signature,
// route filters, notification.test, replay (and the replay path that must not exist), plan
// gating, removal, the loopback refusal, and the blocked-call → delivery latency.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newId } from '../../src/ids.js';
import { generateApiKey } from '../../src/accounts/api-keys.js';
import { verifySignature } from '../../src/notifications/signing.js';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { addDestination, emit, eventually, finalDelivery, sleep, startReceiver, testEvent, type Receiver } from './support.js';

describe(`webhook delivery (${TEST_STORE})`, () => {
  let srv: TestServer;
  let org: { org_id: string; admin_key: string; runtime_key: string };
  let receiver: Receiver;
  before(async () => {
    srv = await startTestServer({ SERVICE_WEBHOOK_ALLOW_PRIVATE: '1', SERVICE_WEBHOOK_RETRY_SCALE: '0.01' });
    org = await srv.newOrg('enterprise');
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
    await srv.close();
  });

  test('notification.test: signed with the secret shown once, headers and payload per spec, logged as sent', async () => {
    const dest = await addDestination(srv, org.admin_key, { url: receiver.url, events: ['notification.test'] });
    assert.match(dest.secret, /^whsec_/);
    const start = receiver.received.length;
    const res = await srv.call('POST', `/api/v1/admin/webhooks/${dest.id}/test`, { key: org.admin_key });
    assert.equal(res.status, 202);
    const [req] = (await receiver.waitFor(start + 1)).slice(start);
    const h = req.headers;
    assert.equal(h['content-type'], 'application/json');
    assert.equal(h['x-service-event'], 'notification.test');
    assert.equal(h['x-service-delivery'], res.body.delivery_id);
    assert.match(String(h['x-service-timestamp']), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.ok(Math.abs(Date.parse(String(h['x-service-timestamp'])) - Date.now()) < 10_000);
    assert.deepEqual(verifySignature({ secret: dest.secret, timestamp: String(h['x-service-timestamp']), signature: String(h['x-service-signature']), rawBody: req.body }), { ok: true });

    const p = JSON.parse(req.body);
    assert.deepEqual(Object.keys(p).sort(), ['actor', 'delivery', 'detected_at', 'event_id', 'event_type', 'evidence', 'host', 'occurred_at', 'org', 'privacy', 'risk', 'schema_version', 'session', 'severity', 'source'].sort());
    assert.equal(p.schema_version, 'service.event.v1');
    assert.equal(p.event_type, 'notification.test');
    assert.equal(p.event_id, res.body.event_id);
    assert.match(p.event_id, /^outbox:[0-9A-Z]{26}$/);
    assert.deepEqual(p.source, { system: 'service', table: 'outbox', id: p.event_id.split(':')[1] });
    assert.deepEqual(p.delivery, { destination_id: dest.id, delivery_id: res.body.delivery_id });
    assert.equal(p.org.id, org.org_id);
    assert.equal(typeof p.org.name, 'string');
    assert.deepEqual(p.actor.type, 'user');
    assert.match(p.actor.email, /@/);
    assert.deepEqual(Object.keys(p.evidence).sort(), ['details', 'summary', 'title']);
    assert.deepEqual(p.privacy, { redacted: false, excluded_fields: [] });

    const delivery = await finalDelivery(srv, org.admin_key, res.body.delivery_id);
    assert.equal(delivery.status, 'sent');
    assert.equal(delivery.attempt_count, 1);
    assert.equal(delivery.attempts[0].status_code, 200);
    assert.equal(delivery.attempts[0].response_excerpt, '"ok"');
    assert.ok(delivery.attempts[0].latency_ms >= 0);
  });

  test('an outbox event: event_id <source_table>:<source_id>, every payload field from the event', async () => {
    const dest = await addDestination(srv, org.admin_key, { url: receiver.url, events: ['activity.blocked'], surface: 'payload-check' });
    const event = testEvent(org.org_id, { surface: 'payload-check', privacy: undefined } as never);
    event.data.privacy = { redacted: true, excluded_fields: ['tool_input.content'] };
    event.data.detectedAt = event.occurredAt + 5;
    const start = receiver.received.length;
    await emit(srv, [event]);
    const [req] = (await receiver.waitFor(start + 1)).slice(start);
    const p = JSON.parse(req.body);
    assert.equal(p.event_id, `shield_events:${event.sourceId}`);
    assert.equal(p.severity, 'high');
    assert.equal(p.occurred_at, new Date(event.occurredAt).toISOString());
    assert.equal(p.detected_at, new Date(event.occurredAt + 5).toISOString());
    assert.deepEqual(p.host, { hostname: 'dev-mac-01', platform: 'darwin' });
    assert.deepEqual(p.session, { id: 'sess-1' });
    assert.deepEqual(p.actor, { email: 'dev@example.com', type: 'user' });
    assert.deepEqual(p.risk, { verdict: 'deny', category: 'destructive_fs' });
    assert.equal(p.evidence.details.tool_name, 'Bash');
    assert.deepEqual(p.privacy, { redacted: true, excluded_fields: ['tool_input.content'] });
    assert.deepEqual(p.source, { system: 'service', table: 'shield_events', id: event.sourceId });
    assert.equal(p.delivery.destination_id, dest.id);
  });

  test('routes filter by event type, minimum severity, host and surface', async () => {
    const r = await startReceiver();
    try {
      await addDestination(srv, org.admin_key, { url: r.url, events: ['activity.*', 'mcp.blocked'], min_severity: 'high', host: 'build-01', surface: 'filter-check' });
      const base = { surface: 'filter-check' };
      const host = (hostname: string) => ({ hostname, platform: 'linux' });
      const events = [
        testEvent(org.org_id, { ...base, type: 'activity.blocked', severity: 'critical' }), // host mismatch
        testEvent(org.org_id, { ...base, type: 'activity.blocked', severity: 'medium' }),
        testEvent(org.org_id, { ...base, type: 'policy.changed', severity: 'high' }),
        testEvent(org.org_id, { ...base, type: 'activity.warned', severity: 'high' }),
        testEvent(org.org_id, { ...base, type: 'mcp.blocked', severity: 'critical' }),
        testEvent(org.org_id, { surface: 'other-surface', type: 'mcp.blocked', severity: 'critical' }),
      ];
      for (const e of events.slice(1)) e.data.host = host('BUILD-01');
      await emit(srv, events);
      await r.waitFor(2);
      await sleep(600);
      assert.deepEqual(r.received.map((x) => x.headers['x-service-event']).sort(), ['activity.warned', 'mcp.blocked']);
    } finally {
      await r.close();
    }
  });

  test('replay is a new delivery (new id, replay_of) for admins and owners only; the public replay path does not exist', async () => {
    const dest = await addDestination(srv, org.admin_key, { url: receiver.url, events: ['notification.test'] });
    const first = await srv.call('POST', `/api/v1/admin/webhooks/${dest.id}/test`, { key: org.admin_key });
    await finalDelivery(srv, org.admin_key, first.body.delivery_id);
    const start = receiver.received.length;
    const replay = await srv.call('POST', `/api/v1/admin/webhook-deliveries/${first.body.delivery_id}/replay`, { key: org.admin_key });
    assert.equal(replay.status, 201);
    assert.notEqual(replay.body.id, first.body.delivery_id);
    assert.equal(replay.body.replay_of, first.body.delivery_id);
    const [req] = (await receiver.waitFor(start + 1)).slice(start);
    assert.equal(req.headers['x-service-delivery'], replay.body.id);
    assert.equal(JSON.parse(req.body).event_id, first.body.event_id);
    const replayed = await finalDelivery(srv, org.admin_key, replay.body.id);
    assert.equal(replayed.status, 'sent');
    assert.equal(replayed.replay_of, first.body.delivery_id);

    for (const method of ['POST', 'GET', 'PUT']) {
      const res = await srv.call(method, `/api/v1/webhook-deliveries/${first.body.delivery_id}/replay`, { key: org.admin_key, body: method === 'GET' ? undefined : {} });
      assert.equal(res.status, 404, `${method} /api/v1/webhook-deliveries/{id}/replay`);
    }

    // An admin key created by a member may read the log but not replay.
    const memberId = newId();
    await srv.deps.store.knex('users').insert({ id: memberId, org_id: org.org_id, email: 'member@example.com', role: 'member', created_at: Date.now() });
    const memberKey = generateApiKey('admin');
    await srv.deps.store.knex('api_keys').insert({ id: newId(), org_id: org.org_id, kind: 'admin', name: 'member key', key_hash: memberKey.hash, display_prefix: memberKey.displayPrefix, created_by: memberId, created_at: Date.now() });
    const denied = await srv.call('POST', `/api/v1/admin/webhook-deliveries/${first.body.delivery_id}/replay`, { key: memberKey.raw });
    assert.equal(denied.status, 403);
    assert.match(denied.body.message, /admins and owners/);
    assert.equal((await srv.call('GET', '/api/v1/admin/webhook-deliveries', { key: memberKey.raw })).status, 200);
  });

  test('non-email destinations need Team or Enterprise (clear 403)', async () => {
    for (const plan of ['free', 'early_adopter', 'pro'] as const) {
      const small = await srv.newOrg(plan);
      const res = await srv.call('POST', '/api/v1/admin/webhooks', { key: small.admin_key, body: { url: 'https://hooks.example.com/x' } });
      assert.equal(res.status, 403, plan);
      assert.equal(res.body.error, 'Forbidden');
      assert.match(res.body.message, /Team or Enterprise plan.*on the \w+ plan/);
    }
    const team = await srv.newOrg('team');
    assert.equal((await srv.call('POST', '/api/v1/admin/webhooks', { key: team.admin_key, body: { url: 'https://hooks.example.com/x' } })).status, 201);
  });

  test('list and show never return the secret; remove erases it and cancels open deliveries', async () => {
    const dead = await startReceiver(() => ({ status: 503, body: 'down' }));
    try {
      const dest = await addDestination(srv, org.admin_key, { url: dead.url, events: ['notification.test'], name: 'dead receiver' });
      const shown = await srv.call('GET', `/api/v1/admin/webhooks/${dest.id}`, { key: org.admin_key });
      assert.equal(shown.status, 200);
      assert.equal(shown.body.name, 'dead receiver');
      assert.ok(!JSON.stringify(shown.body).includes(dest.secret));
      assert.ok(!('secret' in shown.body));
      const test1 = await srv.call('POST', `/api/v1/admin/webhooks/${dest.id}/test`, { key: org.admin_key });
      await dead.waitFor(1);
      await eventually(async () => ((await srv.call('GET', `/api/v1/admin/webhook-deliveries/${test1.body.delivery_id}`, { key: org.admin_key })).body.status === 'retrying' ? true : undefined));
      const removed = await srv.call('DELETE', `/api/v1/admin/webhooks/${dest.id}`, { key: org.admin_key });
      const sentBeforeRemoval = dead.received.length;
      assert.equal(removed.status, 200);
      assert.equal(removed.body.canceled_deliveries, 1);
      const row = await srv.deps.store.knex('webhook_destinations').where({ id: dest.id }).first();
      assert.equal(row.secret, '');
      const delivery = await finalDelivery(srv, org.admin_key, test1.body.delivery_id);
      assert.equal(delivery.status, 'canceled');
      await sleep(1_500); // past the scaled retry: nothing more is sent
      assert.equal(dead.received.length, sentBeforeRemoval);
      assert.equal((await srv.call('GET', `/api/v1/admin/webhooks/${dest.id}`, { key: org.admin_key })).status, 404);
      const disabled = await addDestination(srv, org.admin_key, { url: dead.url });
      const patched = await srv.call('PATCH', `/api/v1/admin/webhooks/${disabled.id}`, { key: org.admin_key, body: { enabled: false } });
      assert.equal(patched.body.enabled, false);
    } finally {
      await dead.close();
    }
  });

  test('blocked tool call → signed delivery at a local receiver in under 2 s', async () => {
    const r = await startReceiver();
    try {
      const dest = await addDestination(srv, org.admin_key, { url: r.url, events: ['activity.blocked'] });
      await sleep(300); // let the worker go idle so the measurement includes a poll wait
      const started = Date.now();
      const res = await srv.call('POST', '/api/v1/claude-code/evaluate', {
        key: org.runtime_key,
        headers: { 'x-hostname': 'latency-host' },
        body: { hook_event_name: 'PreToolUse', session_id: 'lat-1', cwd: '/tmp', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } },
      });
      assert.equal(res.status, 200);
      assert.match(JSON.stringify(res.body), /deny/);
      const [req] = await r.waitFor(1, 5_000);
      const latency = req.at - started;
      assert.equal(req.headers['x-service-event'], 'activity.blocked');
      assert.deepEqual(verifySignature({ secret: dest.secret, timestamp: String(req.headers['x-service-timestamp']), signature: String(req.headers['x-service-signature']), rawBody: req.body }), { ok: true });
      console.log(`# blocked tool call → signed delivery: ${latency} ms (${TEST_STORE})`);
      assert.ok(latency < 2_000, `latency ${latency} ms`);
    } finally {
      await r.close();
    }
  });
});

describe(`loopback destinations without the override (${TEST_STORE})`, () => {
  test('refused when saved, and refused at connect time when the URL got in anyway', async () => {
    const srv = await startTestServer({ SERVICE_WEBHOOK_RETRY_SCALE: '0.01' });
    const receiver = await startReceiver();
    try {
      const org = await srv.newOrg('enterprise');
      for (const url of [receiver.url, receiver.url.replace('http:', 'https:'), 'https://localhost:9/x', 'https://[::ffff:127.0.0.1]/x', 'https://169.254.169.254/latest/meta-data/']) {
        const res = await srv.call('POST', '/api/v1/admin/webhooks', { key: org.admin_key, body: { url } });
        assert.equal(res.status, 400, url);
      }
      // A destination whose name later resolves to loopback (DNS rebinding) looks like this row.
      const dest = await addDestination(srv, org.admin_key, { url: 'https://hooks.example.com/x', events: ['notification.test'] });
      await srv.deps.store.knex('webhook_destinations').where({ id: dest.id }).update({ url: receiver.url.replace('127.0.0.1', 'localhost') });
      const res = await srv.call('POST', `/api/v1/admin/webhooks/${dest.id}/test`, { key: org.admin_key });
      const delivery = await finalDelivery(srv, org.admin_key, res.body.delivery_id);
      assert.equal(delivery.status, 'failed_permanent');
      assert.equal(delivery.attempts.length, 1);
      assert.equal(delivery.attempts[0].error, 'blocked_address');
      assert.equal(delivery.attempts[0].status_code, null);
      assert.equal(receiver.received.length, 0);
    } finally {
      await receiver.close();
      await srv.close();
    }
  });
});
