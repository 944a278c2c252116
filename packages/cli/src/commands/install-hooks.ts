import { Flags } from '@oclif/core';
import chalk from 'chalk';
import { maskKey } from '../config/mask.js';
import { resolveRuntimeKey, storeHookHeaders, storeRuntimeKey } from '../config/runtime-key.js';
import { isPlausibleKey } from '../config/secret-files.js';
import { InvalidServerUrlError, normalizeServerUrl, resolveServerUrl, storeServerUrl } from '../config/server-url.js';
import { machineIdentity } from '../config/machine-identity.js';
import { runtimeRequest, ServerUnreachableError } from '../hook/runtime-client.js';
import { HOOK_SURFACES as SURFACES, type HookSurface as Surface } from '@service/surfaces/forwarder';
import { InstallProblem, runInstall } from '../install/install-run.js';
import { readKeyFromStdin } from '../install/key-input.js';
import { telemetryFlags, withTelemetry } from '../install/telemetry-settings.js';
import { changeJson, renderChanges, renderDryRun } from '../install/report.js';
import { BaseCommand } from '../output/base-command.js';
import { CliError } from '../output/errors.js';

export default class InstallHooks extends BaseCommand {
  static override description = 'Install the policy hooks into the AI coding agents on this machine (Claude Code, Cursor, Codex, Gemini, Copilot, Windsurf, Antigravity).';
  static override examples = [
    'echo "$RUNTIME_KEY" | <%= config.bin %> install-hooks --server https://service.example.com --key-stdin',
    '<%= config.bin %> install-hooks --surface claude-code --scope project --dry-run',
  ];
  static override flags = {
    surface: Flags.string({ description: 'Agent to hook; "all" means every agent found on this machine.', options: [...SURFACES, 'all'], multiple: true, default: ['all'] }),
    scope: Flags.string({ description: 'user: your settings in $HOME; project: this project (no key goes into committed files).', options: ['user', 'project'], default: 'user' }),
    'project-dir': Flags.string({ description: 'Project directory for --scope project (default: the current directory).' }),
    server: Flags.string({ description: 'Server base URL (default: SERVICE_URL or the stored one).' }),
    key: Flags.string({ description: 'Runtime key (prefer --key-stdin: flags end up in shell history).', exclusive: ['key-stdin'] }),
    'key-stdin': Flags.boolean({ description: 'Read the runtime key from stdin.', default: false }),
    'dry-run': Flags.boolean({ description: 'Print the change to each file as a diff and write nothing.', default: false }),
    ...telemetryFlags,
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(InstallHooks);
    let serverUrl: string;
    try {
      const raw = flags.server ?? resolveServerUrl();
      if (!raw) throw new CliError('No server URL: pass --server https://your-server (or set SERVICE_URL).');
      serverUrl = normalizeServerUrl(raw);
    } catch (err) {
      if (err instanceof InvalidServerUrlError) throw new CliError(err.message);
      throw err;
    }
    const key = flags.key?.trim() || (flags['key-stdin'] ? await readKeyFromStdin() : resolveRuntimeKey());
    if (!key) throw new CliError('No runtime key: pipe it in with --key-stdin (create one with `service keys create --kind runtime`).');
    if (!isPlausibleKey(key)) throw new CliError('That does not look like an API key (8-512 printable characters, no spaces); copy the whole key and try again.');
    // An admin key in every agent's settings and in the hook header file would hand full control
    // of the organization to anything that reads them; hooks need a runtime key only.
    if (key.startsWith('svc_adm_')) throw new CliError('That is an admin key; hooks need a runtime key. Create one with `service keys create --kind runtime --json` and pass it with --key-stdin.');

    const warnings: string[] = [];
    if (!flags['dry-run']) warnings.push(...(await this.checkKey(serverUrl, key)));

    const surfaces = flags.surface.includes('all') ? 'all' : (flags.surface as Surface[]);
    let report;
    try {
      report = await runInstall({ surfaces, scope: flags.scope as 'user' | 'project', projectDir: flags['project-dir'], serverUrl, key, dryRun: flags['dry-run'] });
      if (flags.telemetry) report = await withTelemetry(report, { scope: flags.scope as 'user' | 'project', projectDir: flags['project-dir'], serverUrl, key, dryRun: flags['dry-run'], protocol: flags['telemetry-protocol'] });
      // The forwarder and the scanner read the URL and key from here on every hook call.
      if (!flags['dry-run']) {
        storeServerUrl(serverUrl);
        storeRuntimeKey(key);
        // The curl hook commands read the key and identity from this 0600 file.
        storeHookHeaders(key, await machineIdentity());
      }
    } catch (err) {
      if (err instanceof InstallProblem) throw new CliError(err.message);
      throw err;
    }
    report.warnings.unshift(...warnings);

    if (flags.json) {
      this.printJson({
        dry_run: flags['dry-run'],
        scope: flags.scope,
        server_url: serverUrl,
        key: maskKey(key),
        surfaces: report.surfaces,
        changes: report.changes.map((c) => changeJson(c, flags['dry-run'])),
        warnings: report.warnings,
        notes: report.notes,
      });
      return;
    }
    if (flags['dry-run']) {
      process.stdout.write(renderDryRun(report));
      for (const w of report.warnings) process.stderr.write(chalk.yellow(`warning: ${w}\n`));
      return;
    }
    process.stdout.write(renderChanges(report));
    this.log(chalk.dim(`Runtime key ${maskKey(key)} stored in ~/.service-plugin/api_key (0600). Check everything with \`service doctor\`.`));
  }

  /** A key the server rejects is not worth installing; an unreachable server only warns. */
  private async checkKey(serverUrl: string, key: string): Promise<string[]> {
    try {
      const res = await runtimeRequest(serverUrl, 'GET', '/api/v1/claude-code/health', { key, identity: await machineIdentity(), timeoutMs: 3000 });
      if (res.status === 401 || res.status === 403) {
        throw new CliError(`The server rejected key ${maskKey(key)} (HTTP ${res.status}); create a runtime key with \`service keys create --kind runtime\` and pass it with --key-stdin.`);
      }
      if (res.status !== 200) return [`The server answered HTTP ${res.status} to the key check; the hooks are installed anyway. Run \`service doctor\` once it is up.`];
      return [];
    } catch (err) {
      if (err instanceof ServerUnreachableError) return [`The key was not checked: ${err.message}. Hooks fail open until the server answers; run \`service doctor\` once it is up.`];
      throw err;
    }
  }
}
