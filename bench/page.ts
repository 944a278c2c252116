// Admin page benchmark (issue #19, "Must show"): the fleet page's first screen (GET / with a
// session: six stat cards, filter counts, version chart and the first 50 rows, rendered as HTML)
// at 100,000 workstations. Signs in through the sign-in form like a browser, then times GET /.
//   node --conditions=source --import tsx bench/page.ts [--store sqlite|mysql] [--hosts 100000] [--runs 20]
//     [--restarts 5] [--keep NAME]   (--runs 0 --restarts 0 --keep NAME: seed only)
// Server time is the page handler's Server-Timing figure (queries and rendering); the client
// time on loopback is printed beside it. Goal: server p95 < 300 ms, cold and warm.
// Cold is timed two ways, each sample a first render: after a server restart (--restarts
// samples: a new process cache and new database connections), and with the stat-card cache
// emptied before every load (what a load pays once the cards have expired). --keep NAME keeps
// the seeded fleet and a later run with the same name reuses it (bench/in-process-server.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOrg } from '../packages/server/src/index.js';
import { arg, startBenchServer } from './in-process-server.js';
import { seedFleet } from './fleet-seed.js';
import { fleetStatsCache } from '../packages/server/src/routes/page/fleet.js';

const bench = await startBenchServer('page');
const { store, hosts, runs, log, close } = bench;
const restarts = Number(arg('restarts', '5'));
try {
  const seededFile = join(bench.dir, 'seeded.json');
  let seeded: { orgId: string; adminKey: string; hosts: number; counts: Record<string, number> };
  if (bench.reused) {
    seeded = JSON.parse(readFileSync(seededFile, 'utf8'));
    if (seeded.hosts !== hosts) throw new Error(`--keep: this fleet has ${seeded.hosts} hosts, not ${hosts}`);
    log(`reusing ${seeded.hosts} seeded workstations on ${store}`);
  } else {
    const knex = bench.server.deps.store.knex;
    const org = await createOrg(bench.server.deps.store.accounts, { name: 'Bench', plan: 'enterprise' });
    log(`seeding ${hosts} workstations on ${store} …`);
    await bench.server.deps.fleet.classifier.stop();
    const counts = await seedFleet(knex, bench.server.deps.store.dialect, { hosts, orgId: org.org_id, now: Date.now(), log });
    if (store === 'sqlite') await knex.raw('ANALYZE');
    else for (const table of ['workstations', 'workstation_surfaces', 'sessions', 'skills', 'shield_events']) await knex.raw(`ANALYZE TABLE \`${table}\``);
    seeded = { orgId: org.org_id, adminKey: org.admin_key, hosts, counts };
    writeFileSync(seededFile, JSON.stringify(seeded));
  }
  // Classify every due host now, so no background classification competes with the timing.
  const settle = async () => {
    const classifier = bench.server.deps.fleet.classifier;
    await classifier.stop();
    for (let n = -1; n !== 0; ) n = await classifier.runDue(Date.now());
    classifier.start();
  };
  await settle();
  const knex = () => bench.server.deps.store.knex;

  // Sign in through the form, as a browser does. The session is stored, so it outlives restarts.
  const signInPage = await fetch(bench.server.url + '/');
  const csrfCookie = signInPage.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('svc_signin_csrf='))!;
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await signInPage.text())![1];
  const signIn = await fetch(bench.server.url + '/signin', {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: csrf, key: seeded.adminKey }).toString(),
  });
  const session = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('svc_session='));
  if (signIn.status !== 303 || !session) throw new Error(`sign-in failed: ${signIn.status}`);

  const timeGet = async (path: string) => {
    const started = performance.now();
    const api = path.startsWith('/api/');
    const res = await fetch(bench.server.url + path, { headers: api ? { authorization: `Bearer ${seeded.adminKey}` } : { cookie: session } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    const total = performance.now() - started;
    // Server time: the page handler's own Server-Timing figure; for API cases, the client time.
    const dur = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
    return { ms: dur ? Number(dur[1]) : total, total, bytes: text.length, rows: (text.match(/<tr>/g) ?? []).length };
  };
  const pct = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
  const report = (name: string, goal: number | null, times: number[], client: number[], last: { bytes: number; rows: number }) => {
    const p95 = pct(times, 95);
    const verdict = goal === null ? '(info)' : p95 < goal ? `ok (<${goal})` : `OVER ${goal}`;
    console.log(`${name.padEnd(34)} ${String(times.length).padStart(3)} ${String(last.rows).padStart(5)} ${(last.bytes / 1024).toFixed(0).padStart(6)} ${pct(times, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${Math.max(...times).toFixed(1).padStart(8)} ${pct(client, 95).toFixed(1).padStart(10)}  ${verdict}`);
  };

  const firstId = (await knex()('workstations').where('org_id', seeded.orgId).orderBy('last_seen_at', 'desc').first('id')).id;
  console.log(`\nAdmin page benchmark: ${store}, ${seeded.counts.workstations} workstations, ${runs} runs per case, ${restarts} restarts`);
  console.log('server ms: the page handler (Server-Timing); client ms: the whole request on loopback');
  console.log(`${'case'.padEnd(34)} ${'n'.padStart(3)} ${'rows'.padStart(5)} ${'KiB'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'client p95'.padStart(10)}  goal (server p95)`);

  // Cold, after a restart: the first GET / of a new server process, one sample per restart.
  if (restarts > 0) {
    const times: number[] = [];
    const client: number[] = [];
    let last = { bytes: 0, rows: 0 };
    for (let i = 0; i < restarts; i++) {
      await bench.restart();
      await settle();
      // The cache is the module's, and this process outlives the server it restarted.
      fleetStatsCache.forget();
      const r = await timeGet('/');
      times.push(r.ms);
      client.push(r.total);
      last = r;
    }
    report('fleet first screen, after restart', 300, times, client, last);
  }

  const cases: [string, string, number | null, boolean?][] = [
    // Cold: the stat cards are computed on this load (the page keeps them for a few seconds).
    ['fleet first screen, cold cards', '/', 300, true],
    ['fleet first screen, warm (GET /)', '/', 300],
    ['fleet filtered (risk=high)', '/?risk=high', 300],
    ['fleet search (00042)', '/?search=00042', 300],
    ['host detail (overview)', `/hosts/${firstId}`, null],
    ['skills', '/skills', null],
    ['(API) stat cards', '/api/v1/admin/fleet/stats', null],
    ['(API) first list page', '/api/v1/admin/workstations', null],
  ];
  // --runs 0 --restarts 0 only seeds (with --keep, for later runs).
  for (const [name, path, goal, cold] of runs > 0 ? cases : []) {
    for (let w = 0; w < 2; w++) await timeGet(path);
    const times: number[] = [];
    const client: number[] = [];
    let last = { bytes: 0, rows: 0 };
    for (let i = 0; i < runs; i++) {
      if (cold) fleetStatsCache.forget();
      const r = await timeGet(path);
      times.push(r.ms);
      client.push(r.total);
      last = r;
    }
    report(name, goal, times, client, last);
  }
} finally {
  await close();
}
