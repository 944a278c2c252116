import { Flags } from '@oclif/core';
import chalk from 'chalk';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { renderTable } from '../../output/table.js';
import type { OtlpUsageCosts } from '@service/api';

const money = (usd: number) => `$${usd.toFixed(usd < 1 ? 4 : 2)}`;
const num = (n: number) => n.toLocaleString('en-US');

export default class TelemetryCosts extends BaseCommand {
  static override description = 'Agent usage and cost from OTLP telemetry: summary, per team, per user (with sessions and workstations), anomalies (GET /api/v1/otlp/usage-costs; Enterprise plan, admin key).';
  static override examples = ['<%= config.bin %> telemetry costs', '<%= config.bin %> telemetry costs --days 30 --json'];
  static override flags = {
    days: Flags.integer({ description: 'Look-back window in days (1-90).', default: 7, min: 1, max: 90 }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(TelemetryCosts);
    const r = await adminCall<OtlpUsageCosts>(await resolveAdminTarget(flags), 'GET', `/api/v1/otlp/usage-costs?days=${flags.days}`);
    if (flags.json) return this.printJson(r);
    const s = r.summary;
    this.log(`Last ${r.days} day(s): ${money(s.cost_usd)}, ${num(s.input_tokens)} input / ${num(s.output_tokens)} output tokens, ${num(s.api_requests)} API requests, ${s.users} user(s), ${s.sessions} session(s), ${s.workstations} workstation(s).`);
    if (s.events === 0) {
      this.log(chalk.dim('No telemetry yet: turn it on with `service install-hooks --telemetry`.'));
      return;
    }
    this.log('\nTeams:');
    this.log(renderTable(['TEAM', 'COST', 'INPUT', 'OUTPUT', 'REQUESTS', 'USERS'], r.teams.map((t: any) => [t.team, money(t.cost_usd), num(t.input_tokens), num(t.output_tokens), num(t.api_requests), String(t.users)])));
    this.log('\nUsers:');
    this.log(renderTable(['USER', 'TEAM', 'COST', 'INPUT', 'OUTPUT', 'REQUESTS', 'WORKSTATIONS'], r.users.map((u: any) => [u.user, u.team, money(u.cost_usd), num(u.input_tokens), num(u.output_tokens), num(u.api_requests), String(u.workstations)])));
    const sessions = r.users.flatMap((u: any) => u.sessions.map((x: any) => [u.user, x.session_id ?? '-', x.hostname ?? chalk.dim('unmapped'), x.source, money(x.cost_usd), num(x.input_tokens), num(x.output_tokens)]));
    this.log('\nSessions:');
    this.log(renderTable(['USER', 'SESSION', 'WORKSTATION', 'AGENT', 'COST', 'INPUT', 'OUTPUT'], sessions));
    if (r.anomalies.length) {
      this.log(chalk.yellow('\nAnomalies:'));
      this.log(renderTable(['USER', 'DAY', 'COST', 'MEDIAN', 'THRESHOLD'], r.anomalies.map((a: any) => [a.user, a.day, money(a.cost_usd), money(a.baseline_usd), money(a.threshold_usd)])));
    }
  }
}
