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
import type { Logger } from '../log.js';
import { outboxRow } from '../outbox.js';
import type { FleetRepo } from '../store/fleet-repo.js';
import { ONLINE_WINDOW_MS } from './derive/index.js';
import { Sweeper } from '../periodic-task.js';

const CLAIM_BATCH = 200;

export class OfflineSweeper extends Sweeper {
  readonly stats = { sweeps: 0, emitted: 0 };

  constructor(
    private readonly repo: FleetRepo,
    logger: Logger,
    intervalMs: number,
  ) {
    super('offline sweep', logger, intervalMs);
  }

  protected async run(now: number): Promise<number> {
    const cutoff = now - ONLINE_WINDOW_MS;
    let emitted = 0;
    for (;;) {
      const candidates = await this.repo.offlineCandidates(cutoff, CLAIM_BATCH);
      for (const c of candidates) if (await this.claim(c.org_id, c.id, cutoff, now)) emitted++;
      if (candidates.length < CLAIM_BATCH) break;
    }
    this.stats.sweeps++;
    this.stats.emitted += emitted;
    return emitted;
  }

  /** One host in its own transaction (see store/fleet-repo.ts claimOfflineCrossing); true when this process wrote the event. */
  private claim(orgId: string, id: string, cutoff: number, now: number): Promise<boolean> {
    return this.repo.claimOfflineCrossing(orgId, id, cutoff, (host) =>
      outboxRow({
        orgId,
        type: 'workstation.offline',
        severity: 'low',
        sourceTable: 'workstations',
        // One event per crossing: the id names the host and the activity it went quiet after.
        sourceId: `${id}:${host.lastSeenAt}`,
        workstationId: id,
        occurredAt: host.lastSeenAt + ONLINE_WINDOW_MS,
        data: {
          host: { hostname: host.hostname, platform: host.platform },
          evidence: {
            title: `Workstation ${host.hostname} went offline`,
            summary: `${host.hostname} has sent no shield activity for 15 minutes (last seen ${new Date(host.lastSeenAt).toISOString()}).`,
            details: { last_seen_at: new Date(host.lastSeenAt).toISOString(), detected_at: new Date(now).toISOString() },
          },
        },
      }),
    );
  }
}
