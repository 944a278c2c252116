import { Args, Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { parseExpiry, printException, type ExceptionItem } from '../../exceptions/view.js';

const KINDS: Record<string, string> = { exact: 'exact_command', pattern: 'pattern', path: 'path' };

export default class ExceptionsApprove extends BaseCommand {
  static override description = 'Approve an exception: the scope it covers (never wider) and when it expires (at most 90 days).';
  static override examples = [
    '<%= config.bin %> exceptions approve 01JD… --scope exact --expires 1h',
    '<%= config.bin %> exceptions approve 01JD… --scope pattern --value "rm -rf /tmp/build-*" --host ci-01 --expires 7d',
  ];
  static override args = { id: Args.string({ description: 'Exception id.', required: true }) };
  static override flags = {
    scope: Flags.string({ description: 'exact (the command as recorded, or --value), pattern (a glob over the whole command) or path.', options: ['exact', 'pattern', 'path'], required: true }),
    value: Flags.string({ description: 'The command, glob or path (default for exact/path: the decided call).' }),
    host: Flags.string({ description: 'Only on this hostname.' }),
    user: Flags.string({ description: 'Only for this user.' }),
    repository: Flags.string({ description: 'Only under this working directory.' }),
    expires: Flags.string({ description: 'How long it lasts: 30s, 1m, 1h, 7d.', required: true }),
    note: Flags.string({ description: 'A note kept with the decision.' }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(ExceptionsApprove);
    const expiresIn = parseExpiry(flags.expires);
    const scope = { kind: KINDS[flags.scope], value: flags.value, host: flags.host, user: flags.user, repository: flags.repository };
    const e = await adminCall<ExceptionItem>(await resolveAdminTarget(flags), 'POST', `/api/v1/exceptions/${encodeURIComponent(args.id)}/approve`, { scope, expires_in_seconds: expiresIn, note: flags.note });
    if (flags.json) return this.printJson(e);
    this.log(`Approved exception ${e.id} until ${e.expires_at}.`);
    printException(this, e);
  }
}
