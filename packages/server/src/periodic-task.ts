// The one loop behind every background worker of a server process (sweeps, flushes, the
// webhook worker). A pass runs, then the next is planned `intervalMs` after it ENDS, so a slow
// pass never overlaps the next one. A failed pass is logged and the loop goes on. stop() waits
// for a pass in progress, so a worker's last writes land before the store closes. The timer
// never keeps the process alive (unref).
import { describeError } from './error-summary.js';
import type { Logger } from './log.js';

/** The timer functions the loop uses; tests pass a fake to control time by hand. */
export interface TaskTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: TaskTimers = {
  setTimeout(run, ms) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface PeriodicTaskOptions {
  /** Names the task in the log line of a failed pass. */
  name: string;
  intervalMs: number;
  /** One pass. Its result is ignored; a rejection is logged as a warning. */
  pass: () => Promise<unknown> | unknown;
  logger: Pick<Logger, 'warn'>;
  /**
   * The delay before the next pass, asked after each pass; `wokenWithinMs` is the earliest
   * wake() that came in during the pass (null when none). Default: the sooner of the two.
   */
  nextDelayMs?: (wokenWithinMs: number | null) => number;
  timers?: TaskTimers;
}

export class PeriodicTask {
  private readonly timers: TaskTimers;
  private started = false;
  private timer: unknown = null;
  private timerAt = Infinity;
  private running: Promise<void> | null = null;
  /** The earliest time a wake() during the running pass asked for (Infinity: none). */
  private wokenAt = Infinity;

  constructor(private readonly options: PeriodicTaskOptions) {
    this.timers = options.timers ?? realTimers;
  }

  /** Starts the loop: the first pass after `firstDelayMs` (default: one interval). */
  start(firstDelayMs = this.options.intervalMs): void {
    if (this.started) return;
    this.started = true;
    this.plan(firstDelayMs);
  }

  /**
   * Asks for a pass within `withinMs` (default at once): brings the planned pass forward, or,
   * while a pass runs, plans the next one no later than that. Does nothing once stopped.
   */
  wake(withinMs = 0): void {
    if (!this.started) return;
    if (this.running) this.wokenAt = Math.min(this.wokenAt, Date.now() + withinMs);
    else this.plan(withinMs);
  }

  /** Whether a pass is running now. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Stops planning passes and resolves once the pass in progress (if any) has ended. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
    await this.running;
  }

  /** Plans the next pass `delayMs` from now, unless one is already planned sooner. */
  private plan(delayMs: number): void {
    if (!this.started) return;
    const at = Date.now() + delayMs;
    if (this.timer !== null) {
      if (this.timerAt <= at) return;
      this.timers.clearTimeout(this.timer);
    }
    this.timerAt = at;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.timerAt = Infinity;
      // `.then` runs after this assignment even when the pass is synchronous.
      this.running = this.runPass().then(() => {
        this.running = null;
        this.planNext();
      });
    }, delayMs);
  }

  private async runPass(): Promise<void> {
    try {
      await this.options.pass();
    } catch (err) {
      this.options.logger.warn(`${this.options.name} failed; will retry`, { err: describeError(err) });
    }
  }

  private planNext(): void {
    const woken = this.wokenAt === Infinity ? null : Math.max(0, this.wokenAt - Date.now());
    this.wokenAt = Infinity;
    if (!this.started) return;
    this.plan(this.options.nextDelayMs ? this.options.nextDelayMs(woken) : Math.min(this.options.intervalMs, woken ?? Infinity));
  }
}

/**
 * A periodic sweep that can also be run on demand (a test, or a server forcing one): calls that
 * come while a run is in progress share it, a failed run is logged and counts 0, and stop()
 * waits for the run in progress. Subclasses write `run`, which returns how much it did.
 */
export abstract class Sweeper {
  private readonly loop: PeriodicTask;
  private running: Promise<number> | null = null;

  constructor(
    private readonly name: string,
    private readonly logger: Pick<Logger, 'warn'>,
    intervalMs: number,
  ) {
    this.loop = new PeriodicTask({ name, intervalMs, pass: () => this.sweep(), logger });
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    if (this.running) await this.running;
  }

  /** One sweep; resolves with what `run` did (0 when it failed). */
  sweep(now = Date.now()): Promise<number> {
    this.running ??= this.run(now)
      .catch((err) => {
        this.logger.warn(`${this.name} failed; will retry`, { err: describeError(err) });
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  protected abstract run(now: number): Promise<number>;
}
