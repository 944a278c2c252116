// Whether an org has any webhook route that would deliver `activity.observed`. Allowed calls
// are the bulk of hook traffic; writing an outbox row for each when nobody listens doubled the
// hot path's inserts and grew the outbox without bound. Checked at most once a second per org,
// so a new route receives observed events from within about a second of its creation.
import { LRUCache } from 'lru-cache';
import type { RuntimeEventsRepo } from '../store/runtime-events-repo.js';
import { selectorMatches, severityRank } from '../notifications/event-types.js';

const RECHECK_MS = 1000;
const MAX_ORGS = 10_000;

export class ObservedInterest {
  private readonly cache = new LRUCache<string, { wants: boolean; checkedAt: number }>({ max: MAX_ORGS });
  private readonly inflight = new Map<string, Promise<boolean>>();

  constructor(private readonly repo: Pick<RuntimeEventsRepo, 'enabledRouteSelectors'>) {}

  async wants(orgId: string, now = Date.now()): Promise<boolean> {
    const hit = this.cache.get(orgId);
    if (hit && now - hit.checkedAt < RECHECK_MS) return hit.wants;
    let pending = this.inflight.get(orgId);
    if (!pending) {
      pending = this.lookup(orgId, now).finally(() => this.inflight.delete(orgId));
      this.inflight.set(orgId, pending);
    }
    return pending;
  }

  private async lookup(orgId: string, now: number): Promise<boolean> {
    const routes = await this.repo.enabledRouteSelectors(orgId);
    const wants = routes.some((r) => {
      let selectors: string[] = ['*'];
      try {
        selectors = JSON.parse(r.event_types);
      } catch {
        /* a malformed row is treated as "all events" rather than silently dropping them */
      }
      return selectorMatches(selectors, 'activity.observed') && severityRank(r.min_severity) <= severityRank('info');
    });
    this.cache.set(orgId, { wants, checkedAt: now });
    return wants;
  }
}
