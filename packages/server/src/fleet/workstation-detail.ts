// Host detail (spec: Workstation, "Host detail tabs"): the list columns, the Metadata fields we
// hold, sessions, inventory, recent shield events and posture; and removal from the fleet.
import { appendActivity, lockActivityLog, type ActivityActor } from '../audit/activity-log.js';
import type { FleetReadRepo } from '../store/fleet-read-repo.js';
import type { InventoryRepo } from '../store/inventory-repo.js';
import type { Plan } from '../accounts/orgs.js';
import { ConflictError, NotFoundError } from '../errors.js';
import {
  STATS_WINDOW_MS,
  actionReasons,
  compareVersions,
  explainProtection,
  managementLabel,
  postureNotes,
  riskState,
} from './derive/index.js';
import { parseEvidence, type WorkstationRow } from './evidence-store.js';
import { firstOverLimitId } from './workstation-list.js';
import { iso, listItem, rowEvidence, sessionStats } from './row-view.js';
import type { FleetRegistry } from './registry.js';

const RECENT = 20;
const INVENTORY_MAX = 500;

/** A host by id, else by hostname (the most recently seen when several share it: 409 instead). */
export async function findWorkstation(reads: FleetReadRepo, orgId: string, idOrHostname: string): Promise<WorkstationRow> {
  const byId = await reads.findById(orgId, idOrHostname);
  if (byId) return byId;
  const byName = await reads.findByHostname(orgId, idOrHostname, 10);
  if (byName.length === 0) throw new NotFoundError(`No workstation with id or hostname "${idOrHostname.slice(0, 100)}" in this organization.`);
  if (byName.length > 1) {
    throw new ConflictError(`${byName.length} workstations are named "${idOrHostname.slice(0, 100)}" (ids ${byName.map((r) => r.id).join(', ')}); use the id.`);
  }
  return byName[0];
}

/** The repositories host detail reads. */
export interface HostDetailRepos {
  reads: FleetReadRepo;
  inventory: InventoryRepo;
}

export async function workstationDetail(repos: HostDetailRepos, org: { id: string; plan: Plan }, idOrHostname: string, now = Date.now()) {
  const { reads } = repos;
  const row = await findWorkstation(reads, org.id, idOrHostname);
  const id = row.id as string;
  const [surfaces, stats, overFrom, activity, inventory, versions] = await Promise.all([
    reads.surfacesOf(org.id, [id]),
    sessionStats(reads, org.id, [id], now),
    firstOverLimitId(reads, org.id, org.plan),
    reads.hostActivity(org.id, id, { deniedSince: now - STATS_WINDOW_MS, recent: RECENT, scans: 10 }),
    repos.inventory.hostInventory(org.id, id, INVENTORY_MAX),
    reads.agentVersions(org.id),
  ]);
  const { sessions, events, scans } = activity;
  const { skills, mcpServers: mcp, plugins } = inventory;
  const hostSurfaces = surfaces.get(id) ?? [];
  const ev = rowEvidence(row, hostSurfaces, stats.get(id), activity.sessionsTotal, now, overFrom !== null && id >= overFrom);
  ev.blockedActions7d = activity.denied;
  let latest: string | null = null;
  for (const v of versions) if (latest === null || (compareVersions(v, latest) ?? 0) > 0) latest = v;
  ev.latestAgentVersion = latest;
  const e = parseEvidence(row.evidence);
  const item = listItem({ ...row, baseline_status: undefined } as WorkstationRow, ev, stats.get(id), now);
  const protection = explainProtection(ev, now);
  const risk = riskState(ev, now);
  const lastHttp = Math.max(0, ...hostSurfaces.filter((s) => s.hook_type === 'http').map((s) => Number(s.last_event_at)));
  const latestScan = scans[0];
  return {
    workstation: { ...item, machine_id: row.machine_id ?? null, first_seen_at: iso(row.first_seen_at) },
    metadata: {
      runtime_protection_state: { state: protection.state, reasons: protection.reasons },
      credential_state: e.credential_state ?? null,
      policy_fetch: { error: e.policy_fetch_error ?? null, last_fetch_at: iso(e.last_policy_fetch_at) },
      last_command_preflight_at: iso(row.last_enforce_event_at),
      last_http_evaluate_at: iso(lastHttp),
      last_self_test: { at: iso(e.last_self_test_at), ok: e.last_self_test_ok ?? null },
      last_live_event_at: iso(row.last_agent_activity_at),
      last_runtime_heartbeat_at: iso(row.last_runtime_heartbeat_at),
      repair_result: e.repair_result ?? null,
      restart_required: e.restart_required ?? null,
      service_state: e.service_state ?? null,
      install_provenance: { management: managementLabel(ev), install_source: row.install_source ?? null, management_source: row.management_source ?? null, mdm_provider: row.mdm_provider ?? null },
      mdm_aliases: e.mdm_aliases ?? {},
      mdm: { enrollment_signed: e.mdm_enrollment_signed ?? null, last_inventory_at: iso(e.last_mdm_inventory_at), ai_ides: e.ai_ides ?? [], shadow_ai: e.shadow_ai ?? [] },
      identifiers: { id, machine_id: row.machine_id ?? null, hostname: row.hostname, display_name: row.display_name ?? null },
      platform: { platform: row.platform ?? null, os_version: row.os_version ?? null, os_username: row.os_username ?? null },
      sandbox: row.sandbox ?? 'unknown',
      version: { agent_version: row.agent_version ?? null, latest_in_fleet: latest },
      baseline: item.baseline,
      activity: { ...item.activity, sessions_total: activity.sessionsTotal, blocked_actions_7d: ev.blockedActions7d, first_agent_activity_at: iso(row.first_agent_activity_at) },
      anomaly: { baseline_deviation: e.baseline_deviation ?? false, tamper_evidence: e.tamper_evidence ?? false },
      compliance: latestScan ? { score: latestScan.score, grade: latestScan.grade, source: latestScan.source, scanned_at: iso(latestScan.created_at) } : null,
      last_lifecycle_event: e.last_lifecycle ? { ...e.last_lifecycle, at: iso(e.last_lifecycle.at) } : null,
      surfaces: hostSurfaces.map((s) => ({ surface: s.surface, hook_type: s.hook_type, hooks_healthy: s.hooks_healthy === null ? null : Boolean(s.hooks_healthy), scope: s.scope, first_seen_at: iso(s.first_seen_at), last_event_at: iso(s.last_event_at) })),
    },
    risk: { level: risk.level, reason: risk.reason, signals: risk.signals },
    action_reasons: actionReasons(ev, now),
    posture_notes: postureNotes(ev, now),
    sessions: sessions.map((s: Record<string, unknown>) => ({ session_id: s.session_key, surface: s.surface, cwd: s.cwd, git_remote: s.git_remote, user_hint: s.user_hint, agent_version: s.agent_version, started_at: iso(s.started_at), last_seen_at: iso(s.last_seen_at), ended_at: iso(s.ended_at) })),
    inventory: {
      skills: skills.map((s: Record<string, any>) => ({ name: s.name, source: s.source, hash: s.hash, previous_hash: s.previous_hash, risk_score: Number(s.risk_score), risk_level: s.risk_level, risk_flags: s.risk_flags ? String(s.risk_flags).split(',') : [], first_seen_at: iso(s.first_seen_at), last_seen_at: iso(s.last_seen_at), hash_changed_at: iso(s.hash_changed_at) })),
      mcp_servers: mcp.map((m: Record<string, any>) => ({ ...m, first_seen_at: iso(m.first_seen_at), last_seen_at: iso(m.last_seen_at) })),
      plugins: plugins.map((p: Record<string, any>) => ({ ...p, first_seen_at: iso(p.first_seen_at), last_seen_at: iso(p.last_seen_at) })),
    },
    recent_events: events.map((ev2: Record<string, any>) => ({ id: ev2.id, created_at: iso(ev2.created_at), surface: ev2.surface, event: ev2.event, tool_name: ev2.tool_name, verdict: ev2.verdict, severity: ev2.severity, pattern_name: ev2.pattern_name, summary: ev2.summary, session_id: ev2.session_key })),
    scans: scans.map((s: Record<string, any>) => ({
      id: s.id,
      source: s.source,
      score: s.score === null ? null : Number(s.score),
      grade: s.grade,
      scanned_at: iso(s.created_at),
      failing_checks: (() => {
        try {
          return (JSON.parse(s.checks) as { check_name: string; status: string; severity: string }[]).filter((c) => c.status === 'fail').map((c) => ({ check_name: c.check_name, severity: c.severity }));
        } catch {
          return [];
        }
      })(),
    })),
  };
}

/**
 * Removes a host and everything recorded under it (sessions, inventory, scans: FK cascade), and
 * drops it from this process's identity cache. Shield events and outbox rows stay as history.
 */
export async function deleteWorkstation(registry: FleetRegistry, orgId: string, id: string, actor?: ActivityActor): Promise<{ id: string; hostname: string }> {
  const fleet = registry.repo;
  const row = await fleet.workstationForRemoval(orgId, id);
  if (!row) throw new NotFoundError(`No workstation with id "${id.slice(0, 100)}" in this organization.`);
  await fleet.removeWorkstation(
    orgId,
    id,
    actor && {
      before: (trx) => lockActivityLog(trx, orgId),
      after: async (trx) => {
        await appendActivity(trx, orgId, actor, 'host.remove', { type: 'workstation', id: row.id }, { hostname: row.hostname, machine_id: row.machine_id ?? null, platform: row.platform ?? null }, null);
      },
    },
  );
  registry.forget([row.id]);
  return { id: row.id, hostname: row.hostname };
}
