import { Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { renderTable } from '../../output/table.js';
import type { DestinationList, WebhookRoute } from '@service/api';

export default class WebhooksLs extends BaseCommand {
  static override description = 'List webhook destinations and their routes (secrets are never shown again).';
  static override flags = { server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }) };

  async run(): Promise<void> {
    const { flags } = await this.parse(WebhooksLs);
    const { webhooks } = await adminCall<DestinationList>(await resolveAdminTarget(flags), 'GET', '/api/v1/admin/webhooks');
    if (flags.json) return this.printJson({ webhooks });
    if (webhooks.length === 0) return this.log('No webhook destinations. Add one with `service webhooks add --url URL`.');
    const routeText = (r: WebhookRoute) => [r.events.join(','), `≥${r.min_severity}`, r.host ? `host=${r.host}` : '', r.surface ? `surface=${r.surface}` : ''].filter(Boolean).join(' ');
    this.log(
      renderTable(
        ['ID', 'KIND', 'NAME', 'URL', 'ROUTE', 'ENABLED'],
        webhooks.map((w) => [w.id, w.kind, w.name, w.url, w.routes.map(routeText).join('; '), w.enabled ? 'yes' : 'no']),
      ),
    );
  }
}
