import { Flags } from '@oclif/core';
import chalk from 'chalk';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { renderTable } from '../../output/table.js';
import type { DeliveryList, DeliveryView } from '@service/api';

const STATUS_COLOR: Record<string, (s: string) => string> = {
  sent: chalk.green,
  pending: chalk.cyan,
  retrying: chalk.yellow,
  failed_permanent: chalk.red,
  failed_exhausted: chalk.red,
  canceled: chalk.gray,
};

// The excerpt is a JSON string literal made by the server; anything still unprintable is masked
// so a receiver's answer can never drive the terminal.
const inert = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');

/** One line per delivery, then one indented line per attempt. */
export function renderDeliveries(deliveries: DeliveryView[]): string {
  const rows: string[][] = [];
  for (const d of deliveries) {
    const color = STATUS_COLOR[d.status] ?? ((s: string) => s);
    const next = d.next_attempt_at ? `next ${d.next_attempt_at}` : '';
    rows.push([d.id, d.event_type, d.destination_id, color(d.status), String(d.attempt_count), d.replay_of ? `replay of ${d.replay_of}` : next]);
    for (const a of d.attempts) {
      const answer = a.status_code !== null ? `HTTP ${a.status_code}` : (a.error ?? 'no answer');
      const excerpt = a.response_excerpt ? ` ${inert(a.response_excerpt).slice(0, 80)}` : '';
      rows.push([`  #${a.attempt}`, a.at, `${answer} ${a.latency_ms}ms`, a.outcome, '', `${a.error && a.status_code !== null ? a.error : ''}${excerpt}`.trim()]);
    }
  }
  return renderTable(['DELIVERY', 'EVENT', 'DESTINATION', 'STATUS', 'ATTEMPTS', 'NOTE'], rows);
}

export default class WebhooksDeliveries extends BaseCommand {
  static override description = 'Show the webhook delivery log, newest first, with each attempt’s status code, latency and (escaped, truncated) response.';
  static override flags = {
    destination: Flags.string({ description: 'Only deliveries to this destination id.' }),
    status: Flags.string({ description: 'Only deliveries in this status.', options: ['pending', 'retrying', 'sent', 'failed_permanent', 'failed_exhausted', 'canceled'] }),
    limit: Flags.integer({ description: 'How many (1 to 200).', default: 20 }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(WebhooksDeliveries);
    const query = new URLSearchParams({ limit: String(flags.limit) });
    if (flags.destination) query.set('destination_id', flags.destination);
    if (flags.status) query.set('status', flags.status);
    const { deliveries } = await adminCall<DeliveryList>(await resolveAdminTarget(flags), 'GET', `/api/v1/admin/webhook-deliveries?${query}`);
    if (flags.json) return this.printJson({ deliveries });
    if (deliveries.length === 0) return this.log('No deliveries yet. Send one with `service webhooks test ID`.');
    this.log(renderDeliveries(deliveries));
  }
}
