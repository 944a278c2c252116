// Every route of the server, in one list: the app mounts it and the security tests walk it.
import type { RouteDef } from '../http/route.js';
import { adminKeyRoutes } from './admin/keys.js';
import { adminWebhookRoutes } from './admin/webhooks.js';
import { adminWebhookDeliveryRoutes } from './admin/webhook-deliveries.js';
import { meRoute } from './v1/me.js';
import { evaluateRoutes } from './v1/evaluate.js';
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

export function allRoutes(): RouteDef[] {
  return [meRoute, ...adminKeyRoutes, ...evaluateRoutes, ...shieldRoutes, ...mcpRoutes, ...adminPolicyRoutes, ...adminWebhookRoutes, ...adminWebhookDeliveryRoutes, ...fleetRoutes()];
}

/** Fleet: registration surfaces (runtime keys) and the fleet/inventory admin API. */
function fleetRoutes(): RouteDef[] {
  return [checkinRoute, healthRoute, heartbeatRoute, lifecycleEventsRoute, scansRoute, managedCoverageRoute, ...adminFleetRoutes, ...adminInventoryRoutes];
}
