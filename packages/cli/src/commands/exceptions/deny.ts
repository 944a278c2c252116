import { Args, Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import type { ExceptionItem } from '../../exceptions/view.js';

export default class ExceptionsDeny extends BaseCommand {
  static override description = 'Deny an exception request.';
  static override args = { id: Args.string({ description: 'Exception id.', required: true }) };
  static override flags = {
    note: Flags.string({ description: 'Why (kept with the decision).' }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(ExceptionsDeny);
    const e = await adminCall<ExceptionItem>(await resolveAdminTarget(flags), 'POST', `/api/v1/exceptions/${encodeURIComponent(args.id)}/deny`, flags.note ? { note: flags.note } : {});
    if (flags.json) return this.printJson(e);
    this.log(`Denied exception ${e.id}.`);
  }
}
