// The fleet page's short-lived stat-card cache: one computation per key within the TTL (shared
// by concurrent loads), recomputed after it, failures not kept, bounded.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ShortLivedCache } from '../../src/page/stats-cache.js';

describe('ShortLivedCache', () => {
  test('within the TTL the value is shared; after it, recomputed', async () => {
    const cache = new ShortLivedCache<number>(1000);
    let calls = 0;
    const compute = async () => ++calls;
    const [a, b] = await Promise.all([cache.get('org', compute, 0), cache.get('org', compute, 10)]);
    assert.deepEqual([a, b, calls], [1, 1, 1]);
    assert.equal(await cache.get('org', compute, 999), 1);
    assert.equal(await cache.get('org', compute, 1000), 2);
    assert.equal(await cache.get('other', compute, 1000), 3, 'keys are separate');
  });

  test('a failed computation is not kept, and the cache is bounded', async () => {
    const cache = new ShortLivedCache<number>(1000, 2);
    await assert.rejects(cache.get('org', async () => Promise.reject(new Error('db down')), 0));
    await new Promise((r) => setImmediate(r));
    assert.equal(await cache.get('org', async () => 7, 1), 7);
    await cache.get('b', async () => 1, 2);
    await cache.get('c', async () => 1, 3);
    assert.equal(await cache.get('org', async () => 8, 4), 8, 'the oldest key was evicted');
  });
});
