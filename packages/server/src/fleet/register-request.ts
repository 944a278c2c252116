// Registration for the fleet's own runtime endpoints (check-in, heartbeat, lifecycle events,
// scans, managed coverage): FleetRegistry.touch for the identity the route resolved, and the spec's
// answer to a new machine past the plan limit (Errors rule 3: rejected with the plan-limit
// message before any host record is created; we answer 403 Forbidden with that message).
import type { KeyPrincipal } from '../accounts/key-cache.js';
import { LimitExceededError } from '../errors.js';
import type { InventoryLimits } from '../inventory/limits.js';
import type { ShieldPolicy } from '../policy/types.js';
import type { Activity } from './heartbeats.js';
import type { WorkstationIdentity } from './identity.js';
import type { FleetRegistry, WorkstationDetails } from './registry.js';

export interface Registered {
  workstationId: string;
  created: boolean;
}

/**
 * The workstation for this request, created if new. A host deleted through another server
 * process can still sit in this process's identity cache for up to a minute: when the row is
 * gone, the cache entry is dropped and the request registers the machine again.
 */
export async function registerWorkstation(fleet: FleetRegistry, principal: KeyPrincipal, identity: WorkstationIdentity, activity: Activity, details?: WorkstationDetails): Promise<Registered> {
  const org = { id: principal.orgId, plan: principal.plan };
  for (let attempt = 0; ; attempt++) {
    const r = await fleet.touch(org, identity, activity, details);
    if (!r.ok) throw new LimitExceededError(r.message, 'workstations', r.limit, r.current);
    if (r.created || attempt > 0) return { workstationId: r.workstationId, created: r.created };
    if (await fleet.repo.workstationExists(org.id, r.workstationId)) return { workstationId: r.workstationId, created: false };
    fleet.forget([r.workstationId]);
  }
}

/** The owner fallback of a host: the creator of the key it reports with (unverified, spec: Owner). */
export async function keyCreatorOf(fleet: FleetRegistry, principal: KeyPrincipal): Promise<{ email: string | null } | null> {
  if (!principal.createdBy) return null;
  const user = await fleet.repo.userEmail(principal.orgId, principal.createdBy);
  return user ? { email: user.email } : null;
}

/** What the report verbs (check-in, heartbeat, lifecycle event, scan, managed coverage) work with. */
export interface FleetReportDeps {
  /** Registration, coalesced heartbeats, classification, and the fleet's SQL (`fleet.repo`). */
  fleet: FleetRegistry;
  /** The org's effective shield policy (the answer carries its session view). */
  policies: { get(orgId: string): Promise<{ policy: ShieldPolicy }> };
  inventoryLimits: InventoryLimits;
}
