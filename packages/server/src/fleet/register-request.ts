// Registration for the fleet's own runtime endpoints (check-in, heartbeat, lifecycle events,
// scans, managed coverage): identity from the request, FleetRegistry.touch, and the spec's
// answer to a new machine past the plan limit (Errors rule 3: rejected with the plan-limit
// message before any host record is created; we answer 403 Forbidden with that message).
import type { KeyPrincipal } from '../accounts/key-cache.js';
import type { AppDeps } from '../app-deps.js';
import type { AppContext } from '../http/context.js';
import { LimitExceededError } from '../errors.js';
import type { Activity } from './heartbeats.js';
import { resolveIdentity, type WorkstationIdentity } from './identity.js';
import type { WorkstationDetails } from './registry.js';

/** Spec identity order: machine_id, then the payload's hostname, then the X-Hostname header. */
export function requestIdentity(ctx: AppContext, body: { machine_id?: string | null; hostname?: string | null }): WorkstationIdentity {
  return resolveIdentity({
    machineId: body.machine_id,
    hostname: body.hostname,
    headerHostname: ctx.get('X-Hostname'),
    headerMachineId: ctx.get('X-Machine-Id'),
  });
}

export interface Registered {
  workstationId: string;
  created: boolean;
}

/**
 * The workstation for this request, created if new. A host deleted through another server
 * process can still sit in this process's identity cache for up to a minute: when the row is
 * gone, the cache entry is dropped and the request registers the machine again.
 */
export async function registerWorkstation(deps: AppDeps, principal: KeyPrincipal, identity: WorkstationIdentity, activity: Activity, details?: WorkstationDetails): Promise<Registered> {
  const org = { id: principal.orgId, plan: principal.plan };
  for (let attempt = 0; ; attempt++) {
    const r = await deps.fleet.touch(org, identity, activity, details);
    if (!r.ok) throw new LimitExceededError(r.message, 'workstations', r.limit, r.current);
    if (r.created || attempt > 0) return { workstationId: r.workstationId, created: r.created };
    const exists = await deps.store.knex('workstations').where({ org_id: org.id, id: r.workstationId }).first('id');
    if (exists) return { workstationId: r.workstationId, created: false };
    deps.fleet.forget([r.workstationId]);
  }
}

/** The owner fallback of a host: the creator of the key it reports with (unverified, spec: Owner). */
export async function keyCreatorOf(deps: AppDeps, principal: KeyPrincipal): Promise<{ email: string | null } | null> {
  if (!principal.createdBy) return null;
  const user = await deps.store.knex('users').where({ org_id: principal.orgId, id: principal.createdBy }).first('email');
  return user ? { email: user.email } : null;
}
