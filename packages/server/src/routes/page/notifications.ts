// Settings → Notifications.
import { createDestination, deleteDestination, listDestinations, updateDestination } from '../../notifications/destinations.js';
import { createTestDelivery, listDeliveries, listDeliveriesQuery, replayDelivery } from '../../notifications/deliveries.js';
import { DESTINATION_KINDS } from '../../notifications/formats.js';
import { EVENT_TYPES, SEVERITIES } from '../../notifications/event-types.js';
import { BadRequestError } from '../../http/errors.js';
import { page } from '../../page/layout.js';
import type { HtmlValue } from '../../page/html.js';
import { createdDestinationNotice, notificationsView } from '../../page/views/notifications.js';
import { sessionPrincipal } from '../../page/sessions.js';
import { definePage, redirect, sendHtml, type PageRequest } from './page-route.js';

const canReplay = (req: PageRequest) => req.session.role === 'owner' || req.session.role === 'admin';

async function render(req: PageRequest, notice?: HtmlValue, status = 200) {
  const [destinations, deliveries] = await Promise.all([
    listDestinations(req.deps.store.notifications, req.session.orgId),
    listDeliveries(req.deps.store.notifications, req.session.orgId, listDeliveriesQuery.parse({ limit: 50 })),
  ]);
  sendHtml(
    req.ctx,
    page(
      { title: 'Notifications', section: 'notifications', orgName: req.session.orgName, csrf: req.session.csrf, notice },
      notificationsView({ destinations, deliveries, kinds: DESTINATION_KINDS, eventTypes: EVENT_TYPES, severities: SEVERITIES, csrf: req.session.csrf, canReplay: canReplay(req) }),
    ),
    status,
  );
}

/** The form's fields as the admin API's JSON body: the same verb validates both. */
function destinationBody(form: URLSearchParams): Record<string, unknown> {
  const text = (k: string) => {
    const v = (form.get(k) ?? '').trim();
    return v === '' ? undefined : v;
  };
  const options: Record<string, string> = {};
  for (const line of (form.get('options') ?? '').split(/\r?\n/)) {
    const i = line.indexOf('=');
    if (i > 0) options[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  const events = form.getAll('events').filter(Boolean);
  return {
    kind: text('kind'),
    url: form.get('url') ?? '',
    name: text('name'),
    events: events.length ? events : undefined,
    min_severity: text('min_severity'),
    host: text('host'),
    surface: text('surface'),
    credential: text('credential'),
    options,
  };
}

export const notificationPages = [
  definePage({ method: 'GET', path: '/settings/notifications', access: 'session', handler: (req) => render(req) }),
  definePage({
    method: 'POST',
    path: '/settings/notifications',
    access: 'session',
    async handler(req) {
      const created = await createDestination(req.deps.store.notifications, sessionPrincipal(req.session), destinationBody(req.form), { allowPrivate: req.deps.config.webhookAllowPrivate });
      await render(req, createdDestinationNotice(created));
    },
  }),
  definePage({
    method: 'POST',
    path: '/settings/notifications/:id/test',
    access: 'session',
    async handler(req) {
      await createTestDelivery(req.deps.store.notifications, sessionPrincipal(req.session), String(req.ctx.params.id).slice(0, 26));
      req.deps.notifications.wake();
      redirect(req.ctx, '/settings/notifications');
    },
  }),
  definePage({
    method: 'POST',
    path: '/settings/notifications/:id/enabled',
    access: 'session',
    async handler(req) {
      const enabled = req.form.get('enabled');
      if (enabled !== 'true' && enabled !== 'false') throw new BadRequestError('enabled must be true or false.');
      await updateDestination(req.deps.store.notifications, req.session.orgId, String(req.ctx.params.id).slice(0, 26), { enabled: enabled === 'true' }, { keyId: req.session.keyId, userId: req.session.createdBy });
      redirect(req.ctx, '/settings/notifications');
    },
  }),
  definePage({
    method: 'POST',
    path: '/settings/notifications/:id/remove',
    access: 'session',
    async handler(req) {
      if (req.form.get('confirm') !== 'yes') throw new BadRequestError('Tick the confirmation box to remove the destination.');
      await deleteDestination(req.deps.store.notifications, req.session.orgId, String(req.ctx.params.id).slice(0, 26), { keyId: req.session.keyId, userId: req.session.createdBy });
      redirect(req.ctx, '/settings/notifications');
    },
  }),
  definePage({
    method: 'POST',
    path: '/settings/notifications/deliveries/:id/replay',
    access: 'session',
    async handler(req) {
      await replayDelivery(req.deps.store.notifications, sessionPrincipal(req.session), String(req.ctx.params.id).slice(0, 26));
      req.deps.notifications.wake();
      redirect(req.ctx, '/settings/notifications');
    },
  }),
];
