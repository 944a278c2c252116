import { Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { renderTable } from '../../output/table.js';
import type { ApiKeyList } from '@service/api';

export default class KeysLs extends BaseCommand {
  static override description = 'List the organization’s API keys (prefixes only).';
  static override flags = { server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }) };

  async run(): Promise<void> {
    const { flags } = await this.parse(KeysLs);
    const { keys } = await adminCall<ApiKeyList>(await resolveAdminTarget(flags), 'GET', '/api/v1/admin/keys');
    if (flags.json) return this.printJson({ keys });
    this.log(renderTable(['ID', 'KIND', 'NAME', 'PREFIX', 'CREATED', 'STATUS'], keys.map((k) => [k.id, k.kind, k.name, `${k.prefix}…`, k.created_at, k.revoked_at ? `revoked ${k.revoked_at}` : 'active'])));
  }
}
