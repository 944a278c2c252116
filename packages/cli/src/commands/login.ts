import { Flags } from '@oclif/core';
import { createInterface } from 'node:readline';
import { adminCall } from '../admin/client.js';
import { storeAdminLogin } from '../config/index.js';
import { BaseCommand } from '../output/base-command.js';
import { CliError } from '../output/errors.js';
import type { MeResponse } from '@service/api';

async function readKeyFromStdinOrPrompt(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    return text.trim();
  }
  // Prompt without echoing the key to the terminal.
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const write = (rl as unknown as { _writeToOutput: (s: string) => void });
  process.stderr.write('Admin API key: ');
  write._writeToOutput = () => undefined;
  const key = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stderr.write('\n');
  return key.trim();
}

export default class Login extends BaseCommand {
  static override description = 'Store the server URL and an admin key (OS keychain, else ~/.service/credentials with mode 0600).';
  static override examples = ['<%= config.bin %> login --server https://fleet.example.com', 'echo "$KEY" | <%= config.bin %> login --server https://fleet.example.com'];
  static override flags = {
    server: Flags.string({ description: 'Server base URL (default: SERVICE_URL).' }),
    key: Flags.string({ description: 'Admin key (prefer stdin or the prompt: flags end up in shell history).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Login);
    const server = flags.server ?? process.env.SERVICE_URL;
    if (!server) throw new CliError('No server given: pass --server https://your-server (or set SERVICE_URL).');
    const key = flags.key ?? (await readKeyFromStdinOrPrompt());
    if (!key) throw new CliError('No key given: pass --key, pipe it on stdin, or type it at the prompt.');
    const url = server.replace(/\/+$/, '');
    const me = await adminCall<MeResponse>({ url, key }, 'GET', '/api/v1/me');
    // /me accepts runtime keys too; only an admin key is worth storing for admin commands.
    await adminCall({ url, key }, 'GET', '/api/v1/admin/keys').catch(() => {
      throw new CliError('That key is valid but is not an admin key; create one with `service keys create --kind admin` or use the admin key printed at org creation.');
    });
    const stored = await storeAdminLogin(url, key);
    if (flags.json) this.printJson({ server_url: stored.server_url, stored_in: stored.stored_in, org_name: me.org_name, plan: me.plan, role: me.role });
    else this.log(`Logged in to ${stored.server_url} as ${me.role ?? 'unknown role'} of ${me.org_name} (${me.plan}); key stored in ${stored.stored_in}.`);
  }
}
