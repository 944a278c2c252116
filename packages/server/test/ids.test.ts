import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newId } from '../src/ids.js';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const decodeTime = (id: string) => [...id.slice(0, 10)].reduce((n, c) => n * 32 + ALPHABET.indexOf(c), 0);

test('ids are 26 Crockford base32 characters that start with their millisecond', () => {
  for (const ms of [0, 1, 1_700_000_000_000, 2 ** 48 - 1]) {
    const id = newId(ms);
    assert.match(id, /^[0-9A-HJKMNP-TV-Z]{26}$/);
    assert.equal(decodeTime(id), ms);
  }
});

test('ids increase within one millisecond and from one millisecond to the next', () => {
  const now = 1_800_000_000_000;
  const ids = [...Array.from({ length: 2000 }, () => newId(now)), ...Array.from({ length: 10 }, (_, i) => newId(now + 1 + i))];
  for (let i = 1; i < ids.length; i++) assert.ok(ids[i - 1] < ids[i], `${ids[i - 1]} < ${ids[i]}`);
  assert.equal(new Set(ids).size, ids.length);
});
