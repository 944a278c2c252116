import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileCustomPattern, customPatternError } from '../../src/policy/custom-patterns.js';
import { decide, policyWith, prompt, shell, write } from './helpers.js';

test('custom_blacklist: literal, glob and regex entries', async (t) => {
  const policy = policyWith({ custom_blacklist: ['prod-db.internal', 'glob:kubectl * --context=prod*', 're:aws\\s+iam\\s+(delete|detach)-', 'medium:terraform apply'] });
  const rows: [ReturnType<typeof shell>, string][] = [
    [shell('psql -h prod-db.internal -c "select 1"'), 'deny'],
    [shell('PSQL -h PROD-DB.INTERNAL'), 'deny'],
    [shell('kubectl get pods --context=prod-eu'), 'deny'],
    [shell('aws  iam delete-user --user-name x'), 'deny'],
    [shell('terraform apply'), 'warn'],
    [shell("r''m -rf x; \"aws\" iam detach-role-policy"), 'deny'],
    [shell('kubectl get pods --context=staging'), 'allow'],
    [shell('aws iam list-users'), 'allow'],
  ];
  for (const [call, verdict] of rows) {
    await t.test(`${verdict}: ${call.command}`, () => {
      const d = decide(call, policy);
      assert.equal(d.verdict, verdict);
      if (verdict !== 'allow') assert.equal(d.detectionLayer, 'custom_blacklist');
    });
  }
  const w = decide(write('/p/notes.md', 'connect to prod-db.internal'), policy);
  assert.equal(w.patternName, 'custom_blacklist.match', 'file content is matched too');
});

test('custom_blacklist: unsafe regex features are rejected with a clear message', async (t) => {
  const cases: [string, RegExp][] = [
    ['re:(a)\\1', /backreferences/],
    ['re:(?=secret)', /lookaround/],
    ['re:(?<!x)y', /lookaround/],
    ['re:\\bfoo\\b', /word boundaries/],
    ['re:a{5000}', /out of range/],
    ['re:(abc', /missing '\)'/],
    ['re:a**', /quantifier/],
    ['glob:**', /literal character/],
    ['', /empty/],
  ];
  for (const [entry, message] of cases) {
    await t.test(entry || '(empty)', () => assert.match(customPatternError(entry) ?? 'accepted', message));
  }
  assert.equal(customPatternError('re:curl\\s+.*\\|\\s*(ba)?sh'), null);
  assert.equal(customPatternError('glob:curl * | sh'), null);
});

// A backtracking engine would not finish these at all on 100 KB (exponential); how fast the
// linear matcher is goes in `npm run bench -- bombs`, not here.
test('custom_blacklist: catastrophic patterns finish on 100 KB input', async (t) => {
  const input = 'a'.repeat(100_000);
  for (const entry of ['re:(a+)+$', 're:(a|aa)*b', 're:(a*)*b', 're:.*x', 're:.*a.*b.*c.*d', 're:(x+x+)+y', 'glob:*a*a*a*a*b']) {
    await t.test(entry, () => {
      const p = compileCustomPattern(entry);
      assert.equal(p.test(input + '!'), false);
    });
  }
  await t.test('through decideToolCall with max input', () => {
    const policy = policyWith({ custom_blacklist: ['re:(a+)+$', 're:(a|aa)*b'], max_input_length: 200_000 });
    const d = decide(write('/p/x.txt', input + '!'), policy);
    assert.equal(d.detectionLayer === 'custom_blacklist', false);
  });
});

test('skill governance: blocked skills are denied with the exact spec reason', async (t) => {
  const policy = policyWith({ blocked_agent_skills: ['deploy', '/acme:release', 'Danger-Zone'], warn_only_agent_skills: ['summarize'], auto_block: false });
  const rows: [string, string, string | null][] = [
    ['/deploy to production please', 'deny', 'Blocked by org policy: skill /deploy is not allowed'],
    ['/deploy', 'deny', 'Blocked by org policy: skill /deploy is not allowed'],
    ['  /deploy now', 'deny', 'Blocked by org policy: skill /deploy is not allowed'],
    ['/acme:release v2', 'deny', 'Blocked by org policy: skill /acme:release is not allowed'],
    ['/tools:deploy', 'deny', 'Blocked by org policy: skill /tools:deploy is not allowed'],
    ['/danger-zone', 'deny', 'Blocked by org policy: skill /danger-zone is not allowed'],
    ['/summarize this file', 'warn', null],
    ['/deployment-notes', 'allow', null],
    ['please /deploy it', 'allow', null],
    ['/other:release', 'allow', null],
  ];
  for (const [text, verdict, reason] of rows) {
    await t.test(`${verdict}: ${text}`, () => {
      const d = decide(prompt(text), policy);
      assert.equal(d.verdict, verdict);
      if (reason) assert.equal(d.reason, reason);
      if (verdict !== 'allow') assert.equal(d.detectionLayer, 'skill_governance');
    });
  }
  assert.equal(decide(shell('echo /deploy'), policy).verdict, 'allow', 'only prompts are skill invocations');
});
