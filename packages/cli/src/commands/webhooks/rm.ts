import { Args, Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import type { DeletedDestination } from '@service/api';

export default class WebhooksRm extends BaseCommand {
  static override description = 'Remove a webhook destination. Its secret is erased at once and its pending deliveries are canceled; the delivery log keeps its entries.';
  static override args = { id: Args.string({ description: 'Destination id (from `service webhooks ls`).', required: true }) };
  static override flags = { server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }) };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(WebhooksRm);
    const result = await adminCall<DeletedDestination>(await resolveAdminTarget(flags), 'DELETE', `/api/v1/admin/webhooks/${encodeURIComponent(args.id)}`);
    if (flags.json) return this.printJson(result);
    this.log(`Removed destination ${result.id}${result.canceled_deliveries ? `; canceled ${result.canceled_deliveries} pending deliveries` : ''}.`);
  }
}
