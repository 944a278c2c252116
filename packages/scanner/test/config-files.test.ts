import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseJsonObject, readBoundedText } from '../src/config-files.js';
import { makeFixture } from './fixture-home.js';

describe('parseJsonObject (JSON with comments)', () => {
  const cases: [string, string, Record<string, unknown> | undefined][] = [
    ['plain JSON', '{"a": 1}', { a: 1 }],
    ['byte order mark', '\uFEFF{"a": 1}', { a: 1 }],
    ['empty file', '  \n', {}],
    ['line and block comments', '// head\n{ /* x */ "a": 1 // tail\n}', { a: 1 }],
    ['comment markers inside strings stay', '{"url": "https://x//y", "s": "/* no */"}', { url: 'https://x//y', s: '/* no */' }],
    ['trailing commas', '{"a": [1, 2,], "b": {"c": 3,},}', { a: [1, 2], b: { c: 3 } }],
    ['trailing comma before a comment', '{"a": 1, // last\n}', { a: 1 }],
    ['escaped quote in a string', '{"a": "say \\"hi\\", // not a comment"}', { a: 'say "hi", // not a comment' }],
    ['an array is not an object', '[1]', undefined],
    ['garbage', '{nope', undefined],
  ];
  for (const [name, text, expected] of cases) test(name, () => assert.deepEqual(parseJsonObject(text), expected));
});

describe('readBoundedText', () => {
  test('missing, too large, a directory, and a normal file', async (t) => {
    const f = await makeFixture(t);
    const small = await f.write('small.txt', 'hello');
    const big = await f.write('big.txt', 'x'.repeat(101));
    assert.deepEqual(await readBoundedText(f.path('absent')), { status: 'missing' });
    assert.deepEqual(await readBoundedText(small, 100), { status: 'ok', text: 'hello' });
    assert.deepEqual(await readBoundedText(big, 100), { status: 'error', reason: 'larger than 100 bytes' });
    assert.deepEqual(await readBoundedText(f.root), { status: 'error', reason: 'not a regular file' });
  });
});
