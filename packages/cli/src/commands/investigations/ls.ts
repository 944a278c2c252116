import { Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { renderTable } from '../../output/table.js';
import type { InvestigationPage, InvestigationSummary } from '@service/api';

export type InvestigationItem = InvestigationSummary;

export default class InvestigationsLs extends BaseCommand {
  static override description = 'List investigations, newest first: opened on a deny, a chain of events, or repeated warnings in one agent session.';
  static override examples = ['<%= config.bin %> investigations ls --status open', '<%= config.bin %> investigations ls --json --limit 100'];
  static override flags = {
    status: Flags.string({ description: 'Only investigations in this status.', options: ['open', 'triaged', 'resolved'] }),
    limit: Flags.integer({ description: 'How many (1-200).', default: 50, min: 1, max: 200 }),
    cursor: Flags.string({ description: 'Continue after this id (the previous page’s next_cursor).' }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(InvestigationsLs);
    const q = new URLSearchParams({ limit: String(flags.limit) });
    if (flags.status) q.set('status', flags.status);
    if (flags.cursor) q.set('cursor', flags.cursor);
    const page = await adminCall<InvestigationPage>(await resolveAdminTarget(flags), 'GET', `/api/v1/investigations?${q}`);
    if (flags.json) return this.printJson(page);
    if (page.investigations.length === 0) return this.log('No investigations.');
    this.log(
      renderTable(
        ['ID', 'STATUS', 'SEVERITY', 'SESSION', 'OWNER', 'EVENTS', 'TITLE'],
        page.investigations.map((i) => [i.id, i.status, i.severity, i.session_id, i.owner ?? '-', String(i.evidence_count ?? 0), i.title.length > 80 ? `${i.title.slice(0, 79)}…` : i.title]),
      ),
    );
    if (page.next_cursor) this.log(`More: service investigations ls --cursor ${page.next_cursor}`);
  }
}
