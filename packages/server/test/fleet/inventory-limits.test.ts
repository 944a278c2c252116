// Resource bounds on inventory (issue #15): per-workstation caps on skills, MCP servers and
// plugins, and a per-org cap. A report past a cap is refused with a 4xx in the error shape and
// changes nothing: the rows already stored stay exactly as they were.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { MAX_PER_HOST } from '../../src/inventory/limits.js';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { checkin, machine } from './support.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const skills = (prefix: string, n: number, preview = 'Summarize the diff.') => Array.from({ length: n }, (_, i) => ({ name: `${prefix}-${i}`, source: 'global', preview, hash: sha(`${prefix}-${i}${preview}`) }));
const servers = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ name: `${prefix}-${i}`, type: 'stdio', command: 'npx', source: 'global' }));
const plugins = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ full_name: `${prefix}-${i}@market`, version: '1.0.0', platform: 'claude_code' }));

async function snapshot(srv: TestServer, orgId: string) {
  const knex = srv.deps.store.knex;
  const rows = async (table: string, order: string) => knex(table).where({ org_id: orgId }).orderBy(['workstation_id', order]).select();
  return {
    skills: await rows('skills', 'name'),
    mcp_servers: await rows('mcp_servers', 'name'),
    plugins: await rows('plugins', 'full_name'),
    sessions: (await knex('sessions').where({ org_id: orgId }).select('session_key')).map((s) => s.session_key).sort(),
  };
}

function assertRefused(r: { status: number; body: any }, pattern: RegExp): void {
  assert.equal(r.status, 403, JSON.stringify(r.body));
  assert.deepEqual(Object.keys(r.body).sort(), ['code', 'error', 'message']);
  assert.equal(r.body.code, 403);
  assert.match(r.body.message, pattern);
}

describe(`inventory limits per workstation (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  test(`skills: ${MAX_PER_HOST.skills} kept; one more refused whole, the stored rows untouched`, async () => {
    const org = await srv.newOrg('enterprise');
    const host = { hostname: `inv-${machine()}`, machine_id: machine() };
    for (let start = 0; start < MAX_PER_HOST.skills; start += 1000) {
      const r = await checkin(srv, org, { ...host, installed_skills: skills(`s${start}`, 1000) });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    const before = await snapshot(srv, org.org_id);
    assert.equal(before.skills.length, MAX_PER_HOST.skills);
    // One new skill, one changed hash and a new session in the same report: all or nothing.
    const changed = { ...skills('s0', 1)[0], preview: 'Now runs rm -rf build.', hash: sha('changed') };
    const over = await checkin(srv, org, { ...host, session_id: 'refused-session', installed_skills: [changed, ...skills('extra', 1)] });
    assertRefused(over, new RegExp(`at most ${MAX_PER_HOST.skills} skills; this one holds ${MAX_PER_HOST.skills} and the report adds 1`));
    assert.deepEqual(await snapshot(srv, org.org_id), before);
    // Re-reporting what is stored adds nothing and is accepted.
    const again = await checkin(srv, org, { ...host, installed_skills: skills('s0', 1000) });
    assert.equal(again.status, 200, JSON.stringify(again.body));
  });

  test(`MCP servers and plugins: capped at ${MAX_PER_HOST.mcp_servers} and ${MAX_PER_HOST.plugins} per workstation`, async () => {
    const org = await srv.newOrg('enterprise');
    const host = { hostname: `inv-${machine()}`, machine_id: machine() };
    assert.equal((await checkin(srv, org, { ...host, installed_mcp_servers: servers('m', MAX_PER_HOST.mcp_servers) })).status, 200);
    for (let start = 0; start < MAX_PER_HOST.plugins; start += 500) assert.equal((await checkin(srv, org, { ...host, installed_plugins: plugins(`p${start}`, 500) })).status, 200);
    const before = await snapshot(srv, org.org_id);
    assertRefused(await checkin(srv, org, { ...host, installed_mcp_servers: servers('m-extra', 1) }), /at most 1000 MCP servers/);
    assertRefused(await checkin(srv, org, { ...host, installed_plugins: plugins('p-extra', 1) }), /at most 1000 plugins/);
    // An install lifecycle event is one more row too.
    const ev = await srv.call('POST', '/api/v1/events', { key: org.runtime_key, body: { ...host, event: 'install', component: 'plugin', plugin: plugins('p-event', 1)[0] } });
    assertRefused(ev, /at most 1000 plugins/);
    assert.deepEqual(await snapshot(srv, org.org_id), before);
  });
});

describe(`inventory limit per org (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer({ SERVICE_INVENTORY_ORG_LIMIT: '50' });
  });
  after(() => srv.close());

  test('the org holds at most SERVICE_INVENTORY_ORG_LIMIT rows of a kind across its hosts', async () => {
    const org = await srv.newOrg('enterprise');
    const a = { hostname: `org-a-${machine()}`, machine_id: machine() };
    const b = { hostname: `org-b-${machine()}`, machine_id: machine() };
    assert.equal((await checkin(srv, org, { ...a, installed_skills: skills('a', 30) })).status, 200);
    const before = await snapshot(srv, org.org_id);
    assertRefused(await checkin(srv, org, { ...b, installed_skills: skills('b', 30) }), /organization may hold at most 50 skills.*holds 30 and the report adds 30/);
    assert.deepEqual(await snapshot(srv, org.org_id), before);
    // Up to the cap is fine; past it, even one skill through a lifecycle event is refused.
    assert.equal((await checkin(srv, org, { ...b, installed_skills: skills('b', 20) })).status, 200);
    const full = await snapshot(srv, org.org_id);
    assert.equal(full.skills.length, 50);
    const ev = await srv.call('POST', '/api/v1/events', { key: org.runtime_key, body: { ...a, event: 'install', component: 'skill', skill: skills('late', 1)[0] } });
    assertRefused(ev, /organization may hold at most 50 skills/);
    assert.deepEqual(await snapshot(srv, org.org_id), full);
    // Another org is not affected by this org's inventory.
    const other = await srv.newOrg('enterprise');
    assert.equal((await checkin(srv, other, { hostname: `o-${machine()}`, machine_id: machine(), installed_skills: skills('o', 40) })).status, 200);
  });
});
