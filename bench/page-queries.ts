// Where the fleet page's first screen spends its time, query by query, on a fleet a page bench
// run kept (bench/page.ts --keep NAME): each step of the stat cards and the first list page run
// alone, the median of --runs timings, then the plan of every SQL statement they sent. The CPU
// time is this process's (on SQLite the queries run in it; on MySQL the server's is not counted).
//   node --conditions=source --import tsx bench/page-queries.ts --store sqlite|mysql --keep NAME [--hosts 100000] [--runs 9]
import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { join } from 'node:path';
import { startBenchServer } from './in-process-server.js';
import { fleetStatsView } from '../packages/server/src/fleet/fleet-stats.js';
import { classCounters } from '../packages/server/src/fleet/stats-counters.js';
import { DEFAULT_PAGE, listWorkstations } from '../packages/server/src/fleet/workstation-list.js';
import { STATS_WINDOW_MS } from '../packages/server/src/fleet/derive/index.js';

const bench = await startBenchServer('page');
try {
  if (!bench.reused) throw new Error('run bench/page.ts with the same --store and --keep first');
  const { orgId } = JSON.parse(readFileSync(join(bench.dir, 'seeded.json'), 'utf8')) as { orgId: string };
  await bench.server.deps.fleet.classifier.stop();
  const reads = bench.server.deps.store.fleetReads;
  const knex = bench.server.deps.store.knex;
  const sent: { sql: string; bindings: readonly unknown[] }[] = [];
  knex.on('query', (q: { sql: string; bindings?: readonly unknown[] }) => sent.push({ sql: q.sql, bindings: q.bindings ?? [] }));
  const org = { id: orgId, plan: 'enterprise' as const };
  const steps: [string, () => Promise<unknown>][] = [
    ['classCounters (cards, filters, versions)', () => classCounters(reads, orgId, Date.now())],
    ['deniedSince (blocked actions 7d)', () => reads.deniedSince(orgId, Date.now() - STATS_WINDOW_MS)],
    ['fleetStatsView (all three)', () => fleetStatsView(reads, orgId)],
    ['listWorkstations (first 50 rows)', () => listWorkstations(reads, org, {}, { limit: DEFAULT_PAGE })],
  ];
  const runs = Number(process.argv.includes('--runs') ? bench.runs : 9);
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`\nFirst-screen steps: ${bench.store}, median of ${runs} runs`);
  const statements = new Map<string, { sql: string; bindings: readonly unknown[] }>();
  for (const [name, run] of steps) {
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < runs; i++) {
      sent.length = 0;
      const t = performance.now();
      const c = process.cpuUsage();
      await run();
      const used = process.cpuUsage(c);
      times.push(performance.now() - t);
      cpu.push((used.user + used.system) / 1000);
      for (const s of sent) if (/^select /i.test(s.sql)) statements.set(s.sql, s);
    }
    console.log(`${name.padEnd(40)} ${median(times).toFixed(1).padStart(8)} ms   (min ${Math.min(...times).toFixed(1).padStart(6)})   this process's CPU ${median(cpu).toFixed(1).padStart(6)} ms`);
  }
  console.log('\nPlans:');
  for (const { sql, bindings } of statements.values()) {
    const rows = (await knex.raw(`${bench.store === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${sql}`, bindings as readonly Knex.RawBinding[])) as unknown;
    const list = (bench.store === 'mysql' ? (rows as unknown[][])[0] : rows) as Record<string, unknown>[];
    console.log(`\n${sql.slice(0, 300)}${sql.length > 300 ? ' …' : ''}`);
    for (const r of list) console.log(`  ${bench.store === 'sqlite' ? r.detail : `${r.table} type=${r.type} key=${r.key} rows=${r.rows} extra=${r.Extra}`}`);
  }
} finally {
  await bench.close();
}
