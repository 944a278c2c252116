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
import { newId } from '../ids.js';
import type { Logger } from '../log.js';
import { BLOCKED_WINDOW_MS, RUNTIME_FRESH_MS, STANDBY_MS } from './classify.js';
import { describeError } from '../error-summary.js';
import { PeriodicTask } from '../periodic-task.js';
import type { FleetRepo, HeartbeatWrite } from '../store/fleet-repo.js';

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
    private readonly repo: FleetRepo,
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
    let dirtied = false;
    // Rows in id order: every multi-row writer of workstations (this flush, the classifier)
    // locks in the same order, so two of them can wait on each other but never deadlock.
    const ordered = [...batch].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const writes: HeartbeatWrite[] = ordered.map(([id, p]) => {
      // Conditions that can change the stored classification, on the values before this update.
      const stale: { column: 'last_agent_activity_at' | 'first_agent_activity_at' | 'last_enforce_event_at' | 'last_blocked_at' | 'last_runtime_heartbeat_at'; before?: number }[] = [];
      if (p.agentActivityAt !== null) stale.push({ column: 'last_agent_activity_at', before: p.agentActivityAt - STANDBY_MS }, { column: 'first_agent_activity_at' });
      if (p.enforceAt !== null) stale.push({ column: 'last_enforce_event_at', before: p.enforceAt - STANDBY_MS });
      if (p.blockedAt !== null) stale.push({ column: 'last_blocked_at', before: p.blockedAt - BLOCKED_WINDOW_MS });
      if (p.runtimeAt !== null) stale.push({ column: 'last_runtime_heartbeat_at', before: p.runtimeAt - RUNTIME_FRESH_MS });
      let forceDirty = false;
      for (const [surface, s] of p.surfaces) if (this.remember(`${id}\u0000s\u0000${surface}\u0000${s.hookType ?? ''}`)) forceDirty = true;
      for (const key of p.sessions.keys()) if (this.remember(`${id}\u0000x\u0000${key}`)) forceDirty = true;
      if (forceDirty || stale.length > 0) dirtied = true;
      const current: HeartbeatWrite['current'] = {};
      const newest = [...p.sessions.values()].sort((a, b) => b.at - a.at)[0];
      if (newest) {
        // The current project follows the most recent session (spec: Session).
        if (newest.cwd) current.current_cwd = newest.cwd;
        if (newest.gitRemote) current.current_git_remote = newest.gitRemote;
        if (newest.userHint) current.user_hint = newest.userHint;
      }
      return {
        id,
        orgId: p.orgId,
        advance: {
          last_seen_at: p.lastSeenAt,
          last_agent_activity_at: p.agentActivityAt ?? undefined,
          last_enforce_event_at: p.enforceAt ?? undefined,
          last_blocked_at: p.blockedAt ?? undefined,
          last_runtime_heartbeat_at: p.runtimeAt ?? undefined,
        },
        firstAgentActivityAt: p.agentActivityAt,
        dirty: forceDirty ? 'always' : stale,
        current,
        surfaces: [...p.surfaces].map(([surface, s]) => ({ surface, hookType: s.hookType, at: s.at })),
        sessions: [...p.sessions].map(([key, s]) => ({ id: newId(s.at), key, surface: s.surface.slice(0, 32), at: s.at, cwd: s.cwd, gitRemote: s.gitRemote, userHint: s.userHint, agentVersion: s.agentVersion })),
      };
    });
    const missing = await this.repo.writeHeartbeats(writes);
    this.stats.rowUpdates += writes.length - missing.length;
    this.stats.flushes++;
    if (missing.length) this.onMissing(missing);
    if (dirtied) this.onDirty();
  }
}
