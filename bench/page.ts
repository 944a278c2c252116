// Admin page benchmark (issue #19, "Must show"): the fleet page's first screen (GET / with a
// session: six stat cards, filter counts, version chart and the first 50 rows, rendered as HTML)
// at 100,000 workstations. Signs in through the sign-in form like a browser, then times GET /.
//   node --conditions=source --import tsx bench/page.ts [--store sqlite|mysql] [--hosts 100000] [--runs 20]
// Server time is the page handler's Server-Timing figure (queries and rendering); the client
// time on loopback is printed beside it. Goal: server p95 < 300 ms.
import { createOrg } from '../packages/server/src/index.js';
import { startBenchServer } from './in-process-server.js';
import { seedFleet } from './fleet-seed.js';
import { fleetStatsCache } from '../packages/server/src/routes/page/fleet.js';

const { store, hosts, runs, server, log, close } = await startBenchServer('page');
const knex = server.deps.store.knex;
try {
  const org = await createOrg(server.deps.store.accounts, { name: 'Bench', plan: 'enterprise' });
  log(`seeding ${hosts} workstations on ${store} …`);
  await server.deps.fleet.classifier.stop();
  const counts = await seedFleet(knex, server.deps.store.dialect, { hosts, orgId: org.org_id, now: Date.now(), log });
  // Classify every seeded host now, so no background classification competes with the timing.
  for (let n = -1; n !== 0; ) n = await server.deps.fleet.classifier.runDue(Date.now());
  server.deps.fleet.classifier.start();
  if (store === 'sqlite') await knex.raw('ANALYZE');
  else for (const table of ['workstations', 'workstation_surfaces', 'sessions', 'skills', 'shield_events']) await knex.raw(`ANALYZE TABLE \`${table}\``);

  // Sign in through the form, as a browser does.
  const signInPage = await fetch(server.url + '/');
  const csrfCookie = signInPage.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('svc_signin_csrf='))!;
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await signInPage.text())![1];
  const signIn = await fetch(server.url + '/signin', {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: csrf, key: org.admin_key }).toString(),
  });
  const session = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('svc_session='));
  if (signIn.status !== 303 || !session) throw new Error(`sign-in failed: ${signIn.status}`);

  const timeGet = async (path: string) => {
    const started = performance.now();
    const api = path.startsWith('/api/');
    const res = await fetch(server.url + path, { headers: api ? { authorization: `Bearer ${org.admin_key}` } : { cookie: session } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    const total = performance.now() - started;
    // Server time: the page handler's own Server-Timing figure; for API cases, the client time.
    const dur = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
    return { ms: dur ? Number(dur[1]) : total, total, bytes: text.length, rows: (text.match(/<tr>/g) ?? []).length };
  };
  const firstId = (await knex('workstations').where('org_id', org.org_id).orderBy('last_seen_at', 'desc').first('id')).id;
  const cases: [string, string, number | null, boolean?][] = [
    // Cold: the stat cards are computed on this load (the page keeps them for 5 s).
    ['fleet first screen, cold cards', '/', 300, true],
    ['fleet first screen (GET /)', '/', 300],
    ['fleet filtered (risk=high)', '/?risk=high', 300],
    ['fleet search (00042)', '/?search=00042', 300],
    ['host detail (overview)', `/hosts/${firstId}`, null],
    ['skills', '/skills', null],
    ['(API) stat cards', '/api/v1/admin/fleet/stats', null],
    ['(API) first list page', '/api/v1/admin/workstations', null],
  ];
  const pct = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
  console.log(`\nAdmin page benchmark: ${store}, ${counts.workstations} workstations, ${runs} runs per case (client-side time on loopback)`);
  console.log('server ms: the page handler (Server-Timing); client ms: the whole request on loopback');
  console.log(`${'case'.padEnd(30)} ${'rows'.padStart(5)} ${'KiB'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'client p95'.padStart(10)}  goal (server p95)`);
  for (const [name, path, goal, cold] of cases) {
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
    const p95 = pct(times, 95);
    const verdict = goal === null ? '(info)' : p95 < goal ? `ok (<${goal})` : `OVER ${goal}`;
    console.log(`${name.padEnd(30)} ${String(last.rows).padStart(5)} ${(last.bytes / 1024).toFixed(0).padStart(6)} ${pct(times, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${Math.max(...times).toFixed(1).padStart(8)} ${pct(client, 95).toFixed(1).padStart(10)}  ${verdict}`);
  }
} finally {
  await close();
}
