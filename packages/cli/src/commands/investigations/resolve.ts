import { Args, Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import type { InvestigationDetail } from '@service/api';

export default class InvestigationsResolve extends BaseCommand {
  static override description = 'Resolve an investigation, with the analyst’s feedback: a true or a false positive, and a note.';
  static override examples = ['<%= config.bin %> investigations resolve 01J… --true-positive --note "blocked exfiltration"', '<%= config.bin %> investigations resolve 01J… --false-positive --note "internal endpoint" --json'];
  static override args = { id: Args.string({ description: 'Investigation id.', required: true }) };
  static override flags = {
    'true-positive': Flags.boolean({ description: 'The detection was right.', exclusive: ['false-positive'] }),
    'false-positive': Flags.boolean({ description: 'The detection was wrong.', exclusive: ['true-positive'] }),
    note: Flags.string({ description: 'The analyst’s note (with --true-positive or --false-positive).', default: '' }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(InvestigationsResolve);
    const verdict = flags['true-positive'] ? 'true_positive' : flags['false-positive'] ? 'false_positive' : null;
    const body = verdict ? { feedback: { verdict, note: flags.note } } : {};
    const inv = await adminCall<InvestigationDetail>(await resolveAdminTarget(flags), 'POST', `/api/v1/investigations/${encodeURIComponent(args.id)}/resolve`, body);
    if (flags.json) return this.printJson(inv);
    this.log(`Investigation ${inv.id} resolved${inv.feedback ? ` as ${inv.feedback.verdict.replace('_', ' ')}` : ''}.`);
  }
}
