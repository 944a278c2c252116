import { Command } from '@oclif/core';
import { HOOK_USAGE } from '../hook/usage.js';

// `service hook` runs outside oclif (bin/service loads the forwarder directly for speed), so
// it would not appear in `service help`; this command lists and explains it.
export default class HookHelp extends Command {
  static override description = 'Explain `service hook --surface S`, the forwarder that agents\' command hooks run.';

  async run(): Promise<void> {
    process.stdout.write(HOOK_USAGE);
  }
}
