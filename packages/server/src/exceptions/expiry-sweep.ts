// Expiry (issue #21: "It expires on time, and emits exception.expired"). The hot path never
// applies an exception after its expires_at (active-set.ts checks it on every use); this sweep,
// every SERVICE_EXCEPTION_SWEEP_MS, marks due approvals expired and writes exception.expired,
// exactly once however many servers sweep: the row is claimed (SKIP LOCKED on MySQL) and moved
// by a conditional UPDATE, with the outbox row, in one transaction.
import type { Logger } from '../log.js';
import { Sweeper } from '../periodic-task.js';
import { outboxRow } from '../outbox.js';
import type { ExceptionsRepo } from '../store/exceptions-repo.js';
import { insertOutboxRows } from '../store/outbox-repo.js';
import { exceptionView } from './workflow.js';

const CLAIM_BATCH = 200;

export class ExceptionExpirySweeper extends Sweeper {
  constructor(
    private readonly repo: ExceptionsRepo,
    logger: Logger,
    intervalMs: number,
    /** Called with the org of each expiry this process wrote (drop its cached set). */
    private readonly onExpired: (orgId: string) => void,
  ) {
    super('exception expiry sweep', logger, intervalMs);
  }

  protected async run(now: number): Promise<number> {
    let expired = 0;
    for (;;) {
      const due = await this.repo.dueExpiries(now, CLAIM_BATCH);
      for (const d of due) if (await this.claim(d.org_id, d.id, now)) expired++;
      if (due.length < CLAIM_BATCH) break;
    }
    return expired;
  }

  private async claim(orgId: string, id: string, now: number): Promise<boolean> {
    const done = await this.repo.transaction(async (tx) => {
      const row = await this.repo.claimDueExpiry(tx, orgId, id, now);
      if (!row) return false; // another sweeper holds or already expired it
      if (!(await this.repo.update(tx, orgId, id, 'approved', { status: 'expired', updated_at: now }))) return false;
      await this.repo.bumpVersion(tx, orgId);
      const after = { ...row, status: 'expired' as const, updated_at: now };
      await insertOutboxRows(tx, [
        outboxRow({
          orgId,
          type: 'exception.expired',
          severity: 'low',
          sourceTable: 'exceptions',
          sourceId: `${id}:expired`,
          occurredAt: row.expires_at ?? now,
          data: {
            host: { hostname: row.event_hostname, platform: null },
            evidence: { title: `Exception ${id} expired`, summary: `The exception for "${row.event_summary ?? ''}" expired at ${new Date(row.expires_at ?? now).toISOString()}.`, details: { exception: exceptionView(after) } },
          },
        }),
      ]);
      return true;
    });
    if (done) this.onExpired(orgId);
    return done;
  }
}
