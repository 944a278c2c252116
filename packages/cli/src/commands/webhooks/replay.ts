import { Args, Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import type { ReplayedDelivery } from '@service/api';

export default class WebhooksReplay extends BaseCommand {
  static override description = 'Replay a delivery as a new delivery with a new delivery id (admins and owners).';
  static override args = { id: Args.string({ description: 'Delivery id (from `service webhooks deliveries`).', required: true }) };
  static override flags = { server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }) };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(WebhooksReplay);
    const result = await adminCall<ReplayedDelivery>(
      await resolveAdminTarget(flags),
      'POST',
      `/api/v1/admin/webhook-deliveries/${encodeURIComponent(args.id)}/replay`,
      {},
    );
    if (flags.json) return this.printJson(result);
    this.log(`Replaying ${result.replay_of} as new delivery ${result.id} (${result.status}). Follow it with \`service webhooks deliveries\`.`);
  }
}
