// POST /api/v1/runtime/managed-coverage (spec Index): MDM pre-registration and coverage. Payload: docs/api-fleet.md.
import { managedCoverageBody, recordManagedCoverage } from '../../fleet/managed-coverage.js';
import { defineRoute, RUNTIME_ACCESS } from '../../http/route.js';
import { parseBody } from '../../http/validate.js';
import { managedCoverageResponse } from '@service/api';
import { fleetReportDeps, requestIdentity } from './workstation-request.js';

export const managedCoverageRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/runtime/managed-coverage',
  access: RUNTIME_ACCESS,
  summary: 'MDM-reported AI IDE presence and hook coverage; pre-registers the device',
  request: { body: managedCoverageBody },
  response: { 200: managedCoverageResponse },
  async handler(ctx, deps) {
    const body = parseBody(managedCoverageBody, ctx.state.body);
    ctx.body = await recordManagedCoverage(fleetReportDeps(deps), ctx.state.principal, requestIdentity(ctx, body), body);
  },
});
