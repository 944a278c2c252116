// Issue #21, exceptions and the activity log, over HTTP on the real store (run on both stores):
// the full cycle (denied → request → triage → context → approve with a short expiry → the same
// call allowed, another still denied → expiry → denied again), every exception event and the
// compliance.activity events delivered signed to a local receiver, and the activity log's chain
// detecting an edited and a deleted row.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { verifySignature } from '../../src/notifications/signing.js';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { identityHeaders, shellPayload } from '../runtime/payloads.js';
import { addDestination, eventually, startReceiver, type Receiver } from '../notifications/support.js';

type Org = { org_id: string; admin_key: string; runtime_key: string };

const DENIED = 'rm -rf ~';
const EVAL = '/api/v1/claude-code/evaluate';

function reasonOf(body: any): string {
  return String(body?.hookSpecificOutput?.permissionDecisionReason ?? body?.reason ?? '');
}
function decisionOf(body: any): string {
  return String(body?.hookSpecificOutput?.permissionDecision ?? 'allow');
}

describe(`exceptions and the activity log (${TEST_STORE})`, () => {
  let srv: TestServer;
  let receiver: Receiver;
  before(async () => {
    srv = await startTestServer({ SERVICE_WEBHOOK_ALLOW_PRIVATE: '1', SERVICE_EXCEPTION_SWEEP_MS: '200' });
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
    await srv.close();
  });

  async function evaluate(org: Org, command: string, host = 'dev-host-1') {
    const res = await srv.call('POST', EVAL, { key: org.runtime_key, body: shellPayload('claude-code', command), headers: identityHeaders(host) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body;
  }

  test('full cycle: denied, request, triage, context, approve, allowed in scope only, expired, denied again; every event signed', async () => {
    const org: Org = await srv.newOrg('enterprise');
    const dest = await addDestination(srv, org.admin_key, { url: receiver.url, events: ['exception.*', 'compliance.activity'], min_severity: 'info' });
    const startCount = receiver.received.length;

    // 1. Denied, and the reason says how to ask for an exception to this very decision.
    const denied = await evaluate(org, DENIED);
    assert.equal(decisionOf(denied), 'deny');
    const m = /service exceptions request ([0-9A-Z]{26}) --reason/.exec(reasonOf(denied));
    assert.ok(m, `deny reason names its event id: ${reasonOf(denied)}`);
    const eventId = m[1];
    const stored = await srv.deps.store.knex('shield_events').where({ org_id: org.org_id, id: eventId }).first('verdict');
    assert.equal(stored.verdict, 'deny');

    // 2. Request with the runtime key; bad input stores nothing; another org cannot see it.
    const bad = await srv.call('POST', '/api/v1/exceptions', { key: org.runtime_key, body: { event_id: eventId } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 400);
    const other: Org = await srv.newOrg('enterprise');
    const foreign = await srv.call('POST', '/api/v1/exceptions', { key: other.runtime_key, body: { event_id: eventId, reason: 'mine' } });
    assert.equal(foreign.status, 404);
    const req = await srv.call('POST', '/api/v1/exceptions', { key: org.runtime_key, body: { event_id: eventId, reason: 'cleaning a scratch home in CI' } });
    assert.equal(req.status, 201, JSON.stringify(req.body));
    assert.equal(req.body.status, 'requested');
    const id = req.body.id;
    const again = await srv.call('POST', '/api/v1/exceptions', { key: org.runtime_key, body: { event_id: eventId, reason: 'twice' } });
    assert.equal(again.status, 409);
    assert.equal((await srv.call('GET', `/api/v1/exceptions/${id}`, { key: other.admin_key })).status, 404);

    // 3. Triage, ask for context, then approve with a short expiry, scoped to the exact command and host.
    const triaged = await srv.call('POST', `/api/v1/exceptions/${id}/triage`, { key: org.admin_key, body: {} });
    assert.equal(triaged.status, 200, JSON.stringify(triaged.body));
    assert.equal(triaged.body.status, 'triaged');
    const ctxReq = await srv.call('POST', `/api/v1/exceptions/${id}/request-context`, { key: org.admin_key, body: { note: 'which CI job?' } });
    assert.equal(ctxReq.body.status, 'context_requested');
    const tooLong = await srv.call('POST', `/api/v1/exceptions/${id}/approve`, { key: org.admin_key, body: { scope: { kind: 'exact_command' }, expires_in_seconds: 91 * 24 * 3600 } });
    assert.equal(tooLong.status, 400);
    const approved = await srv.call('POST', `/api/v1/exceptions/${id}/approve`, { key: org.admin_key, body: { scope: { kind: 'exact_command', host: 'dev-host-1' }, expires_in_seconds: 8 } });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.status, 'approved');
    assert.deepEqual(approved.body.scope, { kind: 'exact_command', value: DENIED, host: 'dev-host-1', user: null, repository: null });

    // 4. The same call is allowed, naming the exception; outside the scope nothing changes.
    const allowed = await evaluate(org, DENIED);
    assert.equal(decisionOf(allowed), 'allow', JSON.stringify(allowed));
    const allowedRow = await srv.deps.store.knex('shield_events').where({ org_id: org.org_id, verdict: 'allow' }).orderBy('id', 'desc').first('reason');
    assert.match(allowedRow.reason, new RegExp(`^exception #${id} approved by `));
    assert.equal(decisionOf(await evaluate(org, 'rm -rf /')), 'deny', 'a different command stays denied');
    assert.equal(decisionOf(await evaluate(org, DENIED, 'other-host')), 'deny', 'another host stays denied');
    assert.equal(decisionOf(await evaluate(other, DENIED)), 'deny', 'another org stays denied');
    // A second request for a decision that already has an approved exception is refused.
    assert.equal((await srv.call('POST', '/api/v1/exceptions', { key: org.runtime_key, body: { event_id: eventId, reason: 'again' } })).status, 409);

    // 5. Expiry: the sweep marks it expired and emits exception.expired; denied again.
    const expired = await eventually(async () => {
      const r = await srv.call('GET', `/api/v1/exceptions/${id}`, { key: org.admin_key });
      return r.body.status === 'expired' ? r.body : undefined;
    }, 30_000, 'exception to expire');
    assert.equal(expired.status, 'expired');
    assert.equal(decisionOf(await evaluate(org, DENIED)), 'deny');

    // 6. Every exception event (and the activity entries of the admin steps) delivered, signed.
    const want = ['exception.requested', 'exception.triaged', 'exception.context_requested', 'exception.decided', 'exception.expired'];
    const got = await eventually(async () => {
      const mine = receiver.received.slice(startCount).map((r) => ({ r, body: JSON.parse(r.body) })).filter((x) => JSON.stringify(x.body).includes(org.org_id) || JSON.stringify(x.body).includes(id));
      const types = new Set(mine.map((x) => x.body.event_type));
      return want.every((t) => types.has(t)) && types.has('compliance.activity') ? mine : undefined;
    }, 15_000, 'every exception event');
    for (const { r } of got) {
      const v = verifySignature({ secret: dest.secret, timestamp: String(r.headers['x-service-timestamp']), signature: String(r.headers['x-service-signature']), rawBody: r.body });
      assert.deepEqual(v, { ok: true });
    }
    for (const t of want) assert.equal(got.filter((x) => x.body.event_type === t).length, 1, `${t} exactly once`);

    // The list filter works and expired exceptions no longer apply.
    const list = await srv.call('GET', '/api/v1/exceptions?status=expired', { key: org.admin_key });
    assert.deepEqual(list.body.exceptions.map((e: any) => e.id), [id]);
  });

  test('a denied exception changes nothing; a pattern scope covers only what it matches', async () => {
    const org: Org = await srv.newOrg('enterprise');
    const d1 = reasonOf(await evaluate(org, DENIED));
    const e1 = /request ([0-9A-Z]{26})/.exec(d1)![1];
    const r1 = await srv.call('POST', '/api/v1/exceptions', { key: org.runtime_key, body: { event_id: e1, reason: 'please' } });
    const den = await srv.call('POST', `/api/v1/exceptions/${r1.body.id}/deny`, { key: org.admin_key, body: { note: 'no' } });
    assert.equal(den.body.status, 'denied');
    assert.equal(decisionOf(await evaluate(org, DENIED)), 'deny');
    assert.equal((await srv.call('POST', `/api/v1/exceptions/${r1.body.id}/approve`, { key: org.admin_key, body: { scope: { kind: 'exact_command' }, expires_in_seconds: 60 } })).status, 409);

    const d2 = reasonOf(await evaluate(org, 'rm -rf /tmp/build-1 ~'));
    const e2 = /request ([0-9A-Z]{26})/.exec(d2)![1];
    const r2 = await srv.call('POST', '/api/v1/exceptions', { key: org.runtime_key, body: { event_id: e2, reason: 'build dirs' } });
    const ok = await srv.call('POST', `/api/v1/exceptions/${r2.body.id}/approve`, { key: org.admin_key, body: { scope: { kind: 'pattern', value: 'rm -rf /tmp/build-* ~' }, expires_in_seconds: 600 } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(decisionOf(await evaluate(org, 'rm -rf /tmp/build-2 ~')), 'allow');
    assert.equal(decisionOf(await evaluate(org, 'rm -rf /tmp/build-2 ~ /etc')), 'deny');
    assert.equal(decisionOf(await evaluate(org, DENIED)), 'deny');
  });

  test('concurrent admin actions of one org keep one unbroken chain', async () => {
    const org: Org = await srv.newOrg('enterprise');
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => srv.call('POST', '/api/v1/admin/keys', { key: org.admin_key, body: { kind: 'runtime', name: `k${i}` } })),
      ...Array.from({ length: 6 }, (_, i) => srv.call('POST', '/api/v1/admin/policy/skills', { key: org.admin_key, body: { name: `s${i}`, status: 'block' } })),
    ]);
    for (const a of answers) assert.ok(a.status === 200 || a.status === 201, JSON.stringify(a.body));
    const verified = await srv.call('GET', '/api/v1/audit/verify', { key: org.admin_key });
    assert.deepEqual(verified.body, { ok: true, entries: 18, head_seq: 18 });
  });

  test('every admin action kind is in the activity log; verify detects an edited and a deleted row', async () => {
    const org: Org = await srv.newOrg('enterprise');
    const a = org.admin_key;
    assert.equal((await srv.call('PATCH', '/api/v1/admin/policy', { key: a, body: { auto_block: false } })).status, 200);
    assert.equal((await srv.call('POST', '/api/v1/admin/policy/skills', { key: a, body: { name: 'deploy', status: 'block' } })).status, 200);
    const key = await srv.call('POST', '/api/v1/admin/keys', { key: a, body: { kind: 'runtime' } });
    assert.equal((await srv.call('DELETE', `/api/v1/admin/keys/${key.body.id}`, { key: a })).status, 200);
    const hook = await addDestination(srv, a, { url: receiver.url, events: ['policy.changed'] });
    assert.equal((await srv.call('PATCH', `/api/v1/admin/webhooks/${hook.id}`, { key: a, body: { enabled: false } })).status, 200);
    assert.equal((await srv.call('DELETE', `/api/v1/admin/webhooks/${hook.id}`, { key: a })).status, 200);
    await evaluate(org, 'ls', 'gone-host');
    const hosts = await srv.call('GET', '/api/v1/admin/workstations', { key: a });
    const ws = hosts.body.workstations.find((w: any) => w.hostname === 'gone-host');
    assert.equal((await srv.call('DELETE', `/api/v1/admin/workstations/${ws.id}`, { key: a })).status, 200);

    const exp = await srv.call('GET', '/api/v1/audit/activity', { key: a });
    assert.equal(exp.status, 200);
    const actions = exp.body.entries.map((e: any) => e.action);
    assert.deepEqual(actions, ['policy.update', 'skill.status', 'key.create', 'key.revoke', 'webhook.add', 'webhook.update', 'webhook.remove', 'host.remove']);
    const first = exp.body.entries[0];
    assert.equal(first.seq, 1);
    assert.equal(first.before.auto_block, true);
    assert.equal(first.after.auto_block, false);
    assert.ok(first.actor.key_id);
    assert.ok(!JSON.stringify(exp.body).includes(hook.secret), 'no webhook secret in the log');
    assert.ok(!JSON.stringify(exp.body).includes(key.body.key), 'no API key in the log');
    const csv = await srv.call('GET', '/api/v1/audit/activity?format=csv', { key: a });
    assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
    assert.equal(String(csv.body).trim().split('\n').length, 9);
    assert.equal((await srv.call('GET', '/api/v1/audit/activity?since=yesterday', { key: a })).status, 400);
    const later = await srv.call('GET', `/api/v1/audit/activity?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, { key: a });
    assert.deepEqual(later.body.entries, []);

    const ok = await srv.call('GET', '/api/v1/audit/verify', { key: a });
    assert.deepEqual(ok.body, { ok: true, entries: 8, head_seq: 8 });

    // Edit one row's `after` in the database: verify fails and names that row.
    const knex = srv.deps.store.knex;
    const third = exp.body.entries[2];
    await knex('activity_log').where({ org_id: org.org_id, seq: 3 }).update({ after: JSON.stringify({ kind: 'admin', name: 'x', prefix: 'y' }) });
    const edited = await srv.call('GET', '/api/v1/audit/verify', { key: a });
    assert.equal(edited.body.ok, false);
    assert.deepEqual({ seq: edited.body.first_bad.seq, id: edited.body.first_bad.id, problem: edited.body.first_bad.problem }, { seq: 3, id: third.id, problem: 'edited' });
    // Restore it, then delete row 5: verify names the gap.
    await knex('activity_log').where({ org_id: org.org_id, seq: 3 }).update({ after: JSON.stringify(third.after) });
    assert.equal((await srv.call('GET', '/api/v1/audit/verify', { key: a })).body.ok, true);
    await knex('activity_log').where({ org_id: org.org_id, seq: 5 }).delete();
    const gap = await srv.call('GET', '/api/v1/audit/verify', { key: a });
    assert.deepEqual({ ok: gap.body.ok, seq: gap.body.first_bad.seq, problem: gap.body.first_bad.problem }, { ok: false, seq: 5, problem: 'missing' });
    // Deleting the last row is found too (the org row knows the head).
    const tail: Org = await srv.newOrg('enterprise');
    await srv.call('PATCH', '/api/v1/admin/policy', { key: tail.admin_key, body: { auto_block: false } });
    await srv.call('PATCH', '/api/v1/admin/policy', { key: tail.admin_key, body: { auto_block: true } });
    await knex('activity_log').where({ org_id: tail.org_id, seq: 2 }).delete();
    const cut = await srv.call('GET', '/api/v1/audit/verify', { key: tail.admin_key });
    assert.deepEqual({ ok: cut.body.ok, seq: cut.body.first_bad.seq, problem: cut.body.first_bad.problem }, { ok: false, seq: 2, problem: 'missing' });
    // Another org's log is untouched by all this.
    assert.equal((await srv.call('GET', '/api/v1/audit/verify', { key: tail.admin_key })).body.entries, 1);
    assert.equal((await srv.call('GET', '/api/v1/audit/verify', { key: (await srv.newOrg('enterprise')).admin_key })).body.ok, true);
  });
});
