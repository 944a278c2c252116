// Admin API for the webhook delivery log and replay. Replay lives here, under the admin API
// and for admins and owners only: the spec's `/api/v1/webhook-deliveries/{id}/replay` does not
// exist on purpose (spec: Events, Destinations, test and replay).
import { getDelivery, listDeliveries, listDeliveriesQuery, replayDelivery } from '../../notifications/deliveries.js';
import { ADMIN_ACCESS, defineRoute } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { deliveryList, deliveryView, replayedDelivery } from '@service/api';

export const adminWebhookDeliveryRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/webhook-deliveries',
    access: ADMIN_ACCESS,
    summary: 'The delivery log, newest first, with every attempt (status code, latency, truncated response)',
    request: { query: listDeliveriesQuery },
    response: { 200: deliveryList },
    async handler(ctx, deps) {
      const query = parseQuery(listDeliveriesQuery, ctx.query);
      ctx.body = { deliveries: await listDeliveries(deps.store.notifications, ctx.state.principal.orgId, query) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/webhook-deliveries/:id',
    access: ADMIN_ACCESS,
    summary: 'One delivery with its attempts',
    response: { 200: deliveryView },
    async handler(ctx, deps) {
      ctx.body = await getDelivery(deps.store.notifications, ctx.state.principal.orgId, ctx.params.id);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/admin/webhook-deliveries/:id/replay',
    access: ADMIN_ACCESS,
    summary: 'Replay a delivery as a new delivery (admins and owners)',
    response: { 201: replayedDelivery },
    async handler(ctx, deps) {
      const result = await replayDelivery(deps.store.notifications, ctx.state.principal, ctx.params.id);
      deps.notifications.wake();
      ctx.status = 201;
      ctx.body = result;
    },
  }),
];
