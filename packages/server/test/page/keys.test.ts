// API keys page (issue #19, deliverable 7): create (shown once), list with prefix, kind,
// creator and last use, revoke with confirmation; first-run inline runtime key generation.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { PageClient } from './support.js';

describe(`admin page: API keys (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  test('create shows the key once with a copy button; the list shows prefix, kind and last use, never the key', async () => {
    const org = await srv.newOrg();
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const csrf = await browser.csrf('/settings/keys');
    const created = await browser.post('/settings/keys', { _csrf: csrf, kind: 'admin', name: 'ci <admin>' });
    assert.equal(created.status, 200);
    const key = /<p class="secret" id="new-key">(svc_adm_[A-Za-z0-9]{40})<\/p>/.exec(created.text)?.[1];
    assert.ok(key, 'the new key is on the page');
    assert.match(created.text, /data-copy="new-key"/);
    assert.match(created.text, /ci &lt;admin&gt;/);
    // The new key works against the API: it is a real key.
    assert.equal((await srv.call('GET', '/api/v1/admin/keys', { key })).status, 200);
    const list = await browser.get('/settings/keys');
    assert.ok(!list.text.includes(key), 'never shown again');
    assert.ok(list.text.includes(`<code>${key.slice(0, 14)}…</code>`));
    for (const col of ['Prefix', 'Kind', 'Created by', 'Last used']) assert.ok(list.text.includes(col), col);
    assert.equal((await browser.post('/settings/keys', { _csrf: csrf, kind: 'root' })).status, 400);
  });

  test('revoke needs the confirmation, then the key stops working', async () => {
    const org = await srv.newOrg();
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const csrf = await browser.csrf('/settings/keys');
    const created = await browser.post('/settings/keys', { _csrf: csrf, kind: 'runtime', name: 'to revoke' });
    const key = /id="new-key">([^<]+)</.exec(created.text)![1];
    const keys = await srv.call('GET', '/api/v1/admin/keys', { key: org.admin_key });
    const id = keys.body.keys.find((k: { name: string }) => k.name === 'to revoke').id;
    assert.equal((await browser.post(`/settings/keys/${id}/revoke`, { _csrf: csrf })).status, 400);
    assert.equal((await browser.post(`/settings/keys/${id}/revoke`, { confirm: 'yes' })).status, 403);
    const revoked = await browser.post(`/settings/keys/${id}/revoke`, { _csrf: csrf, confirm: 'yes' });
    assert.equal(revoked.status, 303);
    const list = await browser.get('/settings/keys');
    assert.match(list.text, /to revoke<\/td>[\s\S]*?revoked/);
    const denied = await srv.call('POST', '/api/v1/claude-code/evaluate', { key, body: { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } } });
    assert.equal(denied.status, 401);
  });

  test('first run: the empty fleet offers a runtime key inline, with the install command ready to paste', async () => {
    const org = await srv.newOrg();
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const fleet = await browser.get('/');
    assert.match(fleet.text, /Generate a runtime key/);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(fleet.text)![1];
    const made = await browser.post('/settings/keys', { _csrf: csrf, kind: 'runtime', name: 'onboarding runtime key' });
    const key = /id="new-key">(svc_rt_[A-Za-z0-9]{40})</.exec(made.text)![1];
    const cmd = /<pre id="install-cmd">([^<]+)<\/pre>/.exec(made.text)![1];
    assert.equal(cmd, `SERVICE_API_KEY=${key} service install-hooks --server ${srv.url}`);
    assert.match(made.text, /data-copy="install-cmd"/);
  });
});
