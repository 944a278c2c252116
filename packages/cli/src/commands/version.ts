import { Command } from '@oclif/core';

export default class Version extends Command {
  static override description = 'Print the CLI version.';
  async run(): Promise<void> {
    this.log(this.config.version);
  }
}
