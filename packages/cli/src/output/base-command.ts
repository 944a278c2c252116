// Base for our oclif commands: `--json` prints exactly one JSON document on stdout, and a
// CliError becomes a sentence on stderr with its exit code (no stack trace).
import { Command, Flags } from '@oclif/core';
import chalk from 'chalk';
import { CliError } from './errors.js';

// NO_COLOR (https://no-color.org): set and not empty, no command prints colour, even on a
// terminal and even with FORCE_COLOR (chalk itself only looks at FORCE_COLOR and the terminal).
if (process.env.NO_COLOR) chalk.level = 0;

export abstract class BaseCommand extends Command {
  static override enableJsonFlag = false;
  static override baseFlags = {
    json: Flags.boolean({ description: 'Print one JSON document on stdout and nothing else.', default: false }),
  };

  protected printJson(value: unknown): void {
    process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  protected override async catch(err: Error & { exitCode?: number; oclif?: { exit?: number } }): Promise<any> {
    if (err instanceof CliError) {
      process.stderr.write(`${chalk.red('Error:')} ${err.message}\n`);
      this.exit(err.exitCode);
    }
    return super.catch(err);
  }
}
