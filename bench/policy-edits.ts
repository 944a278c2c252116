// Policy edits under concurrency (issue #15): 1,000 `skills block` edits sent at once, split
// between two real server processes on one MySQL database. Prints how many edits the stored
// policy kept, whether the versions the edits answered with are distinct and strictly increasing
// (edit k produced version k+1), and how many policy.changed events were written.
//   node --conditions=source --import tsx bench/policy-edits.ts [--edits 1000] [--store mysql]
// On SQLite only one server may use a data directory, so `--store sqlite` uses one process.
import { freshStore, startServerProcess, storeKnex } from './support.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const edits = Number(arg('edits', '1000'));
const store = arg('store', 'mysql') as 'sqlite' | 'mysql';

const target = await freshStore(store);
const first = await startServerProcess(target.env);
const servers = [first];
try {
  if (store === 'mysql') servers.push(await startServerProcess(target.env));
  const names = Array.from({ length: edits }, (_, i) => `bench-skill-${i}`);
  const started = performance.now();
  const answers = await Promise.all(
    names.map(async (name, i) => {
      const res = await fetch(`${servers[i % servers.length].url}/api/v1/admin/policy/skills`, {
        method: 'POST',
        headers: { authorization: `Bearer ${first.adminKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name, status: 'block' }),
      });
      const body = (await res.json()) as { policy_version?: number };
      return { status: res.status, version: body.policy_version ?? null };
    }),
  );
  const ms = performance.now() - started;
  const ok = answers.filter((a) => a.status === 200);
  const versions = ok.map((a) => a.version as number).sort((a, b) => a - b);
  const strictlyIncreasing = versions.every((v, i) => v === i + 2); // the org starts at version 1
  const knex = storeKnex(target.env);
  const row = await knex('org_policies').first('policy');
  const kept = new Set((JSON.parse(row.policy).blocked_agent_skills as string[]).filter((s) => s.startsWith('bench-skill-'))).size;
  const events = await knex('outbox').where({ event_type: 'policy.changed' }).count<{ n: number }[]>({ n: '*' });
  await knex.destroy();
  console.log(`store ${store}, ${servers.length} server process(es), ${edits} concurrent edits in ${(ms / 1000).toFixed(1)} s`);
  console.log(`answered 200: ${ok.length}/${edits}; other: ${JSON.stringify(answers.filter((a) => a.status !== 200).slice(0, 3))}`);
  console.log(`kept: ${kept}/${edits}`);
  console.log(`versions distinct and strictly increasing (2..${edits + 1}): ${strictlyIncreasing ? 'yes' : 'no'}`);
  console.log(`policy.changed events: ${Number(events[0].n)}`);
  process.exitCode = kept === edits && strictlyIncreasing ? 0 : 1;
} finally {
  for (const s of servers) await s.stop();
  await target.drop();
}
