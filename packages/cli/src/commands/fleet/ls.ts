import { Flags } from '@oclif/core';
import chalk from 'chalk';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { renderTable } from '../../output/table.js';

/** One row of GET /api/v1/admin/workstations (docs/api-fleet.md). */
export interface FleetRow {
  id: string;
  hostname: string;
  display_name: string | null;
  status: 'online' | 'offline' | 'over_limit';
  active_sessions: number;
  platform: string | null;
  management: string;
  protection: string;
  risk: { level: string; reason: string };
  owner: { display: string | null; verified: boolean };
  activity: { current_project: string | null; sessions_7d: number };
  baseline: string;
  ides: string[];
  ai_ide_coverage: string | null;
  last_seen_at: string | null;
}

/** "just now", "4m ago", "3h ago", "12d ago"; "never" for a host that was only pre-registered. */
export function relativeTime(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86_400)}d ago`;
}

const STATUS = { online: chalk.green('● online'), offline: chalk.dim('○ offline'), over_limit: chalk.yellow('🔒 over limit') } as const;
const RISK: Record<string, (s: string) => string> = { High: chalk.red, Medium: chalk.yellow, Low: (s) => s };

export function fleetTableRows(rows: FleetRow[]): string[][] {
  return rows.map((w) => [
    STATUS[w.status] ?? w.status,
    `${w.display_name ?? w.hostname}${w.active_sessions ? chalk.dim(` (${w.active_sessions} active)`) : ''}`,
    w.platform ?? '-',
    w.management,
    w.protection,
    (RISK[w.risk.level] ?? ((s: string) => s))(`${w.risk.level}: ${w.risk.reason}`),
    w.owner.display ? `${w.owner.display}${w.owner.verified ? '' : chalk.dim(' (unverified)')}` : chalk.dim('unknown'),
    `${w.activity.current_project ?? '-'} · ${w.activity.sessions_7d} in 7d`,
    w.baseline,
    w.ides.join(', ') || '-',
    w.ai_ide_coverage ?? '-',
    relativeTime(w.last_seen_at),
  ]);
}

export const FLEET_HEADERS = ['STATUS', 'WORKSTATION', 'PLATFORM', 'MANAGEMENT', 'PROTECTION', 'RISK', 'OWNER', 'ACTIVITY', 'BASELINE', 'IDES', 'AI IDE COVERAGE', 'LAST SEEN'];

export default class FleetLs extends BaseCommand {
  static override description = 'List workstations: status, protection, risk, owner, activity, connected IDEs and last seen. Most recently seen first.';
  static override examples = ['<%= config.bin %> fleet ls', '<%= config.bin %> fleet ls --surface cursor --status online', '<%= config.bin %> fleet ls --runtime degraded --json'];
  static override flags = {
    surface: Flags.string({ description: 'Only hosts with this connected agent surface (claude-code, cursor, codex, …).' }),
    status: Flags.string({ description: 'online (activity within 15 minutes) or offline.', options: ['online', 'offline'] }),
    risk: Flags.string({ description: 'Risk level.', options: ['low', 'medium', 'high'] }),
    runtime: Flags.string({ description: 'Runtime health (standby is never counted as degraded).', options: ['standby', 'degraded', 'missing', 'unknown', 'healthy'] }),
    search: Flags.string({ description: 'Text in the hostname or MDM display name.' }),
    'shadow-ai': Flags.boolean({ description: 'Only MDM/native hosts where Shadow AI was found.', default: false }),
    'missing-hook': Flags.boolean({ description: 'Only MDM/native hosts missing an expected hook.', default: false }),
    limit: Flags.integer({ description: 'Rows per page (1-200).', default: 50, min: 1, max: 200 }),
    cursor: Flags.string({ description: 'Continue after a previous page (the cursor it printed).' }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(FleetLs);
    const q = new URLSearchParams();
    if (flags.surface) q.set('surface', flags.surface);
    if (flags.status) q.set('status', flags.status);
    if (flags.risk) q.set('risk', flags.risk);
    if (flags.runtime) q.set('runtime', flags.runtime);
    if (flags.search) q.set('search', flags.search);
    if (flags['shadow-ai']) q.set('shadow_ai', 'true');
    if (flags['missing-hook']) q.set('missing_hook', 'true');
    q.set('limit', String(flags.limit));
    if (flags.cursor) q.set('cursor', flags.cursor);
    const page = await adminCall<{ workstations: FleetRow[]; next_cursor: string | null }>(await resolveAdminTarget(flags), 'GET', `/api/v1/admin/workstations?${q}`);
    if (flags.json) return this.printJson(page);
    if (page.workstations.length === 0) {
      this.log('No workstations match. Hosts appear on their first check-in or hook event (see `service install-hooks`).');
      return;
    }
    this.log(renderTable(FLEET_HEADERS, fleetTableRows(page.workstations)));
    if (page.next_cursor) this.log(chalk.dim(`\nMore: service fleet ls --cursor ${page.next_cursor}${flags.limit !== 50 ? ` --limit ${flags.limit}` : ''} (same filters)`));
  }
}
