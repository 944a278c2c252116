// Verifies API keys: SHA-256 of the presented key → one indexed lookup → cached (bounded).
// A cached key is trusted for at most `ttlMs` (≤ 60 s), which is the documented bound within
// which a revocation made on another server process takes effect; on the process that
// revoked it, it takes effect at once.
import { LRUCache } from 'lru-cache';
import type { Logger } from '../log.js';
import { PeriodicTask } from '../periodic-task.js';
import type { AccountsRepo } from '../store/accounts-repo.js';
import { hashApiKey, kindOfRawKey, type KeyKind } from './api-keys.js';
import type { Plan, Role } from './orgs.js';

export interface KeyPrincipal {
  keyId: string;
  kind: KeyKind;
  orgId: string;
  orgName: string;
  plan: Plan;
  /** Role of the user who created the key (spec: Authentication 5). */
  role: Role | null;
  createdBy: string | null;
}

export type KeyLookup = { ok: true; principal: KeyPrincipal } | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' };

interface CacheEntry {
  result: KeyLookup;
  expiresAt: number;
}

/** How often the keys' `last_used_at` is written: use is coalesced in memory in between. */
export const KEY_USAGE_FLUSH_MS = 30_000;

export class KeyVerifier {
  private readonly cache: LRUCache<string, CacheEntry>;
  /** key id → its org and last use (ms) not yet written; one UPDATE per key per flush, whatever the traffic. */
  private readonly used = new Map<string, { orgId: string; at: number }>();
  private flushLoop: PeriodicTask | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /**
   * The key last hashed on each connection. A hook's connection is kept alive and sends the
   * same key on every call, so the SHA-256 is computed once per connection, not per call. Only
   * the hashing is skipped: the cached verdict below still expires and is still revoked.
   */
  private readonly connectionKeys = new WeakMap<object, { raw: string; hash: string }>();

  constructor(
    private readonly accounts: Pick<AccountsRepo, 'keyForHash' | 'recordKeyUse'>,
    private readonly ttlMs: number,
    private readonly logger: Logger,
    maxEntries = 10_000,
  ) {
    this.cache = new LRUCache({ max: maxEntries });
  }

  /**
   * The verdict on a key presented on `connection` (the request's socket, where its hash is
   * remembered for the next call); synchronous when the verdict is cached (the hot path).
   */
  verify(raw: string, connection: object): KeyLookup | Promise<KeyLookup> {
    const known = this.connectionKeys.get(connection);
    let hash: string;
    if (known && known.raw === raw) hash = known.hash;
    else {
      if (kindOfRawKey(raw) === null) return { ok: false, reason: 'malformed' };
      hash = hashApiKey(raw);
      this.connectionKeys.set(connection, { raw, hash });
    }
    const now = Date.now();
    const hit = this.cache.get(hash);
    if (hit && hit.expiresAt > now) {
      this.noteUse(hit.result, now);
      return hit.result;
    }
    return this.lookup(hash, now).then((result) => {
      this.noteUse(result, now);
      return result;
    });
  }

  private noteUse(result: KeyLookup, now: number): void {
    if (result.ok) this.used.set(result.principal.keyId, { orgId: result.principal.orgId, at: now });
  }

  /** Starts writing `last_used_at` every `intervalMs`. */
  startUsageFlush(intervalMs = KEY_USAGE_FLUSH_MS): void {
    this.flushLoop ??= new PeriodicTask({ name: 'key usage flush', intervalMs, pass: () => this.flushUsage(), logger: this.logger });
    this.flushLoop.start();
  }

  /** Stops the loop and writes what is pending (at shutdown, before the store closes). */
  async stopUsageFlush(): Promise<void> {
    await this.flushLoop?.stop();
    await this.flushUsage();
  }

  /** Writes the pending uses; a failed write is dropped (a later use records it again). */
  flushUsage(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.used.size === 0) return;
      const batch = [...this.used];
      this.used.clear();
      for (const [keyId, { orgId, at }] of batch) {
        try {
          await this.accounts.recordKeyUse(orgId, keyId, at);
        } catch {
          // The store is busy or closing: the next use of the key records it again.
        }
      }
    });
    return this.flushing;
  }

  private async lookup(hash: string, now: number): Promise<KeyLookup> {
    const row = await this.accounts.keyForHash(hash);
    let result: KeyLookup;
    if (!row) result = { ok: false, reason: 'unknown' };
    else if (row.revoked_at !== null) result = { ok: false, reason: 'revoked' };
    else {
      result = {
        ok: true,
        principal: { keyId: row.id, kind: row.kind, orgId: row.org_id, orgName: row.org_name, plan: row.plan as Plan, role: row.role as Role | null, createdBy: row.created_by },
      };
    }
    // Unknown keys are cached briefly too, so a flood of made-up keys does not reach the store.
    const ttl = result.ok ? this.ttlMs : Math.min(this.ttlMs, 5_000);
    this.cache.set(hash, { result, expiresAt: now + ttl });
    return result;
  }

  /** Forget every cached verdict of an org's keys (after a revoke or a plan change here). */
  invalidateOrg(orgId: string): void {
    for (const [hash, entry] of [...this.cache]) {
      if (entry.result.ok && entry.result.principal.orgId === orgId) this.cache.delete(hash);
    }
  }
}
