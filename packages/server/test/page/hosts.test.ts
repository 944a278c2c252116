// Host detail (issue #19, deliverable 3): the four tabs filled from a seeded host, and "Remove
// from fleet" behind its confirmation and CSRF token.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { PageClient } from './support.js';
import { seedFleet } from './seed.js';

describe(`admin page: host detail (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  test('the four tabs show the shield status, checks by phase, events and metadata', async () => {
    const org = await srv.newOrg();
    const { hosts } = await seedFleet(srv, org);
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const fleet = await browser.get('/');
    assert.ok(fleet.text.includes(`href="/hosts/${hosts[0].id}"`), 'the fleet links to the host');
    const base = `/hosts/${hosts[0].id}`;
    const overview = await browser.get(base);
    assert.equal(overview.status, 200);
    for (const h of ['Shield status', 'Insights', 'Score history', 'Scan history', 'Remove from fleet']) assert.ok(overview.text.includes(h), h);
    assert.match(overview.text, /firewall_enabled \(medium\)/);
    const checks = await browser.get(`${base}?tab=checks`);
    assert.match(checks.text, /<h2>device <span class="muted">1 of 2 passed<\/span><\/h2>/);
    assert.match(checks.text, /<h2>agent <span class="muted">1 of 1 passed<\/span><\/h2>/);
    const monitoring = await browser.get(`${base}?tab=monitoring`);
    for (const h of ['Threat timeline', 'Shield events', 'Active sessions']) assert.ok(monitoring.text.includes(h), h);
    assert.match(monitoring.text, /<strong class="bad">deny<\/strong>/);
    assert.match(monitoring.text, /seed-session-0/);
    const metadata = await browser.get(`${base}?tab=metadata`);
    for (const f of ['Runtime protection state', 'Credential state', 'Policy-fetch health', 'Last command preflight', 'Last HTTP evaluate', 'Last self-test', 'Last live event', 'Repair result', 'Restart required', 'Install provenance', 'MDM aliases', 'Identifiers', 'Sandbox', 'Version', 'Baseline', 'Activity', 'Anomaly', 'Compliance evidence']) {
      assert.ok(metadata.text.includes(`<dt>${f}</dt>`), f);
    }
    assert.match(metadata.text, /<span class="muted">unknown<\/span>/, 'unknown values shown as unknown');
    assert.match(metadata.text, /<a href="https:\/\/github.com\/acme\/api" rel="noopener noreferrer">/, 'an https remote is a link');
    assert.equal((await browser.get(`${base}?tab=nope`)).status, 400);
    assert.equal((await browser.get('/hosts/01ARZ3NDEKTSV4RRFFQ69G5FAV')).status, 404);
  });

  test('another org cannot open the host', async () => {
    const org = await srv.newOrg();
    const other = await srv.newOrg();
    const { hosts } = await seedFleet(srv, org);
    const browser = new PageClient(srv);
    await browser.signIn(other.admin_key);
    assert.equal((await browser.get(`/hosts/${hosts[0].id}`)).status, 404);
  });

  test('Remove from fleet needs the confirmation and the CSRF token, then deletes the host', async () => {
    const org = await srv.newOrg();
    const { hosts } = await seedFleet(srv, org);
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const path = `/hosts/${hosts[1].id}`;
    const csrf = await browser.csrf(path);
    assert.equal((await browser.post(`${path}/remove`, { confirm: 'yes' })).status, 403, 'no CSRF token');
    assert.equal((await browser.post(`${path}/remove`, { _csrf: csrf })).status, 400, 'not confirmed');
    assert.equal((await srv.deps.store.knex('workstations').where({ id: hosts[1].id }).select()).length, 1);
    const removed = await browser.post(`${path}/remove`, { _csrf: csrf, confirm: 'yes' });
    assert.equal(removed.status, 200);
    assert.match(removed.text, /was removed from the fleet/);
    assert.equal((await srv.deps.store.knex('workstations').where({ id: hosts[1].id }).select()).length, 0);
    assert.equal((await browser.get(path)).status, 404);
  });
});
