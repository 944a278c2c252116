// POST /api/v1/events (spec Index: "Lifecycle events such as install or uninstall"). Payload: docs/api-fleet.md.
import { lifecycleBody, recordLifecycleEvent } from '../../fleet/lifecycle.js';
import { defineRoute, RUNTIME_ACCESS } from '../../http/route.js';
import { parseBody } from '../../http/validate.js';
import { lifecycleResponse } from '@service/api';
import { fleetReportDeps, requestIdentity } from './workstation-request.js';

export const lifecycleEventsRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/events',
  access: RUNTIME_ACCESS,
  summary: 'Install / uninstall / update / repair / session_end lifecycle events of a workstation',
  request: { body: lifecycleBody },
  response: { 200: lifecycleResponse },
  async handler(ctx, deps) {
    const body = parseBody(lifecycleBody, ctx.state.body);
    ctx.body = await recordLifecycleEvent(fleetReportDeps(deps), ctx.state.principal, requestIdentity(ctx, body), body);
  },
});
