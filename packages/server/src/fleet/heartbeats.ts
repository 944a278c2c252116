// Coalesced heartbeats. Hook calls record activity in memory; about once a second the latest
// values are written, one UPDATE per active workstation, so a burst of hook calls from one
// machine costs about one row update per second. The online window is 15 minutes, so a
// second of delay loses nothing of value; on shutdown the pending values are flushed.
import type { Knex } from 'knex';
import type { Logger } from '../log.js';

export interface Activity {
  at: number;
  surface?: string;
  hookType?: 'http' | 'command' | 'mdm' | 'extension';
  /** A real AI-agent action (prompt or tool call), not a scanner or heartbeat. */
  agentActivity?: boolean;
  /** A pre-tool decision through an enforceable path (command preflight). */
  enforceEvent?: boolean;
  blocked?: boolean;
}

interface Pending {
  orgId: string;
  lastSeenAt: number;
  agentActivityAt: number | null;
  enforceAt: number | null;
  blockedAt: number | null;
  surfaces: Map<string, { hookType: string; at: number }>;
}

export class HeartbeatCoalescer {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** Called with ids whose row no longer exists (deleted hosts), so caches can drop them. */
  onMissing: (workstationIds: string[]) => void = () => undefined;
  readonly stats = { flushes: 0, rowUpdates: 0 };

  constructor(
    private readonly knex: Knex,
    private readonly logger: Logger,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  record(workstationId: string, orgId: string, a: Activity): void {
    let p = this.pending.get(workstationId);
    if (!p) {
      p = { orgId, lastSeenAt: a.at, agentActivityAt: null, enforceAt: null, blockedAt: null, surfaces: new Map() };
      this.pending.set(workstationId, p);
    }
    p.lastSeenAt = Math.max(p.lastSeenAt, a.at);
    if (a.agentActivity) p.agentActivityAt = Math.max(p.agentActivityAt ?? 0, a.at);
    if (a.enforceEvent) p.enforceAt = Math.max(p.enforceAt ?? 0, a.at);
    if (a.blocked) p.blockedAt = Math.max(p.blockedAt ?? 0, a.at);
    if (a.surface) {
      const s = p.surfaces.get(a.surface);
      if (!s || s.at < a.at) p.surfaces.set(a.surface, { hookType: a.hookType ?? s?.hookType ?? 'http', at: a.at });
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
        this.logger.warn('heartbeat flush failed; will retry', { err: String(err) });
      })
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.flushing) await this.flushing;
    await this.flush();
  }

  private async write(batch: Map<string, Pending>): Promise<void> {
    const missing: string[] = [];
    const greatest = (col: string, v: number) => this.knex.raw(`CASE WHEN ${col} IS NULL OR ${col} < ? THEN ? ELSE ${col} END`, [v, v]);
    await this.knex.transaction(async (trx) => {
      for (const [id, p] of batch) {
        const update: Record<string, unknown> = { last_seen_at: greatest('last_seen_at', p.lastSeenAt) };
        if (p.agentActivityAt) update.last_agent_activity_at = greatest('last_agent_activity_at', p.agentActivityAt);
        if (p.enforceAt) update.last_enforce_event_at = greatest('last_enforce_event_at', p.enforceAt);
        if (p.blockedAt) update.last_blocked_at = greatest('last_blocked_at', p.blockedAt);
        const n = await trx('workstations').where({ id, org_id: p.orgId }).update(update);
        if (n === 0) {
          missing.push(id);
          continue;
        }
        for (const [surface, s] of p.surfaces) {
          await trx('workstation_surfaces')
            .insert({ workstation_id: id, org_id: p.orgId, surface, hook_type: s.hookType, first_seen_at: s.at, last_event_at: s.at })
            .onConflict(['workstation_id', 'surface'])
            .merge({ last_event_at: greatest('last_event_at', s.at), hook_type: s.hookType });
        }
        this.stats.rowUpdates++;
      }
    });
    this.stats.flushes++;
    if (missing.length) this.onMissing(missing);
  }
}
