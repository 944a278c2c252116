// Policy engine benchmark and detection-quality report.
//   node --conditions=source --import tsx bench/engine.ts
// Prints decisions per second on one core over the labeled corpus (default policy), the
// three corpus metrics, and how long catastrophic custom patterns take on 100 KB.
import { compileCustomPattern } from '../packages/server/src/policy/custom-patterns.js';
import { compilePolicy } from '../packages/server/src/policy/compile.js';
import { decideToolCall } from '../packages/server/src/policy/decide.js';
import { DEFAULT_SHIELD_POLICY } from '../packages/server/src/policy/policy-schema.js';
import { corpusPath, loadCorpus, scoreCorpus } from '../packages/server/test/policy/corpus.js';

const entries = loadCorpus();
const policy = compilePolicy(DEFAULT_SHIELD_POLICY, 1);
const calls = entries.map((e) => e.call);

// Warm up for two seconds, then measure whole passes over the corpus for three. A server decides
// for days, so its steady state is what counts: with only a few hundred warm-up passes the
// optimizing compiler had not finished with every rule, and the figure read up to a third low.
for (const warmUntil = performance.now() + 2000; performance.now() < warmUntil; ) for (const c of calls) decideToolCall(policy, c);
// Throughput is reported per CPU second of this process as well as per wall second: on a
// shared machine the wall clock also counts time the scheduler gave to other processes.
let decisions = 0;
const start = performance.now();
const cpuStart = process.cpuUsage();
let elapsed = 0;
while (elapsed < 3000) {
  for (const c of calls) decideToolCall(policy, c);
  decisions += calls.length;
  elapsed = performance.now() - start;
}
const cpu = process.cpuUsage(cpuStart);
const cpuMs = (cpu.user + cpu.system) / 1000;
const perSecond = Math.round((decisions / elapsed) * 1000);
const perCpuSecond = Math.round((decisions / cpuMs) * 1000);

const latencies = calls.map((c) => {
  const t0 = performance.now();
  for (let i = 0; i < 50; i++) decideToolCall(policy, c);
  return ((performance.now() - t0) / 50) * 1000;
});
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.floor(latencies.length * 0.99)];

const score = scoreCorpus(policy, entries);
console.log(`corpus: ${corpusPath()} (${entries.length} calls)`);
console.log(`decisions/s (one core, default policy): ${perCpuSecond.toLocaleString('en-US')} per CPU second, ${perSecond.toLocaleString('en-US')} per wall second`);
console.log(`per-call latency: median ${latencies[latencies.length >> 1].toFixed(1)} µs, p99 ${p99.toFixed(1)} µs, max ${latencies[latencies.length - 1].toFixed(1)} µs`);
console.log(`deny-recall: ${score.denyRecall.toFixed(3)} (target ≥ 0.97)`);
console.log(`flag-recall: ${score.flagRecall.toFixed(3)} (target ≥ 0.95)`);
console.log(`false-positive rate: ${score.falsePositiveRate.toFixed(3)} (target ≤ 0.02)`);
for (const m of score.misses) console.log(`  miss ${m.entry.id} expect=${m.entry.expect} got=${m.decision.verdict} ${m.decision.patternName ?? ''}`);

const big = 'a'.repeat(100_000) + '!';
for (const entry of ['re:(a+)+$', 're:(a|aa)*b', 're:.*a.*b.*c']) {
  const p = compileCustomPattern(entry);
  p.test(big);
  const t0 = performance.now();
  for (let i = 0; i < 10; i++) p.test(big);
  console.log(`custom pattern ${entry} on 100 KB: ${((performance.now() - t0) / 10).toFixed(2)} ms`);
}
