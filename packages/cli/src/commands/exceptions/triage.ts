import { Args, Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import type { ExceptionItem } from '../../exceptions/view.js';

export default class ExceptionsTriage extends BaseCommand {
  static override description = 'Mark an exception request triaged, or ask the requester for more context.';
  static override args = { id: Args.string({ description: 'Exception id.', required: true }) };
  static override flags = {
    'ask-context': Flags.string({ description: 'Ask for more context instead (what you need to know).' }),
    note: Flags.string({ description: 'A note kept with the request.' }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(ExceptionsTriage);
    const target = await resolveAdminTarget(flags);
    const path = `/api/v1/exceptions/${encodeURIComponent(args.id)}`;
    const e = flags['ask-context']
      ? await adminCall<ExceptionItem>(target, 'POST', `${path}/request-context`, { note: flags['ask-context'] })
      : await adminCall<ExceptionItem>(target, 'POST', `${path}/triage`, flags.note ? { note: flags.note } : {});
    if (flags.json) return this.printJson(e);
    this.log(`Exception ${e.id} is now ${e.status}.`);
  }
}
