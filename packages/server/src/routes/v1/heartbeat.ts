// POST /api/v1/shield/heartbeat (spec Index: "Mark runtime shield active on a workstation");
// also cowork's installer/status check-in (`source: "cowork"`). Payload: docs/api-fleet.md.
import { heartbeatBody, runtimeHeartbeat } from '../../fleet/runtime-heartbeat.js';
import { defineRoute, RUNTIME_ACCESS } from '../../http/route.js';
import { parseBody } from '../../http/validate.js';
import { heartbeatResponse } from '@service/api';
import { fleetReportDeps, requestIdentity } from './workstation-request.js';

export const heartbeatRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/shield/heartbeat',
  access: RUNTIME_ACCESS,
  summary: 'Runtime heartbeat with setup health (and cowork installer/status check-in)',
  request: { body: heartbeatBody },
  response: { 200: heartbeatResponse },
  async handler(ctx, deps) {
    const body = parseBody(heartbeatBody, ctx.state.body);
    ctx.body = await runtimeHeartbeat(fleetReportDeps(deps), ctx.state.principal, requestIdentity(ctx, body), body);
  },
});
