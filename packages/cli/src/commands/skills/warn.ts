import { Args, Flags } from '@oclif/core';
import { setSkillStatus } from '../../admin/skill-status.js';
import { BaseCommand } from '../../output/base-command.js';

export default class SkillsWarn extends BaseCommand {
  static override description = 'Warn on a skill: invocations run and are logged as shield events.';
  static override args = { name: Args.string({ description: 'Skill name as typed after the slash, e.g. deploy or plugin:deploy.', required: true }) };
  static override flags = { server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }) };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(SkillsWarn);
    const result = await setSkillStatus(flags, args.name, 'warn');
    if (flags.json) this.printJson(result);
    else this.log(result.message);
  }
}
