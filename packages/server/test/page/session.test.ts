// Admin page sign-in and sessions (issue #19, deliverable 1): the sign-in form, admin keys only,
// the cookie's attributes, CSRF on every form, logout, revocation ending the session, and the
// shared invalid-key rate limit.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { PageClient } from './support.js';

describe(`admin page sessions (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  test('GET / without a session is the sign-in form: POST, a password field, a hidden CSRF token, strict CSP', async () => {
    const res = await new PageClient(srv).get('/');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(res.text, /<form method="post" action="\/signin"/);
    assert.match(res.text, /<input id="key" name="key" type="password"/);
    assert.match(res.text, /<input type="hidden" name="_csrf" value="[A-Za-z0-9_-]{40,}">/);
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const part of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "form-action 'self'", "base-uri 'none'"]) assert.ok(csp.includes(part), part);
    assert.ok(!/unsafe-inline/.test(csp));
    assert.ok(!/<script>|<style>| style=| on[a-z]+=/i.test(res.text), 'no inline script, style or handlers');
  });

  test('an admin key signs in: httpOnly SameSite=Strict cookie with an expiry, and / shows the fleet', async () => {
    const org = await srv.newOrg();
    const browser = new PageClient(srv);
    const res = await browser.signIn(org.admin_key);
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/');
    const set = res.headers.getSetCookie().find((c) => c.startsWith('svc_session='))!;
    assert.match(set, /HttpOnly/);
    assert.match(set, /SameSite=Strict/);
    assert.match(set, /Max-Age=\d+/);
    assert.doesNotMatch(set, /Secure/, 'plain HTTP on loopback: no Secure flag');
    assert.ok(!set.includes(org.admin_key));
    const fleet = await browser.get('/');
    assert.equal(fleet.status, 200);
    assert.match(fleet.text, /<h1>Fleet<\/h1>/);
    assert.match(fleet.text, /Live coverage/);
    // The session store holds a hash and the key id, never the key.
    const rows = await srv.deps.store.knex('admin_page_sessions').where({ org_id: org.org_id }).select();
    assert.equal(rows.length, 1);
    assert.ok(!JSON.stringify(rows).includes(org.admin_key));
    assert.ok(!JSON.stringify(rows).includes(browser.cookies.get('svc_session')!));
  });

  test('the cookie is Secure when the request came over HTTPS (X-Forwarded-Proto)', async () => {
    const org = await srv.newOrg();
    const browser = new PageClient(srv);
    const csrf = await browser.csrf();
    const res = await fetch(srv.url + '/signin', {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: `svc_signin_csrf=${csrf}`, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
      body: new URLSearchParams({ _csrf: csrf, key: org.admin_key }).toString(),
    });
    assert.equal(res.status, 303);
    assert.match(res.headers.getSetCookie().find((c) => c.startsWith('svc_session='))!, /; Secure/);
  });

  test('a runtime key cannot sign in, nor can a wrong key; no session is opened', async () => {
    const org = await srv.newOrg();
    const browser = new PageClient(srv);
    const runtime = await browser.signIn(org.runtime_key);
    assert.equal(runtime.status, 403);
    assert.match(runtime.text, /Runtime keys cannot sign in/);
    const wrong = await browser.signIn('svc_adm_' + 'x'.repeat(40));
    assert.equal(wrong.status, 401);
    assert.ok(!browser.cookies.has('svc_session'));
    assert.equal((await srv.deps.store.knex('admin_page_sessions').where({ org_id: org.org_id }).select()).length, 0);
  });

  test('sign-in without the CSRF token, or with one that does not match its cookie, is refused', async () => {
    const org = await srv.newOrg();
    const browser = new PageClient(srv);
    await browser.csrf();
    assert.equal((await browser.post('/signin', { key: org.admin_key })).status, 403);
    assert.equal((await browser.post('/signin', { key: org.admin_key, _csrf: 'A'.repeat(43) })).status, 403);
    assert.ok(!browser.cookies.has('svc_session'));
  });

  test('a state-changing POST without the session CSRF token is refused and changes nothing', async () => {
    const org = await srv.newOrg();
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const res = await browser.post('/logout', {});
    assert.equal(res.status, 403);
    assert.match(res.text, /CSRF/);
    assert.equal((await browser.get('/')).status, 200);
    assert.match((await browser.get('/')).text, /<h1>Fleet<\/h1>/, 'still signed in');
  });

  test('logout ends the session on the server, not only in the browser', async () => {
    const org = await srv.newOrg();
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const token = browser.cookies.get('svc_session')!;
    const csrf = await browser.csrf('/');
    const out = await browser.post('/logout', { _csrf: csrf });
    assert.equal(out.status, 303);
    assert.ok(!browser.cookies.has('svc_session'));
    const replay = await fetch(srv.url + '/', { headers: { cookie: `svc_session=${token}` } });
    assert.match(await replay.text(), /action="\/signin"/);
  });

  test('revoking the admin key that opened a session ends the session', async () => {
    const org = await srv.newOrg();
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const keys = await srv.call('GET', '/api/v1/admin/keys', { key: org.admin_key });
    const adminKey = keys.body.keys.find((k: { kind: string }) => k.kind === 'admin');
    const other = await srv.call('POST', '/api/v1/admin/keys', { key: org.admin_key, body: { kind: 'admin' } });
    await srv.call('DELETE', `/api/v1/admin/keys/${adminKey.id}`, { key: other.body.key });
    const after = await browser.get('/');
    assert.match(after.text, /action="\/signin"/);
    assert.equal((await browser.get('/fleet.csv')).status, 303, 'session pages redirect to sign-in');
  });

  test('an expired session is refused', async () => {
    const org = await srv.newOrg();
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    await srv.deps.store.knex('admin_page_sessions').where({ org_id: org.org_id }).update({ expires_at: Date.now() - 1 });
    assert.match((await browser.get('/')).text, /action="\/signin"/);
  });

  test('failed sign-ins count toward the invalid-key rate limit shared with the API', async () => {
    const limited = await startTestServer();
    try {
      const browser = new PageClient(limited);
      let last = 0;
      for (let i = 0; i < 70 && last !== 429; i++) last = (await browser.signIn('svc_adm_' + 'y'.repeat(40))).status;
      assert.equal(last, 429);
      // The API, from the same address, is limited too: it is one limiter.
      const api = await limited.call('GET', '/api/v1/admin/keys', { key: 'svc_adm_' + 'z'.repeat(40) });
      assert.equal(api.status, 429);
    } finally {
      await limited.close();
    }
  });
});
