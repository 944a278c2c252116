// HTTP benchmark of the hot path (issue: "Speed, measured"): autocannon drives
// POST /api/v1/claude-code/evaluate with 50 connections on each store, next to a bare Koa JSON
// endpoint in the same run, and prints requests/s, p50/p99 and the ratio. Then it counts the
// stored decisions against the acknowledged (2xx) requests: they must be equal.
//   node --conditions=source --import tsx bench/http.ts [--stores sqlite,mysql] [--requests 40000]
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import knexFactory from 'knex';
import { freshStore, REPO_ROOT, startServerProcess } from './support.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const requests = Number(arg('requests', '40000'));
const stores = arg('stores', 'sqlite,mysql').split(',') as ('sqlite' | 'mysql')[];
const CONNECTIONS = 50;

const payload = JSON.stringify({
  session_id: 'bench-session',
  cwd: '/home/dev/app',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'npm test -- --watch=false', description: 'Run the tests' },
});

interface Run {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>): Promise<Run> {
  // A short warm-up so the JIT and caches are hot before measuring.
  // Fixed request counts (not durations), so every request sent is answered and counted.
  const warm = await autocannon({ url, method: 'POST', headers, body: payload, connections: CONNECTIONS, amount: 2_000 });
  const t0 = performance.now();
  const r = await autocannon({ url, method: 'POST', headers, body: payload, connections: CONNECTIONS, amount: requests });
  const seconds = (performance.now() - t0) / 1000;
  return {
    // Requests over wall time: autocannon's per-second average is coarse for short runs.
    rps: r['2xx'] / seconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: warm['2xx'] + r['2xx'],
    non2xx: warm.non2xx + r.non2xx,
    errors: warm.errors + warm.timeouts + r.errors + r.timeouts,
  };
}

async function bare(): Promise<Run> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bench', 'bare-koa.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url: string = await new Promise((resolve) => child.stdout!.once('data', (d) => resolve(JSON.parse(String(d)).url)));
  try {
    return await load(url + '/evaluate', { 'content-type': 'application/json' });
  } finally {
    child.kill('SIGTERM');
  }
}

async function ours(store: 'sqlite' | 'mysql'): Promise<Run & { stored: number; acknowledged: number }> {
  const target = await freshStore(store);
  const server = await startServerProcess(target.env);
  let run: Run;
  try {
    // Identity headers as install-hooks writes them: one workstation, heartbeats coalesced.
    run = await load(server.url + '/api/v1/claude-code/evaluate', {
      'content-type': 'application/json',
      authorization: `Bearer ${server.runtimeKey}`,
      'x-hostname': 'bench-host',
      'x-machine-id': 'bench-machine',
    });
  } finally {
    await server.stop(); // graceful: every acknowledged decision is committed before exit
  }
  const knex = target.env.DATABASE_URL
    ? knexFactory({ client: 'mysql2', connection: target.env.DATABASE_URL })
    : knexFactory({ client: 'better-sqlite3', connection: { filename: join(target.env.SERVICE_DATA_DIR, 'service.db') }, useNullAsDefault: true });
  const row = await knex('shield_events').count<{ n: number }[]>({ n: '*' }).first();
  await knex.destroy();
  await target.drop();
  // Warm-up requests were acknowledged and stored too: `ok` counts the 2xx answers of both runs.
  return { ...run, stored: Number(row?.n ?? 0), acknowledged: run.ok };
}

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
console.log(`HTTP benchmark: ${CONNECTIONS} connections, ${requests} requests per target (after 2,000 warm-up), POST with a ${payload.length}-byte hook payload`);
const baseline = await bare();
console.log(`bare Koa JSON endpoint      ${fmt(baseline.rps)} req/s   p50 ${baseline.p50} ms   p99 ${baseline.p99} ms`);
let failed = false;
for (const store of stores) {
  const r = await ours(store);
  const ratio = r.rps / baseline.rps;
  const goal = store === 'sqlite' ? 0.5 : 0.35;
  console.log(
    `evaluate on ${store.padEnd(6)}          ${fmt(r.rps)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   ratio ${(ratio * 100).toFixed(1)}% (goal ≥ ${goal * 100}%, p99 ≤ 15 ms)`,
  );
  console.log(`  non-2xx ${r.non2xx}, errors ${r.errors}; stored decisions ${r.stored} vs acknowledged requests ${r.acknowledged}${r.stored === r.acknowledged ? ' (equal)' : ' (MISMATCH)'}`);
  if (r.non2xx > 0 || r.errors > 0 || r.stored !== r.acknowledged) failed = true;
}
process.exit(failed ? 1 : 0);
