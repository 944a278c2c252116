// Detection quality through the real HTTP endpoints (npm run corpus): every case of the
// labeled corpus is sent to the endpoint of its surface on a live server (fresh enterprise
// org, default policy). The answered verdict is read from the agent-facing response (deny) and
// from the decision the server recorded for that request (warn, which some surfaces cannot
// display); the two must agree on every deny.
//   npm run corpus                          the public corpus, through HTTP (exit 1 below target)
//   npm run corpus -- --file PATH           another labeled set in the same format, through HTTP
//   npm run corpus -- --file PATH --engine  the same scored in-process by the pure engine (fast)
// Every run prints deny-recall, flag-recall, false-positive rate and the misses per category.
import { readFileSync } from 'node:fs';
import { compilePolicy } from '../packages/server/src/policy/compile.js';
import { decideToolCall } from '../packages/server/src/policy/decide.js';
import { DEFAULT_SHIELD_POLICY } from '../packages/server/src/policy/policy-schema.js';
import { loadCorpus } from '../packages/server/test/policy/corpus.js';
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

const argv = process.argv.slice(2);
const fileAt = argv.indexOf('--file');
const corpusPath = fileAt >= 0 && argv[fileAt + 1] ? argv[fileAt + 1] : CORPUS_PATH;
const engineOnly = argv.includes('--engine');
const verbose = argv.includes('--verbose');
const cases: Case[] = readFileSync(corpusPath, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));

/** Prints the three metrics and the misses grouped by category; returns whether the targets are met. */
function report(results: { c: Case; verdict: string; reason?: string }[], how: string): boolean {
  const deny = results.filter((r) => r.c.expect === 'deny');
  const flagged = results.filter((r) => r.c.expect !== 'allow');
  const benign = results.filter((r) => r.c.expect === 'allow');
  const ratio = (n: number, d: number) => (d ? n / d : 1);
  const denyHit = deny.filter((r) => r.verdict === 'deny').length;
  const flagHit = flagged.filter((r) => r.verdict !== 'allow').length;
  const fp = benign.filter((r) => r.verdict !== 'allow').length;
  console.log(`corpus: ${corpusPath} (${results.length} cases ${how}, default policy)`);
  const byCategory = new Map<string, string[]>();
  for (const r of results) {
    const ok = r.c.expect === 'deny' ? r.verdict === 'deny' : r.c.expect === 'flag' ? r.verdict !== 'allow' : r.verdict === 'allow';
    if (ok) continue;
    const key = `${r.c.category ?? '(none)'} expected ${r.c.expect}`;
    const list = byCategory.get(key) ?? [];
    list.push(`${r.c.id} answered ${r.verdict}${verbose ? `: ${JSON.stringify(r.c.payload.tool_input ?? r.c.payload).slice(0, 160)}${r.reason ? ` — ${r.reason}` : ''}` : ''}`);
    byCategory.set(key, list);
  }
  for (const [key, list] of [...byCategory].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`  misses ${key}: ${list.length}`);
    for (const m of list.slice(0, verbose ? 1000 : 5)) console.log(`    ${m}`);
  }
  const denyRecall = ratio(denyHit, deny.length);
  const flagRecall = ratio(flagHit, flagged.length);
  const fpRate = benign.length ? fp / benign.length : 0;
  console.log(`deny-recall:         ${denyRecall.toFixed(3)}  (${denyHit}/${deny.length}; target ≥ 0.97)`);
  console.log(`flag-recall:         ${flagRecall.toFixed(3)}  (${flagHit}/${flagged.length}; target ≥ 0.95)`);
  console.log(`false-positive rate: ${fpRate.toFixed(3)}  (${fp}/${benign.length}; target ≤ 0.02)`);
  return denyRecall >= 0.97 && flagRecall >= 0.95 && fpRate <= 0.02;
}

if (engineOnly) {
  const policy = compilePolicy(DEFAULT_SHIELD_POLICY, 1);
  const byId = new Map(cases.map((c) => [c.id, c]));
  const results = loadCorpus(corpusPath).map((e) => {
    const d = decideToolCall(policy, e.call);
    return { c: byId.get(e.id)!, verdict: d.verdict, reason: `${d.patternName}: ${d.reason}` };
  });
  report(results, 'in-process, pure engine');
  process.exit(0);
}

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

const pass = report(results, 'through HTTP, enterprise org') && mismatches === 0;
console.log(`response/record disagreements on deny: ${mismatches}`);
process.exit(pass ? 0 : 1);
