import { Args, Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { CliError } from '../../output/errors.js';
import { renderDeliveries } from './deliveries.js';
import type { DeliveryView, TestDelivery } from '@service/api';

const OPEN = new Set(['pending', 'retrying']);

export default class WebhooksTest extends BaseCommand {
  static override description = 'Send a signed notification.test delivery to a destination and wait for its outcome (exit 0 when it was sent).';
  static override args = { id: Args.string({ description: 'Destination id (from `service webhooks ls`).', required: true }) };
  static override flags = {
    wait: Flags.integer({ description: 'Seconds to wait for the receiver’s answer (0: do not wait).', default: 15 }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(WebhooksTest);
    const target = await resolveAdminTarget(flags);
    const started = await adminCall<TestDelivery>(target, 'POST', `/api/v1/admin/webhooks/${encodeURIComponent(args.id)}/test`, {});
    const deadline = Date.now() + Math.max(0, flags.wait) * 1000;
    let delivery = await adminCall<DeliveryView>(target, 'GET', `/api/v1/admin/webhook-deliveries/${started.delivery_id}`);
    // Wait for the first attempt's answer; a retry (about a minute later) is not waited for.
    while (delivery.status === 'pending' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      delivery = await adminCall<DeliveryView>(target, 'GET', `/api/v1/admin/webhook-deliveries/${started.delivery_id}`);
    }
    if (flags.json) this.printJson(delivery);
    else this.log(renderDeliveries([delivery]));
    if (delivery.status === 'sent') {
      if (!flags.json) this.log(`Delivered: the receiver accepted ${delivery.id}.`);
      return;
    }
    if (OPEN.has(delivery.status)) {
      throw new CliError(`Not delivered yet (status ${delivery.status}); follow it with \`service webhooks deliveries --destination ${args.id}\`.`);
    }
    throw new CliError(`The test delivery ended as ${delivery.status}; the attempts above show the receiver’s answer.`);
  }
}
