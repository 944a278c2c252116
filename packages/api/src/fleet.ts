// The fleet: what the registration routes answer and the admin API's workstation views.
import { z } from 'zod';
import { counts, optionalTimestamp, pageInfo, timestamp } from './common.js';

/** The shield settings a session starts with. */
const sessionShield = z.object({ security_level: z.enum(['strict', 'moderate']), action: z.enum(['warn', 'block']) });

const registration = { ok: z.literal(true), workstation_id: z.string(), registered: z.boolean().describe('True when this call created the workstation') };

export const checkinResponse = z.object({
  ...registration,
  session_id: z.string().nullable(),
  shield: sessionShield,
  inventory: z.object({
    skills: z.object({ added: z.number().int(), changed: z.number().int(), unchanged: z.number().int() }),
    mcp_servers: z.number().int(),
    plugins: z.number().int(),
  }),
});
export type CheckinResponse = z.infer<typeof checkinResponse>;

export const heartbeatResponse = z.object({ ...registration, source: z.string(), shield: sessionShield });
export type HeartbeatResponse = z.infer<typeof heartbeatResponse>;

export const lifecycleResponse = z.object({
  ...registration,
  event: z.string(),
  component: z.string(),
  changed: z.number().int().describe('Rows changed by the event (inventory rows removed, sessions ended, coverage records touched)'),
});
export type LifecycleResponse = z.infer<typeof lifecycleResponse>;

export const managedCoverageResponse = z.object({ ...registration, management_source: z.string(), mdm_provider: z.string() });
export type ManagedCoverageResponse = z.infer<typeof managedCoverageResponse>;

export const scanResponse = z.object({
  id: z.string(),
  workstation_id: z.string(),
  registered: z.boolean(),
  score: z.number(),
  grade: z.string(),
  previous_grade: z.string().nullable(),
  grade_dropped: z.boolean(),
  newly_failed_checks: z.array(z.string()),
});
export type ScanResponse = z.infer<typeof scanResponse>;

export const hookHealthResponse = z.object({
  ok: z.literal(true),
  source: z.string(),
  source_label: z.string(),
  hooks_active: z.boolean(),
  hooks_stale: z.boolean(),
  hooks_never_connected: z.boolean(),
  last_seen_at: optionalTimestamp,
  last_hostname: z.string().nullable(),
  active_hosts: z.number().int(),
  active_hosts_truncated: z.boolean(),
  active_sessions: z.number().int(),
  active_sessions_truncated: z.boolean(),
  events_24h: z.number().int(),
  events_24h_truncated: z.boolean(),
});
export type HookHealthResponse = z.infer<typeof hookHealthResponse>;

export const riskLevel = z.enum(['Low', 'Medium', 'High']);

/** One workstation as the fleet list shows it (spec: "Fleet list columns"). */
export const fleetListItem = z.object({
  id: z.string(),
  hostname: z.string(),
  display_name: z.string().nullable(),
  status: z.enum(['online', 'offline', 'over_limit']),
  online: z.boolean(),
  active_sessions: z.number().int(),
  platform: z.string().nullable(),
  management: z.string(),
  protection: z.string(),
  runtime_health: z.string(),
  risk: z.object({ level: riskLevel, reason: z.string() }),
  owner: z.object({ display: z.string().nullable(), source: z.string().nullable(), verified: z.boolean() }),
  activity: z.object({ current_project: z.string().nullable(), cwd: z.string().nullable(), git_remote: z.string().nullable(), sessions_7d: z.number().int() }),
  baseline: z.string(),
  ides: z.array(z.string()),
  ai_ide_coverage: z.enum(['MDM-reported presence', 'Preseeded coverage', 'Workspace-limited coverage', 'Missing expected hook']).nullable(),
  agent_version: z.string().nullable(),
  last_seen_at: optionalTimestamp,
});
export type FleetListItem = z.infer<typeof fleetListItem>;

export const fleetPage = z.object({ workstations: z.array(fleetListItem), ...pageInfo });
export type FleetPage = z.infer<typeof fleetPage>;

export const fleetStats = z.object({
  total: z.number().int(),
  cards: z.object({
    live_coverage: z.object({ online: z.number().int(), total: z.number().int() }),
    unverified_hosts: z.number().int(),
    mdm_evidence: z.number().int(),
    action_needed: z.number().int(),
    blocked_actions_7d: z.number().int(),
    posture_notes: z.object({ hosts: z.number().int(), by_note: counts }),
  }),
  filters: z.object({
    surfaces: counts,
    status: z.object({ online: z.number().int(), offline: z.number().int() }),
    runtime: counts,
    risk: counts,
    shadow_ai_present: z.number().int(),
    missing_expected_hook: z.number().int(),
  }),
  agent_versions: z.array(z.object({ version: z.string(), hosts: z.number().int() })),
  latest_agent_version: z.string().nullable(),
  show_version_chart: z.boolean().describe('The proportional version chart is shown when more than one version is reported'),
  generated_at: timestamp,
});
export type FleetStats = z.infer<typeof fleetStats>;

const seen = { first_seen_at: optionalTimestamp, last_seen_at: optionalTimestamp };

/** Host detail (GET /api/v1/admin/workstations/{id}). */
export const workstationDetail = z.object({
  workstation: fleetListItem.extend({ machine_id: z.string().nullable(), first_seen_at: optionalTimestamp }),
  metadata: z
    .object({
      runtime_protection_state: z.object({ state: z.string(), reasons: z.array(z.string()) }),
      credential_state: z.string().nullable(),
      policy_fetch: z.object({ error: z.boolean().nullable(), last_fetch_at: optionalTimestamp }),
      last_command_preflight_at: optionalTimestamp,
      last_http_evaluate_at: optionalTimestamp,
      last_self_test: z.object({ at: optionalTimestamp, ok: z.boolean().nullable() }),
      last_live_event_at: optionalTimestamp,
      last_runtime_heartbeat_at: optionalTimestamp,
      repair_result: z.string().nullable(),
      restart_required: z.boolean().nullable(),
      service_state: z.string().nullable(),
      install_provenance: z.object({ management: z.string(), install_source: z.string().nullable(), management_source: z.string().nullable(), mdm_provider: z.string().nullable() }),
      mdm_aliases: z.record(z.string()),
      mdm: z.object({ enrollment_signed: z.boolean().nullable(), last_inventory_at: optionalTimestamp, ai_ides: z.array(z.string()), shadow_ai: z.array(z.string()) }),
      identifiers: z.object({ id: z.string(), machine_id: z.string().nullable(), hostname: z.string(), display_name: z.string().nullable() }),
      platform: z.object({ platform: z.string().nullable(), os_version: z.string().nullable(), os_username: z.string().nullable() }),
      sandbox: z.string(),
      version: z.object({ agent_version: z.string().nullable(), latest_in_fleet: z.string().nullable() }),
      baseline: z.string(),
      activity: z.object({
        sessions_total: z.number().int(),
        blocked_actions_7d: z.number().int(),
        first_agent_activity_at: optionalTimestamp,
        current_project: z.string().nullable(),
        cwd: z.string().nullable(),
        git_remote: z.string().nullable(),
        sessions_7d: z.number().int(),
      }),
      anomaly: z.object({ baseline_deviation: z.boolean(), tamper_evidence: z.boolean() }),
      compliance: z.object({ score: z.number().nullable(), grade: z.string().nullable(), source: z.string().nullable(), scanned_at: optionalTimestamp }).nullable(),
      last_lifecycle_event: z.object({ at: optionalTimestamp, event: z.string(), component: z.string(), name: z.string().nullable(), result: z.string().nullable() }).nullable(),
      surfaces: z.array(
        z.object({ surface: z.string(), hook_type: z.string(), hooks_healthy: z.boolean().nullable(), scope: z.string().nullable(), first_seen_at: optionalTimestamp, last_event_at: optionalTimestamp }),
      ),
    })
    .describe('The evidence behind the derived values'),
  risk: z.object({ level: riskLevel, reason: z.string(), signals: z.array(z.string()) }),
  action_reasons: z.array(z.string()),
  posture_notes: z.array(z.object({ note: z.string(), kind: z.enum(['unknown', 'explicit', 'info']) })),
  sessions: z.array(
    z.object({
      session_id: z.string(),
      surface: z.string(),
      cwd: z.string().nullable(),
      git_remote: z.string().nullable(),
      user_hint: z.string().nullable(),
      agent_version: z.string().nullable(),
      started_at: optionalTimestamp,
      last_seen_at: optionalTimestamp,
      ended_at: optionalTimestamp,
    }),
  ),
  inventory: z.object({
    skills: z.array(
      z.object({
        name: z.string(),
        source: z.string(),
        hash: z.string(),
        previous_hash: z.string().nullable(),
        risk_score: z.number(),
        risk_level: z.string(),
        risk_flags: z.array(z.string()),
        ...seen,
        hash_changed_at: optionalTimestamp,
      }),
    ),
    mcp_servers: z.array(z.object({ name: z.string(), type: z.string(), command: z.string().nullable(), source: z.string(), platform: z.string(), ...seen })),
    plugins: z.array(z.object({ full_name: z.string(), version: z.string().nullable(), platform: z.string(), source: z.string().nullable(), ...seen })),
  }),
  recent_events: z.array(
    z.object({
      id: z.string(),
      created_at: optionalTimestamp,
      surface: z.string(),
      event: z.string(),
      tool_name: z.string(),
      verdict: z.string(),
      severity: z.string(),
      pattern_name: z.string().nullable(),
      summary: z.string(),
      session_id: z.string().nullable(),
    }),
  ),
  scans: z.array(
    z.object({
      id: z.string(),
      source: z.string().nullable(),
      score: z.number().nullable(),
      grade: z.string().nullable(),
      scanned_at: optionalTimestamp,
      failing_checks: z.array(z.object({ check_name: z.string(), severity: z.string() })),
    }),
  ),
});
export type WorkstationDetail = z.infer<typeof workstationDetail>;

export const deletedWorkstation = z.object({ id: z.string(), hostname: z.string(), deleted: z.literal(true) });
export type DeletedWorkstation = z.infer<typeof deletedWorkstation>;
