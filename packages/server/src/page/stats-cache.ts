// The fleet page's stat cards, kept for a few seconds per org. The cards are one ordered pass
// over a covering index of every host of the org (about 45 ms of CPU at 100,000 hosts on SQLite,
// docs/admin-page.md), and the page asks for them on every load, filter change and page turn. Cards up to
// FLEET_STATS_TTL_MS old are fine for a view whose online window is 15 minutes; concurrent
// loads of one org share one computation. The JSON API is not cached.
import { LRUCache } from 'lru-cache';

export const FLEET_STATS_TTL_MS = 5_000;
const MAX_ORGS = 1_000;

export class ShortLivedCache<T> {
  private readonly entries: LRUCache<string, { at: number; value: Promise<T> }>;

  constructor(
    private readonly ttlMs: number,
    maxEntries = MAX_ORGS,
  ) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  get(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = compute();
    // A failed computation is not kept: the next load tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    this.entries.set(key, { at: now, value });
    return value;
  }

  forget(key?: string): void {
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}
