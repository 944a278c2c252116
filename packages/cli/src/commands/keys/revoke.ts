import { Args, Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import type { RevokedApiKey } from '@service/api';

export default class KeysRevoke extends BaseCommand {
  static override description = 'Revoke an API key. Every server process refuses it within the key cache TTL (30 s by default).';
  static override args = { id: Args.string({ description: 'Key id (from `service keys ls`).', required: true }) };
  static override flags = {
    force: Flags.boolean({ description: 'Revoke even the organization\'s last active admin key (locks the admin API until `service admin create-key` on the server host).', default: false }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(KeysRevoke);
    const result = await adminCall<RevokedApiKey>(await resolveAdminTarget(flags), 'DELETE', `/api/v1/admin/keys/${encodeURIComponent(args.id)}${flags.force ? '?force=true' : ''}`);
    if (flags.json) this.printJson(result);
    else this.log(`Revoked key ${result.id} at ${result.revoked_at}.`);
  }
}
