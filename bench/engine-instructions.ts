// Instructions per decision over the red-team set, counted by valgrind (callgrind): a figure the
// other processes on a loaded machine cannot disturb, unlike CPU time (cache and scheduler noise).
//   npx tsc -b && node --conditions=source --import tsx bench/engine-instructions.ts [--warm N] [--passes N] [--dist DIR] [--file PATH]
// Runs the built engine (packages/server/dist) twice under valgrind: warm-up passes only, then
// the same warm-up plus N measured passes. The difference divided by N × the number of calls is
// the steady-state cost of one decision, without start-up, loading and JIT warm-up.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadCorpus } from '../packages/server/test/policy/corpus.js';
import { REPO_ROOT } from './support.js';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const warm = option('--warm', 20);
const passes = option('--passes', 6);
const file = argv.includes('--file') ? argv[argv.indexOf('--file') + 1] : join(REPO_ROOT, 'test/policy/redteam/redteam.jsonl');

const dir = mkdtempSync(join(tmpdir(), 'engine-ir-'));
const calls = loadCorpus(file).map((e) => e.call);
writeFileSync(join(dir, 'calls.json'), JSON.stringify(calls));
// --dist DIR: another build of packages/server (a copy of dist/ kept to compare before and after).
const dist = join(argv.includes('--dist') ? resolve(argv[argv.indexOf('--dist') + 1]) : join(REPO_ROOT, 'packages/server/dist'), 'policy');
writeFileSync(
  join(dir, 'driver.mjs'),
  `import { readFileSync } from 'node:fs';
import { compilePolicy } from ${JSON.stringify(join(dist, 'compile.js'))};
import { decideToolCall } from ${JSON.stringify(join(dist, 'decide.js'))};
import { DEFAULT_SHIELD_POLICY } from ${JSON.stringify(join(dist, 'policy-schema.js'))};
const calls = JSON.parse(readFileSync(${JSON.stringify(join(dir, 'calls.json'))}, 'utf8'));
const policy = compilePolicy(DEFAULT_SHIELD_POLICY, 1);
const total = Number(process.argv[2]);
for (let i = 0; i < total; i++) for (const c of calls) decideToolCall(policy, c);
`,
);

function instructions(totalPasses: number): number {
  const out = join(dir, `callgrind.${totalPasses}.out`);
  // --single-threaded: no background compiler or GC threads, whose work callgrind also counts
  // and which lands in the measured passes or not depending on timing (with 6 warm-up passes,
  // three builds a few small changes apart read 477,000, 397,000 and 510,000 per decision).
  const r = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, process.execPath, '--single-threaded', join(dir, 'driver.mjs'), String(totalPasses)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`valgrind failed: ${r.stderr.slice(-2000)}`);
  const totals = /^(?:summary|totals): (\d+)/m.exec(readFileSync(out, 'utf8'));
  if (!totals) throw new Error(`no instruction total in ${out}`);
  return Number(totals[1]);
}

try {
  const base = instructions(warm);
  const measured = instructions(warm + passes);
  const perDecision = (measured - base) / (passes * calls.length);
  console.log(`${file.slice(file.lastIndexOf('/') + 1)} (${calls.length} calls): ${Math.round(perDecision).toLocaleString('en-US')} instructions per decision (callgrind, ${passes} passes after ${warm} warm-up passes)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
