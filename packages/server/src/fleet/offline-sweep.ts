// The offline sweep (spec: States and transitions, "online → offline: a workstation.offline
// event fires when the offline threshold is crossed"). Every SERVICE_OFFLINE_SWEEP_MS it looks
// for hosts whose last activity is 15 minutes old and that have no event yet for that activity,
// and claims them one row at a time: the outbox row and `offline_emitted_for = last_seen_at` are
// written in one transaction, guarded by a conditional UPDATE, so each crossing fires exactly
// once however many server processes sweep. On MySQL the row is first locked with
// FOR UPDATE SKIP LOCKED, so two sweepers never wait on each other's rows.
//
// `offline_pending` is set by every heartbeat write; it keeps the sweep's query on an index
// range of recently active hosts instead of every host that has ever gone offline.
import type { Knex } from 'knex';
import type { Logger } from '../log.js';
import { outboxRow } from '../notifications/outbox.js';
import type { Dialect } from '../store/index.js';
import { ONLINE_WINDOW_MS } from './derive/index.js';
import { describeError } from '../error-summary.js';
import { PeriodicTask } from '../periodic-task.js';

const CLAIM_BATCH = 200;

export class OfflineSweeper {
  private readonly loop: PeriodicTask;
  private running: Promise<number> | null = null;
  readonly stats = { sweeps: 0, emitted: 0 };

  constructor(
    private readonly knex: Knex,
    private readonly dialect: Dialect,
    private readonly logger: Logger,
    intervalMs: number,
  ) {
    this.loop = new PeriodicTask({ name: 'offline sweep', intervalMs, pass: () => this.sweep(), logger });
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    if (this.running) await this.running.catch(() => 0);
  }

  /** One sweep; resolves with the number of offline events written by this process. */
  sweep(now = Date.now()): Promise<number> {
    this.running ??= this.run(now)
      .catch((err) => {
        this.logger.warn('offline sweep failed; will retry', { err: describeError(err) });
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async run(now: number): Promise<number> {
    const cutoff = now - ONLINE_WINDOW_MS;
    let emitted = 0;
    for (;;) {
      const candidates: { id: string }[] = await this.knex('workstations')
        .where({ offline_pending: 1 })
        .where('last_seen_at', '<=', cutoff)
        .orderBy('last_seen_at', 'asc')
        .limit(CLAIM_BATCH)
        .select('id');
      for (const c of candidates) if (await this.claim(c.id, cutoff, now)) emitted++;
      if (candidates.length < CLAIM_BATCH) break;
    }
    this.stats.sweeps++;
    this.stats.emitted += emitted;
    return emitted;
  }

  /** One host in its own transaction; true when this process wrote the event. */
  private claim(id: string, cutoff: number, now: number): Promise<boolean> {
    return this.knex.transaction(async (trx) => {
      let q = trx('workstations').where({ id, offline_pending: 1 }).where('last_seen_at', '<=', cutoff);
      if (this.dialect === 'mysql') q = q.forUpdate().skipLocked();
      const row = await q.first('id', 'org_id', 'hostname', 'platform', 'last_seen_at', 'offline_emitted_for');
      if (!row) return false; // another sweeper holds or already handled it, or the host came back
      const lastSeen = Number(row.last_seen_at);
      const due = row.offline_emitted_for === null || Number(row.offline_emitted_for) !== lastSeen;
      // The conditional UPDATE is the claim in both stores: of two sweepers that read the same
      // row, only the one whose UPDATE still matches writes the event.
      const claimed = await trx('workstations')
        .where({ id, last_seen_at: lastSeen, offline_pending: 1 })
        .update({ offline_pending: 0, offline_emitted_for: lastSeen });
      if (claimed !== 1 || !due) return false;
      await trx('outbox').insert(
        outboxRow({
          orgId: row.org_id,
          type: 'workstation.offline',
          severity: 'low',
          sourceTable: 'workstations',
          // One event per crossing: the id names the host and the activity it went quiet after.
          sourceId: `${id}:${lastSeen}`,
          workstationId: id,
          occurredAt: lastSeen + ONLINE_WINDOW_MS,
          data: {
            host: { hostname: row.hostname, platform: row.platform ?? null },
            evidence: {
              title: `Workstation ${row.hostname} went offline`,
              summary: `${row.hostname} has sent no shield activity for 15 minutes (last seen ${new Date(lastSeen).toISOString()}).`,
              details: { last_seen_at: new Date(lastSeen).toISOString(), detected_at: new Date(now).toISOString() },
            },
          },
        }),
      );
      return true;
    });
  }
}
