import { Flags } from '@oclif/core';
import chalk from 'chalk';
import { runPostureChecks, type PostureCheck, type PostureReport } from '@service/scanner';
import { machineIdentity } from '../config/machine-identity.js';
import { homeDir, servicePaths } from '../config/paths.js';
import { resolveRuntimeKey } from '../config/runtime-key.js';
import { InvalidServerUrlError, normalizeServerUrl, resolveServerUrl } from '../config/server-url.js';
import { errorMessageOf, runtimeRequest, ServerUnreachableError } from '../hook/runtime-client.js';
import { osVersion, platformName } from '../hook/session-facts.js';
import { BaseCommand } from '../output/base-command.js';
import { CliError } from '../output/errors.js';
import { renderTable } from '../output/table.js';

const STATUS_COLOR: Record<PostureCheck['status'], (s: string) => string> = {
  pass: chalk.green,
  warn: chalk.yellow,
  fail: chalk.red,
  unknown: chalk.dim,
};

function renderPosture(report: PostureReport): string {
  const rows = report.checks.map((c) => [STATUS_COLOR[c.status](c.status), c.check_name, c.category, c.severity, c.detail]);
  const gradeColor = report.grade === 'A' || report.grade === 'B' ? chalk.green : report.grade === 'C' ? chalk.yellow : chalk.red;
  const lines = [renderTable(['STATUS', 'CHECK', 'CATEGORY', 'SEVERITY', 'DETAIL'], rows), '', `Score ${chalk.bold(String(report.score))}/100, grade ${gradeColor(chalk.bold(report.grade))}`];
  for (const w of report.warnings) lines.push(chalk.dim(`skipped: ${w}`));
  return `${lines.join('\n')}\n`;
}

export default class Posture extends BaseCommand {
  static override description = 'Check this workstation\'s agent security posture (hooks, sandbox, permission modes, key file, risky skills); --upload reports it to the server.';
  static override examples = ['<%= config.bin %> posture', '<%= config.bin %> posture --json --upload'];
  static override flags = {
    upload: Flags.boolean({ description: 'Send the result to the server (POST /api/v1/scans) with the runtime key.', default: false }),
    server: Flags.string({ description: 'Server base URL (default: SERVICE_URL or the stored one).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Posture);
    let serverUrl: string | null;
    try {
      serverUrl = flags.server ? normalizeServerUrl(flags.server) : resolveServerUrl();
    } catch (err) {
      if (err instanceof InvalidServerUrlError) throw new CliError(err.message);
      throw err;
    }
    const report = await runPostureChecks({ home: homeDir(), cwd: process.cwd(), serverUrl: serverUrl ?? undefined, keyFilePath: servicePaths().runtimeKeyFile });
    let uploaded: Record<string, unknown> | undefined;
    if (flags.upload) uploaded = await this.upload(report, serverUrl);
    if (flags.json) {
      this.printJson({ ...report, ...(uploaded ? { uploaded } : {}) });
      return;
    }
    process.stdout.write(renderPosture(report));
    if (uploaded) this.log(chalk.dim(`Uploaded to ${serverUrl}.`));
  }

  private async upload(report: PostureReport, serverUrl: string | null): Promise<Record<string, unknown>> {
    if (!serverUrl) throw new CliError('No server URL: pass --server https://your-server or run `service install-hooks` first.');
    const key = resolveRuntimeKey();
    if (!key) throw new CliError('No runtime key: run `service install-hooks --key-stdin` (or set SERVICE_API_KEY), then upload again.');
    const identity = await machineIdentity();
    const body = {
      hostname: identity.hostname,
      machine_id: identity.machine_id,
      checks: report.checks.map(({ status, check_name, category, severity }) => ({ status, check_name, category, severity })),
      raw_report: report,
      score: report.score,
      grade: report.grade,
      platform: platformName(),
      os_version: await osVersion(),
      source: 'workstation',
    };
    try {
      const res = await runtimeRequest(serverUrl, 'POST', '/api/v1/scans', { key, identity, body, timeoutMs: 10_000 });
      if (res.status === 401) throw new CliError('The server rejected the runtime key; install a valid one with `service install-hooks --key-stdin`.');
      if (res.status < 200 || res.status >= 300) throw new CliError(`The upload failed: ${errorMessageOf(res.body) ?? `HTTP ${res.status}`}. Run \`service doctor\` to find out why.`);
      return res.body && typeof res.body === 'object' ? (res.body as Record<string, unknown>) : {};
    } catch (err) {
      if (err instanceof ServerUnreachableError) throw new CliError(`The upload failed: ${err.message}. Check the server URL with \`service doctor\`.`);
      throw err;
    }
  }
}
