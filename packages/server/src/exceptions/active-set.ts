// The hot path's view of exceptions: per org, the APPROVED exceptions that have not expired,
// compiled once. Like the policy cache, every node checks the org's exceptions_version at most
// once a second, so an approval (or a denial, or an expiry) made through any node is seen
// everywhere within about a second. Expiry is also checked on every use: an exception never
// applies after its expires_at, whether or not the sweep has marked it yet.
import { LRUCache } from 'lru-cache';
import type { Decision, ToolCall } from '../policy/types.js';
import type { ExceptionsRepo } from '../store/exceptions-repo.js';
import { compileScope, type CompiledScope, type ScopeKind } from './scope.js';

const RECHECK_MS = 1000;
const MAX_ORGS = 10_000;

interface ActiveException {
  id: string;
  expiresAt: number;
  decidedBy: string;
  scope: CompiledScope;
}

interface Cached {
  version: number;
  checkedAt: number;
  active: ActiveException[];
}

export class ActiveExceptions {
  private readonly cache = new LRUCache<string, Cached>({ max: MAX_ORGS });
  private readonly inflight = new Map<string, Promise<Cached>>();

  constructor(private readonly repo: Pick<ExceptionsRepo, 'version' | 'activeApproved'>) {}

  private async get(orgId: string, now: number): Promise<Cached> {
    const hit = this.cache.get(orgId);
    if (hit && now - hit.checkedAt < RECHECK_MS) return hit;
    let pending = this.inflight.get(orgId);
    if (!pending) {
      pending = this.refresh(orgId, hit, now).finally(() => this.inflight.delete(orgId));
      this.inflight.set(orgId, pending);
    }
    return pending;
  }

  private async refresh(orgId: string, hit: Cached | undefined, now: number): Promise<Cached> {
    const version = await this.repo.version(orgId);
    if (hit && hit.version === version) {
      hit.checkedAt = now;
      return hit;
    }
    const rows = await this.repo.activeApproved(orgId, now);
    const active: ActiveException[] = [];
    for (const r of rows) {
      if (!r.scope_kind || r.scope_value === null || r.expires_at === null) continue;
      try {
        const scope = compileScope({ kind: r.scope_kind as ScopeKind, value: r.scope_value, host: r.scope_host, user: r.scope_user, repository: r.scope_repository });
        active.push({ id: r.id, expiresAt: r.expires_at, decidedBy: r.decided_by_email ?? r.decided_by_key_id ?? 'an admin', scope });
      } catch {
        // A scope that no longer compiles (validated on approval) covers nothing.
      }
    }
    const fresh: Cached = { version, checkedAt: now, active };
    this.cache.set(orgId, fresh);
    return fresh;
  }

  /** This process sees its own decisions at once. */
  invalidate(orgId: string): void {
    this.cache.delete(orgId);
  }

  /**
   * A deny or warn that an approved, unexpired exception covers becomes an allow naming the
   * exception; anything else (an allow, a chain, a call outside every scope) is returned as is.
   */
  async apply(orgId: string, call: ToolCall, decision: Decision, now = Date.now()): Promise<Decision> {
    if (decision.verdict === 'allow') return decision;
    if (String(decision.detectionLayer) === 'chain' || decision.patternName?.startsWith('chain.')) return decision;
    const { active } = await this.get(orgId, now);
    if (active.length === 0) return decision;
    const hit = active.find((e) => e.expiresAt > now && e.scope.matches(call));
    if (!hit) return decision;
    return { ...decision, verdict: 'allow', reason: `exception #${hit.id} approved by ${hit.decidedBy}` };
  }
}

/** The hint a deny/warn carries: how to ask for an exception to this very decision. */
export function exceptionHint(eventId: string): string {
  return ` To ask for an exception: service exceptions request ${eventId} --reason "…"`;
}
