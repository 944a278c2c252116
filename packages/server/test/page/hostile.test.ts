// The hostile seed at the HTTP level (the browser test proves the same in Chromium): markup and
// script URLs that workstations and admins control come back escaped on every page.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { escapeHtml } from '../../src/page/html.js';
import { PageClient } from './support.js';
import { HOSTILE, seedFleet } from './seed.js';

describe(`admin page: hostile seed (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ SERVICE_WEBHOOK_ALLOW_PRIVATE: '1' });
  });
  after(() => srv.close());

  test('hostnames, skill names, previews, MCP names, git remotes and destination names render escaped', async () => {
    const org = await srv.newOrg('enterprise');
    const { hosts } = await seedFleet(srv, org, { hostile: true });
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const csrf = await browser.csrf('/settings/notifications');
    const dest = await browser.post('/settings/notifications', { _csrf: csrf, kind: 'webhook', url: `http://127.0.0.1:9/"><script>alert(10)</script>?x=javascript:alert(11)`, name: HOSTILE.mcp });
    assert.equal(dest.status, 200);
    const hostile = hosts.find((h) => h.hostname === HOSTILE.hostname)!;
    const pages: [string, string[]][] = [
      ['/', [HOSTILE.hostname]],
      [`/hosts/${hostile.id}`, [HOSTILE.hostname]],
      [`/hosts/${hostile.id}?tab=metadata`, [HOSTILE.hostname, HOSTILE.gitRemote]],
      ['/skills', [HOSTILE.skill]],
      [`/skills/${encodeURIComponent(HOSTILE.skill)}`, [HOSTILE.skill, HOSTILE.preview]],
      ['/mcp-servers', [HOSTILE.mcp]],
      ['/settings/notifications', [HOSTILE.mcp]],
    ];
    for (const [path, shown] of pages) {
      const res = await browser.get(path);
      assert.equal(res.status, 200, path);
      for (const text of shown) assert.ok(res.text.includes(escapeHtml(text)), `${path} shows ${text} as text`);
      assert.ok(!/<script>alert|<img src=x|href="javascript:/i.test(res.text), `${path} carries no live markup`);
    }
  });
});
