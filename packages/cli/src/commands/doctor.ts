import chalk from 'chalk';
import { machineIdentity } from '../config/machine-identity.js';
import { maskKey } from '../config/mask.js';
import { resolveRuntimeKeyWithSource } from '../config/runtime-key.js';
import { fileMode } from '../config/secret-files.js';
import { isLoopbackHost, resolveServerUrl } from '../config/server-url.js';
import { runtimeRequest, ServerUnreachableError } from '../hook/runtime-client.js';
import { installedHookStatus } from '../install/hook-status.js';
import { localHookCommands, missingPrograms } from '../install/hook-commands.js';
import { targetContext } from '../install/install-run.js';
import { BaseCommand } from '../output/base-command.js';

type Status = 'ok' | 'note' | 'problem';

interface Check {
  name: string;
  status: Status;
  detail: string;
  /** The command (or action) that fixes a problem. */
  fix?: string;
}

/** Webhook signatures tolerate about five minutes; past a minute, times in reports mislead. */
const MAX_CLOCK_SKEW_S = 60;

const INSTALL = 'service install-hooks --server https://YOUR-SERVER --key-stdin';

export default class Doctor extends BaseCommand {
  static override description = 'Check this workstation\'s setup: server reachable over HTTPS, runtime key valid, hooks present and current, clock in sync. Exits 1 when something needs fixing.';
  static override examples = ['<%= config.bin %> doctor', '<%= config.bin %> doctor --json'];

  async run(): Promise<void> {
    const { flags } = await this.parse(Doctor);
    const checks: Check[] = [];
    const serverUrl = resolveServerUrl();
    const key = resolveRuntimeKeyWithSource();
    const identity = await machineIdentity();

    if (!serverUrl) checks.push({ name: 'server_url', status: 'problem', detail: 'No server URL is configured (SERVICE_URL or ~/.service/config.json).', fix: INSTALL });
    else {
      const url = new URL(serverUrl);
      if (url.protocol === 'https:') checks.push({ name: 'https', status: 'ok', detail: `${serverUrl} uses HTTPS.` });
      else if (isLoopbackHost(url.hostname)) checks.push({ name: 'https', status: 'note', detail: `${serverUrl} is plain HTTP on this machine (accepted for loopback only).` });
      else checks.push({ name: 'https', status: 'problem', detail: `${serverUrl} is plain HTTP to another machine; keys and tool calls travel unencrypted.`, fix: INSTALL });
    }

    if (!key) checks.push({ name: 'runtime_key', status: 'problem', detail: 'No runtime key (SERVICE_API_KEY or ~/.service-plugin/api_key).', fix: INSTALL });
    else {
      checks.push({ name: 'runtime_key', status: 'ok', detail: `Runtime key ${maskKey(key.key)} from ${key.source}.` });
      if (key.source.startsWith('file:')) {
        const file = key.source.slice(5);
        const mode = fileMode(file);
        if (mode !== null && (mode & 0o077) !== 0 && process.platform !== 'win32') {
          checks.push({ name: 'key_file_mode', status: 'problem', detail: `${file} is readable by other users (mode ${mode.toString(8)}).`, fix: `chmod 600 ${file}` });
        }
      }
    }

    if (serverUrl && key) checks.push(...(await this.serverChecks(serverUrl, key.key, identity)));

    const commands = localHookCommands(serverUrl);
    const missing = missingPrograms(commands);
    if (missing.length) checks.push({ name: 'hook_programs', status: 'problem', detail: `Hook commands run programs that do not exist: ${missing.join(', ')}.`, fix: 'npm run build, then service install-hooks' });

    const ctx = targetContext({ surfaces: 'all', scope: 'user', dryRun: true });
    const statuses = installedHookStatus(ctx, { serverUrl: serverUrl ?? '', key: key?.key ?? '', identity, commands });
    if (statuses.length === 0) checks.push({ name: 'hooks', status: 'problem', detail: 'No hooks of this service are installed for any agent.', fix: INSTALL });
    for (const s of statuses) {
      const name = `hooks:${s.surface}:${s.scope}`;
      if (s.outdated.length === 0) checks.push({ name, status: 'ok', detail: `${s.surface} (${s.scope}) hooks match: ${s.files.join(', ')}.` });
      else {
        checks.push({
          name,
          status: 'problem',
          detail: `${s.surface} (${s.scope}) hooks differ from what install-hooks writes now (edited, another server or key, or an older version): ${s.outdated.join(', ')}.`,
          fix: `service install-hooks --surface ${s.surface} --scope ${s.scope}${s.scope === 'project' ? ` --project-dir ${ctx.projectDir}` : ''}`,
        });
      }
    }

    const problems = checks.filter((c) => c.status === 'problem').length;
    if (flags.json) this.printJson({ ok: problems === 0, problems, checks });
    else {
      const mark: Record<Status, string> = { ok: chalk.green('✓'), note: chalk.cyan('i'), problem: chalk.red('✗') };
      for (const c of checks) {
        this.log(`${mark[c.status]} ${chalk.bold(c.name)}  ${c.detail}`);
        if (c.fix) this.log(`    fix: ${chalk.yellow(c.fix)}`);
      }
      this.log(problems === 0 ? chalk.green('Everything looks right.') : chalk.red(`${problems} problem(s) found.`));
    }
    if (problems > 0) process.exitCode = 1;
  }

  private async serverChecks(serverUrl: string, key: string, identity: Awaited<ReturnType<typeof machineIdentity>>): Promise<Check[]> {
    const sentAt = Date.now();
    let res;
    try {
      res = await runtimeRequest(serverUrl, 'GET', '/api/v1/claude-code/health', { key, identity, timeoutMs: 5000 });
    } catch (err) {
      if (!(err instanceof ServerUnreachableError)) throw err;
      return [{ name: 'server_reachable', status: 'problem', detail: `The server did not answer: ${err.message}.`, fix: `check the URL and that the server runs; to change it: ${INSTALL}` }];
    }
    const checks: Check[] = [{ name: 'server_reachable', status: 'ok', detail: `${serverUrl} answered (HTTP ${res.status}).` }];
    if (res.status === 401 || res.status === 403) {
      checks.push({ name: 'key_valid', status: 'problem', detail: `The server rejected runtime key ${maskKey(key)} (HTTP ${res.status}).`, fix: `service keys create --kind runtime, then ${INSTALL}` });
    } else if (res.status === 200) checks.push({ name: 'key_valid', status: 'ok', detail: 'The server accepted the runtime key.' });
    else checks.push({ name: 'key_valid', status: 'problem', detail: `The key check answered HTTP ${res.status}; is ${serverUrl} really this service?`, fix: INSTALL });

    const serverTime = res.date ? Date.parse(res.date) : NaN;
    if (Number.isNaN(serverTime)) checks.push({ name: 'clock', status: 'note', detail: 'The server sent no Date header; clock skew not checked.' });
    else {
      // The Date header has one-second resolution and was set while the request was in flight.
      const skew = Math.round((sentAt + (Date.now() - sentAt) / 2 - serverTime) / 1000);
      if (Math.abs(skew) > MAX_CLOCK_SKEW_S) {
        const fix = process.platform === 'darwin' ? 'sudo sntp -sS time.apple.com' : process.platform === 'win32' ? 'w32tm /resync' : 'sudo timedatectl set-ntp true';
        checks.push({ name: 'clock', status: 'problem', detail: `This machine's clock is ${Math.abs(skew)} s ${skew > 0 ? 'ahead of' : 'behind'} the server's.`, fix });
      } else checks.push({ name: 'clock', status: 'ok', detail: `Clock within ${Math.abs(skew)} s of the server.` });
    }
    return checks;
  }
}
