// Host detail (four tabs) and "Remove from fleet".
import { workstationDetail, deleteWorkstation } from '../../fleet/workstation-detail.js';
import { latestScanChecks } from '../../fleet/scan-checks.js';
import { BadRequestError } from '../../http/errors.js';
import { page } from '../../page/layout.js';
import { html } from '../../page/html.js';
import { HOST_TABS, hostView, type HostTab } from '../../page/views/host.js';
import { definePage, sendHtml } from './page-route.js';

const hostParam = (params: Record<string, string>) => String(params.id).slice(0, 255);

export const hostPages = [
  definePage({
    method: 'GET',
    path: '/hosts/:id',
    access: 'session',
    async handler({ ctx, deps, session }) {
      const tab = String(ctx.query.tab ?? 'overview') as HostTab;
      if (!HOST_TABS.includes(tab)) throw new BadRequestError(`tab must be one of ${HOST_TABS.join(', ')}.`);
      const detail = await workstationDetail({ reads: deps.store.fleetReads, inventory: deps.store.fleet.inventory }, { id: session.orgId, plan: session.plan }, hostParam(ctx.params));
      const checks = tab === 'checks' ? await latestScanChecks(deps.store.fleetReads, session.orgId, detail.workstation.id) : { scanned_at: null, phases: [] };
      const title = detail.workstation.display_name ?? detail.workstation.hostname;
      sendHtml(ctx, page({ title, section: 'fleet', orgName: session.orgName, csrf: session.csrf }, hostView(detail, tab, checks, session.csrf)));
    },
  }),
  definePage({
    method: 'POST',
    path: '/hosts/:id/remove',
    access: 'session',
    async handler({ ctx, deps, session, form }) {
      if (form.get('confirm') !== 'yes') throw new BadRequestError('Tick the confirmation box to remove the host.');
      const removed = await deleteWorkstation(deps.fleet, session.orgId, hostParam(ctx.params), { keyId: session.keyId, userId: session.createdBy });
      sendHtml(
        ctx,
        page({ title: 'Host removed', section: 'fleet', orgName: session.orgName, csrf: session.csrf }, html`<p>${removed.hostname} was removed from the fleet. It registers again on its next event unless its hooks are removed.</p><p><a href="/">Back to the fleet</a></p>`),
      );
    },
  }),
];
