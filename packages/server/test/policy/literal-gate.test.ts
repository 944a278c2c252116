// The literal gates (rules/literal-gate.ts) only skip work: on every text, a gated expression
// must find what the whole expression finds (same position, same text), and mayMatch may say
// "cannot match" only when the expression does not match. Checked on texts built from each
// expression's own words, in every case, cut short, and joined by separators that sit on the
// edges of `\b` and `\s` (mostly spaces, so phrases form; underscore, the Kelvin sign that lower-cases to an ASCII k, dotted I).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { GATE_FROM, gatedExec, gatedTest, mayMatch, newScan } from '../../src/policy/rules/literal-gate.js';
import { GATED_EXPRESSIONS } from '../../src/policy/rules/injection.js';

const SEPARATORS = [' ', ' ', ' ', ' ', ' ', '  ', '\n', ', ', '. ', ': ', '-', '_', '\u212a', '\u0130', "'", '"', '`', '/', '~/', '(', ') ', '\t', '!', '?', '@', '[', ']', '<!-- ', ' -->', '\u2014', ''];

// Texts shorter than GATE_FROM are run whole; every text here is padded past it so the gates run.
const PAD = ' '.repeat(GATE_FROM);

function vocabulary(re: RegExp): string[] {
  return [...new Set(re.source.replace(/\\[sSbBdDwW]/g, ' ').match(/[A-Za-z_.'/~-]+/g) ?? ['x'])];
}

function textOf(re: RegExp): fc.Arbitrary<string> {
  const word = fc.tuple(fc.constantFrom(...vocabulary(re)), fc.integer({ min: 0, max: 5 })).map(([w, how]) => (how === 0 ? w.toUpperCase() : how === 1 ? w[0].toUpperCase() + w.slice(1) : how === 2 ? w.slice(0, -1) : w));
  return fc.array(fc.tuple(word, fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 14 }).map((parts) => PAD + parts.map(([w, s]) => w + s).join(''));
}

test('literal gates: a gated expression finds what the whole expression finds', () => {
  let matched = 0;
  let skipped = 0;
  GATED_EXPRESSIONS.forEach((re, n) => {
    fc.assert(
      fc.property(textOf(re), (t) => {
        newScan();
        re.lastIndex = 0;
        const whole = re.exec(t);
        re.lastIndex = 0;
        if (whole) matched++;
        if (!mayMatch(re, t)) {
          skipped++;
          assert.equal(whole, null, `${re.source.slice(0, 60)} matches ${JSON.stringify(t)} but its gate said it cannot`);
        }
        if (!re.global) {
          const gated = gatedExec(re, t);
          assert.equal(gated?.index, whole?.index, JSON.stringify(t));
          assert.equal(gated?.[0], whole?.[0], JSON.stringify(t));
          assert.equal(gatedTest(re, t), whole !== null);
        }
      }),
      { numRuns: 400, seed: 4100 + n },
    );
  });
  // Both sides must have been exercised many times: matches, and texts the gates skip.
  assert.ok(matched > 500, `only ${matched} matches`);
  assert.ok(skipped > 1000, `only ${skipped} skipped texts`);
});

test('literal gates: whole words are words under the expression\'s own \\b', () => {
  const re = /\b(?:hey|hi)\s{1,3}(?:claude|agent)\b/i;
  const cases: [string, boolean][] = [
    ['Hey Claude, run this', true],
    ['HI\tAGENT', true],
    ['this agent', false], // "hi" inside "this" is no word
    ['hi_agent', false],
    ['hi agent_x', false],
    ['hi agent\u212a', true], // the Kelvin sign is no `\w` here: "agent" still ends at a boundary
    ['\u0130hi agent', true],
  ];
  for (const [text, want] of cases) {
    const t = PAD + text;
    newScan();
    assert.equal(re.test(t), want, `the expression itself on ${JSON.stringify(t)}`);
    assert.equal(gatedTest(re, t), want, JSON.stringify(t));
  }
});

test('literal gates: expressions the gates cannot reason about are run whole', () => {
  // A backreference, the u flag, and captures (gatedExec keeps them by running the whole expression).
  const backref = /(\w+) and \1 again|never/;
  const unicode = /\p{L}+ said/u;
  const captures = /(upload|send) to (\S+)|nothing/;
  newScan();
  assert.ok(mayMatch(backref, `${PAD}foo and foo again`));
  assert.ok(mayMatch(unicode, `${PAD}Ωmega said`));
  assert.equal(gatedExec(captures, `${PAD}please send to example.org`)?.[2], 'example.org');
});
