// Notifications page (issue #19, deliverable 6): a destination created from the form (secret
// shown once), a test delivery a local receiver verifies, the delivery log with attempts,
// replay, enable/disable and removal.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { verifySignature } from '../../src/notifications/signing.js';
import { eventually, startReceiver, type Receiver } from '../notifications/support.js';
import { PageClient } from './support.js';

describe(`admin page: notifications (${TEST_STORE})`, () => {
  let srv: TestServer;
  let receiver: Receiver;
  before(async () => {
    srv = await startTestServer({ SERVICE_WEBHOOK_ALLOW_PRIVATE: '1', SERVICE_WEBHOOK_RETRY_SCALE: '0.001' });
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
    await srv.close();
  });

  test('create a webhook destination (secret once), send a test the receiver verifies, see it in the log, replay it', async () => {
    const org = await srv.newOrg('enterprise');
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const csrf = await browser.csrf('/settings/notifications');
    const created = await browser.post('/settings/notifications', { _csrf: csrf, kind: 'webhook', url: receiver.url, name: 'SOC <receiver>', events: '*', min_severity: 'info' });
    assert.equal(created.status, 200);
    const secret = /<p class="secret" id="new-secret">([^<]+)<\/p>/.exec(created.text)?.[1];
    assert.ok(secret, 'the secret is shown');
    assert.match(created.text, /SOC &lt;receiver&gt;/);
    const page = await browser.get('/settings/notifications');
    assert.ok(!page.text.includes(secret), 'the secret is never shown again');
    const id = /action="\/settings\/notifications\/([0-9A-Z]{26})\/test"/.exec(page.text)![1];
    assert.equal((await browser.post(`/settings/notifications/${id}/test`, {})).status, 403, 'CSRF required');
    assert.equal((await browser.post(`/settings/notifications/${id}/test`, { _csrf: csrf })).status, 303);
    // The destination takes every event, so the activity entry of its own creation
    // (compliance.activity) is delivered too, in either order: pick the test out.
    const tests = () => receiver.received.filter((r) => JSON.parse(r.body).event_type === 'notification.test');
    const req = await eventually(async () => tests()[0], 10_000, 'the test delivery');
    assert.deepEqual(verifySignature({ secret, timestamp: String(req.headers['x-service-timestamp']), signature: String(req.headers['x-service-signature']), rawBody: req.body }), { ok: true });
    const log = await eventually(async () => {
      const p = await browser.get('/settings/notifications');
      return /<td class="ok">sent<\/td>/.test(p.text) ? p : undefined;
    });
    assert.match(log.text, /notification\.test/);
    assert.match(log.text, /<li>[a-z_]+ 200 · \d+ ms<\/li>/, 'each attempt with its status');
    // Replay: the org's bootstrap admin key was created by the owner, so replay is allowed.
    // The replay form of the test delivery's own row (the activity entry has a row too).
    const testRow = log.text.split('<tr>').find((row) => row.includes('<td>notification.test '))!;
    const deliveryId = /deliveries\/([0-9A-Z]{26})\/replay/.exec(testRow)![1];
    assert.equal((await browser.post(`/settings/notifications/deliveries/${deliveryId}/replay`, { _csrf: csrf })).status, 303);
    await eventually(async () => (tests().length >= 2 ? true : undefined), 10_000, 'the replayed delivery');
    assert.match((await browser.get('/settings/notifications')).text, new RegExp(`replay of ${deliveryId}`));
    // Disable, then remove with confirmation.
    assert.equal((await browser.post(`/settings/notifications/${id}/enabled`, { _csrf: csrf, enabled: 'false' })).status, 303);
    assert.match((await browser.get('/settings/notifications')).text, /<span class="muted">disabled<\/span>/);
    assert.equal((await browser.post(`/settings/notifications/${id}/remove`, { _csrf: csrf })).status, 400);
    assert.equal((await browser.post(`/settings/notifications/${id}/remove`, { _csrf: csrf, confirm: 'yes' })).status, 303);
    assert.match((await browser.get('/settings/notifications')).text, /No destination yet/);
  });

  test('a bad destination is refused with the reason and stores nothing', async () => {
    const org = await srv.newOrg('enterprise');
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const csrf = await browser.csrf('/settings/notifications');
    const bad = await browser.post('/settings/notifications', { _csrf: csrf, kind: 'webhook', url: 'javascript:alert(1)' });
    assert.equal(bad.status, 400);
    assert.equal((await srv.deps.store.knex('webhook_destinations').where({ org_id: org.org_id }).select()).length, 0);
  });
});
