import { Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { formatPolicy, type PolicyView } from '../../admin/policy-view.js';
import { BaseCommand } from '../../output/base-command.js';
import { CliError } from '../../output/errors.js';

const csv = (v: string | undefined) => (v === undefined ? undefined : v.split(',').map((s) => s.trim()).filter(Boolean));

export default class PolicySet extends BaseCommand {
  static override description = 'Change the runtime policy: baseline fields, skill lists, or adopt a policy pack. Fields not given are kept.';
  static override examples = [
    '<%= config.bin %> policy set --security-level strict --no-auto-block',
    '<%= config.bin %> policy set --blacklist "terraform apply,prod-db" --blocked-skills deploy-prod',
    '<%= config.bin %> policy set --pack strict-enterprise',
  ];
  static override flags = {
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
    'security-level': Flags.string({ options: ['strict', 'balanced', 'permissive'], description: 'How severities map to verdicts.' }),
    'auto-block': Flags.boolean({ allowNo: true, description: 'Deny what the rules deny (--no-auto-block turns denies into warnings).' }),
    'max-input-length': Flags.integer({ description: 'Flag tool inputs longer than this many characters.' }),
    'entropy-threshold': Flags.string({ description: 'Bits per character above which a token counts as secret material.' }),
    blacklist: Flags.string({ description: 'Comma-separated custom blacklist patterns (replaces the list).' }),
    'trusted-sources': Flags.string({ description: 'Comma-separated trusted domains/paths (replaces the list).' }),
    'blocked-skills': Flags.string({ description: 'Comma-separated skills to block (replaces the list).' }),
    'warn-skills': Flags.string({ description: 'Comma-separated skills to warn on (replaces the list).' }),
    pack: Flags.string({ description: 'Adopt a policy pack by slug (see GET /api/v1/policy-packs/templates).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(PolicySet);
    const target = await resolveAdminTarget(flags);
    const patch: Record<string, unknown> = {};
    if (flags['security-level']) patch.security_level = flags['security-level'];
    if (flags['auto-block'] !== undefined) patch.auto_block = flags['auto-block'];
    if (flags['max-input-length'] !== undefined) patch.max_input_length = flags['max-input-length'];
    if (flags['entropy-threshold'] !== undefined) {
      const n = Number(flags['entropy-threshold']);
      if (!Number.isFinite(n)) throw new CliError('--entropy-threshold must be a number, e.g. 4.5.');
      patch.entropy_threshold = n;
    }
    if (flags.blacklist !== undefined) patch.custom_blacklist = csv(flags.blacklist);
    if (flags['trusted-sources'] !== undefined) patch.trusted_sources = csv(flags['trusted-sources']);
    if (flags['blocked-skills'] !== undefined) patch.blocked_agent_skills = csv(flags['blocked-skills'])!.map((s) => s.replace(/^\//, ''));
    if (flags['warn-skills'] !== undefined) patch.warn_only_agent_skills = csv(flags['warn-skills'])!.map((s) => s.replace(/^\//, ''));
    if (!flags.pack && Object.keys(patch).length === 0) throw new CliError('Nothing to change: give at least one flag (see `service policy set --help`).');
    let view: PolicyView | undefined;
    if (flags.pack) view = await adminCall<PolicyView>(target, 'POST', '/api/v1/admin/policy/pack', { slug: flags.pack });
    if (Object.keys(patch).length > 0) view = await adminCall<PolicyView>(target, 'PATCH', '/api/v1/admin/policy', patch);
    if (flags.json) this.printJson(view);
    else this.log(formatPolicy(view!));
  }
}
