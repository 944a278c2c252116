// Every fleet and inventory query filters by the org inside the query (DESIGN "Storage"), also
// the follow-up queries that name a workstation by id: asked with another org's id, a host's
// sessions, surfaces, inventory, events and scans read as nothing and write nothing, even when
// the caller holds the host's real id.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { checkin, machine, settle, workstations } from './support.js';

describe(`fleet and inventory repositories are scoped to the org (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());

  test("a host's id with another org's id reads nothing and changes nothing", async () => {
    const owner = await srv.newOrg('enterprise');
    const other = await srv.newOrg('enterprise');
    const now = Date.now();
    const identity = { hostname: `scoped-${machine('h')}`, machine_id: machine() };
    const res = await checkin(srv, owner, {
      ...identity,
      installed_skills: [{ name: 'deploy', source: 'global', preview: 'kubectl apply -f deploy.yaml' }],
      installed_mcp_servers: [{ name: 'github', type: 'stdio', command: 'npx gh-mcp', source: 'global', platform: 'claude-code' }],
      installed_plugins: [{ full_name: 'acme/lint', version: '1.0.0', platform: 'claude-code', source: 'marketplace' }],
      hooks: [{ surface: 'claude-code', healthy: true }],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const id: string = res.body.workstation_id;
    const scan = await srv.call('POST', '/api/v1/scans', { key: owner.runtime_key, body: { ...identity, checks: [{ check_name: 'disk', category: 'os', severity: 'low', status: 'pass' }], raw_report: { tool: 'posture' } } });
    assert.equal(scan.status, 201, JSON.stringify(scan.body));
    await settle(srv);
    const { fleet, fleetReads } = srv.deps.store;

    // The owner sees its host's rows: the check below is not vacuous.
    const mine = await fleet.inventory.hostInventory(owner.org_id, id, 100);
    assert.deepEqual([mine.skills.length, mine.mcpServers.length, mine.plugins.length], [1, 1, 1]);
    assert.equal((await fleetReads.surfacesOf(owner.org_id, [id])).get(id)?.length, 1);
    assert.equal((await fleetReads.hostActivity(owner.org_id, id, { deniedSince: 0, recent: 10, scans: 10 })).sessionsTotal, 1);
    assert.equal(scan.body.workstation_id, id);
    assert.notEqual(await fleetReads.latestScanChecks(owner.org_id, id), undefined);

    const theirs = await fleet.inventory.hostInventory(other.org_id, id, 100);
    assert.deepEqual([theirs.skills.length, theirs.mcpServers.length, theirs.plugins.length], [0, 0, 0]);
    assert.equal((await fleetReads.surfacesOf(other.org_id, [id])).size, 0);
    assert.equal((await fleet.surfacesOf(other.org_id, [id])).size, 0);
    assert.deepEqual(await fleetReads.hostActivity(other.org_id, id, { deniedSince: 0, recent: 10, scans: 10 }), { sessionsTotal: 0, denied: 0, sessions: [], events: [], scans: [] });
    assert.equal((await fleetReads.sessionStats(other.org_id, [id], 0, 0)).size, 0);
    assert.equal((await fleet.sessionCounts(other.org_id, [id])).size, 0);
    assert.equal(await fleetReads.findById(other.org_id, id), undefined);
    assert.equal(await fleetReads.latestScanChecks(other.org_id, id), undefined);
    assert.deepEqual(await fleet.surfaceHookTypes(other.org_id, id), []);
    assert.deepEqual(await fleet.inventory.skillHashes(other.org_id, id), []);
    assert.equal(await fleet.inventory.countRows('skills', other.org_id, id), 0);

    // Writes through another org's id touch nothing.
    assert.equal(await fleet.inventory.removeItem(other.org_id, id, { component: 'skill', name: 'deploy' }), 0);
    assert.equal(await fleet.inventory.removeItem(other.org_id, id, { component: 'plugin', name: 'acme/lint' }), 0);
    assert.equal(await fleet.endSession(other.org_id, id, String(res.body.session_id), now), 0);
    assert.equal(await fleet.removeWorkstation(other.org_id, id), false);
    assert.equal(await fleet.workstationExists(owner.org_id, id), true);
    const still = await fleet.inventory.hostInventory(owner.org_id, id, 100);
    assert.deepEqual([still.skills.length, still.plugins.length], [1, 1]);

    // The classifier's write finds the row by its primary key (on MySQL it forces that index);
    // the org condition still refuses another org's id, and the owner's id writes.
    const [before] = await workstations(srv, owner.org_id);
    const write = (orgId: string) => fleet.writeClassifications([{ orgId, id, gen: Number(before.class_gen), columns: { risk_reason: 'org-scope-probe' } }]);
    await write(other.org_id);
    assert.equal((await workstations(srv, owner.org_id))[0].risk_reason, before.risk_reason);
    await write(owner.org_id);
    assert.equal((await workstations(srv, owner.org_id))[0].risk_reason, 'org-scope-probe');
  });
});
