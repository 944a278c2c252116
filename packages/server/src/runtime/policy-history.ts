// The org's policy change history (who, when, what changed), read from the policy.changed
// events that PolicyStore.save writes in the same transaction as each change.
import type { PolicyRepo } from '../store/policy-repo.js';

export interface PolicyChange {
  at: string;
  actor: string | null;
  summary: string;
  details: Record<string, unknown>;
}

export async function policyHistory(repo: Pick<PolicyRepo, 'changeEvents'>, orgId: string, limit = 50): Promise<PolicyChange[]> {
  const rows = await repo.changeEvents(orgId, limit);
  return rows.map((r) => {
    let data: { actor?: { email?: string | null }; evidence?: { summary?: string; details?: Record<string, unknown> } } = {};
    try {
      data = JSON.parse(r.data);
    } catch {
      // An unreadable row still shows when it happened.
    }
    return { at: new Date(r.occurred_at).toISOString(), actor: data.actor?.email ?? null, summary: data.evidence?.summary ?? 'Policy changed.', details: data.evidence?.details ?? {} };
  });
}
