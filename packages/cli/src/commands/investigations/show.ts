import { Args, Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { renderTable } from '../../output/table.js';
import type { InvestigationDetail } from '@service/api';

export default class InvestigationsShow extends BaseCommand {
  static override description = 'Show one investigation with its evidence events and the chains found in its session.';
  static override args = { id: Args.string({ description: 'Investigation id (from `service investigations ls`).', required: true }) };
  static override flags = { server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }) };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(InvestigationsShow);
    const inv = await adminCall<InvestigationDetail>(await resolveAdminTarget(flags), 'GET', `/api/v1/investigations/${encodeURIComponent(args.id)}`);
    if (flags.json) return this.printJson(inv);
    this.log(`${inv.id}  ${inv.status}  ${inv.severity}  session ${inv.session_id}  owner ${inv.owner ?? '-'}`);
    this.log(inv.title);
    if (inv.feedback) this.log(`Feedback: ${inv.feedback.verdict}${inv.feedback.note ? ` (${inv.feedback.note})` : ''}`);
    for (const c of inv.chains) this.log(`Chain ${c.rule} (${c.severity}): ${c.reason}`);
    this.log(renderTable(['EVENT', 'AT', 'VERDICT', 'TOOL', 'SUMMARY'], inv.evidence.map((e) => [e.event_id, e.created_at ?? '-', e.verdict, e.tool_name, e.summary.length > 70 ? `${e.summary.slice(0, 69)}…` : e.summary])));
  }
}
