// Policy edits are atomic (issue #15): each edit reads the org's current policy inside a locked
// transaction, so concurrent edits through one or several server processes are all kept, each
// answers with the version it produced, and every `policy.changed` names the key that made it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type RunningServer } from '../../src/server.js';
import { createLogger } from '../../src/log.js';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';

async function blockSkill(baseUrl: string, key: string, name: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}/api/v1/admin/policy/skills`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, status: 'block' }),
  });
  return { status: res.status, body: await res.json() };
}

/** Sends `names.length` concurrent block edits, spread round-robin over `urls`; checks every answer. */
async function editConcurrently(urls: string[], key: string, names: string[]): Promise<number[]> {
  // Warm every server's policy cache first: an edit built on a cached read would lose others.
  for (const url of urls) await fetch(`${url}/api/v1/admin/policy`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.text());
  const answers = await Promise.all(names.map((n, i) => blockSkill(urls[i % urls.length], key, n)));
  for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body));
  // Each answer shows the edit it made (the version it produced includes its own skill).
  answers.forEach((a, i) => assert.ok(a.body.policy.blocked_agent_skills.includes(names[i]), `answer for ${names[i]} lacks its own edit`));
  return answers.map((a) => a.body.policy_version as number);
}

async function storedPolicy(srv: TestServer, orgId: string): Promise<{ version: number; blocked: string[] }> {
  const knex = srv.deps.store.knex;
  const org = await knex('orgs').where({ id: orgId }).first('policy_version');
  const row = await knex('org_policies').where({ org_id: orgId }).first('policy');
  return { version: Number(org.policy_version), blocked: JSON.parse(row.policy).blocked_agent_skills };
}

function assertDistinctVersions(versions: number[], start: number): void {
  const sorted = [...versions].sort((a, b) => a - b);
  // Strictly increasing and distinct: edit k produced version start+k, no gaps, no repeats.
  assert.deepEqual(sorted, versions.map((_, i) => start + i + 1));
}

describe(`policy edits are atomic (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  test('40 concurrent skill blocks through HTTP are all kept, each with its own version', async () => {
    const org = await srv.newOrg('enterprise');
    const names = Array.from({ length: 40 }, (_, i) => `skill-${i}`);
    const versions = await editConcurrently([srv.url], org.admin_key, names);
    assertDistinctVersions(versions, 1);
    const stored = await storedPolicy(srv, org.org_id);
    assert.equal(stored.version, 41);
    assert.deepEqual([...stored.blocked].sort(), [...names].sort());
    const read = await srv.call('GET', '/api/v1/admin/policy', { key: org.admin_key });
    assert.equal(read.body.policy.blocked_agent_skills.length, 40);
  });

  test('every policy.changed names the admin key and its creator', async () => {
    const org = await srv.newOrg('enterprise');
    const r = await blockSkill(srv.url, org.admin_key, 'deploy');
    assert.equal(r.status, 200);
    const knex = srv.deps.store.knex;
    const key = await knex('api_keys').where({ org_id: org.org_id, kind: 'admin' }).first('id', 'created_by');
    const owner = await knex('users').where({ org_id: org.org_id, id: key.created_by }).first('email');
    const events = await knex('outbox').where({ org_id: org.org_id, event_type: 'policy.changed' }).select('data', 'source_id');
    assert.equal(events.length, 1);
    const data = JSON.parse(events[0].data);
    assert.deepEqual(data.actor, { email: owner.email, type: 'user' });
    assert.deepEqual(data.evidence.details.changed_by, { key_id: key.id, user_id: key.created_by, email: owner.email });
    assert.equal(events[0].source_id, `${org.org_id}:v${r.body.policy_version}`);
  });

  test('PATCH and pack edits interleaved with skill edits lose nothing', async () => {
    const org = await srv.newOrg('enterprise');
    const names = Array.from({ length: 10 }, (_, i) => `mixed-${i}`);
    const patches = [5, 6, 7].map((n) => srv.call('PATCH', '/api/v1/admin/policy', { key: org.admin_key, body: { warn_only_agent_skills: [`warned-${n}`] } }));
    const [versions, ...patched] = await Promise.all([editConcurrently([srv.url], org.admin_key, names), ...patches]);
    for (const p of patched) assert.equal(p.status, 200, JSON.stringify(p.body));
    assertDistinctVersions([...versions, ...patched.map((p) => p.body.policy_version)], 1);
    const stored = await storedPolicy(srv, org.org_id);
    assert.deepEqual([...stored.blocked].sort(), [...names].sort());
  });

  // Two server processes on one store: MySQL only (SQLite is one server per data directory,
  // enforced by its lock file), so on SQLite the same 200 edits go through one server.
  test('200 concurrent edits split between two servers on one database are all kept', async () => {
    let second: RunningServer | null = null;
    try {
      const urls = [srv.url];
      if (TEST_STORE === 'mysql') {
        second = await startServer(srv.config, { logger: createLogger('error') });
        urls.push(second.url);
      }
      const org = await srv.newOrg('enterprise');
      const names = Array.from({ length: 200 }, (_, i) => `two-${i}`);
      const versions = await editConcurrently(urls, org.admin_key, names);
      assertDistinctVersions(versions, 1);
      const stored = await storedPolicy(srv, org.org_id);
      assert.equal(stored.version, 201);
      assert.equal(new Set(stored.blocked).size, 200);
      const events = await srv.deps.store.knex('outbox').where({ org_id: org.org_id, event_type: 'policy.changed' }).count<{ n: number }[]>({ n: '*' });
      assert.equal(Number(events[0].n), 200);
    } finally {
      await second?.stop();
    }
  });
});
