import { test } from 'node:test';
import assert from 'node:assert/strict';
import { riskState, type RiskLevel, type RiskReason, type WorkstationEvidence } from '../../src/fleet/derive/index.js';
import { DAY, HOUR, MIN, NOW, ago, fullIntegrityHost, standbyHost } from './fixtures.js';

const cowork = { surface: 'cowork', hookType: 'extension' as const, expectedHooksHealthy: true, lastEventAt: null };
const jamf = { installSource: 'mdm', managementSource: 'mdm', mdmProvider: 'jamf', mdmEnrollmentSigned: true };

// One row per signal in the spec's risk table, plus precedence and the unknown-is-not-failed rule.
const ROWS: Array<{ name: string; ev: WorkstationEvidence; level: RiskLevel; reason: RiskReason }> = [
  // High: control tamper evidence or blocked runtime activity.
  { name: 'High: tamper evidence', ev: fullIntegrityHost({ tamperEvidence: true }), level: 'High', reason: 'Tamper evidence' },
  { name: 'High: blocked runtime activity in 7 days', ev: fullIntegrityHost({ blockedActions7d: 3 }), level: 'High', reason: 'Blocked activity' },
  { name: 'High: tamper wins over blocked activity', ev: fullIntegrityHost({ tamperEvidence: true, blockedActions7d: 1 }), level: 'High', reason: 'Tamper evidence' },
  { name: 'High: blocked activity wins over Medium signals', ev: fullIntegrityHost({ blockedActions7d: 1, sandbox: 'disabled' }), level: 'High', reason: 'Blocked activity' },
  // Medium: reviewable signals.
  { name: 'Medium: sandbox off', ev: fullIntegrityHost({ sandbox: 'disabled' }), level: 'Medium', reason: 'Review' },
  { name: 'Medium: owner unknown (no evidence)', ev: fullIntegrityHost({ owner: {} }), level: 'Medium', reason: 'Review' },
  { name: 'Medium: owner unknown (only the key creator)', ev: fullIntegrityHost({ owner: { keyCreator: { email: 'admin@example.com' } } }), level: 'Medium', reason: 'Review' },
  { name: 'Medium: identity conflict reported by the store', ev: fullIntegrityHost({ identityConflict: true }), level: 'Medium', reason: 'Review' },
  {
    name: 'Medium: identity conflict from an ambiguous directory match',
    ev: fullIntegrityHost({
      owner: { sessionUserHint: 'sam', directoryUsers: [{ email: 'sam@a.example', displayName: 'Sam A' }, { email: 'sam@b.example', displayName: 'Sam B' }] },
    }),
    level: 'Medium',
    reason: 'Review',
  },
  { name: 'Medium: stale MDM inventory', ev: fullIntegrityHost({ ...jamf, lastMdmInventoryAt: ago(8 * DAY) }), level: 'Medium', reason: 'Stale' },
  { name: 'Medium: cowork awaiting live verification', ev: fullIntegrityHost({ coverage: [cowork] }), level: 'Medium', reason: 'Verify live' },
  { name: 'Medium: baseline deviation on an established baseline', ev: fullIntegrityHost({ baselineDeviation: true }), level: 'Medium', reason: 'Review' },
  { name: 'Medium: spec order picks Stale before Verify live', ev: fullIntegrityHost({ ...jamf, lastMdmInventoryAt: ago(30 * DAY), coverage: [cowork] }), level: 'Medium', reason: 'Stale' },
  // Low: nothing risky, or only non-urgent telemetry pending.
  { name: 'Low: Protected (Full Integrity, sandbox on)', ev: fullIntegrityHost(), level: 'Low', reason: 'Protected' },
  { name: 'Low: Protected (Basic Coverage)', ev: fullIntegrityHost({ lastLiveEnforceableEventAt: null }), level: 'Low', reason: 'Protected' },
  { name: 'Low: sandbox unknown is telemetry pending, not Medium', ev: fullIntegrityHost({ sandbox: 'unknown' }), level: 'Low', reason: 'Telemetry pending' },
  { name: 'Low: sandbox never reported', ev: fullIntegrityHost({ sandbox: null }), level: 'Low', reason: 'Telemetry pending' },
  { name: 'Low: Standby adds no risk and claims no protection', ev: standbyHost(), level: 'Low', reason: 'Telemetry pending' },
  { name: 'Low: Unknown protection is not a failure', ev: fullIntegrityHost({ lastAgentActivityAt: ago(3 * DAY), lastRuntimeHeartbeatAt: ago(3 * DAY) }), level: 'Low', reason: 'Telemetry pending' },
  { name: 'Low: MDM inventory time unknown is not stale', ev: fullIntegrityHost({ ...jamf, lastMdmInventoryAt: null }), level: 'Low', reason: 'Protected' },
  { name: 'Low: MDM inventory 6 days old is fresh', ev: fullIntegrityHost({ ...jamf, lastMdmInventoryAt: ago(6 * DAY) }), level: 'Low', reason: 'Protected' },
  { name: 'Low: deviation while the baseline is learning', ev: fullIntegrityHost({ baselineDeviation: true, firstAgentActivityAt: ago(2 * DAY) }), level: 'Low', reason: 'Protected' },
  { name: 'Low: blocked actions count zero', ev: fullIntegrityHost({ blockedActions7d: 0, lastSeenAt: ago(HOUR), lastRuntimeHeartbeatAt: ago(5 * MIN) }), level: 'Low', reason: 'Protected' },
];

for (const row of ROWS) {
  test(`riskState: ${row.name}`, () => {
    const got = riskState(row.ev, NOW);
    assert.equal(got.level, row.level);
    assert.equal(got.reason, row.reason);
  });
}

test('riskState lists every signal, strongest first', () => {
  const got = riskState(fullIntegrityHost({ tamperEvidence: true, blockedActions7d: 2, sandbox: 'disabled', coverage: [cowork] }), NOW);
  assert.deepEqual(got.signals, ['tamper_evidence', 'blocked_activity', 'sandbox_off', 'cowork_awaiting_live_verification']);
});
