// The fleet page (issue #19, deliverable 2): stat cards, the eleven columns, filters with their
// counts, cursor paging, the version chart, and a CSV export that honours the filters.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { checkin, settle } from '../fleet/support.js';
import { PageClient } from './support.js';

describe(`admin page: fleet (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  test('cards, columns, filter counts and the version chart', async () => {
    const org = await srv.newOrg();
    await checkin(srv, org, { hostname: 'alpha-1', agent_version: '2.1.0' });
    await checkin(srv, org, { hostname: 'beta-2', agent_version: '2.0.0', platform: 'darwin' });
    await settle(srv);
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const page = await browser.get('/');
    for (const card of ['Live coverage', 'Unverified hosts', 'MDM evidence', 'Action needed', 'Blocked actions', 'Posture notes']) assert.ok(page.text.includes(card), card);
    for (const col of ['Status', 'Workstation', 'Management', 'Protection', 'Risk', 'Owner', 'Activity', 'Baseline', 'IDEs', 'AI IDE coverage', 'Last seen']) assert.ok(page.text.includes(`<th scope="col">${col}</th>`), col);
    assert.match(page.text, /alpha-1/);
    assert.match(page.text, /beta-2/);
    assert.match(page.text, /Agent versions/);
    assert.match(page.text, /<option value="online">Online \(2\)<\/option>/);
    assert.match(page.text, /<option value="claude-code">claude-code \(2\)<\/option>/);
    assert.match(page.text, /just now|min ago/);
  });

  test('filters narrow the list; search and cursor paging work; bad filters answer 400', async () => {
    const org = await srv.newOrg();
    for (let i = 0; i < 55; i++) await checkin(srv, org, { hostname: `pg-${String(i).padStart(2, '0')}` });
    await checkin(srv, org, { hostname: 'needle-host' });
    await settle(srv);
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const found = await browser.get('/?search=needle&status=online&risk=&surface=');
    assert.match(found.text, /needle-host/);
    assert.doesNotMatch(found.text, /pg-\d\d/);
    const offline = await browser.get('/?status=offline');
    assert.match(offline.text, /No workstation matches/);
    const first = await browser.get('/');
    const next = /href="(\/\?cursor=[^"]+)" rel="next"/.exec(first.text);
    assert.ok(next, 'a next-page link');
    const second = await browser.get(next[1].replace(/&amp;/g, '&'));
    const hosts = (t: string) => [...t.matchAll(/>(pg-\d\d|needle-host)</g)].map((m) => m[1]);
    assert.equal(hosts(first.text).length, 50);
    assert.equal(hosts(second.text).length, 6);
    assert.equal(new Set([...hosts(first.text), ...hosts(second.text)]).size, 56);
    assert.equal((await browser.get('/?status=sideways')).status, 400);
  });

  test('CSV export honours the filters and defuses formulas', async () => {
    const org = await srv.newOrg();
    await checkin(srv, org, { hostname: 'csv-keep' });
    await checkin(srv, org, { hostname: '=cmd|calc' });
    await settle(srv);
    const browser = new PageClient(srv);
    await browser.signIn(org.admin_key);
    const all = await browser.get('/fleet.csv');
    assert.equal(all.status, 200);
    assert.match(all.headers.get('content-type') ?? '', /^text\/csv/);
    const lines = all.text.trim().split('\r\n');
    assert.equal(lines.length, 3);
    assert.match(lines[0], /^status,hostname,/);
    assert.ok(all.text.includes(`"'=cmd|calc"`));
    const filtered = await browser.get('/fleet.csv?search=keep');
    const rows = filtered.text.trim().split('\r\n');
    assert.equal(rows.length, 2);
    assert.match(rows[1], /"csv-keep"/);
    const anonymous = await new PageClient(srv).get('/fleet.csv');
    assert.equal(anonymous.status, 303);
  });
});
