import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compilePolicy } from '../../src/policy/compile.js';
import { DEFAULT_SHIELD_POLICY } from '../../src/policy/policy-schema.js';
import { corpusAvailable, loadCorpus, scoreCorpus } from './corpus.js';

// Detection quality on the shared labeled corpus with the default policy (DESIGN: Decisions).
test('corpus: deny-recall ≥ 0.97, flag-recall ≥ 0.95, false positives ≤ 0.02', { skip: !corpusAvailable() && 'corpus not found beside the repository' }, () => {
  const score = scoreCorpus(compilePolicy(DEFAULT_SHIELD_POLICY, 1), loadCorpus());
  const misses = score.misses.map((m) => `${m.entry.id} (${m.entry.expect}) → ${m.decision.verdict} ${m.decision.patternName ?? ''}`).join('\n');
  assert.ok(score.denyRecall >= 0.97, `deny-recall ${score.denyRecall}\n${misses}`);
  assert.ok(score.flagRecall >= 0.95, `flag-recall ${score.flagRecall}\n${misses}`);
  assert.ok(score.falsePositiveRate <= 0.02, `false-positive rate ${score.falsePositiveRate}\n${misses}`);
});
