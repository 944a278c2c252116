// Inventory pages (issue #19, deliverable 4): skills with risk, flags, hosts and status; the
// Allow/Warn/Block controls reach the next prompt; the detail panel; MCP servers and plugins.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { PageClient } from './support.js';
import { seedFleet } from './seed.js';

describe(`admin page: inventory (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  test('skills list and detail; Block takes effect on the next /skill prompt, Allow lifts it', async () => {
    const org = await srv.newOrg();
    const { hosts } = await seedFleet(srv, org);
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const list = await browser.get('/skills');
    assert.match(list.text, /<a href="\/skills\/deploy">\/deploy<\/a>/);
    assert.match(list.text, /<td>3<\/td><td class="ok">Active<\/td>/, 'host count and status');
    const detail = await browser.get('/skills/deploy');
    for (const s of ['Variants', 'Preview', 'Hosts', 'First seen', 'last seen']) assert.ok(detail.text.includes(s), s);
    assert.match(detail.text, /Deploys the service with kubectl apply\./);
    assert.ok(detail.text.includes(hosts[0].hostname));
    const prompt = { session_id: 's1', cwd: '/w', hook_event_name: 'UserPromptSubmit', prompt: '/deploy now' };
    const headers = { 'x-hostname': hosts[0].hostname, 'x-machine-id': `seed-${org.org_id}-0` };
    const before = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: prompt, headers });
    assert.notEqual(before.body?.decision, 'block');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(detail.text)![1];
    assert.equal((await browser.post('/skills/deploy/status', { status: 'block' })).status, 403, 'CSRF required');
    const blocked = await browser.post('/skills/deploy/status', { _csrf: csrf, status: 'block' });
    assert.equal(blocked.status, 303);
    const after = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: prompt, headers });
    assert.equal(after.body?.decision, 'block');
    assert.match((await browser.get('/skills')).text, /class="bad">Blocked</);
    await browser.post('/skills/deploy/status', { _csrf: csrf, status: 'allow' });
    const lifted = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: prompt, headers });
    assert.notEqual(lifted.body?.decision, 'block');
    assert.equal((await browser.post('/skills/deploy/status', { _csrf: csrf, status: 'maybe' })).status, 400);
    assert.equal((await browser.get('/skills/never-seen')).status, 404);
  });

  test('MCP servers and plugins views', async () => {
    const org = await srv.newOrg();
    await seedFleet(srv, org);
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const mcp = await browser.get('/mcp-servers');
    assert.match(mcp.text, /<td>github<\/td><td>stdio<\/td><td>npx<\/td>/);
    const plugins = await browser.get('/plugins');
    assert.match(plugins.text, /acme\/formatter/);
    assert.match(plugins.text, /1\.2\.0 \(3\)/);
  });
});
