import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decide, mcp, prompt, shell, write } from './helpers.js';
import type { ToolCall } from '../../src/policy/types.js';

// Deterministic pseudo-random generator so failures reproduce.
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PIECES = ['rm', '-rf', '/', '~', '"', "'", '$(', ')', '`', '|', '||', '&&', ';', '&', '>', '>>', '<<', 'EOF', '\n', '\\', 'sudo', 'bash -c', 'curl', 'http://1.2.3.4/x', 'sh', '{', '}', '(', '*', '$HOME', "$'\\x72'", 'xargs', 'find', '-exec', '\\;', 'eval', 'iex', '@-', '.env', '~/.ssh/id_rsa', 'ghp_', 'AKIA', '-----BEGIN', ' '];

test('decideToolCall never throws and stays fast on hostile input', () => {
  const next = rng(42);
  for (let i = 0; i < 2000; i++) {
    let s = '';
    const n = 1 + Math.floor(next() * 40);
    for (let k = 0; k < n; k++) s += PIECES[Math.floor(next() * PIECES.length)] + (next() < 0.5 ? ' ' : '');
    const d = decide(shell(s));
    assert.ok(['allow', 'warn', 'deny'].includes(d.verdict));
    decide(write('/tmp/x', s));
    decide(prompt(s));
  }
});

test('malformed calls are answered, not thrown', () => {
  const odd: ToolCall[] = [
    { ...shell(''), command: '' },
    { ...shell('x'), toolInput: undefined as unknown as Record<string, unknown> },
    mcp('', '', { nested: { deeper: [[[{ command: 'rm -rf /' }]]] } }),
    { ...write('', ''), filePath: '' },
    { ...prompt('/'), prompt: '/' },
    { ...shell('a'), tool: 'other', command: undefined },
  ];
  for (const c of odd) assert.ok(decide(c).verdict);
});

test('huge inputs are bounded', () => {
  const big = 'echo ' + 'a '.repeat(600_000);
  const d = decide(shell(big));
  // Past the hard inspection cap (256 KiB by default) the command is unanalysable (issue #15).
  assert.equal(d.patternName, 'unanalysable.shell');
  const nested = 'bash -c "'.repeat(200) + 'rm -rf /';
  assert.ok(decide(shell(nested)).verdict);
});
