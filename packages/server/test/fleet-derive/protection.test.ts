import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  explainProtection,
  protectionState,
  runtimeHealth,
  type ProtectionReason,
  type ProtectionState,
  type WorkstationEvidence,
} from '../../src/fleet/derive/index.js';
import { DAY, HOUR, MIN, NOW, ago, fullIntegrityHost, standbyHost } from './fixtures.js';

interface Row {
  name: string;
  ev: WorkstationEvidence;
  state: ProtectionState;
  reason?: ProtectionReason;
}

// One row (at least) per line of the spec's protection-state table.
const STATES: Row[] = [
  // Full Integrity: a recent live command preflight confirms the expected enforceable path.
  { name: 'Full Integrity: live preflight 5 minutes ago', ev: fullIntegrityHost(), state: 'Full Integrity', reason: 'recent_live_preflight' },
  { name: 'Full Integrity: live preflight 23 hours ago still recent', ev: fullIntegrityHost({ lastLiveEnforceableEventAt: ago(23 * HOUR) }), state: 'Full Integrity' },
  { name: 'Full Integrity: expected-hook health unknown, but the live preflight proves the path', ev: fullIntegrityHost({ coverage: [{ surface: 'claude-code', hookType: 'http', expectedHooksHealthy: null, lastEventAt: ago(MIN) }] }), state: 'Full Integrity' },
  // Basic Coverage: active, but evidence does not qualify for Full Integrity.
  { name: 'Basic Coverage: self-test alone does not count', ev: fullIntegrityHost({ lastLiveEnforceableEventAt: null, lastSelfTestAt: ago(MIN) }), state: 'Basic Coverage', reason: 'no_recent_live_preflight' },
  { name: 'Basic Coverage: preflight older than 24 hours', ev: fullIntegrityHost({ lastLiveEnforceableEventAt: ago(25 * HOUR) }), state: 'Basic Coverage', reason: 'no_recent_live_preflight' },
  { name: 'Basic Coverage: restart required keeps it below Full Integrity', ev: fullIntegrityHost({ restartRequired: true }), state: 'Basic Coverage', reason: 'restart_required' },
  { name: 'Basic Coverage: activity without coverage records', ev: fullIntegrityHost({ coverage: [], lastLiveEnforceableEventAt: null }), state: 'Basic Coverage' },
  // Mixed: more than one protection path, or differing coverage across surfaces.
  {
    name: 'Mixed: two protection paths (http and command)',
    ev: fullIntegrityHost({
      coverage: [
        { surface: 'claude-code', hookType: 'http', expectedHooksHealthy: true, lastEventAt: ago(MIN) },
        { surface: 'codex', hookType: 'command', expectedHooksHealthy: true, lastEventAt: ago(HOUR) },
      ],
    }),
    state: 'Mixed',
    reason: 'multiple_protection_paths',
  },
  {
    name: 'Mixed: same path, differing coverage across surfaces',
    ev: fullIntegrityHost({
      coverage: [
        { surface: 'codex', hookType: 'command', expectedHooksHealthy: true, lastEventAt: ago(MIN) },
        { surface: 'gemini', hookType: 'command', expectedHooksHealthy: null, lastEventAt: ago(HOUR) },
      ],
    }),
    state: 'Mixed',
    reason: 'differing_surface_coverage',
  },
  // Standby: installed, authenticated, fresh heartbeat, healthy hooks, no agent activity in 24 hours.
  { name: 'Standby: no activity for two days', ev: standbyHost(), state: 'Standby', reason: 'no_recent_agent_activity' },
  { name: 'Standby: never any activity', ev: standbyHost({ lastAgentActivityAt: null, lastLiveEnforceableEventAt: null, firstAgentActivityAt: null }), state: 'Standby' },
  { name: 'Standby: activity exactly 24 hours ago is outside the window', ev: standbyHost({ lastAgentActivityAt: ago(24 * HOUR) }), state: 'Standby' },
  { name: 'Standby: restart required alone does not degrade', ev: standbyHost({ restartRequired: true }), state: 'Standby' },
  // Degraded: explicit problems.
  { name: 'Degraded: invalid credential', ev: fullIntegrityHost({ credentialState: 'invalid' }), state: 'Degraded', reason: 'credential_invalid' },
  { name: 'Degraded: missing credential', ev: fullIntegrityHost({ credentialState: 'missing' }), state: 'Degraded', reason: 'credential_missing' },
  { name: 'Degraded: expired credential', ev: fullIntegrityHost({ credentialState: 'expired' }), state: 'Degraded', reason: 'credential_expired' },
  { name: 'Degraded: revoked credential', ev: fullIntegrityHost({ credentialState: 'revoked' }), state: 'Degraded', reason: 'credential_revoked' },
  { name: 'Degraded: policy-fetch error', ev: fullIntegrityHost({ policyFetchError: true }), state: 'Degraded', reason: 'policy_fetch_error' },
  { name: 'Degraded: authentication error', ev: fullIntegrityHost({ authError: true }), state: 'Degraded', reason: 'auth_error' },
  { name: 'Degraded: stale result', ev: fullIntegrityHost({ staleResult: true }), state: 'Degraded', reason: 'stale_result' },
  { name: 'Degraded: stopped service', ev: fullIntegrityHost({ serviceState: 'stopped' }), state: 'Degraded', reason: 'service_stopped' },
  { name: 'Degraded: missing service', ev: fullIntegrityHost({ serviceState: 'missing' }), state: 'Degraded', reason: 'service_missing' },
  { name: 'Degraded: failed service', ev: fullIntegrityHost({ serviceState: 'failed' }), state: 'Degraded', reason: 'service_failed' },
  { name: 'Degraded: missing expected hook', ev: fullIntegrityHost({ missingExpectedHook: true }), state: 'Degraded', reason: 'expected_hook_missing' },
  {
    name: 'Degraded: disabled expected hook',
    ev: fullIntegrityHost({ coverage: [{ surface: 'claude-code', hookType: 'http', expectedHooksHealthy: false, lastEventAt: ago(MIN) }] }),
    state: 'Degraded',
    reason: 'expected_hook_disabled',
  },
  { name: 'Degraded: failed repair', ev: fullIntegrityHost({ repairFailed: true }), state: 'Degraded', reason: 'repair_failed' },
  { name: 'Degraded: tamper evidence (hook edited after trust) stops Full Integrity', ev: fullIntegrityHost({ tamperEvidence: true }), state: 'Degraded', reason: 'tamper_evidence' },
  { name: 'Degraded: explicit problem on an idle host', ev: standbyHost({ policyFetchError: true }), state: 'Degraded', reason: 'policy_fetch_error' },
  // Missing: explicit evidence that the expected runtime is absent or not reporting.
  { name: 'Missing: MDM/broker reports the runtime absent', ev: { lastSeenAt: ago(MIN), runtimeReportedAbsent: true, mdmPresenceReported: true }, state: 'Missing', reason: 'runtime_reported_absent' },
  { name: 'Missing: absent wins over explicit problems', ev: fullIntegrityHost({ runtimeReportedAbsent: true, credentialState: 'revoked' }), state: 'Missing' },
  {
    name: 'Missing: pre-registered by MDM, runtime never reported for over 24 hours',
    ev: { lastSeenAt: ago(2 * DAY), expectedRuntimeSince: ago(2 * DAY), coverage: [{ surface: 'claude-code', hookType: 'mdm', expectedHooksHealthy: true, lastEventAt: ago(2 * DAY) }] },
    state: 'Missing',
    reason: 'runtime_never_reported',
  },
  // Unknown: evidence missing, stale or too weak.
  { name: 'Unknown: no evidence at all', ev: {}, state: 'Unknown', reason: 'no_runtime_evidence' },
  { name: 'Unknown: online alone is not proof of installation', ev: { lastSeenAt: ago(MIN) }, state: 'Unknown', reason: 'no_runtime_evidence' },
  {
    name: 'Unknown: pre-registered within the 24-hour grace',
    ev: { lastSeenAt: ago(HOUR), expectedRuntimeSince: ago(HOUR), coverage: [{ surface: 'claude-code', hookType: 'mdm', expectedHooksHealthy: true, lastEventAt: ago(HOUR) }] },
    state: 'Unknown',
    reason: 'heartbeat_stale',
  },
  { name: 'Unknown: idle and runtime heartbeat stale', ev: standbyHost({ lastRuntimeHeartbeatAt: ago(16 * MIN) }), state: 'Unknown', reason: 'heartbeat_stale' },
  { name: 'Unknown: idle and heartbeat exactly 15 minutes old', ev: standbyHost({ lastRuntimeHeartbeatAt: ago(15 * MIN) }), state: 'Unknown', reason: 'heartbeat_stale' },
  { name: 'Unknown: idle, credential state not reported', ev: standbyHost({ credentialState: null }), state: 'Unknown', reason: 'credential_unverified' },
  {
    name: 'Unknown: idle, expected-hook health not checked',
    ev: standbyHost({ coverage: [{ surface: 'codex', hookType: 'command', expectedHooksHealthy: null, lastEventAt: ago(2 * DAY) }] }),
    state: 'Unknown',
    reason: 'hooks_unverified',
  },
  { name: 'Unknown: idle, no coverage records', ev: standbyHost({ coverage: [] }), state: 'Unknown', reason: 'hooks_unverified' },
  { name: 'Unknown: old activity alone does not degrade', ev: fullIntegrityHost({ lastAgentActivityAt: ago(30 * DAY), lastRuntimeHeartbeatAt: ago(30 * DAY) }), state: 'Unknown' },
];

for (const row of STATES) {
  test(`protection: ${row.name}`, () => {
    const got = explainProtection(row.ev, NOW);
    assert.equal(got.state, row.state);
    if (row.reason) assert.ok(got.reasons.includes(row.reason), `reasons ${got.reasons.join(',')} lack ${row.reason}`);
  });
}

// The spec's Standby transition table: each row starts from a Standby host and applies the move.
const TRANSITIONS: Array<{ name: string; after: WorkstationEvidence; to: ProtectionState }> = [
  {
    name: 'Standby → healthy state: activity persisted (a live preflight), then a healthy heartbeat',
    after: standbyHost({ lastAgentActivityAt: ago(3 * MIN), lastLiveEnforceableEventAt: ago(3 * MIN), lastRuntimeHeartbeatAt: ago(MIN) }),
    to: 'Full Integrity',
  },
  {
    name: 'Standby → healthy state: activity without a preflight, then a healthy heartbeat',
    after: standbyHost({ lastAgentActivityAt: ago(3 * MIN), lastRuntimeHeartbeatAt: ago(MIN) }),
    to: 'Basic Coverage',
  },
  { name: 'Standby → Degraded: heartbeat reports an explicit failure', after: standbyHost({ lastRuntimeHeartbeatAt: ago(MIN), serviceState: 'failed' }), to: 'Degraded' },
  { name: 'Standby → Unknown: runtime heartbeat stale', after: standbyHost({ lastRuntimeHeartbeatAt: ago(2 * HOUR) }), to: 'Unknown' },
];

for (const row of TRANSITIONS) {
  test(`protection transition: ${row.name}`, () => {
    assert.equal(protectionState(standbyHost(), NOW), 'Standby');
    assert.equal(protectionState(row.after, NOW), row.to);
  });
}

test('protection accepts Date and ISO string timestamps like epoch ms', () => {
  const ev = fullIntegrityHost();
  const asDates: WorkstationEvidence = {
    ...ev,
    lastAgentActivityAt: new Date(ago(5 * MIN)),
    lastLiveEnforceableEventAt: new Date(ago(5 * MIN)).toISOString(),
  };
  assert.equal(protectionState(asDates, new Date(NOW)), 'Full Integrity');
  assert.equal(protectionState({ ...ev, lastLiveEnforceableEventAt: 'not a date' }, NOW), 'Basic Coverage');
});

const HEALTH: Array<[WorkstationEvidence, ReturnType<typeof runtimeHealth>]> = [
  [fullIntegrityHost(), 'healthy'],
  [fullIntegrityHost({ restartRequired: true }), 'healthy'],
  [standbyHost(), 'standby'],
  [standbyHost({ authError: true }), 'degraded'],
  [{ runtimeReportedAbsent: true }, 'missing'],
  [{ lastSeenAt: ago(MIN) }, 'unknown'],
];

test('runtimeHealth maps protection states to the runtime filters; Standby is never degraded', () => {
  for (const [ev, want] of HEALTH) assert.equal(runtimeHealth(ev, NOW), want);
});
