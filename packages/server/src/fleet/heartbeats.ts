// Coalesced heartbeats. Hook calls record activity in memory; about once a second the latest
// values are written, one UPDATE per active workstation, so a burst of hook calls from one
// machine costs about one row update per second. The online window is 15 minutes, so a
// second of delay loses nothing of value; on shutdown the pending values are flushed.
//
// The same flush records sessions named by hook payloads (one upsert per active session) and
// marks a host's stored classification dirty when an update can change it (fleet/classify.ts):
// activity after a quiet spell longer than the window the derivations use, a first block in
// 7 days, a runtime heartbeat after a stale one, a new surface or session.
import { LRUCache } from 'lru-cache';
import type { Knex } from 'knex';
import { newId } from '../ids.js';
import type { Logger } from '../log.js';
import { BLOCKED_WINDOW_MS, RUNTIME_FRESH_MS, STANDBY_MS } from './classify.js';
import { describeError } from '../error-summary.js';
import { PeriodicTask } from '../periodic-task.js';

export interface SessionActivity {
  /** The surface's session id (bounded to 200 characters when stored). */
  id: string;
  /** Defaults to the activity's surface. */
  surface?: string;
  cwd?: string | null;
  gitRemote?: string | null;
  userHint?: string | null;
  agentVersion?: string | null;
}

export interface Activity {
  at: number;
  surface?: string;
  hookType?: 'http' | 'command' | 'mdm' | 'extension';
  /** A real AI-agent action (prompt or tool call), not a scanner or heartbeat. */
  agentActivity?: boolean;
  /** A pre-tool decision through an enforceable path (command preflight). */
  enforceEvent?: boolean;
  blocked?: boolean;
  /** A runtime status report (POST /shield/heartbeat, cowork status, scanner check-in). */
  runtimeHeartbeat?: boolean;
  /** The payload carried a session id: create or refresh that session (spec: Session). */
  session?: SessionActivity;
  /**
   * false for reports that are not shield activity (MDM inventory): the host is resolved or
   * registered, but its heartbeat and online status are left alone.
   */
  heartbeat?: boolean;
}

interface PendingSession {
  surface: string;
  at: number;
  cwd: string | null;
  gitRemote: string | null;
  userHint: string | null;
  agentVersion: string | null;
}

interface Pending {
  orgId: string;
  lastSeenAt: number;
  agentActivityAt: number | null;
  enforceAt: number | null;
  blockedAt: number | null;
  runtimeAt: number | null;
  surfaces: Map<string, { hookType: string | null; at: number }>;
  sessions: Map<string, PendingSession>;
}

const KNOWN_MAX = 200_000;
const cut = (v: string | null | undefined, max: number) => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null);

export class HeartbeatCoalescer {
  private pending = new Map<string, Pending>();
  private readonly loop: PeriodicTask;
  private flushing: Promise<void> | null = null;
  /** Surfaces and sessions this process has written: an unknown one may change the classification. */
  private readonly known = new LRUCache<string, true>({ max: KNOWN_MAX });
  /** Called with ids whose row no longer exists (deleted hosts), so caches can drop them. */
  onMissing: (workstationIds: string[]) => void = () => undefined;
  /** Called after a flush that marked rows dirty, so the classifier can refresh them soon. */
  onDirty: () => void = () => undefined;
  readonly stats = { flushes: 0, rowUpdates: 0 };

  constructor(
    private readonly knex: Knex,
    private readonly logger: Logger,
    intervalMs = 1000,
  ) {
    this.loop = new PeriodicTask({ name: 'heartbeat flush', intervalMs, pass: () => this.flush(), logger });
  }

  start(): void {
    this.loop.start();
  }

  record(workstationId: string, orgId: string, a: Activity): void {
    let p = this.pending.get(workstationId);
    if (!p) {
      p = { orgId, lastSeenAt: a.at, agentActivityAt: null, enforceAt: null, blockedAt: null, runtimeAt: null, surfaces: new Map(), sessions: new Map() };
      this.pending.set(workstationId, p);
    }
    p.lastSeenAt = Math.max(p.lastSeenAt, a.at);
    if (a.agentActivity) p.agentActivityAt = Math.max(p.agentActivityAt ?? 0, a.at);
    if (a.enforceEvent) p.enforceAt = Math.max(p.enforceAt ?? 0, a.at);
    if (a.blocked) p.blockedAt = Math.max(p.blockedAt ?? 0, a.at);
    if (a.runtimeHeartbeat) p.runtimeAt = Math.max(p.runtimeAt ?? 0, a.at);
    if (a.surface) {
      const s = p.surfaces.get(a.surface);
      if (!s || s.at < a.at) p.surfaces.set(a.surface, { hookType: a.hookType ?? s?.hookType ?? null, at: a.at });
    }
    const key = cut(a.session?.id, 200);
    if (key && a.session) {
      const prev = p.sessions.get(key);
      if (!prev || prev.at <= a.at) {
        p.sessions.set(key, {
          surface: a.session.surface ?? a.surface ?? prev?.surface ?? 'claude-code',
          at: a.at,
          cwd: cut(a.session.cwd, 1000) ?? prev?.cwd ?? null,
          gitRemote: cut(a.session.gitRemote, 500) ?? prev?.gitRemote ?? null,
          userHint: cut(a.session.userHint, 320) ?? prev?.userHint ?? null,
          agentVersion: cut(a.session.agentVersion, 64) ?? prev?.agentVersion ?? null,
        });
      }
    }
  }

  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.write(batch)
      .catch((err) => {
        // Put the values back (newer ones win) so a transient store error loses nothing.
        for (const [id, p] of batch) if (!this.pending.has(id)) this.pending.set(id, p);
        this.logger.warn('heartbeat flush failed; will retry', { err: describeError(err) });
      })
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    if (this.flushing) await this.flushing;
    await this.flush();
  }

  private remember(key: string): boolean {
    if (this.known.has(key)) return false;
    this.known.set(key, true);
    return true;
  }

  private async write(batch: Map<string, Pending>): Promise<void> {
    const missing: string[] = [];
    let dirtied = false;
    const greatest = (col: string, v: number) => this.knex.raw(`CASE WHEN ${col} IS NULL OR ${col} < ? THEN ? ELSE ${col} END`, [v, v]);
    // Rows in id order: every multi-row writer of workstations (this flush, the classifier)
    // locks in the same order, so two of them can wait on each other but never deadlock.
    const ordered = [...batch].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    await this.knex.transaction(async (trx) => {
      for (const [id, p] of ordered) {
        // Conditions that can change the stored classification, on the values before this update.
        const stale: string[] = [];
        const args: number[] = [];
        const lapsed = (col: string, at: number | null, windowMs: number) => {
          if (at === null) return;
          stale.push(`(${col} IS NULL OR ${col} < ?)`);
          args.push(at - windowMs);
        };
        lapsed('last_agent_activity_at', p.agentActivityAt, STANDBY_MS);
        if (p.agentActivityAt !== null) stale.push('first_agent_activity_at IS NULL');
        lapsed('last_enforce_event_at', p.enforceAt, STANDBY_MS);
        lapsed('last_blocked_at', p.blockedAt, BLOCKED_WINDOW_MS);
        lapsed('last_runtime_heartbeat_at', p.runtimeAt, RUNTIME_FRESH_MS);
        let forceDirty = false;
        for (const [surface, s] of p.surfaces) if (this.remember(`${id}\u0000s\u0000${surface}\u0000${s.hookType ?? ''}`)) forceDirty = true;
        for (const key of p.sessions.keys()) if (this.remember(`${id}\u0000x\u0000${key}`)) forceDirty = true;

        // MySQL and MariaDB evaluate SET assignments left to right, each seeing the columns
        // already assigned; so the dirty marks come first, while the evidence columns still
        // hold their old values (SQLite always reads the old values).
        const update: Record<string, unknown> = {};
        if (forceDirty) {
          update.class_gen = trx.raw('class_gen + 1');
          update.class_valid_until = 0;
        } else if (stale.length > 0) {
          const cond = stale.join(' OR ');
          update.class_gen = trx.raw(`CASE WHEN ${cond} THEN class_gen + 1 ELSE class_gen END`, args);
          update.class_valid_until = trx.raw(`CASE WHEN ${cond} THEN 0 ELSE class_valid_until END`, args);
        }
        update.last_seen_at = greatest('last_seen_at', p.lastSeenAt);
        update.offline_pending = 1;
        if (p.agentActivityAt) {
          update.last_agent_activity_at = greatest('last_agent_activity_at', p.agentActivityAt);
          update.first_agent_activity_at = trx.raw('COALESCE(first_agent_activity_at, ?)', [p.agentActivityAt]);
        }
        if (p.enforceAt) update.last_enforce_event_at = greatest('last_enforce_event_at', p.enforceAt);
        if (p.blockedAt) update.last_blocked_at = greatest('last_blocked_at', p.blockedAt);
        if (p.runtimeAt) update.last_runtime_heartbeat_at = greatest('last_runtime_heartbeat_at', p.runtimeAt);
        const newest = [...p.sessions.values()].sort((a, b) => b.at - a.at)[0];
        if (newest) {
          // The current project follows the most recent session (spec: Session).
          if (newest.cwd) update.current_cwd = newest.cwd;
          if (newest.gitRemote) update.current_git_remote = newest.gitRemote;
          if (newest.userHint) update.user_hint = newest.userHint;
        }
        if (forceDirty || stale.length > 0) dirtied = true;
        const n = await trx('workstations').where({ id, org_id: p.orgId }).update(update);
        if (n === 0) {
          missing.push(id);
          continue;
        }
        for (const [surface, s] of p.surfaces) {
          const merge: Record<string, unknown> = { last_event_at: greatest('last_event_at', s.at) };
          if (s.hookType) merge.hook_type = s.hookType;
          await trx('workstation_surfaces')
            .insert({ workstation_id: id, org_id: p.orgId, surface, hook_type: s.hookType ?? 'http', first_seen_at: s.at, last_event_at: s.at })
            .onConflict(['workstation_id', 'surface'])
            .merge(merge);
        }
        for (const [key, s] of p.sessions) {
          const merge: Record<string, unknown> = { last_seen_at: greatest('last_seen_at', s.at) };
          if (s.cwd) merge.cwd = s.cwd;
          if (s.gitRemote) merge.git_remote = s.gitRemote;
          if (s.userHint) merge.user_hint = s.userHint;
          if (s.agentVersion) merge.agent_version = s.agentVersion;
          await trx('sessions')
            .insert({
              id: newId(s.at),
              org_id: p.orgId,
              workstation_id: id,
              session_key: key,
              surface: s.surface.slice(0, 32),
              cwd: s.cwd,
              git_remote: s.gitRemote,
              user_hint: s.userHint,
              agent_version: s.agentVersion,
              started_at: s.at,
              last_seen_at: s.at,
            })
            .onConflict(['workstation_id', 'session_key'])
            .merge(merge);
        }
        this.stats.rowUpdates++;
      }
    });
    this.stats.flushes++;
    if (missing.length) this.onMissing(missing);
    if (dirtied) this.onDirty();
  }
}
