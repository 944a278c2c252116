// Policy page (issue #19, deliverable 5): baseline fields edited through the form (validated by
// the policy schema), pack templates with preview and adopt, and the change history.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { PageClient } from './support.js';

describe(`admin page: policy (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  test('edit the baseline, adopt a pack, and read who changed what', async () => {
    const org = await srv.newOrg();
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const page = await browser.get('/policy');
    assert.equal(page.status, 200);
    for (const f of ['security_level', 'auto_block', 'entropy_threshold', 'max_input_length', 'custom_blacklist', 'trusted_sources', 'blocked_agent_skills', 'warn_only_agent_skills']) assert.ok(page.text.includes(`name="${f}"`), f);
    assert.match(page.text, /Balanced baseline/);
    assert.match(page.text, /<details><summary>Preview<\/summary><pre>\{/);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1];
    const current = (await srv.call('GET', '/api/v1/admin/policy', { key: org.admin_key })).body.policy;
    const saved = await browser.post('/policy', {
      _csrf: csrf,
      security_level: 'strict',
      ...(current.auto_block ? { auto_block: 'true' } : {}),
      entropy_threshold: String(current.entropy_threshold),
      max_input_length: '5000',
      custom_blacklist: 'curl evil.example\n',
      trusted_sources: current.trusted_sources.join('\n'),
      blocked_agent_skills: '',
      warn_only_agent_skills: '',
    });
    assert.equal(saved.status, 303);
    const after = (await srv.call('GET', '/api/v1/admin/policy', { key: org.admin_key })).body.policy;
    assert.equal(after.security_level, 'strict');
    assert.equal(after.max_input_length, 5000);
    assert.deepEqual(after.custom_blacklist, ['curl evil.example']);
    const bad = await browser.post('/policy', { _csrf: csrf, security_level: 'lax' });
    assert.equal(bad.status, 400);
    assert.equal((await browser.post('/policy/pack', { _csrf: csrf, slug: 'balanced-baseline' })).status, 303);
    assert.equal((await browser.post('/policy/pack', { _csrf: csrf, slug: 'nope' })).status, 400);
    const history = await browser.get('/policy');
    assert.match(history.text, /Policy pack balanced-baseline adopted\./);
    const changes = history.text.slice(history.text.indexOf("Change history"));
    assert.ok(/Policy fields changed: [a-z_, ]*security_level[a-z_, ]*\./.test(changes), changes.slice(0, 800));
    assert.match(history.text, /<td>owner@[^<]+<\/td>/, 'who: the key creator');
  });
});
