// Verifies API keys: SHA-256 of the presented key → one indexed lookup → cached (bounded).
// A cached key is trusted for at most `ttlMs` (≤ 60 s), which is the documented bound within
// which a revocation made on another server process takes effect; on the process that
// revoked it, it takes effect at once.
import type { Knex } from 'knex';
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
  private readonly cache = new Map<string, CacheEntry>();
  /** key id → last use (ms) not yet written; one UPDATE per key per flush, whatever the traffic. */
  private readonly used = new Map<string, number>();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /**
   * The key last hashed on each connection. A hook's connection is kept alive and sends the
   * same key on every call, so the SHA-256 is computed once per connection, not per call. Only
   * the hashing is skipped: the cached verdict below still expires and is still revoked.
   */
  private readonly connectionKeys = new WeakMap<object, { raw: string; hash: string }>();

  constructor(
    private readonly knex: Knex,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

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
      if (hit.result.ok) this.used.set(hit.result.principal.keyId, now);
      return hit.result;
    }
    return this.lookup(hash, now).then((result) => {
      if (result.ok) this.used.set(result.principal.keyId, now);
      return result;
    });
  }

  /** Starts writing `last_used_at` every `intervalMs`. */
  startUsageFlush(intervalMs = KEY_USAGE_FLUSH_MS): void {
    if (this.flushTimer) return;
    this.flushTimer = setInterval(() => void this.flushUsage(), intervalMs);
    this.flushTimer.unref();
  }

  /** Stops the timer and writes what is pending (at shutdown, before the store closes). */
  async stopUsageFlush(): Promise<void> {
    if (this.flushTimer) clearInterval(this.flushTimer);
    this.flushTimer = null;
    await this.flushUsage();
  }

  /** Writes the pending uses; a failed write is dropped (a later use records it again). */
  flushUsage(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.used.size === 0) return;
      const batch = [...this.used];
      this.used.clear();
      for (const [keyId, at] of batch) {
        try {
          await this.knex('api_keys')
            .where({ id: keyId })
            .andWhere((q) => q.whereNull('last_used_at').orWhere('last_used_at', '<', at))
            .update({ last_used_at: at });
        } catch {
          // The store is busy or closing: the next use of the key records it again.
        }
      }
    });
    return this.flushing;
  }

  private async lookup(hash: string, now: number): Promise<KeyLookup> {
    const row = await this.knex('api_keys as k')
      .join('orgs as o', 'o.id', 'k.org_id')
      .leftJoin('users as u', function () {
        this.on('u.id', '=', 'k.created_by').andOn('u.org_id', '=', 'k.org_id');
      })
      .where('k.key_hash', hash)
      .first('k.id', 'k.kind', 'k.org_id', 'k.revoked_at', 'k.created_by', 'o.name as org_name', 'o.plan', 'u.role');
    let result: KeyLookup;
    if (!row) result = { ok: false, reason: 'unknown' };
    else if (row.revoked_at !== null && row.revoked_at !== undefined) result = { ok: false, reason: 'revoked' };
    else {
      result = {
        ok: true,
        principal: { keyId: row.id, kind: row.kind, orgId: row.org_id, orgName: row.org_name, plan: row.plan, role: row.role ?? null, createdBy: row.created_by ?? null },
      };
    }
    // Unknown keys are cached briefly too, so a flood of made-up keys does not reach the store.
    const ttl = result.ok ? this.ttlMs : Math.min(this.ttlMs, 5_000);
    if (this.cache.size >= this.maxEntries) {
      // Maps iterate in insertion order: dropping the first entry evicts the oldest.
      this.cache.delete(this.cache.keys().next().value as string);
    }
    this.cache.set(hash, { result, expiresAt: now + ttl });
    return result;
  }

  /** Forget every cached verdict of an org's keys (after a revoke or a plan change here). */
  invalidateOrg(orgId: string): void {
    for (const [hash, entry] of this.cache) {
      if (entry.result.ok && entry.result.principal.orgId === orgId) this.cache.delete(hash);
    }
  }
}
