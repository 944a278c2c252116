import { Flags } from '@oclif/core';
import chalk from 'chalk';
import { HOOK_SURFACES as SURFACES, type HookSurface as Surface } from '@service/surfaces/forwarder';
import { InstallProblem, runUninstall } from '../install/install-run.js';
import { withoutTelemetry } from '../install/telemetry-settings.js';
import { changeJson, renderChanges, renderDryRun } from '../install/report.js';
import { machineIdentity } from '../config/machine-identity.js';
import { resolveRuntimeKey } from '../config/runtime-key.js';
import { resolveServerUrl } from '../config/server-url.js';
import { runtimeRequest } from '../hook/runtime-client.js';
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
      // Telemetry settings of install-hooks --telemetry first, so the hooks' backup of the original can be put back.
      const telemetry = withoutTelemetry(surfaces, { scope: flags.scope as 'user' | 'project', projectDir: flags['project-dir'], dryRun: flags['dry-run'] });
      report = await runUninstall({ surfaces, scope: flags.scope as 'user' | 'project', projectDir: flags['project-dir'], dryRun: flags['dry-run'] });
      report = { ...report, changes: [...telemetry.changes.filter((c) => c.action !== 'unchanged'), ...report.changes] };
    } catch (err) {
      if (err instanceof InstallProblem) throw new CliError(err.message);
      throw err;
    }
    const touched = report.changes.filter((c) => c.action !== 'unchanged');
    const reported = flags['dry-run'] ? [] : await this.reportUninstall(report.surfaces as Surface[], flags.scope as 'user' | 'project');
    if (flags.json) {
      this.printJson({ dry_run: flags['dry-run'], scope: flags.scope, changes: touched.map((c) => changeJson(c, flags['dry-run'])), reported_to_fleet: reported });
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

  /**
   * Tells the fleet the hooks are gone (POST /api/v1/events, a lifecycle change), so the host
   * shows a missing hook instead of healthy ones. Best effort: without a server or key, or when
   * the server cannot be reached, the local uninstall still stands and a note says so.
   */
  private async reportUninstall(surfaces: Surface[], scope: 'user' | 'project'): Promise<Surface[]> {
    if (surfaces.length === 0) return [];
    let serverUrl: string | null = null;
    try {
      serverUrl = resolveServerUrl();
    } catch {
      serverUrl = null;
    }
    const key = resolveRuntimeKey();
    if (!serverUrl || !key) return [];
    const identity = await machineIdentity();
    const done: Surface[] = [];
    for (const surface of surfaces) {
      const body = {
        hostname: identity.hostname,
        machine_id: identity.machine_id,
        event: 'uninstall',
        component: 'hooks',
        source: surface,
        hook_type: surface === 'claude-code' ? 'http' : 'command',
        scope: scope === 'project' ? 'workspace' : 'user',
      };
      try {
        const res = await runtimeRequest(serverUrl, 'POST', '/api/v1/events', { key, identity, body, timeoutMs: 3000 });
        if (res.status >= 200 && res.status < 300) done.push(surface);
        else process.stderr.write(`Note: the server did not record the uninstall of ${surface} (HTTP ${res.status}); the fleet may still list its hooks.\n`);
      } catch (err) {
        process.stderr.write(`Note: could not tell ${serverUrl} about the uninstall of ${surface} (${(err as Error).message}); the fleet will see it at the next check-in.\n`);
      }
    }
    return done;
  }
}
