// POST /api/v1/scans (spec): posture scan upload.
import { recordScan, scanBody } from '../../fleet/posture-scans.js';
import { defineRoute, RUNTIME_ACCESS } from '../../http/route.js';
import { parseBody } from '../../http/validate.js';
import { scanResponse } from '@service/api';
import { fleetReportDeps, requestIdentity } from './workstation-request.js';

export const scansRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/scans',
  access: RUNTIME_ACCESS,
  summary: 'Upload a posture scan (checks, score, grade); fires posture.grade_dropped / posture.check_failed',
  request: { body: scanBody },
  response: { 201: scanResponse },
  async handler(ctx, deps) {
    const body = parseBody(scanBody, ctx.state.body);
    ctx.status = 201;
    ctx.body = await recordScan(fleetReportDeps(deps), ctx.state.principal, requestIdentity(ctx, body), body);
  },
});
