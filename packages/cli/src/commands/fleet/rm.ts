import { Args, Flags } from '@oclif/core';
import { createInterface } from 'node:readline/promises';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { CliError } from '../../output/errors.js';
import type { DeletedWorkstation, WorkstationDetail } from '@service/api';

export default class FleetRm extends BaseCommand {
  static override description = 'Remove a workstation from the fleet (its sessions, inventory and scans go with it). It registers again on its next session unless its hooks are removed.';
  static override examples = ['<%= config.bin %> fleet rm old-laptop', '<%= config.bin %> fleet rm 01J9Z3… --yes --json'];
  static override args = { host: Args.string({ description: 'Hostname or workstation id.', required: true }) };
  static override flags = {
    yes: Flags.boolean({ char: 'y', description: 'Do not ask for confirmation (needed when stdin is not a terminal).', default: false }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(FleetRm);
    const target = await resolveAdminTarget(flags);
    // Resolve first: a hostname shared by two hosts is refused by the server with their ids.
    const { workstation } = await adminCall<WorkstationDetail>(target, 'GET', `/api/v1/admin/workstations/${encodeURIComponent(args.host)}`);
    if (!flags.yes) {
      if (!process.stdin.isTTY) throw new CliError(`Refusing to remove ${workstation.hostname} without confirmation: stdin is not a terminal. Add --yes.`, 2);
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      const answer = await rl.question(`Remove workstation ${workstation.hostname} (${workstation.id}) and its sessions and inventory? [y/N] `);
      rl.close();
      if (!/^y(es)?$/i.test(answer.trim())) {
        if (flags.json) this.printJson({ id: workstation.id, hostname: workstation.hostname, deleted: false });
        else this.log('Nothing removed.');
        return;
      }
    }
    const result = await adminCall<DeletedWorkstation>(target, 'DELETE', `/api/v1/admin/workstations/${encodeURIComponent(workstation.id)}`);
    if (flags.json) this.printJson(result);
    else this.log(`Removed ${result.hostname} (${result.id}). It registers again on its next session unless its hooks are removed.`);
  }
}
