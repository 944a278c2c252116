// Every route of the server, in one list: the app mounts it and the security tests walk it.
import type { RouteDef } from '../http/route.js';
import { adminKeyRoutes } from './admin/keys.js';
import { adminWebhookRoutes } from './admin/webhooks.js';
import { adminWebhookDeliveryRoutes } from './admin/webhook-deliveries.js';
import { adminInvestigationRoutes } from './admin/investigations.js';
import { meRoute } from './v1/me.js';
import { evaluateRoutes } from './v1/evaluate.js';
import { hookRoute } from './v1/hook.js';
import { mcpRoutes } from './v1/mcp.js';
import { shieldRoutes } from './v1/shield.js';
import { adminPolicyRoutes } from './admin/policy.js';
import { adminFleetRoutes } from './admin/fleet.js';
import { adminInventoryRoutes } from './admin/inventory.js';
import { checkinRoute } from './v1/checkin.js';
import { healthRoute } from './v1/health.js';
import { heartbeatRoute } from './v1/heartbeat.js';
import { lifecycleEventsRoute } from './v1/lifecycle-events.js';
import { managedCoverageRoute } from './v1/managed-coverage.js';
import { scansRoute } from './v1/scans.js';
import { otlpRoutes } from './v1/otlp.js';
import { exceptionRoutes } from './v1/exceptions.js';
import { auditRoutes } from './admin/audit.js';
import { openApiRoute } from './v1/openapi.js';

export function allRoutes(): RouteDef[] {
  return [meRoute, ...adminKeyRoutes, ...evaluateRoutes, hookRoute, ...shieldRoutes, ...mcpRoutes, ...adminPolicyRoutes, ...adminWebhookRoutes, ...adminWebhookDeliveryRoutes, ...adminInvestigationRoutes, ...fleetRoutes(), ...otlpRoutes, ...exceptionRoutes, ...auditRoutes, openApiRoute(allRoutes)];
}

/** Fleet: registration surfaces (runtime keys) and the fleet/inventory admin API. */
function fleetRoutes(): RouteDef[] {
  return [checkinRoute, healthRoute, heartbeatRoute, lifecycleEventsRoute, scansRoute, managedCoverageRoute, ...adminFleetRoutes, ...adminInventoryRoutes];
}
