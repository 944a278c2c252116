// Issue #15: the decision path never throws and never stalls. Hostile shell input that cannot be
// analysed within the parser's bounds is denied (strict, balanced) or warned (permissive) with a
// reason that says why; what comes before it is still judged; padding does not hide a command.
// Timing is measured by `npm run bench -- bombs`, not asserted here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseShell, SHELL_LIMITS } from '../../src/policy/shell/parser.js';
import { lex } from '../../src/policy/shell/lexer.js';
import { plainText, shellBombs } from '../../src/policy/shell/bombs.js';
import { decide, policyWith, shell } from './helpers.js';
import type { ToolCall } from '../../src/policy/types.js';

test('2,000 nested parentheses after rm -rf ~: no stack overflow, the delete is still judged', () => {
  const d = decide(shell('rm -rf ~; ' + '('.repeat(2000) + ')'.repeat(2000)));
  assert.equal(d.verdict, 'deny');
  assert.equal(d.patternName, 'destructive_fs.recursive_delete');
  assert.match(d.reason, /home/);
});

test('2,000 nested braces after rm -rf ~: no stack overflow, the delete is still judged', () => {
  const d = decide(shell('rm -rf ~; ' + '{ '.repeat(2000) + '}'.repeat(2000)));
  assert.equal(d.verdict, 'deny');
  assert.equal(d.patternName, 'destructive_fs.recursive_delete');
});

test('nesting past the bound alone is denied with a reason that says why', () => {
  for (const src of ['('.repeat(2000) + 'ls' + ')'.repeat(2000), '{ '.repeat(2000) + 'ls', 'f(){ '.repeat(500)]) {
    const d = decide(shell(src));
    assert.equal(d.verdict, 'deny', src.slice(0, 20));
    assert.equal(d.patternName, 'unanalysable.shell');
    assert.match(d.reason, new RegExp(`nesting deeper than ${SHELL_LIMITS.maxNesting} levels cannot be analysed`));
  }
  assert.equal(decide(shell('('.repeat(2000)), policyWith({ security_level: 'strict' })).verdict, 'deny');
  assert.equal(decide(shell('('.repeat(2000)), policyWith({ security_level: 'permissive' })).verdict, 'warn');
});

test('nesting within the bound is analysed normally', () => {
  assert.equal(decide(shell('('.repeat(60) + 'ls' + ')'.repeat(60))).verdict, 'allow');
  assert.equal(decide(shell('('.repeat(60) + 'rm -rf ~' + ')'.repeat(60))).verdict, 'deny');
  assert.equal(decide(shell('bash -c "bash -c \'rm -rf ~\'"')).patternName, 'destructive_fs.recursive_delete');
});

test('scripts nested past the depth bound are denied, not skipped', () => {
  let src = 'rm -rf /tmp/x';
  for (let i = 0; i < SHELL_LIMITS.maxDepth + 2; i++) src = `eval ${JSON.stringify(src)}`;
  const d = decide(shell('$('.repeat(40) + 'ls' + ')'.repeat(40)));
  assert.equal(d.patternName, 'unanalysable.shell');
  assert.match(d.reason, /nested more than \d+ levels/);
  assert.equal(decide(shell('find . -exec '.repeat(20) + 'ls')).patternName, 'unanalysable.shell');
});

test('64 KiB of backticks lexes into one word with one substitution per pair', () => {
  // The quadratic cost was the word's substitution list being copied per backtick pair:
  // now each pair appends once, so the list has exactly one entry per pair.
  const src = '`'.repeat(65_536);
  const { tokens } = lex(src);
  assert.equal(tokens.length, 1);
  const w = tokens[0];
  assert.ok(w.t === 'word');
  assert.equal(w.subs.length, 32_768);
  // 32,768 empty substitutions are past the command budget: a deliberate flood is unanalysable.
  const d = decide(shell(src));
  assert.equal(d.verdict, 'deny');
  assert.match(d.reason, /command substitutions in one call cannot be analysed/);
  // A handful of substitutions is ordinary shell and stays allowed.
  assert.equal(decide(shell('echo `date` `whoami` ``')).verdict, 'allow');
});

test('a command padded past max_input_length is judged in full: echo <120,000 chars> ; rm -rf ~', () => {
  const d = decide(shell('echo ' + 'x'.repeat(120_000) + ' ; rm -rf ~'));
  assert.equal(d.verdict, 'deny');
  assert.equal(d.patternName, 'destructive_fs.recursive_delete');
  // Many words rather than one long one: no token bound hides the tail either.
  const words = decide(shell('echo ' + 'a '.repeat(40_000) + '; rm -rf ~'));
  assert.equal(words.patternName, 'destructive_fs.recursive_delete');
});

test('a command past the hard inspection cap is denied as unanalysable, the start still judged', () => {
  const d = decide(shell('echo ' + 'a'.repeat(SHELL_LIMITS.maxLength) + '; rm -rf ~'));
  assert.equal(d.verdict, 'deny');
  assert.equal(d.patternName, 'unanalysable.shell');
  assert.match(d.reason, /longer than 262,144 characters cannot be analysed/);
  // An org that raises max_input_length raises the cap with it.
  assert.equal(decide(shell('echo ' + 'a'.repeat(300_000) + '; rm -rf ~'), policyWith({ max_input_length: 500_000 })).patternName, 'destructive_fs.recursive_delete');
  assert.equal(decide(shell('rm -rf ~; echo ' + 'a'.repeat(SHELL_LIMITS.maxLength))).patternName, 'destructive_fs.recursive_delete');
});

test('more commands than the bound is denied as unanalysable', () => {
  const d = decide(shell('ls;'.repeat(SHELL_LIMITS.maxCommands + 10)));
  assert.equal(d.patternName, 'unanalysable.shell');
  assert.match(d.reason, /more than 2000 commands/);
  assert.equal(decide(shell('ls;'.repeat(200))).verdict, 'allow');
});

test('every bomb of the benchmark gets a verdict; plain text of the same size is allowed', () => {
  assert.equal(decide(shell(plainText())).verdict, 'allow');
  for (const [name, src] of Object.entries(shellBombs())) {
    const d = decide(shell(src));
    assert.ok(['allow', 'warn', 'deny'].includes(d.verdict), name);
    if (d.patternName === 'unanalysable.shell') assert.match(d.reason, /cannot be analysed/, name);
  }
});

test('decideToolCall never throws: a failing rule becomes a deny that says the call could not be analysed', () => {
  // A field that throws when read stands in for any rule failing on input nobody foresaw.
  const call: ToolCall = shell('ls');
  Object.defineProperty(call, 'command', {
    get() {
      throw new Error('boom');
    },
  });
  const d = decide(call);
  assert.equal(d.verdict, 'deny');
  assert.equal(d.patternName, 'unanalysable.error');
  assert.match(d.reason, /could not be analysed/);
  assert.equal(decide(call, policyWith({ security_level: 'permissive' })).verdict, 'warn');
});

test('parse results before a bomb keep their commands', () => {
  const s = parseShell('rm -rf ~; ' + '('.repeat(200));
  assert.equal(s.commands[0].name, 'rm');
  assert.ok(s.unanalysable);
});
