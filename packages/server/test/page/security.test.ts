// Every page route, walked: session routes refuse a visitor without a session (GET → sign-in,
// POST → 403), POSTs refuse a signed-in browser without the CSRF token, and every answer carries
// the page's security headers. A page that declares no access cannot be mounted.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { allPages, adminPageMiddleware } from '../../src/routes/page/index.js';
import { PAGE_CSP } from '../../src/routes/page/page-route.js';
import { PageClient } from './support.js';

const concrete = (path: string) => path.replace(':id', '01ARZ3NDEKTSV4RRFFQ69G5FAV').replace(':name', 'deploy');

describe(`admin page security cases (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  test('session pages: no session → GET redirects to sign-in, POST is refused; headers on every answer', async () => {
    const anonymous = new PageClient(srv);
    for (const route of allPages().filter((r) => r.access === 'session')) {
      const path = concrete(route.path);
      const res = route.method === 'GET' ? await anonymous.get(path) : await anonymous.post(path, { _csrf: 'x' });
      if (route.method === 'GET') {
        assert.equal(res.status, 303, path);
        assert.equal(res.headers.get('location'), '/');
      } else assert.equal(res.status, 403, `${route.method} ${path}`);
      assert.equal(res.headers.get('content-security-policy'), PAGE_CSP, path);
      assert.equal(res.headers.get('x-frame-options'), 'DENY', path);
    }
  });

  test('every POST refuses a signed-in browser without the CSRF token', async () => {
    const org = await srv.newOrg();
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    for (const route of allPages().filter((r) => r.access === 'session' && r.method === 'POST')) {
      const res = await browser.post(concrete(route.path), { confirm: 'yes', kind: 'admin', status: 'block', slug: 'balanced-baseline', enabled: 'false' });
      assert.equal(res.status, 403, route.path);
      assert.match(res.text, /CSRF/);
    }
    assert.equal((await browser.get('/')).status, 200, 'still signed in: nothing was logged out');
    const keys = await srv.call('GET', '/api/v1/admin/keys', { key: org.admin_key });
    assert.equal(keys.body.keys.length, 2, 'no key was created');
  });

  test('assets are served with the CSP and nosniff; a page that declares no access is not mounted', async () => {
    const css = await fetch(srv.url + '/assets/app.css');
    assert.equal(css.status, 200);
    assert.match(css.headers.get('content-type') ?? '', /^text\/css/);
    assert.equal(css.headers.get('x-content-type-options'), 'nosniff');
    const js = await fetch(srv.url + '/assets/app.js');
    assert.match(js.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal((await fetch(srv.url + '/assets/nope.js')).status, 404);
    assert.throws(
      () => adminPageMiddleware(srv.deps, false, [{ method: 'GET', path: '/x', access: { public: '' }, handler: async () => undefined }]),
      /declares no access/,
    );
  });
});
