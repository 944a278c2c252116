import { Flags } from '@oclif/core';
import chalk from 'chalk';
import { SURFACES, type Surface } from '../hook/surfaces.js';
import { InstallProblem, runUninstall } from '../install/install-run.js';
import { changeJson, renderChanges, renderDryRun } from '../install/report.js';
import { BaseCommand } from '../output/base-command.js';
import { CliError } from '../output/errors.js';

export default class UninstallHooks extends BaseCommand {
  static override description = 'Remove the hooks install-hooks wrote (and only those); a settings file we changed gets its original back byte for byte when nothing else changed.';
  static override examples = ['<%= config.bin %> uninstall-hooks', '<%= config.bin %> uninstall-hooks --surface gemini --scope project --dry-run'];
  static override flags = {
    surface: Flags.string({ description: 'Agent to unhook; "all" means every agent.', options: [...SURFACES, 'all'], multiple: true, default: ['all'] }),
    scope: Flags.string({ description: 'user or project, as given to install-hooks.', options: ['user', 'project'], default: 'user' }),
    'project-dir': Flags.string({ description: 'Project directory for --scope project (default: the current directory).' }),
    'dry-run': Flags.boolean({ description: 'Print the change to each file as a diff and write nothing.', default: false }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(UninstallHooks);
    const surfaces = flags.surface.includes('all') ? 'all' : (flags.surface as Surface[]);
    let report;
    try {
      report = await runUninstall({ surfaces, scope: flags.scope as 'user' | 'project', projectDir: flags['project-dir'], dryRun: flags['dry-run'] });
    } catch (err) {
      if (err instanceof InstallProblem) throw new CliError(err.message);
      throw err;
    }
    const touched = report.changes.filter((c) => c.action !== 'unchanged');
    if (flags.json) {
      this.printJson({ dry_run: flags['dry-run'], scope: flags.scope, changes: touched.map((c) => changeJson(c, flags['dry-run'])) });
      return;
    }
    if (flags['dry-run']) {
      process.stdout.write(renderDryRun(report));
      return;
    }
    if (touched.length === 0) {
      this.log(chalk.dim(`No hooks of ours were found (${flags.scope} scope).`));
      return;
    }
    process.stdout.write(renderChanges({ ...report, changes: touched }));
  }
}
