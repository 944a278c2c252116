// Invalid-key failures counted per client address and per key prefix, in one-minute windows
// (spec: Authentication). The HTTP layer asks before it verifies a key and answers 429 when a
// window is used up; counting lives here so it has no HTTP in it.
import { LRUCache } from 'lru-cache';

const FAILURE_WINDOW_MS = 60_000;
const MAX_TRACKED = 50_000;

interface FailureWindow {
  count: number;
  windowStart: number;
}

/** What a failure is counted under besides the address: the kind marker and the next 6 characters of a key-shaped token. */
export function keyPrefixOf(token: string): string | null {
  const m = /^(svc_(?:rt|adm)_[A-Za-z0-9]{6})/.exec(token);
  return m ? m[1] : null;
}

export class AuthFailureLimiter {
  private readonly byAddress = new LRUCache<string, FailureWindow>({ max: MAX_TRACKED });
  private readonly byPrefix = new LRUCache<string, FailureWindow>({ max: MAX_TRACKED });

  constructor(private readonly maxFailuresPerWindow = 60) {}

  /** Seconds until the address or the key prefix may try again; 0 while it still has failures left. */
  retryAfter(ip: string, prefix: string | null, now = Date.now()): number {
    return Math.max(this.windowRetry(this.byAddress, ip, now), prefix === null ? 0 : this.windowRetry(this.byPrefix, prefix, now));
  }

  recordFailure(ip: string, prefix: string | null, now = Date.now()): void {
    this.bump(this.byAddress, ip, now);
    if (prefix !== null) this.bump(this.byPrefix, prefix, now);
  }

  private windowRetry(map: LRUCache<string, FailureWindow>, id: string, now: number): number {
    const entry = map.get(id);
    if (entry && now - entry.windowStart < FAILURE_WINDOW_MS && entry.count >= this.maxFailuresPerWindow) {
      return Math.max(1, Math.ceil((entry.windowStart + FAILURE_WINDOW_MS - now) / 1000));
    }
    return 0;
  }

  private bump(map: LRUCache<string, FailureWindow>, id: string, now: number): void {
    const entry = map.get(id);
    if (!entry || now - entry.windowStart >= FAILURE_WINDOW_MS) {
      map.set(id, { count: 1, windowStart: now });
    } else entry.count++;
  }
}

