import { Flags } from '@oclif/core';
import chalk from 'chalk';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { renderTable } from '../../output/table.js';
import { relativeTime } from '../fleet/ls.js';
import type { SkillPage } from '@service/api';

const LEVEL: Record<string, (s: string) => string> = { Critical: chalk.red.bold, High: chalk.red, Medium: chalk.yellow, Low: (s) => s };

export default class SkillsLs extends BaseCommand {
  static override description = 'List the skills workstations reported, across the fleet: risk, flags, host count and policy status (Active, Warn, Blocked).';
  static override examples = ['<%= config.bin %> skills ls', '<%= config.bin %> skills ls --search deploy --json'];
  static override flags = {
    search: Flags.string({ description: 'Text in the skill name.' }),
    limit: Flags.integer({ description: 'Rows per page (1-200).', default: 50, min: 1, max: 200 }),
    cursor: Flags.string({ description: 'Continue after a previous page.' }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(SkillsLs);
    const q = new URLSearchParams({ limit: String(flags.limit) });
    if (flags.search) q.set('search', flags.search);
    if (flags.cursor) q.set('cursor', flags.cursor);
    const page = await adminCall<SkillPage>(await resolveAdminTarget(flags), 'GET', `/api/v1/admin/inventory/skills?${q}`);
    if (flags.json) return this.printJson(page);
    if (page.skills.length === 0) return this.log('No skills reported yet. Workstations report them at session start (`service scan-inventory`).');
    this.log(
      renderTable(
        ['NAME', 'RISK', 'FLAGS', 'HOSTS', 'STATUS', 'LAST SEEN'],
        page.skills.map((s) => [`/${s.name}`, (LEVEL[s.risk_level] ?? ((x: string) => x))(`${s.risk_level} (${s.risk_score})`), s.risk_flags.join(', ') || '-', `${s.host_count}${s.variants > 1 ? chalk.dim(` (${s.variants} versions)`) : ''}`, s.status, relativeTime(s.last_seen_at)]),
      ),
    );
    if (page.next_cursor) this.log(chalk.dim(`\nMore: service skills ls --cursor ${page.next_cursor}`));
  }
}
