import { Args, Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { printException, type ExceptionItem } from '../../exceptions/view.js';

export default class ExceptionsShow extends BaseCommand {
  static override description = 'Show one exception request.';
  static override args = { id: Args.string({ description: 'Exception id (from `service exceptions ls`).', required: true }) };
  static override flags = { server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }) };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(ExceptionsShow);
    const e = await adminCall<ExceptionItem>(await resolveAdminTarget(flags), 'GET', `/api/v1/exceptions/${encodeURIComponent(args.id)}`);
    if (flags.json) return this.printJson(e);
    printException(this, e);
  }
}
