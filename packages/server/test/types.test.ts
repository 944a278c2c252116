import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isSurface, SURFACES } from '../src/policy/types.js';

test('isSurface accepts every spec surface and nothing else', () => {
  for (const s of SURFACES) assert.equal(isSurface(s), true);
  for (const bad of ['', 'Claude-Code', 'vim', 42, null]) assert.equal(isSurface(bad), false);
});
