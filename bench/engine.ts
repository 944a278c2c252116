// Policy engine benchmark and detection-quality report.
//   node --conditions=source --import tsx bench/engine.ts [--file PATH]…
// Prints decisions per CPU second on one core over the red-team set and the public corpus
// (default policy), the public corpus metrics, the decision time of 100 KB inputs, and how long
// catastrophic custom patterns take on 100 KB.
import { compileCustomPattern } from '../packages/server/src/policy/custom-patterns.js';
import { compilePolicy } from '../packages/server/src/policy/compile.js';
import { decideToolCall } from '../packages/server/src/policy/decide.js';
import { DEFAULT_SHIELD_POLICY } from '../packages/server/src/policy/policy-schema.js';
import type { ToolCall } from '../packages/server/src/policy/types.js';
import { corpusPath, loadCorpus, scoreCorpus } from '../packages/server/test/policy/corpus.js';
import { bigInputs } from './big-inputs.js';
import { redTeamSets } from './support.js';

const policy = compilePolicy(DEFAULT_SHIELD_POLICY, 1);
const argv = process.argv.slice(2);
const extra = argv.flatMap((a, i) => (argv[i - 1] === '--file' ? [a] : []));
const sets = [...redTeamSets(), corpusPath(), ...extra];

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

/** Decisions per CPU second over whole passes of `calls`, for at least `ms` of CPU time. */
function rate(calls: ToolCall[], ms: number): { perCpuSecond: number; perWallSecond: number } {
  let decisions = 0;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  while (cpuMs(cpuStart) < ms) {
    for (const c of calls) decideToolCall(policy, c);
    decisions += calls.length;
  }
  const cpu = cpuMs(cpuStart);
  return { perCpuSecond: (decisions / cpu) * 1000, perWallSecond: (decisions / (performance.now() - start)) * 1000 };
}

/**
 * Steady-state decisions per CPU second. A server decides for days, so its steady state is what
 * counts, and the engine takes several seconds of varied calls to reach it: the optimizing
 * compiler works through hundreds of rule functions, each only after enough calls, and its
 * background threads' CPU time is counted here too. So warm up in one-second rounds until three
 * rounds in a row are no faster than the best so far (at most 30 s), then report the median of
 * three measured rounds. CPU time, not wall time: on a shared machine the wall clock also counts
 * other processes' turns.
 */
function throughput(calls: ToolCall[]): { perCpuSecond: number; perWallSecond: number } {
  let best = 0;
  for (let flat = 0, spent = 0; flat < 3 && spent < 30; spent++) {
    const r = rate(calls, 1000).perCpuSecond;
    if (r > best * 1.02) flat = 0;
    else flat++;
    best = Math.max(best, r);
  }
  const rounds = [rate(calls, 2000), rate(calls, 2000), rate(calls, 2000)].sort((a, b) => a.perCpuSecond - b.perCpuSecond);
  return { perCpuSecond: Math.round(rounds[1].perCpuSecond), perWallSecond: Math.round(rounds[1].perWallSecond) };
}

for (const file of sets) {
  const calls = loadCorpus(file).map((e) => e.call);
  const t = throughput(calls);
  console.log(`${file.slice(file.lastIndexOf('/') + 1)} (${calls.length} calls): ${t.perCpuSecond.toLocaleString('en-US')} decisions per CPU second (one core, default policy), ${t.perWallSecond.toLocaleString('en-US')} per wall second`);
}

const entries = loadCorpus();
const latencies = entries.map((e) => {
  const t0 = process.cpuUsage();
  for (let i = 0; i < 50; i++) decideToolCall(policy, e.call);
  return (cpuMs(t0) / 50) * 1000;
});
latencies.sort((a, b) => a - b);
console.log(`public corpus per-call CPU time: median ${latencies[latencies.length >> 1].toFixed(1)} µs, p99 ${latencies[Math.floor(latencies.length * 0.99)].toFixed(1)} µs, max ${latencies[latencies.length - 1].toFixed(1)} µs`);

const big = bigInputs();
for (const [name, call] of Object.entries(big)) {
  for (let i = 0; i < 5; i++) decideToolCall(policy, call);
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const t0 = process.cpuUsage();
    decideToolCall(policy, call);
    times.push(cpuMs(t0));
  }
  times.sort((a, b) => a - b);
  const d = decideToolCall(policy, call);
  console.log(`100 KB input, ${name}: median ${times[times.length >> 1].toFixed(2)} ms CPU, max ${times[times.length - 1].toFixed(2)} ms (target < 5 ms) → ${d.verdict} ${d.patternName ?? ''}`);
}

const score = scoreCorpus(policy, entries);
console.log(`corpus: ${corpusPath()} (${entries.length} calls)`);
console.log(`deny-recall: ${score.denyRecall.toFixed(3)} (target ≥ 0.97)`);
console.log(`flag-recall: ${score.flagRecall.toFixed(3)} (target ≥ 0.95)`);
console.log(`false-positive rate: ${score.falsePositiveRate.toFixed(3)} (target ≤ 0.02)`);
for (const m of score.misses) console.log(`  miss ${m.entry.id} expect=${m.entry.expect} got=${m.decision.verdict} ${m.decision.patternName ?? ''}`);

const bigText = 'a'.repeat(100_000) + '!';
for (const entry of ['re:(a+)+$', 're:(a|aa)*b', 're:.*a.*b.*c']) {
  const p = compileCustomPattern(entry);
  p.test(bigText);
  const t0 = performance.now();
  for (let i = 0; i < 10; i++) p.test(bigText);
  console.log(`custom pattern ${entry} on 100 KB: ${((performance.now() - t0) / 10).toFixed(2)} ms`);
}
