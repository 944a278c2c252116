import { Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import type { CreatedApiKey } from '@service/api';

export default class KeysCreate extends BaseCommand {
  static override description = 'Create an API key. The key is printed once; only its hash is stored.';
  static override examples = ['<%= config.bin %> keys create --kind runtime --name mdm --json'];
  static override flags = {
    kind: Flags.string({ description: 'runtime (hooks, scanners, collectors) or admin (read and administer).', options: ['runtime', 'admin'], required: true }),
    name: Flags.string({ description: 'A label, e.g. the install channel (mdm, repo-hooks, gateway).' }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(KeysCreate);
    const target = await resolveAdminTarget(flags);
    const created = await adminCall<CreatedApiKey>(target, 'POST', '/api/v1/admin/keys', { kind: flags.kind, name: flags.name });
    if (flags.json) this.printJson({ id: created.id, key: created.key });
    else {
      this.log(`Created ${created.kind} key ${created.id}. Copy it now; it is not shown again:`);
      this.log(created.key);
    }
  }
}
