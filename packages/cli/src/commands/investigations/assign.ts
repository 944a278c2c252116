import { Args, Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import type { InvestigationDetail } from '@service/api';

export default class InvestigationsAssign extends BaseCommand {
  static override description = 'Assign an investigation to an owner (and mark it triaged unless --status says otherwise).';
  static override examples = ['<%= config.bin %> investigations assign 01J… --owner ana@example.com', '<%= config.bin %> investigations assign 01J… --owner ana@example.com --status open --json'];
  static override args = { id: Args.string({ description: 'Investigation id.', required: true }) };
  static override flags = {
    owner: Flags.string({ description: 'Who owns it (an email or a name).', required: true }),
    status: Flags.string({ description: 'Status to set with the owner.', options: ['open', 'triaged'], default: 'triaged' }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(InvestigationsAssign);
    const inv = await adminCall<InvestigationDetail>(await resolveAdminTarget(flags), 'PATCH', `/api/v1/investigations/${encodeURIComponent(args.id)}`, { owner: flags.owner, status: flags.status });
    if (flags.json) return this.printJson(inv);
    this.log(`Investigation ${inv.id} is ${inv.status}, owned by ${inv.owner}.`);
  }
}
