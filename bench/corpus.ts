// Detection quality through the real HTTP endpoints (npm run corpus): every case of the
// labeled corpus is sent to the endpoint of its surface on a live server (fresh enterprise
// org, default policy). The answered verdict is read from the agent-facing response (deny) and
// from the decision the server recorded for that request (warn, which some surfaces cannot
// display); the two must agree on every deny.
import { readFileSync } from 'node:fs';
import { CORPUS_PATH } from '../packages/server/test/support/corpus-path.js';
import { freshStore, startServerProcess, storeKnex } from './support.js';

interface Case {
  id: string;
  surface: string;
  event: string;
  payload: Record<string, unknown>;
  expect: 'allow' | 'flag' | 'deny';
  category?: string;
}

const corpusPath = CORPUS_PATH;
const cases: Case[] = readFileSync(corpusPath, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));

function endpoint(c: Case): string {
  const post = /^(PostToolUse|postToolUse|AfterTool|post_)/.test(c.event);
  if (c.surface === 'claude-code') return post ? '/api/v1/claude-code/audit' : '/api/v1/claude-code/evaluate';
  return `${post ? '/api/v1/audit' : '/api/v1/evaluate'}?tool=${c.surface}`;
}

/** True when the agent-facing body blocks the action, whatever the surface's shape. */
function responseDenies(body: any): boolean {
  return (
    body?.hookSpecificOutput?.permissionDecision === 'deny' ||
    body?.permission === 'deny' ||
    body?.decision === 'deny' ||
    body?.decision === 'block' ||
    body?.permissionDecision === 'deny' ||
    body?.continue === false
  );
}

const store = await freshStore('sqlite');
const server = await startServerProcess(store.env);
const results: { c: Case; verdict: string; responseDeny: boolean }[] = [];
try {
  for (const c of cases) {
    const hostname = `corpus-${c.id}`;
    const res = await fetch(server.url + endpoint(c), {
      method: 'POST',
      headers: { authorization: `Bearer ${server.runtimeKey}`, 'content-type': 'application/json', 'x-hostname': hostname, 'x-machine-id': hostname },
      body: JSON.stringify(c.payload),
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${c.id}: HTTP ${res.status} ${JSON.stringify(body)}`);
    results.push({ c, verdict: '', responseDeny: responseDenies(body) });
  }
} finally {
  await server.stop();
}

// The server is stopped: every acknowledged decision is committed; read them back.
const knex = storeKnex(store.env);
const rows = await knex('shield_events').select('hostname', 'verdict', 'pattern_name');
await knex.destroy();
await store.drop();
const byHost = new Map(rows.map((r) => [r.hostname, r]));
let mismatches = 0;
for (const r of results) {
  const row = byHost.get(`corpus-${r.c.id}`);
  if (!row) throw new Error(`${r.c.id}: no decision recorded`);
  r.verdict = row.verdict;
  if ((row.verdict === 'deny') !== r.responseDeny && !/^(PostToolUse|postToolUse|AfterTool)/.test(r.c.event)) {
    mismatches++;
    console.log(`  response/record mismatch: ${r.c.id} recorded ${row.verdict}, response ${r.responseDeny ? 'denies' : 'does not deny'}`);
  }
}

const deny = results.filter((r) => r.c.expect === 'deny');
const flagged = results.filter((r) => r.c.expect !== 'allow');
const benign = results.filter((r) => r.c.expect === 'allow');
const denyRecall = deny.filter((r) => r.verdict === 'deny').length / deny.length;
const flagRecall = flagged.filter((r) => r.verdict !== 'allow').length / flagged.length;
const fpRate = benign.filter((r) => r.verdict !== 'allow').length / benign.length;

console.log(`corpus: ${corpusPath} (${cases.length} cases through HTTP, default policy, enterprise org)`);
for (const r of results) {
  const ok = r.c.expect === 'deny' ? r.verdict === 'deny' : r.c.expect === 'flag' ? r.verdict !== 'allow' : r.verdict === 'allow';
  if (!ok) console.log(`  miss: ${r.c.id} (${r.c.surface} ${r.c.event}, ${r.c.category}) expected ${r.c.expect}, answered ${r.verdict}`);
}
console.log(`deny-recall:         ${denyRecall.toFixed(3)}  (${deny.filter((r) => r.verdict === 'deny').length}/${deny.length}; target ≥ 0.97)`);
console.log(`flag-recall:         ${flagRecall.toFixed(3)}  (${flagged.filter((r) => r.verdict !== 'allow').length}/${flagged.length}; target ≥ 0.95)`);
console.log(`false-positive rate: ${fpRate.toFixed(3)}  (${benign.filter((r) => r.verdict !== 'allow').length}/${benign.length}; target ≤ 0.02)`);
console.log(`response/record disagreements on deny: ${mismatches}`);
const pass = denyRecall >= 0.97 && flagRecall >= 0.95 && fpRate <= 0.02 && mismatches === 0;
process.exit(pass ? 0 : 1);
