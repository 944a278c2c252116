import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  actionReasons,
  compareVersions,
  filterFlags,
  fleetStats,
  hasMdmEvidence,
  needsAction,
  postureNotes,
  type ActionReason,
  type PostureNoteCode,
  type WorkstationEvidence,
} from '../../src/fleet/derive/index.js';
import { DAY, MIN, NOW, ago, fullIntegrityHost, standbyHost } from './fixtures.js';

// The spec's Action needed list, one row per item, and what must stay off it.
const ACTION: Array<{ name: string; ev: WorkstationEvidence; want: ActionReason[] }> = [
  { name: 'tamper evidence', ev: fullIntegrityHost({ tamperEvidence: true }), want: ['tamper_evidence', 'config_drift'] },
  { name: 'blocked actions', ev: fullIntegrityHost({ blockedActions7d: 1 }), want: ['blocked_actions'] },
  { name: 'explicit config drift (Degraded)', ev: fullIntegrityHost({ credentialState: 'revoked' }), want: ['config_drift'] },
  { name: 'explicit config drift (Missing runtime)', ev: fullIntegrityHost({ runtimeReportedAbsent: true }), want: ['config_drift'] },
  { name: 'identity issue', ev: fullIntegrityHost({ identityConflict: true }), want: ['identity_issue'] },
  { name: 'owner gap', ev: fullIntegrityHost({ owner: { keyCreator: { email: 'admin@example.com' } } }), want: ['owner_gap'] },
  {
    name: 'live-verification work (cowork)',
    ev: fullIntegrityHost({ coverage: [{ surface: 'cowork', hookType: 'extension', expectedHooksHealthy: true, lastEventAt: null }] }),
    want: ['live_verification'],
  },
  { name: 'not Standby', ev: standbyHost(), want: [] },
  { name: 'not Unknown telemetry', ev: { ...fullIntegrityHost(), lastAgentActivityAt: ago(5 * DAY), lastRuntimeHeartbeatAt: ago(5 * DAY) }, want: [] },
  { name: 'not restart_required alone', ev: fullIntegrityHost({ restartRequired: true }), want: [] },
  { name: 'not sandbox unknown', ev: fullIntegrityHost({ sandbox: 'unknown' }), want: [] },
  { name: 'a healthy host', ev: fullIntegrityHost(), want: [] },
];

for (const row of ACTION) {
  test(`needsAction: ${row.name}`, () => {
    assert.deepEqual(actionReasons(row.ev, NOW), row.want);
    assert.equal(needsAction(row.ev, NOW), row.want.length > 0);
  });
}

// The spec's Posture notes items; unknown notes are kept apart from explicit ones.
const NOTES: Array<{ name: string; ev: WorkstationEvidence; want: Array<[PostureNoteCode, string]> }> = [
  { name: 'version update', ev: fullIntegrityHost({ agentVersion: '1.3.9', latestAgentVersion: '1.4.0' }), want: [['version_update', 'explicit']] },
  { name: 'version ahead of the feed is no update', ev: fullIntegrityHost({ agentVersion: 'v1.10.0', latestAgentVersion: '1.9.2' }), want: [] },
  { name: 'sandbox off', ev: fullIntegrityHost({ sandbox: 'disabled' }), want: [['sandbox_off', 'explicit']] },
  { name: 'sandbox unknown', ev: fullIntegrityHost({ sandbox: 'unknown' }), want: [['sandbox_unknown', 'unknown']] },
  { name: 'sandbox never reported', ev: fullIntegrityHost({ sandbox: null }), want: [['sandbox_unknown', 'unknown']] },
  { name: 'version unknown', ev: fullIntegrityHost({ agentVersion: null }), want: [['version_unknown', 'unknown']] },
  { name: 'baseline learning', ev: fullIntegrityHost({ firstAgentActivityAt: ago(DAY) }), want: [['baseline_learning', 'info']] },
  { name: 'nothing to note', ev: fullIntegrityHost(), want: [] },
];

for (const row of NOTES) {
  test(`postureNotes: ${row.name}`, () => {
    assert.deepEqual(
      postureNotes(row.ev, NOW).map((n) => [n.note, n.kind]),
      row.want,
    );
  });
}

test('compareVersions compares dotted numbers, not strings', () => {
  assert.equal(compareVersions('2.1.197 (Claude Code)', '2.1.20'), 1);
  assert.equal(compareVersions('1.4', '1.4.0'), 0);
  assert.equal(compareVersions('dev', '1.0.0'), null);
});

test('hasMdmEvidence: signed enrollment and fresh MDM inventory, both required', () => {
  assert.equal(hasMdmEvidence({ mdmEnrollmentSigned: true, lastMdmInventoryAt: ago(DAY) }, NOW), true);
  assert.equal(hasMdmEvidence({ mdmEnrollmentSigned: true, lastMdmInventoryAt: ago(8 * DAY) }, NOW), false);
  assert.equal(hasMdmEvidence({ mdmEnrollmentSigned: false, lastMdmInventoryAt: ago(DAY) }, NOW), false);
});

test('filterFlags: Shadow AI and Missing expected hook only on MDM-preseeded and native-package hosts', () => {
  const flags = { shadowAiPresent: true, missingExpectedHook: true };
  assert.equal(filterFlags({ ...flags, installSource: 'native_linux_rpm' }, NOW).shadowAiPresent, true);
  assert.equal(filterFlags({ ...flags, mdmPresenceReported: true }, NOW).missingExpectedHook, true);
  const manual = filterFlags({ ...flags, installSource: 'manual' }, NOW);
  assert.equal(manual.shadowAiPresent, false);
  assert.equal(manual.missingExpectedHook, false);
  assert.deepEqual(filterFlags(fullIntegrityHost(), NOW).surfaces, ['claude-code']);
});

test('fleetStats: the six stat cards, filter counts and versions', () => {
  const hosts: WorkstationEvidence[] = [
    fullIntegrityHost(),
    fullIntegrityHost({ blockedActions7d: 4, agentVersion: '1.3.0', owner: { osUsername: 'bob' } }),
    standbyHost({ lastSeenAt: ago(20 * MIN), mdmEnrollmentSigned: true, lastMdmInventoryAt: ago(DAY), sandbox: 'unknown' }),
    { lastSeenAt: ago(DAY), runtimeReportedAbsent: true, installSource: 'mdm', mdmProvider: 'kandji', shadowAiPresent: true },
  ];
  const s = fleetStats(hosts, NOW);
  assert.equal(s.total, 4);
  assert.equal(s.liveCoverage, 2);
  assert.equal(s.unverifiedHosts, 2);
  assert.equal(s.mdmEvidence, 1);
  assert.equal(s.actionNeeded, 2);
  assert.equal(s.blockedActions, 4);
  assert.deepEqual(s.runtime, { healthy: 2, standby: 1, degraded: 0, missing: 1, unknown: 0 });
  assert.deepEqual(s.surfaces, { 'claude-code': 2, codex: 1 });
  assert.equal(s.shadowAiPresent, 1);
  assert.equal(s.postureNotes.byNote.version_update, 1);
  assert.equal(s.postureNotes.byNote.sandbox_unknown, 2);
  assert.equal(s.postureNotes.hosts, 3);
  assert.equal(s.postureNotes.byNote.version_unknown, 1);
  assert.deepEqual(s.versions, { '1.4.0': 2, '1.3.0': 1 });
});
