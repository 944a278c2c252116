// The delivery worker of one server process. Every tick it dispatches new outbox rows into
// deliveries, claims the attempts that are due, and sends them concurrently (bounded). All
// state is in the store, so any number of processes may run it on one MySQL database, and a
// process that is killed loses nothing but the lease of the attempts it had in flight.
//
// Latency: a tick runs every POLL_MS (an outbox row written by any process is seen within
// that), at once on wake() (this process's own writes, e.g. a test event), and exactly when a
// retry this worker scheduled falls due.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Agent } from 'undici';
import type { ServerConfig } from '../config.js';
import { describeError } from '../error-summary.js';
import type { Logger } from '../log.js';
import { PeriodicTask } from '../periodic-task.js';
import { isLockConflict, type NotificationsRepo } from '../store/notifications-repo.js';
import { createWebhookAgent } from './address-guard.js';
import { cancelClaimed, claimDueDeliveries, recordAttempt, type ClaimedDelivery } from './claims.js';
import { dispatchOutbox } from './dispatch.js';
import { sendAttempt, type AttemptResult } from './sender.js';

const POLL_MS = 250;
const DISPATCH_BATCH = 200;
/** Most dispatch batches per tick, so a backlog cannot starve the sending of due attempts. */
const DISPATCH_BATCHES_PER_TICK = 10;
const MAX_IN_FLIGHT = 32;
/** A lease outlasts the attempt's hard deadline by this much (time to record the result). */
const LEASE_MARGIN_MS = 10_000;
const MAX_BACKOFF_MS = 5_000;

export class NotificationWorker {
  readonly id = `${hostname().slice(0, 50)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  readonly stats = { ticks: 0, dispatchedEvents: 0, createdDeliveries: 0, attempts: 0, lostLeases: 0, errors: 0 };
  private readonly agent: Agent;
  private readonly loop: PeriodicTask;
  private running = false;
  private readonly inFlight = new Set<Promise<void>>();
  /** Earliest retry this worker scheduled itself: wake up for it instead of waiting a poll. */
  private localDueAt = Infinity;
  private lockConflict = false;
  private consecutiveFailures = 0;

  constructor(
    private readonly notifications: NotificationsRepo,
    private readonly config: ServerConfig,
    private readonly logger: Logger,
  ) {
    this.agent = createWebhookAgent({ allowPrivate: config.webhookAllowPrivate, connectTimeoutMs: config.webhookTimeoutMs });
    this.loop = new PeriodicTask({ name: 'webhook worker tick', intervalMs: POLL_MS, pass: () => this.tick(), nextDelayMs: (woken) => this.nextDelay(woken), logger });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop.start(0);
  }

  /** Run a tick now (call after writing outbox rows in this process). */
  wake(): void {
    this.loop.wake();
  }

  /** Stops claiming; attempts in flight finish (bounded by the attempt timeout) and are recorded. */
  async stop(): Promise<void> {
    this.running = false;
    await this.loop.stop();
    await Promise.allSettled([...this.inFlight]);
    await this.agent.close();
  }

  /** After a tick: at once when woken, else when a retry falls due, within a poll at most. */
  private nextDelay(wokenWithinMs: number | null): number {
    const now = Date.now();
    if (this.localDueAt <= now) this.localDueAt = Infinity;
    let delay = Math.max(0, Math.min(POLL_MS, this.localDueAt - now, wokenWithinMs ?? Infinity));
    if (this.lockConflict) delay = 10 + Math.random() * 40; // soon, but not in lockstep with the other process
    // A store that keeps failing (down, read-only) is retried with backoff, not every poll.
    if (this.consecutiveFailures > 0) delay = Math.min(MAX_BACKOFF_MS, POLL_MS * 2 ** this.consecutiveFailures);
    this.lockConflict = false;
    return delay;
  }

  private async tick(): Promise<void> {
    this.stats.ticks++;
    try {
      for (let i = 0; i < DISPATCH_BATCHES_PER_TICK && this.running; i++) {
        const result = await dispatchOutbox(this.notifications, DISPATCH_BATCH);
        this.stats.dispatchedEvents += result.events;
        this.stats.createdDeliveries += result.deliveries;
        if (result.events < DISPATCH_BATCH) break;
      }
      if (!this.running) return;
      const claims = await claimDueDeliveries(this.notifications, this.id, {
        limit: MAX_IN_FLIGHT - this.inFlight.size,
        leaseMs: this.config.webhookTimeoutMs + LEASE_MARGIN_MS,
      });
      this.consecutiveFailures = 0;
      for (const claim of claims) {
        const job: Promise<void> = this.deliver(claim).finally(() => this.inFlight.delete(job));
        this.inFlight.add(job);
      }
    } catch (err) {
      if (isLockConflict(err)) {
        // Another process held the rows; nothing was written. Try again shortly.
        this.lockConflict = true;
        this.logger.debug('webhook worker tick hit a lock conflict; retrying', { worker: this.id, err: describeError(err) });
      } else {
        this.stats.errors++;
        this.consecutiveFailures = Math.min(this.consecutiveFailures + 1, 10);
        this.logger.error('webhook worker tick failed', { worker: this.id, err: describeError(err), consecutive: this.consecutiveFailures });
      }
    }
  }

  /** A lock conflict while recording must not lose an answered attempt: try a few times. */
  private async recordWithRetry(claim: ClaimedDelivery, result: AttemptResult): Promise<Awaited<ReturnType<typeof recordAttempt>>> {
    for (let i = 1; ; i++) {
      try {
        return await recordAttempt(this.notifications, this.id, claim, result, this.config.webhookRetryScale);
      } catch (err) {
        if (i >= 5 || !isLockConflict(err)) throw err;
        await new Promise((r) => setTimeout(r, 20 * i));
      }
    }
  }

  private async deliver(claim: ClaimedDelivery): Promise<void> {
    try {
      const dest = claim.destination;
      if (!dest || dest.deleted || !dest.secret) {
        await cancelClaimed(this.notifications, this.id, claim);
        return;
      }
      this.stats.attempts++;
      const result = await sendAttempt(
        this.agent,
        { url: dest.url, kind: dest.kind, secret: dest.secret, credential: dest.credential, options: dest.options, deliveryId: claim.id, payload: claim.payload },
        this.config.webhookTimeoutMs,
      );
      const recorded = await this.recordWithRetry(claim, result);
      // The URL is not logged: chat webhook URLs carry their secret in the path.
      this.logger.info('webhook attempt', {
        delivery_id: claim.id,
        destination_id: claim.destinationId,
        event_type: claim.payload.event_type,
        attempt: claim.attemptNo,
        status_code: result.statusCode,
        error: result.errorClass,
        latency_ms: result.latencyMs,
        status: recorded.status,
      });
      if (!recorded.recorded) {
        this.stats.lostLeases++;
        this.logger.warn('webhook attempt result not recorded: the delivery was canceled or its lease taken over meanwhile', { delivery_id: claim.id, attempt: claim.attemptNo });
      } else if (recorded.nextAttemptAt !== null) {
        this.localDueAt = Math.min(this.localDueAt, recorded.nextAttemptAt);
        if (!this.loop.busy) this.loop.wake(Math.max(0, Math.min(POLL_MS, recorded.nextAttemptAt - Date.now())));
      }
    } catch (err) {
      // The lease expires and the attempt is sent again later (at-least-once; see claims.ts).
      this.stats.errors++;
      this.logger.error('webhook attempt could not be recorded', { delivery_id: claim.id, err: describeError(err) });
    }
  }
}
