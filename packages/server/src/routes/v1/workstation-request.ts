// What the fleet's runtime routes (check-in, heartbeat, lifecycle events, scans, managed
// coverage) take from a request besides its body: the workstation's identity, with the
// headers as fallbacks, and the dependencies of the report verbs.
import type { AppDeps } from '../../app-deps.js';
import { resolveIdentity, type WorkstationIdentity } from '../../fleet/identity.js';
import type { FleetReportDeps } from '../../fleet/register-request.js';
import type { AppContext } from '../../http/context.js';

/** Spec identity order: machine_id, then the payload's hostname, then the X-Hostname header. */
export function requestIdentity(ctx: AppContext, body: { machine_id?: string | null; hostname?: string | null }): WorkstationIdentity {
  return resolveIdentity({
    machineId: body.machine_id,
    hostname: body.hostname,
    headerHostname: ctx.get('X-Hostname'),
    headerMachineId: ctx.get('X-Machine-Id'),
  });
}

export function fleetReportDeps(deps: AppDeps): FleetReportDeps {
  return { fleet: deps.fleet, policies: deps.policies, inventoryLimits: { orgLimit: deps.config.inventoryOrgLimit } };
}
