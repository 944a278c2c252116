// Regression tests for defect classes the fuzz suite (post-routes.fuzz.test.ts) found beyond the
// ones issue #15 lists. Each test is named after its defect; all run on the configured store.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import type { CreatedOrg } from '../../src/accounts/orgs.js';

describe(`defects found by the fuzz suite (${TEST_STORE})`, () => {
  let srv: TestServer;
  let org: CreatedOrg;
  before(async () => {
    srv = await startTestServer();
    org = await srv.newOrg();
  });
  after(() => srv.close());

  // MySQL compares names under a case- and accent-insensitive collation; the inventory upsert
  // matched stored skills by exact string in JS, so `deploy` and `Deploy` (or `déploy`) were two
  // new rows to it and one primary key (workstation_id, name, source) to MySQL: Duplicate entry,
  // answered 500. Fixed in inventory/upsert.ts (the insert merges on that key); SQLite stores both.
  test('skill names equal under the store collation (deploy / Deploy / déploy) do not fail a check-in with 5xx', async () => {
    const one = await srv.call('POST', '/api/v1/claude-code/checkin', {
      key: org.runtime_key,
      body: { hostname: 'collation-one', machine_id: 'mid-collation-one', installed_skills: [{ name: 'deploy', source: 'global', preview: 'a' }, { name: 'Deploy', source: 'global', preview: 'b' }] },
    });
    assert.equal(one.status, 200, `one check-in reporting deploy and Deploy: ${JSON.stringify(one.body)}`);

    const host = { hostname: 'collation-two', machine_id: 'mid-collation-two' };
    const first = await srv.call('POST', '/api/v1/claude-code/checkin', { key: org.runtime_key, body: { ...host, installed_skills: [{ name: 'deploy', source: 'global', preview: 'a' }] } });
    assert.equal(first.status, 200);
    const second = await srv.call('POST', '/api/v1/claude-code/checkin', { key: org.runtime_key, body: { ...host, installed_skills: [{ name: 'déploy', source: 'global', preview: 'a' }] } });
    assert.equal(second.status, 200, `a later check-in reporting déploy after deploy: ${JSON.stringify(second.body)}`);
  });
});
