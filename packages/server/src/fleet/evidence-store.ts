// The bridge between stored rows and the pure derivations: which columns a host's evidence
// lives in, the JSON shape of `workstations.evidence` (facts without a column of their own),
// and the one function that turns a row plus its surfaces into a WorkstationEvidence.
import type { FleetRepo, SurfaceRow, WorkstationRow } from '../store/fleet-repo.js';
import type { CoverageScope, CredentialState, HookPathType, ServiceState, SurfaceCoverage, WorkstationEvidence } from './derive/index.js';

/** Facts kept in `workstations.evidence` (JSON). Every field is optional; absent = unknown. */
export interface StoredEvidence {
  credential_state?: CredentialState | null;
  policy_fetch_error?: boolean;
  last_policy_fetch_at?: number | null;
  auth_error?: boolean;
  stale_result?: boolean;
  service_state?: ServiceState | null;
  repair_failed?: boolean;
  repair_result?: string | null;
  restart_required?: boolean;
  tamper_evidence?: boolean;
  missing_expected_hook?: boolean;
  runtime_reported_absent?: boolean;
  expected_runtime_since?: number | null;
  identity_conflict?: boolean;
  baseline_enabled?: boolean;
  baseline_deviation?: boolean;
  mdm_presence_reported?: boolean;
  mdm_enrollment_signed?: boolean;
  last_mdm_inventory_at?: number | null;
  shadow_ai_present?: boolean;
  /** Names of AI tools MDM or the broker found without an expected hook. */
  shadow_ai?: string[];
  /** MDM aliases of the device (serial number, MDM device id, MDM display name). */
  mdm_aliases?: Record<string, string>;
  /** AI IDEs MDM reported as present. */
  ai_ides?: string[];
  key_creator?: { display_name?: string | null; email?: string | null } | null;
  last_self_test_at?: number | null;
  last_self_test_ok?: boolean | null;
  runtime_version?: string | null;
  cowork_status?: string | null;
  last_lifecycle?: { event: string; component: string; name: string | null; result: string | null; at: number } | null;
}

export { EVIDENCE_COLUMNS, type SurfaceRow, type WorkstationRow } from '../store/fleet-repo.js';

const MAX_EVIDENCE_CHARS = 16_000;

export function parseEvidence(text: unknown): StoredEvidence {
  if (typeof text !== 'string' || text === '') return {};
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as StoredEvidence) : {};
  } catch {
    return {};
  }
}

/** Merged evidence as stored JSON; undefined values leave a field as it was, null clears it. */
export function mergeEvidence(current: StoredEvidence, patch: StoredEvidence): string {
  const next: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (v === null) delete next[k];
    else next[k] = v;
  }
  const text = JSON.stringify(next);
  // Bounded: every writer sends bounded values, so this only trims lists that grew by accident.
  if (text.length <= MAX_EVIDENCE_CHARS) return text;
  delete next.shadow_ai;
  delete next.ai_ides;
  delete next.mdm_aliases;
  return JSON.stringify(next);
}

/** Read-modify-write of a host's evidence JSON inside the caller's transaction. */
export async function patchEvidence(tx: FleetRepo, orgId: string, id: string, patch: StoredEvidence, extra: Record<string, unknown> = {}): Promise<boolean> {
  const row = await tx.readEvidence(orgId, id);
  if (!row) return false;
  await tx.writeEvidence(orgId, id, mergeEvidence(parseEvidence(row.evidence), patch), extra);
  return true;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
/** 0 stands for "no event yet" in NOT NULL time columns (a cowork status report before its first hook event). */
const time = (v: unknown): number | null => {
  const n = num(v);
  return n === null || n <= 0 ? null : n;
};
const bool = (v: unknown): boolean | null => (v === null || v === undefined ? null : v === true || v === 1 || v === '1');

export function coverageFromSurfaces(surfaces: readonly SurfaceRow[]): SurfaceCoverage[] {
  return surfaces.map((s) => ({
    surface: s.surface,
    hookType: s.hook_type as HookPathType,
    expectedHooksHealthy: bool(s.hooks_healthy),
    lastEventAt: time(s.last_event_at),
    scope: (s.scope as CoverageScope | null) ?? null,
  }));
}

export interface EvidenceAggregates {
  sessionsTotal?: number;
  sessions7d?: number;
  /** Exact count when known; otherwise derived from last_blocked_at (1 when within 7 days). */
  blockedActions7d?: number;
}

export function buildEvidence(row: WorkstationRow, surfaces: readonly SurfaceRow[], agg: EvidenceAggregates, now: number, blockedWindowMs: number): WorkstationEvidence {
  const e = parseEvidence(row.evidence);
  const lastBlocked = time(row.last_blocked_at);
  return {
    lastSeenAt: num(row.last_seen_at),
    lastRuntimeHeartbeatAt: time(row.last_runtime_heartbeat_at),
    lastAgentActivityAt: time(row.last_agent_activity_at),
    firstAgentActivityAt: time(row.first_agent_activity_at),
    lastLiveEnforceableEventAt: time(row.last_enforce_event_at),
    lastSelfTestAt: e.last_self_test_at ?? null,
    coverage: coverageFromSurfaces(surfaces),
    credentialState: e.credential_state ?? null,
    policyFetchError: e.policy_fetch_error === true,
    authError: e.auth_error === true,
    staleResult: e.stale_result === true,
    serviceState: e.service_state ?? null,
    repairFailed: e.repair_failed === true,
    restartRequired: e.restart_required === true,
    tamperEvidence: e.tamper_evidence === true,
    missingExpectedHook: e.missing_expected_hook === true,
    runtimeReportedAbsent: e.runtime_reported_absent === true,
    expectedRuntimeSince: e.expected_runtime_since ?? null,
    blockedActions7d: agg.blockedActions7d ?? (lastBlocked !== null && now - lastBlocked < blockedWindowMs ? 1 : 0),
    sessions7d: agg.sessions7d,
    sessionsTotal: agg.sessionsTotal,
    sandbox: row.sandbox ?? 'unknown',
    identityConflict: e.identity_conflict === true,
    baselineEnabled: e.baseline_enabled ?? true,
    baselineDeviation: e.baseline_deviation === true,
    installSource: row.install_source ?? null,
    managementSource: row.management_source ?? null,
    mdmProvider: row.mdm_provider ?? null,
    mdmPresenceReported: e.mdm_presence_reported === true,
    mdmEnrollmentSigned: e.mdm_enrollment_signed === true,
    lastMdmInventoryAt: e.last_mdm_inventory_at ?? null,
    shadowAiPresent: e.shadow_ai_present === true,
    owner: {
      sessionUserHint: row.user_hint ?? null,
      osUsername: row.os_username ?? null,
      keyCreator: e.key_creator ? { displayName: e.key_creator.display_name ?? null, email: e.key_creator.email ?? null } : null,
    },
    agentVersion: row.agent_version ?? null,
  };
}
