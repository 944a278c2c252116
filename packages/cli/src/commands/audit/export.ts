import { Flags } from '@oclif/core';
import { request } from 'undici';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { CliError } from '../../output/errors.js';
import type { ActivityExport } from '@service/api';

export default class AuditExport extends BaseCommand {
  static override description = 'Export the activity log (oldest first) for auditors, as CSV or JSON on stdout.';
  static override examples = ['<%= config.bin %> audit export --since 2026-01-01T00:00:00Z --format csv > activity.csv'];
  static override flags = {
    since: Flags.string({ description: 'Only entries at or after this ISO 8601 time.' }),
    format: Flags.string({ description: 'csv or json.', options: ['csv', 'json'], default: 'json' }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(AuditExport);
    if (flags.since !== undefined && Number.isNaN(Date.parse(flags.since))) throw new CliError(`--since must be an ISO 8601 time, like 2026-01-01T00:00:00Z (got "${flags.since}").`);
    const since = flags.since ? `since=${encodeURIComponent(new Date(flags.since).toISOString())}&` : '';
    const target = await resolveAdminTarget(flags);
    if (flags.format === 'json' || flags.json) {
      const body = await adminCall<ActivityExport>(target, 'GET', `/api/v1/audit/activity?${since}format=json`);
      return this.printJson(body);
    }
    let res;
    try {
      res = await request(`${target.url}/api/v1/audit/activity?${since}format=csv`, { headers: { authorization: `Bearer ${target.key}` }, headersTimeout: 30_000, bodyTimeout: 60_000 });
    } catch (err) {
      throw new CliError(`Could not reach the server at ${target.url} (${(err as Error).message}). Is it running?`);
    }
    const text = await res.body.text();
    if (res.statusCode >= 400) {
      let message = `HTTP ${res.statusCode}`;
      try {
        message = JSON.parse(text).message ?? message;
      } catch {
        /* keep the status */
      }
      throw new CliError(message);
    }
    process.stdout.write(text);
  }
}
