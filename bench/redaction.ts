// The redaction step's cost per recorded event (issue #15): what the recorder runs on every
// decision before it is stored (tool input, summary, reason, cwd), over the labeled corpus,
// plus the outbox's pass over an event's data.
//   node --conditions=source --import tsx bench/redaction.ts
import { compilePolicy } from '../packages/server/src/policy/compile.js';
import { decideToolCall } from '../packages/server/src/policy/decide.js';
import { DEFAULT_SHIELD_POLICY } from '../packages/server/src/policy/policy-schema.js';
import { redactCall, type RecordInput } from '../packages/server/src/runtime/recorder.js';
import { redactValue } from '../packages/server/src/redaction/redact.js';
import { loadCorpus } from '../packages/server/test/policy/corpus.js';

const policy = compilePolicy(DEFAULT_SHIELD_POLICY, 1);
const inputs: RecordInput[] = loadCorpus().map((e) => ({
  orgId: 'org',
  workstationId: null,
  hostname: 'dev-mac-01',
  kind: 'evaluate',
  call: e.call,
  decision: decideToolCall(policy, e.call),
  at: Date.now(),
}));
const outboxData = inputs.map((i) => ({
  host: { hostname: i.hostname, platform: 'darwin' },
  evidence: { title: `${i.call.toolName} ${i.decision.verdict}`, summary: i.decision.reason, details: { tool_name: i.call.toolName, pattern_name: i.decision.patternName } },
}));

function measure(label: string, each: (i: number) => void): void {
  for (const until = performance.now() + 1500; performance.now() < until; ) for (let i = 0; i < inputs.length; i++) each(i);
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < 2000) {
    for (let i = 0; i < inputs.length; i++) each(i);
    n += inputs.length;
  }
  const perEvent = ((performance.now() - start) * 1000) / n;
  // Per call: the best of 5 runs of 50 (on a shared machine the best is the call's own cost).
  const single = inputs.map((_, i) => {
    let best = Infinity;
    for (let rep = 0; rep < 5; rep++) {
      const t0 = performance.now();
      for (let k = 0; k < 50; k++) each(i);
      best = Math.min(best, ((performance.now() - t0) * 1000) / 50);
    }
    return best;
  });
  single.sort((a, b) => a - b);
  console.log(`${label}: mean ${perEvent.toFixed(2)} µs per event; per call median ${single[Math.floor(single.length / 2)].toFixed(2)} µs, p99 ${single[Math.floor(single.length * 0.99)].toFixed(2)} µs, max ${single[single.length - 1].toFixed(2)} µs`);
}

const redacted = inputs.filter((i) => redactCall(i).kinds.length > 0).length;
console.log(`${inputs.length} corpus calls, ${redacted} with something redacted`);
measure('recorder redaction (tool input, summary, reason, cwd)', (i) => redactCall(inputs[i]));
measure('outbox data pass', (i) => redactValue(outboxData[i]));
