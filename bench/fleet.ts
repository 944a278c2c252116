// Fleet read benchmark (issue 3, "Must show"): 100,000 registered workstations with sessions and
// inventory, then the first page of every `service fleet ls` filter and the stat cards, timed
// through the real HTTP admin API.
//   node --conditions=source --import tsx bench/fleet.ts [--store sqlite|mysql] [--hosts 100000] [--runs 20]
// SQLite: a temp directory. MySQL: a fresh database on SERVICE_TEST_MYSQL_URL (default
// mysql://root@127.0.0.1:3306), dropped afterwards. Goal: first page p95 < 200 ms, stats < 500 ms.
import { createOrg } from '../packages/server/src/index.js';
import { startBenchServer } from './in-process-server.js';
import { seedFleet } from './fleet-seed.js';

const { store, hosts, runs, server, log, close } = await startBenchServer('fleet');
const knex = server.deps.store.knex;
try {
  const org = await createOrg(server.deps.store.accounts, { name: 'Bench', plan: 'enterprise' });
  const now = Date.now();
  log(`seeding ${hosts} workstations on ${store} …`);
  let t = performance.now();
  // The classifier would start refreshing seeded rows whose thresholds pass while seeding runs.
  await server.deps.fleet.classifier.stop();
  const counts = await seedFleet(knex, server.deps.store.dialect, { hosts, orgId: org.org_id, now, log });
  server.deps.fleet.classifier.start();
  const seedSeconds = (performance.now() - t) / 1000;
  if (store === 'sqlite') await knex.raw('ANALYZE');
  else for (const table of ['workstations', 'workstation_surfaces', 'sessions', 'skills', 'mcp_servers', 'plugins', 'shield_events']) await knex.raw(`ANALYZE TABLE \`${table}\``);

  // The classifier's own throughput, on a sample of hosts marked dirty (as heartbeats would).
  const sample = 2000;
  const sampleIds = (await knex('workstations').where('org_id', org.org_id).orderBy('id').limit(sample).select('id')).map((x: { id: string }) => x.id);
  for (let i = 0; i < sampleIds.length; i += 500) await knex('workstations').whereIn('id', sampleIds.slice(i, i + 500)).update({ class_valid_until: 0 });
  t = performance.now();
  let classified = 0;
  for (let n = -1; n !== 0; ) {
    n = await server.deps.fleet.classifier.runDue(Date.now());
    classified += n;
  }
  const classifyRate = classified / ((performance.now() - t) / 1000);

  const call = async (path: string) => {
    const started = performance.now();
    const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${org.admin_key}` } });
    const body = (await res.json()) as Record<string, any>;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, body };
  };
  const firstPage = await call('/api/v1/admin/workstations');
  const cases: Array<[string, string]> = [
    ['fleet ls (no filter)', '/api/v1/admin/workstations'],
    ['fleet ls page 2 (cursor)', `/api/v1/admin/workstations?cursor=${firstPage.body.next_cursor}`],
    ['--surface claude-code', '/api/v1/admin/workstations?surface=claude-code'],
    ['--surface cursor', '/api/v1/admin/workstations?surface=cursor'],
    ['--surface antigravity (rare)', '/api/v1/admin/workstations?surface=antigravity'],
    ['--surface grok (none)', '/api/v1/admin/workstations?surface=grok'],
    ['--status online', '/api/v1/admin/workstations?status=online'],
    ['--status offline', '/api/v1/admin/workstations?status=offline'],
    ['--risk high', '/api/v1/admin/workstations?risk=high'],
    ['--risk medium', '/api/v1/admin/workstations?risk=medium'],
    ['--risk low', '/api/v1/admin/workstations?risk=low'],
    ['--runtime standby', '/api/v1/admin/workstations?runtime=standby'],
    ['--runtime degraded', '/api/v1/admin/workstations?runtime=degraded'],
    ['--runtime missing', '/api/v1/admin/workstations?runtime=missing'],
    ['--runtime unknown', '/api/v1/admin/workstations?runtime=unknown'],
    ['--shadow-ai', '/api/v1/admin/workstations?shadow_ai=true'],
    ['--missing-hook', '/api/v1/admin/workstations?missing_hook=true'],
    ['--search 00042 (substring)', '/api/v1/admin/workstations?search=00042'],
    ['--search nomatch', '/api/v1/admin/workstations?search=nomatch'],
    ['--status offline --risk high', '/api/v1/admin/workstations?status=offline&risk=high'],
    ['--limit 200', '/api/v1/admin/workstations?limit=200'],
    ['stat cards (fleet/stats)', '/api/v1/admin/fleet/stats'],
    ['skills ls (inventory)', '/api/v1/admin/inventory/skills'],
    ['mcp ls (inventory)', '/api/v1/admin/inventory/mcp-servers'],
    ['host detail (fleet show)', `/api/v1/admin/workstations/${firstPage.body.workstations[0].id}`],
  ];
  const pct = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
  const results: Array<{ name: string; rows: number; p50: number; p95: number; max: number }> = [];
  for (const [name, path] of cases) {
    for (let w = 0; w < 2; w++) await call(path); // warm caches and the statement path
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < runs; i++) {
      const r = await call(path);
      times.push(r.ms);
      rows = (r.body.workstations ?? r.body.skills ?? r.body.mcp_servers ?? (r.body.total !== undefined ? [r.body.total] : [1])).length;
    }
    results.push({ name, rows, p50: pct(times, 50), p95: pct(times, 95), max: Math.max(...times) });
  }

  const stats = (await call('/api/v1/admin/fleet/stats')).body;
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (x: number) => x.toFixed(1).padStart(8);
  console.log(`\nFleet benchmark: ${store}, ${counts.workstations} workstations, ${runs} runs per case (through HTTP)`);
  console.log(`seeded in ${seedSeconds.toFixed(1)} s: ${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ')}`);
  console.log(`stats: total ${stats.total}, online ${stats.cards.live_coverage.online}, action needed ${stats.cards.action_needed}, blocked 7d ${stats.cards.blocked_actions_7d}`);
  console.log(`classifier: ${classified} dirty hosts re-classified at ${classifyRate.toFixed(0)} hosts/s\n`);
  console.log(`${pad('case', 32)} ${'rows'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}  goal`);
  for (const r of results) {
    const goal = r.name.startsWith('stat') ? 500 : r.name.includes('inventory') || r.name.includes('detail') ? null : 200;
    const verdict = goal === null ? '(info)' : r.p95 < goal ? `ok (<${goal})` : `OVER ${goal}`;
    console.log(`${pad(r.name, 32)} ${String(r.rows).padStart(5)} ${num(r.p50)} ${num(r.p95)} ${num(r.max)}  ${verdict}`);
  }
} finally {
  await close();
}
