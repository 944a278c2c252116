import { Flags } from '@oclif/core';
import { adminCall, resolveAdminTarget } from '../../admin/client.js';
import { BaseCommand } from '../../output/base-command.js';
import { CliError } from '../../output/errors.js';
import type { CreatedDestination } from '@service/api';

const KINDS = ['webhook', 'slack', 'teams', 'pagerduty', 'splunk', 'jira', 'servicenow'];
const SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'];

export default class WebhooksAdd extends BaseCommand {
  static override description =
    'Add a webhook destination and the route that selects its events. The signing secret is printed once; receivers verify X-Service-Signature with it.';
  static override examples = [
    '<%= config.bin %> webhooks add --url https://siem.example.com/hooks/agent --events activity.blocked,mcp.blocked --min-severity high --json',
    '<%= config.bin %> webhooks add --kind slack --url https://hooks.slack.com/services/T000/B000/XXXX --events "activity.*"',
    'SERVICE_WEBHOOK_CREDENTIAL=R0UT1NGKEY <%= config.bin %> webhooks add --kind pagerduty --url https://events.pagerduty.com/v2/enqueue',
    '<%= config.bin %> webhooks add --kind jira --url https://acme.atlassian.net/rest/api/3/issue --option project=SEC --credential me@acme.com:API_TOKEN',
  ];
  static override flags = {
    url: Flags.string({ description: 'Destination URL (https://).', required: true }),
    kind: Flags.string({ description: 'Destination kind (request format); see docs/webhooks.md.', options: KINDS, default: 'webhook' }),
    events: Flags.string({ description: 'Comma-separated event types or groups (activity.*); default: all.' }),
    'min-severity': Flags.string({ description: 'Lowest severity delivered.', options: SEVERITIES }),
    host: Flags.string({ description: 'Only events of this workstation (hostname or workstation id).' }),
    surface: Flags.string({ description: 'Only events of this agent surface (claude-code, cursor, …).' }),
    name: Flags.string({ description: 'A label for the destination.' }),
    credential: Flags.string({ description: 'Kind credential (PagerDuty routing key, Splunk HEC token, Jira email:token, ServiceNow user:password); env SERVICE_WEBHOOK_CREDENTIAL keeps it out of shell history.' }),
    option: Flags.string({ description: 'Kind option key=value (jira: project, issue_type; splunk: index, sourcetype; servicenow: assignment_group, category, caller_id; pagerduty: component). Repeatable.', multiple: true }),
    server: Flags.string({ description: 'Server URL (default: stored login or SERVICE_URL).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(WebhooksAdd);
    const options: Record<string, string> = {};
    for (const pair of flags.option ?? []) {
      const at = pair.indexOf('=');
      if (at <= 0) throw new CliError(`--option takes key=value (got "${pair}").`, 2);
      options[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
    }
    const events = flags.events?.split(',').map((e) => e.trim()).filter(Boolean);
    const credential = flags.credential ?? (process.env.SERVICE_WEBHOOK_CREDENTIAL || undefined);
    const target = await resolveAdminTarget(flags);
    const created = await adminCall<CreatedDestination>(target, 'POST', '/api/v1/admin/webhooks', {
      url: flags.url,
      kind: flags.kind,
      events,
      min_severity: flags['min-severity'],
      host: flags.host,
      surface: flags.surface,
      name: flags.name,
      credential,
      options,
    });
    if (flags.json) return this.printJson({ id: created.id, secret: created.secret });
    this.log(`Added ${created.kind} destination ${created.id} (${created.url}).`);
    this.log('Signing secret (shown once; receivers verify X-Service-Signature with it):');
    this.log(created.secret);
    this.log(`Try it: service webhooks test ${created.id}`);
  }
}
