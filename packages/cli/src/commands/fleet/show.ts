import { Args, Flags } from '@oclif/core';
import chalk from 'chalk';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { renderTable } from '../../output/table.js';
import { relativeTime, type FleetRow } from './ls.js';
import type { WorkstationDetail } from '@service/api';

export default class FleetShow extends BaseCommand {
  static override description = 'Show one workstation: status, protection evidence, metadata, sessions, inventory and recent shield events.';
  static override examples = ['<%= config.bin %> fleet show dev-laptop-42', '<%= config.bin %> fleet show 01J9Z3… --json'];
  static override args = { host: Args.string({ description: 'Hostname or workstation id.', required: true }) };
  static override flags = { server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }) };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(FleetShow);
    const d = await adminCall<WorkstationDetail>(await resolveAdminTarget(flags), 'GET', `/api/v1/admin/workstations/${encodeURIComponent(args.host)}`);
    if (flags.json) return this.printJson(d);
    const w = d.workstation;
    const m = d.metadata;
    const kv = (pairs: Array<[string, unknown]>) => renderTable(['', ''], pairs.map(([k, v]) => [chalk.dim(k), v === null || v === undefined || v === '' ? '-' : String(v)])).split('\n').slice(1).join('\n');
    this.log(chalk.bold(`${w.display_name ?? w.hostname}`) + chalk.dim(`  ${w.id}`));
    this.log(
      kv([
        ['status', `${w.status} (last seen ${relativeTime(w.last_seen_at)})`],
        ['protection', `${w.protection} (${m.runtime_protection_state.reasons.join(', ')})`],
        ['risk', `${d.risk.level}: ${d.risk.reason}${d.risk.signals.length ? ` [${d.risk.signals.join(', ')}]` : ''}`],
        ['action needed', d.action_reasons.join(', ') || 'no'],
        ['management', `${w.management} (install source ${m.install_provenance.install_source ?? 'not reported'})`],
        ['owner', w.owner.display ? `${w.owner.display}${w.owner.verified ? '' : ' (unverified)'}` : 'unknown'],
        ['platform', `${m.platform.platform ?? '-'} ${m.platform.os_version ?? ''}`.trim()],
        ['agent version', `${m.version.agent_version ?? 'unknown'}${m.version.latest_in_fleet && m.version.latest_in_fleet !== m.version.agent_version ? ` (newest in fleet ${m.version.latest_in_fleet})` : ''}`],
        ['sandbox', m.sandbox],
        ['baseline', w.baseline],
        ['IDEs', w.ides.join(', ') || '-'],
        ['AI IDE coverage', w.ai_ide_coverage],
        ['activity', `${w.activity.current_project ?? '-'}, ${w.activity.sessions_7d} sessions in 7 days, ${w.active_sessions} active`],
        ['credential', m.credential_state],
        ['last command preflight', m.last_command_preflight_at],
        ['last live event', m.last_live_event_at],
        ['last runtime heartbeat', m.last_runtime_heartbeat_at],
        ['last self-test', m.last_self_test.at ? `${m.last_self_test.at} (${m.last_self_test.ok ? 'ok' : 'failed'})` : null],
        ['posture', m.compliance ? `${m.compliance.grade} (${m.compliance.score}) ${m.compliance.scanned_at}` : null],
        ['posture notes', d.posture_notes.map((n) => n.note).join(', ')],
        ['machine id', w.machine_id],
        ['first seen', w.first_seen_at],
      ]),
    );
    if (d.sessions.length) {
      this.log(chalk.bold('\nSessions'));
      this.log(renderTable(['SESSION', 'SURFACE', 'DIRECTORY', 'STARTED', 'LAST SEEN', 'ENDED'], d.sessions.map((s) => [s.session_id, s.surface, s.cwd ?? '-', s.started_at ?? '-', relativeTime(s.last_seen_at), s.ended_at ?? '-'])));
    }
    const inv = d.inventory;
    if (inv.skills.length) {
      this.log(chalk.bold('\nSkills'));
      this.log(renderTable(['NAME', 'SOURCE', 'RISK', 'FLAGS'], inv.skills.map((s) => [s.name, s.source, `${s.risk_level} (${s.risk_score})`, s.risk_flags.join(', ') || '-'])));
    }
    if (inv.mcp_servers.length) {
      this.log(chalk.bold('\nMCP servers'));
      this.log(renderTable(['NAME', 'TYPE', 'COMMAND', 'SOURCE', 'PLATFORM'], inv.mcp_servers.map((s) => [s.name, s.type, s.command ?? '-', s.source, s.platform])));
    }
    if (inv.plugins.length) {
      this.log(chalk.bold('\nPlugins'));
      this.log(renderTable(['NAME', 'VERSION', 'PLATFORM'], inv.plugins.map((p) => [p.full_name, p.version ?? '-', p.platform])));
    }
    if (d.recent_events.length) {
      this.log(chalk.bold('\nRecent shield events'));
      this.log(renderTable(['WHEN', 'VERDICT', 'TOOL', 'SUMMARY'], d.recent_events.map((e) => [e.created_at ?? '-', e.verdict, e.tool_name, e.summary])));
    }
  }
}
