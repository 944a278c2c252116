import { Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import type { VerifyResult } from '@service/api';

export default class AuditVerify extends BaseCommand {
  static override description = 'Check the activity log’s hash chain. Exits 1 and names the first edited or missing entry.';
  static override flags = { server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }) };

  async run(): Promise<void> {
    const { flags } = await this.parse(AuditVerify);
    const result = await adminCall<VerifyResult>(await resolveAdminTarget(flags), 'GET', '/api/v1/audit/verify');
    if (flags.json) this.printJson(result);
    else if (result.ok) this.log(`Activity log intact: ${result.entries} entries, chain verified.`);
    else this.logToStderr(`Activity log TAMPERED: ${result.first_bad?.message} (after ${result.entries} good entries).`);
    if (!result.ok) this.exit(1);
  }
}
