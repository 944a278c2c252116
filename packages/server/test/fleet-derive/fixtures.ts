// Shared evidence builders for the fleet-derive tests (not a test file itself).
import type { WorkstationEvidence } from '../../src/fleet/derive/index.js';

export const NOW = Date.parse('2026-06-01T12:00:00.000Z');
export const SEC = 1000;
export const MIN = 60 * SEC;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

/** Epoch ms `ms` before NOW. */
export const ago = (ms: number): number => NOW - ms;

/** A host with a recent live command preflight through its one enforceable path. */
export function fullIntegrityHost(over: Partial<WorkstationEvidence> = {}): WorkstationEvidence {
  return {
    lastSeenAt: ago(1 * MIN),
    lastRuntimeHeartbeatAt: ago(1 * MIN),
    lastAgentActivityAt: ago(5 * MIN),
    firstAgentActivityAt: ago(30 * DAY),
    lastLiveEnforceableEventAt: ago(5 * MIN),
    lastSelfTestAt: ago(2 * DAY),
    coverage: [{ surface: 'claude-code', hookType: 'http', expectedHooksHealthy: true, lastEventAt: ago(5 * MIN), scope: 'user' }],
    credentialState: 'valid',
    serviceState: null,
    sandbox: 'enabled',
    sessionsTotal: 40,
    sessions7d: 6,
    blockedActions7d: 0,
    installSource: 'manual',
    agentVersion: '1.4.0',
    latestAgentVersion: '1.4.0',
    owner: {
      sessionUserHint: 'jdoe',
      osUsername: 'jdoe',
      keyCreator: { email: 'admin@example.com' },
      directoryUsers: [{ email: 'jdoe@example.com', displayName: 'Jane Doe', department: 'Platform', jobTitle: 'Engineer' }],
    },
    ...over,
  };
}

/** Installed, authenticated, fresh heartbeat, healthy hooks, no agent activity for two days. */
export function standbyHost(over: Partial<WorkstationEvidence> = {}): WorkstationEvidence {
  return fullIntegrityHost({
    lastSeenAt: ago(2 * MIN),
    lastRuntimeHeartbeatAt: ago(2 * MIN),
    lastAgentActivityAt: ago(2 * DAY),
    lastLiveEnforceableEventAt: ago(2 * DAY),
    coverage: [{ surface: 'codex', hookType: 'command', expectedHooksHealthy: true, lastEventAt: ago(2 * DAY), scope: 'user' }],
    serviceState: 'running',
    ...over,
  });
}
