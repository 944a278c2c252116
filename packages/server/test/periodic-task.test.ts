// The periodic loop every background worker runs on (src/periodic-task.ts). Time is a fake:
// the test holds the planned timers and fires them itself, and passes end when the test
// resolves them, so every assertion is about order, never about how long anything took.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PeriodicTask, type TaskTimers } from '../src/periodic-task.js';

class FakeTimers implements TaskTimers {
  private next = 1;
  readonly planned = new Map<number, { run: () => void; ms: number }>();
  setTimeout(run: () => void, ms: number): number {
    const id = this.next++;
    this.planned.set(id, { run, ms });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.planned.delete(handle as number);
  }
  /** The delays of the timers planned now. */
  delays(): number[] {
    return [...this.planned.values()].map((t) => t.ms);
  }
  /** Fires the one planned timer, as if its time had come. */
  fire(): void {
    assert.equal(this.planned.size, 1, 'exactly one timer is planned');
    const [id, t] = [...this.planned][0];
    this.planned.delete(id);
    t.run();
  }
}

/** A pass the test finishes by hand. */
function gatedPasses() {
  const gates: (() => void)[] = [];
  let started = 0;
  return {
    pass: () => {
      started++;
      return new Promise<void>((resolve) => gates.push(resolve));
    },
    started: () => started,
    finish: async () => {
      gates.shift()!();
      await settle();
    },
  };
}

const settle = () => new Promise((r) => setImmediate(r));
const quietLogger = () => {
  const warnings: { msg: string; fields?: Record<string, unknown> }[] = [];
  return { warnings, logger: { warn: (msg: string, fields?: Record<string, unknown>) => void warnings.push({ msg, fields }) } };
};

describe('PeriodicTask', () => {
  test('runs a pass per interval, planning the next one only after the previous pass ended', async () => {
    const timers = new FakeTimers();
    const passes = gatedPasses();
    const task = new PeriodicTask({ name: 'sweep', intervalMs: 500, pass: passes.pass, logger: quietLogger().logger, timers });
    task.start();
    assert.deepEqual(timers.delays(), [500]);
    timers.fire();
    assert.equal(passes.started(), 1);
    assert.deepEqual(timers.delays(), [], 'no pass is planned while one runs');
    await passes.finish();
    assert.deepEqual(timers.delays(), [500]);
    timers.fire();
    assert.equal(passes.started(), 2);
    await passes.finish();
    await task.stop();
    assert.deepEqual(timers.delays(), []);
  });

  test('stop() waits for the pass in progress and plans nothing after it', async () => {
    const timers = new FakeTimers();
    const passes = gatedPasses();
    const task = new PeriodicTask({ name: 'flush', intervalMs: 1000, pass: passes.pass, logger: quietLogger().logger, timers });
    task.start(0);
    timers.fire();
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await settle();
    assert.equal(stopped, false, 'stop() is still waiting for the pass');
    await passes.finish();
    await stopping;
    assert.equal(stopped, true);
    assert.deepEqual(timers.delays(), []);
    task.wake();
    assert.deepEqual(timers.delays(), [], 'a stopped task ignores wake()');
  });

  test('a failed pass is logged without its data and the loop goes on', async () => {
    const timers = new FakeTimers();
    const { warnings, logger } = quietLogger();
    let n = 0;
    const task = new PeriodicTask({
      name: 'offline sweep',
      intervalMs: 100,
      logger,
      timers,
      pass: () => {
        n++;
        if (n === 1) throw new Error("insert into t values ('secret-row') - database is locked");
        return Promise.reject(new Error('second failure'));
      },
    });
    task.start();
    timers.fire();
    await settle();
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0].msg, 'offline sweep failed; will retry');
    assert.doesNotMatch(String(warnings[0].fields?.err), /secret-row/);
    assert.deepEqual(timers.delays(), [100], 'the next pass is planned after a synchronous throw');
    timers.fire();
    await settle();
    assert.equal(warnings.length, 2);
    assert.deepEqual(timers.delays(), [100], 'and after a rejection');
    await task.stop();
  });

  test('wake() brings the planned pass forward, and during a pass plans the next one at once', async () => {
    const timers = new FakeTimers();
    const passes = gatedPasses();
    const task = new PeriodicTask({ name: 'worker', intervalMs: 250, pass: passes.pass, logger: quietLogger().logger, timers });
    task.start();
    assert.deepEqual(timers.delays(), [250]);
    task.wake();
    assert.deepEqual(timers.delays(), [0], 'the earlier plan replaces the later one');
    task.wake(100);
    assert.deepEqual(timers.delays(), [0], 'a later wake does not delay a sooner pass');
    timers.fire();
    assert.equal(task.busy, true);
    task.wake();
    await passes.finish();
    assert.equal(task.busy, false);
    assert.deepEqual(timers.delays(), [0], 'woken during the pass: the next runs right after it');
    timers.fire();
    await passes.finish();
    assert.deepEqual(timers.delays(), [250], 'then back to the interval');
    await task.stop();
  });

  test('nextDelayMs decides the delay after each pass and hears of wakes during it', async () => {
    const timers = new FakeTimers();
    const passes = gatedPasses();
    const heard: (number | null)[] = [];
    const task = new PeriodicTask({
      name: 'worker',
      intervalMs: 250,
      pass: passes.pass,
      logger: quietLogger().logger,
      timers,
      nextDelayMs: (woken) => {
        heard.push(woken);
        return 5_000; // e.g. a backoff while the store keeps failing
      },
    });
    task.start(0);
    timers.fire();
    await passes.finish();
    timers.fire();
    task.wake();
    await passes.finish();
    assert.equal(heard[0], null);
    assert.equal(typeof heard[1], 'number');
    assert.equal(heard[1], 0, 'the wake asked for a pass at once');
    assert.deepEqual(timers.delays(), [5000]);
    await task.stop();
  });

  test('start() twice plans one loop', async () => {
    const timers = new FakeTimers();
    const task = new PeriodicTask({ name: 'x', intervalMs: 10, pass: () => undefined, logger: quietLogger().logger, timers });
    task.start();
    task.start();
    assert.equal(timers.planned.size, 1);
    await task.stop();
  });

  test('with the real timers, a started task does not keep the process alive and stop() ends it', async () => {
    let passes = 0;
    const task = new PeriodicTask({ name: 'real', intervalMs: 60_000, pass: () => void passes++, logger: quietLogger().logger });
    task.start(0);
    await new Promise((r) => setTimeout(r, 5)); // lets the zero-delay pass run (order only, no timing is asserted)
    await task.stop();
    assert.equal(passes, 1);
  });
});
