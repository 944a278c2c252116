import { BaseCommand } from '../output/base-command.js';

export default class Version extends BaseCommand {
  static override description = 'Print the CLI version (--json: {"version","node","platform","arch"}).';
  async run(): Promise<void> {
    const { flags } = await this.parse(Version);
    if (flags.json) this.printJson({ version: this.config.version, node: process.version, platform: process.platform, arch: process.arch });
    else this.log(this.config.version);
  }
}
