import { Flags } from '@oclif/core';
import chalk from 'chalk';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { renderTable } from '../../output/table.js';
import type { OtlpHealth, OtlpSetupHealth } from '@service/api';

export default class TelemetryHealth extends BaseCommand {
  static override description =
    'Telemetry (OTLP) status and setup diagnosis: whether events arrive, and how many map to a workstation and a person (GET /api/v1/otlp/health and /setup-health; Enterprise plan, admin key).';
  static override examples = ['<%= config.bin %> telemetry health', '<%= config.bin %> telemetry health --json'];
  static override flags = {
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(TelemetryHealth);
    const target = await resolveAdminTarget(flags);
    const health = await adminCall<OtlpHealth>(target, 'GET', '/api/v1/otlp/health');
    const setup = await adminCall<OtlpSetupHealth>(target, 'GET', '/api/v1/otlp/setup-health');
    if (flags.json) return this.printJson({ health, setup_health: setup });
    const s = setup.stats;
    this.log(`${health.receiving ? chalk.green('● receiving') : chalk.yellow('○ not receiving')}  last event ${health.last_event_at ?? 'never'}, ${health.events_24h} in 24h${health.sources_24h.length ? ` (${health.sources_24h.join(', ')})` : ''}`);
    this.log('');
    this.log(
      renderTable(
        ['SAMPLED', 'MAPPED', 'HOST NAME', 'SESSION ID', 'PERSON', 'VIA SESSION', 'PERSON ONLY', 'IGNORED'],
        [[String(s.total_events_sampled), `${s.mapped_count} (${s.mapped_pct}%)`, `${s.host_name_present_count} (${s.host_name_present_pct}%)`, `${s.session_id_present_count} (${s.session_id_present_pct}%)`, `${s.actor_mapped_count} (${s.actor_mapped_pct}%)`, `${s.session_correlation_sample_count} (${s.session_correlation_sample_pct}%)`, String(s.actor_only_count), String(s.runtime_events_ignored)]],
      ),
    );
    if (s.unmapped_identities.length) {
      this.log('\nUnmapped identities:');
      this.log(renderTable(['SOURCE', 'HOST', 'SESSION', 'PERSON', 'REASON', 'EVENTS'], s.unmapped_identities.map((u: any) => [u.source, u.hostname ?? '-', u.session_id ?? '-', u.user ?? '-', u.reason, String(u.events)])));
    }
    for (const w of setup.warnings) this.log(`${w.severity === 'info' ? chalk.dim('note') : chalk.yellow(w.severity)}: ${w.message}`);
  }
}
