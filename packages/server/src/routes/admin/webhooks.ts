// Admin API for webhook destinations (spec: Events, Destinations, test and replay): create (the
// signing secret is in this response only), list, show, enable/disable, remove, send a test.
import { createDestination, deleteDestination, getDestination, listDestinations, updateDestination } from '../../notifications/destinations.js';
import { createTestDelivery } from '../../notifications/deliveries.js';
import { ADMIN_ACCESS, defineRoute } from '../../http/route.js';
import { createdDestination, deletedDestination, destinationList, destinationView, testDelivery } from '@service/api';
import { createDestinationInput, updateDestinationInput } from '../../notifications/destinations.js';

export const adminWebhookRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/webhooks',
    access: ADMIN_ACCESS,
    summary: 'List webhook destinations with their routes (never their secrets)',
    response: { 200: destinationList },
    async handler(ctx, deps) {
      ctx.body = { webhooks: await listDestinations(deps.store.notifications, ctx.state.principal.orgId) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/admin/webhooks',
    access: ADMIN_ACCESS,
    summary: 'Create a webhook destination and its route; the signing secret is returned once',
    request: { body: createDestinationInput },
    response: { 201: createdDestination },
    async handler(ctx, deps) {
      const created = await createDestination(deps.store.notifications, ctx.state.principal, ctx.state.body, { allowPrivate: deps.config.webhookAllowPrivate });
      ctx.status = 201;
      ctx.body = created;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/webhooks/:id',
    access: ADMIN_ACCESS,
    summary: 'Show one webhook destination',
    response: { 200: destinationView },
    async handler(ctx, deps) {
      ctx.body = await getDestination(deps.store.notifications, ctx.state.principal.orgId, ctx.params.id);
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/v1/admin/webhooks/:id',
    access: ADMIN_ACCESS,
    summary: 'Enable, disable or rename a webhook destination',
    request: { body: updateDestinationInput },
    response: { 200: destinationView },
    async handler(ctx, deps) {
      ctx.body = await updateDestination(deps.store.notifications, ctx.state.principal.orgId, ctx.params.id, ctx.state.body, { keyId: ctx.state.principal.keyId, userId: ctx.state.principal.createdBy });
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/admin/webhooks/:id',
    access: ADMIN_ACCESS,
    summary: 'Remove a webhook destination: its secret is erased and its open deliveries canceled',
    response: { 200: deletedDestination },
    async handler(ctx, deps) {
      ctx.body = await deleteDestination(deps.store.notifications, ctx.state.principal.orgId, ctx.params.id, { keyId: ctx.state.principal.keyId, userId: ctx.state.principal.createdBy });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/admin/webhooks/:id/test',
    access: ADMIN_ACCESS,
    summary: 'Send a signed notification.test delivery to this destination',
    response: { 202: testDelivery },
    async handler(ctx, deps) {
      const result = await createTestDelivery(deps.store.notifications, ctx.state.principal, ctx.params.id);
      deps.notifications.wake();
      ctx.status = 202;
      ctx.body = result;
    },
  }),
];
