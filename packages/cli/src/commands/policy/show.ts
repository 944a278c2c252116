import { Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { formatPolicy, type PolicyView } from '../../admin/policy-view.js';
import { BaseCommand } from '../../output/base-command.js';

export default class PolicyShow extends BaseCommand {
  static override description = 'Show the organization’s runtime policy.';
  static override flags = { server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }) };

  async run(): Promise<void> {
    const { flags } = await this.parse(PolicyShow);
    const view = await adminCall<PolicyView>(await resolveAdminTarget(flags), 'GET', '/api/v1/admin/policy');
    if (flags.json) this.printJson(view);
    else this.log(formatPolicy(view));
  }
}
