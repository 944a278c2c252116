// Hostile-input benchmark (issue #15): the pure-engine decision time of each shell bomb next to
// 64 KiB of plain text, and the ratio. The issue asks for each bomb ≤ 20× plain text through
// the server; this reports the stricter pure-engine ratio (no HTTP or storage cost to hide in).
//   npm run bench -- bombs
import { compilePolicy } from '../packages/server/src/policy/compile.js';
import { compileCustomPattern } from '../packages/server/src/policy/custom-patterns.js';
import { decideToolCall } from '../packages/server/src/policy/decide.js';
import { DEFAULT_SHIELD_POLICY } from '../packages/server/src/policy/policy-schema.js';
import { plainText, shellBombs } from '../packages/server/src/policy/shell/bombs.js';
import type { ToolCall } from '../packages/server/src/policy/types.js';

const policy = compilePolicy(DEFAULT_SHIELD_POLICY, 1);
const call = (command: string): ToolCall => ({ surface: 'claude-code', event: 'PreToolUse', phase: 'pre_tool', identity: {}, cwd: '/home/dev/app', toolName: 'Bash', tool: 'shell', toolInput: { command }, command });

/** Median CPU milliseconds of one decision over `runs` runs after a warm-up. */
function timeOf(command: string, runs = 15): number {
  const c = call(command);
  for (let i = 0; i < 3; i++) decideToolCall(policy, c);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.cpuUsage();
    decideToolCall(policy, c);
    const d = process.cpuUsage(t0);
    times.push((d.user + d.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

const plain = timeOf(plainText());
console.log(`plain text 64 KiB (echo + words): ${plain.toFixed(2)} ms CPU per decision`);
let worst = 0;
for (const [name, command] of Object.entries(shellBombs())) {
  const ms = timeOf(command);
  const d = decideToolCall(policy, call(command));
  worst = Math.max(worst, ms / plain);
  console.log(`${name.padEnd(40)} ${String(command.length).padStart(7)} chars ${ms.toFixed(2).padStart(8)} ms  ${(ms / plain).toFixed(1).padStart(5)}×  ${d.verdict} ${d.patternName ?? ''}`);
}
console.log(`worst ratio to plain text: ${worst.toFixed(1)}× (issue #15 bound through the server: 20×)`);

// Org-supplied patterns that would backtrack catastrophically in a backtracking engine, on 100 KB
// that does not match (the tests check only that they finish and answer false).
const hostile = 'a'.repeat(100_000) + '!';
for (const entry of ['re:(a+)+$', 're:(a|aa)*b', 're:(a*)*b', 're:.*x', 're:.*a.*b.*c.*d', 're:(x+x+)+y', 'glob:*a*a*a*a*b']) {
  const pattern = compileCustomPattern(entry);
  const t0 = process.cpuUsage();
  const hit = pattern.test(hostile);
  const d = process.cpuUsage(t0);
  console.log(`custom pattern ${entry.padEnd(26)} on 100 KB: ${((d.user + d.system) / 1000).toFixed(2).padStart(8)} ms CPU  match=${hit}`);
}

// Through the server, as the issue measures it: a real server process on a fresh SQLite store,
// each body POSTed to the Claude Code evaluate route; median wall time of a few requests, and
// the answer must be 200 with a deny for every bomb.
const { freshStore, startServerProcess } = await import('./support.js');
const store = await freshStore('sqlite');
const server = await startServerProcess(store.env);
async function overHttp(command: string, runs = 7): Promise<{ ms: number; status: number; deny: boolean }> {
  const body = JSON.stringify({ session_id: 'bench-bombs', hook_event_name: 'PreToolUse', cwd: '/home/dev/app', tool_name: 'Bash', tool_input: { command } });
  const times: number[] = [];
  let status = 0;
  let deny = false;
  for (let i = 0; i < runs + 2; i++) {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/v1/claude-code/evaluate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.runtimeKey}`, 'content-type': 'application/json', 'x-hostname': 'bench-bombs', 'x-machine-id': 'bench-bombs' },
      body,
    });
    const answer: any = await res.json();
    if (i >= 2) times.push(performance.now() - t0);
    status = res.status;
    deny = answer?.hookSpecificOutput?.permissionDecision === 'deny';
  }
  times.sort((a, b) => a - b);
  return { ms: times[times.length >> 1], status, deny };
}
try {
  const base = await overHttp(plainText());
  console.log(`\nthrough the server (POST /api/v1/claude-code/evaluate, SQLite):`);
  console.log(`plain text 64 KiB: ${base.ms.toFixed(2)} ms (HTTP ${base.status})`);
  let worstHttp = 0;
  // The three bombs must each be denied; the rest are stress inputs (many are harmless
  // text, such as 64 KiB of quotes) and must only stay fast.
  const required = ['parens 2,000 after rm -rf ~', 'braces 2,000 after rm -rf ~', 'backticks 64 KiB'];
  let allDenied = true;
  for (const [name, command] of Object.entries(shellBombs())) {
    const r = await overHttp(command);
    worstHttp = Math.max(worstHttp, r.ms / base.ms);
    if (required.includes(name) && (r.status !== 200 || !r.deny)) allDenied = false;
    console.log(`${name.padEnd(40)} ${r.ms.toFixed(2).padStart(8)} ms  ${(r.ms / base.ms).toFixed(1).padStart(5)}×  HTTP ${r.status} ${r.deny ? 'deny' : required.includes(name) ? 'NOT DENIED' : 'not denied'}`);
  }
  console.log(`worst ratio through the server: ${worstHttp.toFixed(1)}× (bound 20×); the issue's three bombs (2,000 parens, 2,000 braces, 64 KiB backticks) answered 200 with a deny: ${allDenied ? 'yes' : 'NO'}`);
} finally {
  await server.stop();
  await store.drop();
}
