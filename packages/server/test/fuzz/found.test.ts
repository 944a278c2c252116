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

  // MySQL's TEXT holds 65,535 bytes. The raw report was bounded at 64 Ki characters, so a report
  // of multi-byte text (or one of exactly 64 Ki ASCII characters) and a full set of 500 checks
  // with long details failed the insert with ER_DATA_TOO_LONG, answered 500. Fixed by bounding the
  // report in UTF-8 bytes and by MEDIUMTEXT columns (migration 013); SQLite stores either.
  test('a posture scan with multi-byte evidence and 500 checks of multi-byte text is stored, not a 5xx', async () => {
    const identity = { hostname: 'scan-bytes', machine_id: 'mid-scan-bytes' };
    const checks = Array.from({ length: 500 }, (_, i) => ({ status: i % 2 ? 'pass' : 'fail', check_name: `check ${i} ${'é'.repeat(50)}`, category: 'déploiement', severity: 'low', detail: '漢'.repeat(200) }));
    for (const raw_report of ['é'.repeat(70_000), 'a'.repeat(64 * 1024 - 2), { evidence: '🔒'.repeat(40_000) }]) {
      const res = await srv.call('POST', '/api/v1/scans', { key: org.runtime_key, body: { ...identity, checks, raw_report } });
      assert.equal(res.status, 201, `scan with a ${typeof raw_report} report: ${JSON.stringify(res.body).slice(0, 300)}`);
      assert.equal((res.body as { workstation_id: string }).workstation_id.length > 0, true);
    }
  });
});
