// POST /api/v1/claude-code/checkin (spec): session-start check-in of the first surface.
import { checkIn, checkinBody } from '../../fleet/checkin.js';
import { defineRoute, RUNTIME_ACCESS } from '../../http/route.js';
import { parseBody } from '../../http/validate.js';
import { checkinResponse } from '@service/api';
import { fleetReportDeps, requestIdentity } from './workstation-request.js';

export const checkinRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/claude-code/checkin',
  access: RUNTIME_ACCESS,
  summary: 'Session-start check-in: register/refresh the workstation, record the session and inventory, return the shield policy',
  request: { body: checkinBody },
  response: { 200: checkinResponse },
  async handler(ctx, deps) {
    const body = parseBody(checkinBody, ctx.state.body);
    const identity = requestIdentity(ctx, body);
    ctx.body = await checkIn(fleetReportDeps(deps), ctx.state.principal, identity, body);
  },
});
