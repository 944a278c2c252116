import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SKILL_PREVIEW_BYTES, truncatePreview } from '../src/index.js';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('truncatePreview', () => {
  test('short text is returned whole', () => {
    assert.equal(truncatePreview('hello'), 'hello');
    assert.equal(truncatePreview(''), '');
  });

  test('exactly 500 bytes is returned whole; 501 is cut to 500', () => {
    assert.equal(SKILL_PREVIEW_BYTES, 500);
    assert.equal(truncatePreview('a'.repeat(500)), 'a'.repeat(500));
    assert.equal(truncatePreview('a'.repeat(501)), 'a'.repeat(500));
  });

  const straddling: [string, string, number][] = [
    ['2-byte é', 'é', 499],
    ['3-byte €', '€', 499],
    ['3-byte € two bytes in', '€', 498],
    ['4-byte emoji', '😀', 499],
    ['4-byte emoji three bytes in', '😀', 497],
  ];
  for (const [name, char, ascii] of straddling) {
    test(`a ${name} straddling the limit is dropped whole`, () => {
      const text = 'a'.repeat(ascii) + char + 'tail';
      const preview = truncatePreview(text);
      assert.equal(preview, 'a'.repeat(ascii));
      assert.ok(!preview.includes('\uFFFD'));
    });
  }

  test('a character ending exactly at the limit is kept', () => {
    const text = 'a'.repeat(497) + '€' + 'b';
    assert.equal(truncatePreview(text), 'a'.repeat(497) + '€');
  });

  test('Buffer and string inputs agree', () => {
    const text = 'ü'.repeat(400);
    assert.equal(truncatePreview(Buffer.from(text)), truncatePreview(text));
    assert.equal(bytes(truncatePreview(text)), 500);
  });

  test('invalid UTF-8 never yields more than 500 bytes', () => {
    const preview = truncatePreview(Buffer.alloc(600, 0xff));
    assert.ok(bytes(preview) <= 500, `got ${bytes(preview)} bytes`);
  });
});
