import { userInfo } from 'node:os';
import { Args, Flags } from '@oclif/core';
import { adminCall } from '../../admin/client.js';
import { resolveServerUrl } from '../../config/index.js';
import { resolveRuntimeKey } from '../../config/runtime-key.js';
import { BaseCommand } from '../../output/base-command.js';
import { CliError } from '../../output/errors.js';
import { printException, type ExceptionItem } from '../../exceptions/view.js';

export default class ExceptionsRequest extends BaseCommand {
  static override description = 'Ask for an exception to a denied or warned call, by the decision id its message names. Uses the workstation’s runtime key.';
  static override examples = ['<%= config.bin %> exceptions request 01JD… --reason "CI cleans its scratch home"'];
  static override args = { 'event-id': Args.string({ description: 'The decision id from the deny message.', required: true }) };
  static override flags = {
    reason: Flags.string({ description: 'Why the call is needed (the admin reads this).', required: true }),
    server: Flags.string({ description: 'Server URL (default: stored configuration or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(ExceptionsRequest);
    const url = flags.server ?? resolveServerUrl();
    if (!url) throw new CliError('No server configured. Set SERVICE_URL or run `service install-hooks --server URL`.');
    const key = resolveRuntimeKey();
    if (!key) throw new CliError('No runtime key found. Set SERVICE_API_KEY or store it in ~/.service-plugin/api_key.');
    const created = await adminCall<ExceptionItem>({ url: url.replace(/\/+$/, ''), key }, 'POST', '/api/v1/exceptions', { event_id: args['event-id'], reason: flags.reason, user: localUser() });
    if (flags.json) return this.printJson(created);
    this.log(`Requested exception ${created.id} for decision ${created.event_id}. An admin will review it.`);
    printException(this, created);
  }
}

/** The local account name, as a hint for the admin (the runtime key names the workstation). */
function localUser(): string | undefined {
  try {
    return userInfo().username || undefined;
  } catch {
    return undefined;
  }
}
