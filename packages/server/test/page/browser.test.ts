// End-to-end tests of the admin page in headless Chromium (issue #19, "Must show"): sign in,
// filter and export; the host tabs; blocking a skill reaches the next prompt; a webhook test a
// local receiver verifies; key create/revoke; runtime key refused; CSRF-less POST refused; a
// screenshot and an axe-core scan of every page; a hostile seed rendered as text with no script
// run. Runs on the store SERVICE_TEST_STORE names, against a seeded real server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import type { CreatedOrg } from '../../src/accounts/orgs.js';
import { verifySignature } from '../../src/notifications/signing.js';
import { startReceiver, type Receiver } from '../notifications/support.js';
import { artifactPath, axeViolations, browserUnavailable, launchBrowser } from './browser-support.js';
import { HOSTILE, seedFleet, type SeededFleet } from './seed.js';

const skip = browserUnavailable();

describe(`admin page in Chromium (${TEST_STORE})`, { skip: skip ?? false }, () => {
  let srv: TestServer;
  let receiver: Receiver;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let org: CreatedOrg;
  let fleet: SeededFleet;
  /** Any dialog (alert/confirm) that a test did not expect: a script ran. */
  const unexpectedDialogs: string[] = [];
  let expectDialog = false;
  const scanned = new Map<string, { id: string; impact: string | null; help: string; nodes: number }[]>();

  /** Screenshot and accessibility scan of the page as it is now. */
  async function record(name: string) {
    await page.screenshot({ path: artifactPath(TEST_STORE, name), fullPage: true });
    scanned.set(name, await axeViolations(page));
  }

  async function signIn(key: string) {
    await page.goto(srv.url + '/');
    await page.fill('#key', key);
    await page.click('button[type=submit]');
    await page.waitForLoadState('load');
  }

  before(async () => {
    srv = await startTestServer({ SERVICE_WEBHOOK_ALLOW_PRIVATE: '1', SERVICE_WEBHOOK_RETRY_SCALE: '0.001' });
    receiver = await startReceiver();
    org = await srv.newOrg('enterprise');
    fleet = await seedFleet(srv, org, { hostile: true });
    browser = await launchBrowser();
    context = browser.context;
    page = context.pages()[0] ?? (await context.newPage());
    page.on('dialog', async (d) => {
      if (expectDialog) return d.accept();
      unexpectedDialogs.push(d.message());
      await d.dismiss();
    });
  });
  after(async () => {
    await browser?.close();
    await receiver?.close();
    await srv?.close();
  });

  test('a runtime key is refused at sign-in; the sign-in page passes axe', async () => {
    await page.goto(srv.url + '/');
    await record('01-sign-in');
    await signIn(org.runtime_key);
    assert.match(await page.textContent('[role=alert]') ?? '', /Runtime keys cannot sign in/);
    assert.equal(await page.locator('#key').count(), 1, 'still on the sign-in form');
  });

  test('sign in, filter the fleet, export the filtered CSV', async () => {
    await signIn(org.admin_key);
    assert.equal(await page.textContent('h1'), 'Fleet');
    assert.equal(await page.locator('.cards .card').count(), 6);
    assert.equal(await page.locator('table thead th').count(), 11);
    assert.equal(await page.locator('tbody tr').count(), fleet.hosts.length);
    await record('02-fleet');
    // The skip link is the first stop of the keyboard.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
    await page.fill('#f-search', 'dev-laptop');
    await page.selectOption('#f-status', 'online');
    await page.click('form[role=search] button[type=submit]');
    await page.waitForLoadState('load');
    assert.equal(await page.locator('tbody tr').count(), 2);
    await record('03-fleet-filtered');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('text=Export CSV')]);
    const csv = readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
    assert.equal(csv.length, 3, 'header and the two filtered hosts');
    assert.ok(csv.slice(1).every((l) => l.includes('dev-laptop')));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(srv.url + '/');
    await page.screenshot({ path: artifactPath(TEST_STORE, '02-fleet-phone'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  test('open a host: the four tabs are filled', async () => {
    await page.goto(srv.url + '/');
    await page.click(`a[href="/hosts/${fleet.hosts[0].id}"]`);
    await page.waitForLoadState('load');
    assert.match((await page.textContent('main')) ?? '', /Score history[\s\S]*Scan history/);
    await record('04-host-overview');
    for (const [tab, expect] of [
      ['Checks', /device\s+1 of 2 passed/],
      ['Monitoring', /Threat timeline[\s\S]*deny[\s\S]*Active sessions/],
      ['Metadata', /Install provenance[\s\S]*Compliance evidence/],
    ] as const) {
      await page.click(`nav.tabs >> text=${tab}`);
      await page.waitForLoadState('load');
      assert.match((await page.textContent('main')) ?? '', expect, tab);
      await record(`05-host-${tab.toLowerCase()}`);
    }
  });

  test('block a skill in the page and the next /skill prompt is denied', async () => {
    await page.goto(srv.url + '/skills');
    await record('06-skills');
    await page.click('a[href="/skills/deploy"]');
    await page.waitForLoadState('load');
    await record('07-skill-detail');
    await page.click('button[aria-label="block deploy"]');
    await page.waitForLoadState('load');
    assert.equal((await page.textContent('.cards .card .value'))?.trim(), 'Blocked');
    const prompt = { session_id: 's-b', cwd: '/w', hook_event_name: 'UserPromptSubmit', prompt: '/deploy production' };
    const res = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: prompt, headers: { 'x-hostname': fleet.hosts[0].hostname, 'x-machine-id': `seed-${org.org_id}-0` } });
    assert.equal(res.body.decision, 'block');
    await page.goto(srv.url + '/mcp-servers');
    await record('08-mcp-servers');
    await page.goto(srv.url + '/plugins');
    await record('09-plugins');
    await page.goto(srv.url + '/policy');
    await record('10-policy');
  });

  test('create a webhook destination and send a test that the local receiver verifies', async () => {
    await page.goto(srv.url + '/settings/notifications');
    await page.selectOption('#d-kind', 'webhook');
    await page.fill('#d-url', receiver.url);
    await page.fill('#d-name', `SOC ${HOSTILE.mcp}`);
    await page.click('text=Add destination');
    await page.waitForLoadState('load');
    const secret = (await page.textContent('#new-secret'))!.trim();
    assert.match(secret, /\S{20,}/);
    await page.click('button[aria-label^="Send test"]');
    await page.waitForLoadState('load');
    const [req] = await receiver.waitFor(1);
    assert.deepEqual(verifySignature({ secret, timestamp: String(req.headers['x-service-timestamp']), signature: String(req.headers['x-service-signature']), rawBody: req.body }), { ok: true });
    for (let i = 0; i < 50 && !/sent/.test((await page.textContent('#log-h + table').catch(() => '')) ?? ''); i++) {
      await new Promise((r) => setTimeout(r, 100));
      await page.reload();
    }
    assert.match((await page.textContent('main')) ?? '', /notification\.test[\s\S]*sent/);
    await record('11-notifications');
    // A javascript: URL is refused, and the refusal renders as text.
    await page.fill('#d-url', 'javascript:alert(8)');
    await page.evaluate(() => document.querySelector('#d-url')?.setAttribute('type', 'text'));
    await page.click('text=Add destination');
    await page.waitForLoadState('load');
    assert.match((await page.textContent('[role=alert]')) ?? '', /url|URL/);
  });

  test('create and revoke a key', async () => {
    await page.goto(srv.url + '/settings/keys');
    await page.selectOption('#key-kind', 'runtime');
    await page.fill('#key-name', 'browser key');
    await page.click('text=Create key');
    await page.waitForLoadState('load');
    const key = (await page.textContent('#new-key'))!.trim();
    assert.match(key, /^svc_rt_/);
    assert.match((await page.textContent('#install-cmd')) ?? '', /service install-hooks --server http:\/\//);
    await record('12-keys-created');
    const row = page.locator('tr', { hasText: 'browser key' });
    await row.locator('input[name=confirm]').check();
    expectDialog = true;
    await row.locator('button', { hasText: 'Revoke' }).click();
    await page.waitForLoadState('load');
    expectDialog = false;
    assert.match((await page.locator('tr', { hasText: 'browser key' }).textContent()) ?? '', /revoked/);
    const refused = await srv.call('POST', '/api/v1/claude-code/evaluate', { key, body: { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } } });
    assert.equal(refused.status, 401);
    await record('13-keys');
  });

  test('a POST without the CSRF token is refused', async () => {
    const res = await context.request.post(srv.url + '/settings/keys', { form: { kind: 'admin', name: 'forged' }, maxRedirects: 0 });
    assert.equal(res.status(), 403);
    const keys = await srv.call('GET', '/api/v1/admin/keys', { key: org.admin_key });
    assert.ok(!keys.body.keys.some((k: { name: string }) => k.name === 'forged'));
  });

  test('the hostile seed renders as text and runs no script', async () => {
    await page.goto(srv.url + '/');
    assert.ok(((await page.textContent('tbody')) ?? '').includes(HOSTILE.hostname), 'the hostname is shown literally');
    await page.click(`a[href="/hosts/${fleet.hosts[3].id}"]`);
    await page.waitForLoadState('load');
    assert.equal(await page.textContent('h1'), HOSTILE.hostname);
    await page.click('nav.tabs >> text=Metadata');
    await page.waitForLoadState('load');
    assert.ok(((await page.textContent('main')) ?? '').includes(HOSTILE.gitRemote), 'a javascript: remote is shown as text');
    await page.goto(srv.url + '/skills');
    assert.ok(((await page.textContent('main')) ?? '').includes(HOSTILE.skill));
    await page.goto(srv.url + `/skills/${encodeURIComponent(HOSTILE.skill)}`);
    assert.ok(((await page.textContent('pre')) ?? '').includes(HOSTILE.preview));
    await record('14-hostile-skill');
    await page.goto(srv.url + '/mcp-servers');
    assert.ok(((await page.textContent('main')) ?? '').includes(HOSTILE.mcp));
    await page.goto(srv.url + '/settings/notifications');
    assert.ok(((await page.textContent('main')) ?? '').includes(`SOC ${HOSTILE.mcp}`));
    // A destination whose URL carries markup and a javascript: query.
    await page.evaluate(() => document.querySelector('#d-url')?.setAttribute('type', 'text'));
    await page.fill('#d-url', 'http://127.0.0.1:9/"><script>alert(10)</script>?x=javascript:alert(11)');
    await page.fill('#d-name', '<script>alert(12)</script>');
    await page.click('text=Add destination');
    await page.waitForLoadState('load');
    assert.ok(((await page.textContent('main')) ?? '').includes('<script>alert(12)</script>'));
    // No element the seed tried to inject exists, and no dialog opened anywhere in the run.
    for (const path of ['/', `/hosts/${fleet.hosts[3].id}`, `/hosts/${fleet.hosts[3].id}?tab=metadata`, '/skills', `/skills/${encodeURIComponent(HOSTILE.skill)}`, '/mcp-servers', '/settings/notifications']) {
      await page.goto(srv.url + path);
      assert.equal(await page.locator('img[src=x], main script').count(), 0, path);
      assert.equal(await page.locator('a[href^="javascript:"]').count(), 0, path);
    }
    assert.deepEqual(unexpectedDialogs, []);
  });

  test('first run: an empty org offers a runtime key with the install command', async () => {
    const fresh = await srv.newOrg('enterprise');
    await page.goto(srv.url + '/');
    expectDialog = true;
    await page.click('button:has-text("Sign out")');
    await page.waitForLoadState('load');
    expectDialog = false;
    await signIn(fresh.admin_key);
    await record('15-first-run');
    await page.click('button:has-text("Generate a runtime key")');
    await page.waitForLoadState('load');
    const key = (await page.textContent('#new-key'))!.trim();
    assert.equal((await page.textContent('#install-cmd'))!.trim(), `SERVICE_API_KEY=${key} service install-hooks --server ${srv.url}`);
    await record('16-first-run-key');
  });

  test('axe-core: no serious or critical violation on any page', () => {
    assert.ok(scanned.size >= 15, `${scanned.size} pages scanned`);
    const bad = [...scanned].flatMap(([name, v]) => v.filter((x) => x.impact === 'serious' || x.impact === 'critical').map((x) => `${name}: ${x.id} (${x.impact}) ${x.help} ×${x.nodes}`));
    assert.deepEqual(bad, []);
  });
});
