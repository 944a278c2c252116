import { Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { renderTable } from '../../output/table.js';
import type { ExceptionItem } from '../../exceptions/view.js';

export default class ExceptionsLs extends BaseCommand {
  static override description = 'List exception requests, newest first.';
  static override flags = {
    status: Flags.string({ description: 'Only this status.', options: ['requested', 'triaged', 'context_requested', 'approved', 'denied', 'expired'] }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(ExceptionsLs);
    const q = flags.status ? `?status=${encodeURIComponent(flags.status)}` : '';
    const { exceptions } = await adminCall<{ exceptions: ExceptionItem[] }>(await resolveAdminTarget(flags), 'GET', `/api/v1/exceptions${q}`);
    if (flags.json) return this.printJson({ exceptions });
    if (exceptions.length === 0) return this.log('No exception requests.');
    this.log(renderTable(['ID', 'STATUS', 'HOST', 'CALL', 'REASON', 'EXPIRES'], exceptions.map((e) => [e.id, e.status, e.event.hostname ?? '', (e.event.summary ?? '').slice(0, 50), e.reason.slice(0, 50), e.expires_at ?? ''])));
  }
}
