import { Args, Flags } from '@oclif/core';
import { setSkillStatus } from '../../admin/skill-status.js';
import { BaseCommand } from '../../output/base-command.js';

export default class SkillsAllow extends BaseCommand {
  static override description = 'Allow a skill: invocations run normally (status Active).';
  static override args = { name: Args.string({ description: 'Skill name as typed after the slash, e.g. deploy or plugin:deploy.', required: true }) };
  static override flags = { server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }) };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(SkillsAllow);
    const result = await setSkillStatus(flags, args.name, 'allow');
    if (flags.json) this.printJson(result);
    else this.log(result.message);
  }
}
