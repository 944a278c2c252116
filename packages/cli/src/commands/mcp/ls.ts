import { Flags } from '@oclif/core';
import chalk from 'chalk';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { renderTable } from '../../output/table.js';
import { relativeTime } from '../fleet/ls.js';
import type { McpServerPage } from '@service/api';

export default class McpLs extends BaseCommand {
  static override description = 'List the MCP servers workstation scans reported, across the fleet (configuration only: arguments and environment are never collected).';
  static override examples = ['<%= config.bin %> mcp ls', '<%= config.bin %> mcp ls --json'];
  static override flags = {
    search: Flags.string({ description: 'Text in the server name.' }),
    limit: Flags.integer({ description: 'Rows per page (1-200).', default: 50, min: 1, max: 200 }),
    cursor: Flags.string({ description: 'Continue after a previous page.' }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(McpLs);
    const q = new URLSearchParams({ limit: String(flags.limit) });
    if (flags.search) q.set('search', flags.search);
    if (flags.cursor) q.set('cursor', flags.cursor);
    const page = await adminCall<McpServerPage>(await resolveAdminTarget(flags), 'GET', `/api/v1/admin/inventory/mcp-servers?${q}`);
    if (flags.json) return this.printJson(page);
    if (page.mcp_servers.length === 0) return this.log('No MCP servers reported yet. Workstations report them at session start (`service scan-inventory`).');
    this.log(
      renderTable(
        ['NAME', 'PLATFORM', 'TYPE', 'COMMAND', 'SOURCE', 'HOSTS', 'LAST SEEN'],
        page.mcp_servers.map((s) => [s.name, s.platform, s.type, s.command ?? '-', s.source, String(s.hosts), relativeTime(s.last_seen_at)]),
      ),
    );
    if (page.next_cursor) this.log(chalk.dim(`\nMore: service mcp ls --cursor ${page.next_cursor}`));
  }
}
