// Stored classification of each host (migration 005): the derived views the fleet list filters
// on and the stat cards count, computed by the pure derive functions and written to columns.
//
// A classification stays true until either the host's evidence changes (writers mark the row
// dirty: class_valid_until = 0 and class_gen + 1) or the clock crosses a threshold of a window
// the derivations use (class_valid_until = the earliest such moment). The Classifier refreshes
// due rows about once a second, so stored values trail the evidence by about a second and the
// clock by at most one classifier pass. Online status is not stored (the queries compare
// last_seen_at with the clock), so it never trails.
import type { Logger } from '../log.js';
import { SURFACES } from '../policy/types.js';
import {
  BASELINE_LEARNING_MS,
  LIVE_PREFLIGHT_RECENT_MS,
  MDM_INVENTORY_STALE_MS,
  MISSING_GRACE_MS,
  RUNTIME_HEARTBEAT_FRESH_MS,
  STANDBY_INACTIVITY_MS,
  STATS_WINDOW_MS,
  baselineStatus,
  explainProtection,
  filterFlags,
  hasMdmEvidence,
  needsAction,
  ownerEvidence,
  postureNotes,
  riskState,
  toMs,
  type WorkstationEvidence,
} from './derive/index.js';
import { buildEvidence, type WorkstationRow } from './evidence-store.js';
import type { ClassificationWrite, FleetRepo } from '../store/fleet-repo.js';
import { describeError } from '../error-summary.js';
import { PeriodicTask } from '../periodic-task.js';

export const STANDBY_MS = STANDBY_INACTIVITY_MS;
export const RUNTIME_FRESH_MS = RUNTIME_HEARTBEAT_FRESH_MS;
export const BLOCKED_WINDOW_MS = STATS_WINDOW_MS;
/** Even with no threshold ahead, a classification is recomputed once a day. */
const MAX_VALIDITY_MS = 24 * 60 * 60 * 1000;

/** Posture notes stored per host (version_update is computed per request from the fleet's versions). */
export const POSTURE_BITS = { sandbox_off: 1, sandbox_unknown: 2, version_unknown: 4, baseline_learning: 8 } as const;

/** Bit of a surface in surfaces_mask (0 for an unknown surface name). */
export function surfaceBit(surface: string): number {
  const i = (SURFACES as readonly string[]).indexOf(surface);
  return i < 0 ? 0 : 2 ** i;
}

export interface Classification {
  protection_state: string;
  runtime_health: string;
  risk_level: string;
  risk_reason: string;
  baseline_status: string;
  needs_action: number;
  owner_verified: number;
  mdm_evidence: number;
  shadow_ai: number;
  missing_hook: number;
  surfaces_mask: number;
  posture_mask: number;
  class_valid_until: number;
}

/**
 * The earliest moment after `now` at which any derivation of this evidence can change by the
 * clock alone. Windows are half-open (age < window), so the change happens exactly at t + window.
 */
export function nextChangeAt(ev: WorkstationEvidence, now: number): number {
  const candidates: Array<[unknown, number]> = [
    [ev.lastRuntimeHeartbeatAt, RUNTIME_HEARTBEAT_FRESH_MS],
    [ev.lastAgentActivityAt, STANDBY_INACTIVITY_MS],
    [ev.lastLiveEnforceableEventAt, LIVE_PREFLIGHT_RECENT_MS],
    [ev.expectedRuntimeSince, MISSING_GRACE_MS],
    [ev.firstAgentActivityAt, BASELINE_LEARNING_MS],
    [ev.lastMdmInventoryAt, MDM_INVENTORY_STALE_MS],
  ];
  let next = now + MAX_VALIDITY_MS;
  for (const [t, window] of candidates) {
    const ms = toMs(t as number | null);
    if (ms !== null && ms + window > now) next = Math.min(next, ms + window);
  }
  return next;
}

export function classify(ev: WorkstationEvidence, now: number, lastBlockedAt: number | null = null): Classification {
  const protection = explainProtection(ev, now);
  const risk = riskState(ev, now);
  const flags = filterFlags(ev, now);
  let posture = 0;
  for (const n of postureNotes(ev, now)) if (n.note !== 'version_update') posture |= POSTURE_BITS[n.note];
  let next = nextChangeAt(ev, now);
  if (lastBlockedAt !== null && lastBlockedAt + BLOCKED_WINDOW_MS > now) next = Math.min(next, lastBlockedAt + BLOCKED_WINDOW_MS);
  return {
    protection_state: protection.state,
    runtime_health: flags.runtime,
    risk_level: risk.level,
    risk_reason: risk.reason,
    baseline_status: baselineStatus(ev, now),
    needs_action: needsAction(ev, now) ? 1 : 0,
    owner_verified: ownerEvidence(ev).verified ? 1 : 0,
    mdm_evidence: hasMdmEvidence(ev, now) ? 1 : 0,
    shadow_ai: flags.shadowAiPresent ? 1 : 0,
    missing_hook: flags.missingExpectedHook ? 1 : 0,
    surfaces_mask: flags.surfaces.reduce((m, s) => m | surfaceBit(s), 0),
    posture_mask: posture,
    class_valid_until: next,
  };
}

const BATCH = 500;

/** Refreshes stored classifications: rows marked dirty and rows whose threshold has passed. */
export class Classifier {
  private readonly loop: PeriodicTask;
  private running: Promise<number> | null = null;
  private again = false;
  readonly stats = { passes: 0, rows: 0 };

  constructor(
    private readonly repo: FleetRepo,
    private readonly logger: Logger,
    intervalMs = 1000,
  ) {
    this.loop = new PeriodicTask({ name: 'classifier pass', intervalMs, pass: () => this.runAll(), logger });
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    if (this.running) await this.running.catch(() => 0);
  }

  /** Classify every due row now (tests, bench, after writes that must show at once). */
  async runAll(now = Date.now(), budgetMs = 2000): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      const started = Date.now();
      let total = 0;
      try {
        do {
          this.again = false;
          let n: number;
          do {
            n = await this.runDue(now);
            total += n;
          } while (n === BATCH && Date.now() - started < budgetMs);
        } while (this.again && Date.now() - started < budgetMs);
      } catch (err) {
        this.logger.warn('classifier pass failed; will retry', { err: describeError(err) });
      }
      return total;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** One batch of due rows; returns how many were looked at. */
  async runDue(now = Date.now()): Promise<number> {
    const rows = await this.repo.dueForClassification(now, BATCH);
    if (rows.length === 0) return 0;
    await this.write(rows, now);
    this.stats.passes++;
    this.stats.rows += rows.length;
    return rows.length;
  }

  /** Classify the given hosts of one org at once. */
  async classifyIds(orgId: string, ids: string[], now = Date.now()): Promise<void> {
    if (ids.length === 0) return;
    const rows = await this.repo.workstationRows(orgId, ids);
    if (rows.length > 0) await this.write(rows, now);
  }

  private async write(rows: WorkstationRow[], now: number): Promise<void> {
    // A due batch can hold hosts of several orgs: their surfaces and session counts are read per org.
    const byOrg = new Map<string, WorkstationRow[]>();
    for (const row of rows) {
      const list = byOrg.get(row.org_id);
      if (list) list.push(row);
      else byOrg.set(row.org_id, [row]);
    }
    const updates: ClassificationWrite[] = [];
    for (const [orgId, orgRows] of byOrg) {
      const ids = orgRows.map((r) => r.id as string);
      const [surfaces, sessions] = await Promise.all([this.repo.surfacesOf(orgId, ids), this.repo.sessionCounts(orgId, ids)]);
      for (const row of orgRows) {
        const ev = buildEvidence(row, surfaces.get(row.id) ?? [], { sessionsTotal: sessions.get(row.id) ?? 0 }, now, BLOCKED_WINDOW_MS);
        const lastBlocked = row.last_blocked_at === null || row.last_blocked_at === undefined ? null : Number(row.last_blocked_at);
        updates.push({ orgId, id: row.id as string, gen: Number(row.class_gen), columns: { ...classify(ev, now, lastBlocked) } });
      }
    }
    updates.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)); // same lock order as the heartbeat flush
    // class_gen unchanged = nobody marked the row dirty since we read it; otherwise the newer
    // mark stays and the row is classified again on the next pass.
    await this.repo.writeClassifications(updates);
  }
}
