// Destination kinds and the request body each one sends. Every kind is a POST of JSON that
// also carries the five X-Service-* headers and the signature over the exact body sent; the
// non-generic kinds shape the body as a widely used product of their kind expects:
//
//   webhook     generic signed HTTPS webhook   the spec's payload, unchanged
//   slack       chat-tool incoming webhook     Slack incoming webhook: { text, blocks }
//   teams       team-chat workflow             Microsoft Teams Workflows webhook: message with an Adaptive Card
//   pagerduty   incident-paging events API     PagerDuty Events API v2 trigger (routing key = credential)
//   splunk      log-collector HTTP ingest      Splunk HTTP Event Collector /services/collector/event
//   jira        ticketing issue creation       Jira Cloud REST v3 POST /rest/api/3/issue (Basic email:token)
//   servicenow  incident-record creation       ServiceNow Table API POST /api/now/table/incident (Basic user:password)
//
// Rendering is a pure function of the stored payload and the destination, so the attempts of
// one delivery send identical bytes.
import { z } from 'zod';
import type { EventPayload } from './payload.js';

export const DESTINATION_KINDS = ['webhook', 'slack', 'teams', 'pagerduty', 'splunk', 'jira', 'servicenow'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];

export interface RenderTarget {
  options: Record<string, string>;
  credential: string | null;
}
export interface RenderedRequest {
  body: string;
  /** Kind-specific headers (authorization); the sender adds Content-Type and X-Service-*. */
  headers: Record<string, string>;
}

interface KindDef {
  /** The spec's name for the kind and the product whose format it sends. */
  description: string;
  credential: 'none' | 'required';
  credentialHint?: string;
  options: z.ZodType<Record<string, string>>;
  render(p: EventPayload, target: RenderTarget): RenderedRequest;
}

const noOptions = z.object({}).strict();
const optionalText = (max: number) => z.string().trim().min(1).max(max).optional();

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
// Event text (commands, file paths) is attacker-influenced: strip control characters everywhere.
const clean = (text: string | null | undefined) => (text ?? '').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ');

function headline(p: EventPayload): string {
  const what = p.evidence.title || p.event_type;
  return clean(`[${p.severity.toUpperCase()}] ${what}${p.host.hostname ? ` on ${p.host.hostname}` : ''}`);
}

function facts(p: EventPayload): [string, string][] {
  const rows: [string, string | null][] = [
    ['Event', p.event_type],
    ['Severity', p.severity],
    ['Host', p.host.hostname],
    ['Verdict', p.risk.verdict],
    ['Category', p.risk.category],
    ['Actor', p.actor.email],
    ['Organization', p.org.name],
    ['Occurred', p.occurred_at],
    ['Event id', p.event_id],
  ];
  return rows.filter((r): r is [string, string] => r[1] !== null && r[1] !== '').map(([k, v]) => [k, clean(v)]);
}

const basicAuth = (credential: string | null) => `Basic ${Buffer.from(credential ?? '').toString('base64')}`;

// Slack mrkdwn: escaping &, < and > is what Slack documents; it also stops <url|text> links
// from being smuggled in through event text.
const slackEscape = (text: string) => clean(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function renderSlack(p: EventPayload): RenderedRequest {
  const fields = facts(p).slice(0, 10).map(([k, v]) => ({ type: 'mrkdwn', text: clip(`*${k}*\n${slackEscape(v)}`, 2000) }));
  const body = {
    text: clip(slackEscape(headline(p)), 3000),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: clip(headline(p), 150), emoji: false } },
      { type: 'section', text: { type: 'mrkdwn', text: clip(slackEscape(p.evidence.summary || p.evidence.title || p.event_type), 3000) } },
      { type: 'section', fields },
      { type: 'context', elements: [{ type: 'mrkdwn', text: slackEscape(`delivery ${p.delivery.delivery_id} · ${p.schema_version}`) }] },
    ],
  };
  return { body: JSON.stringify(body), headers: {} };
}

// Adaptive Card text is markdown: break link syntax so event text cannot render as a link.
const cardText = (text: string) => clean(text).replace(/\]\(/g, '] (');

function renderTeams(p: EventPayload): RenderedRequest {
  const card = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    body: [
      { type: 'TextBlock', text: cardText(headline(p)), weight: 'Bolder', size: 'Medium', wrap: true },
      { type: 'TextBlock', text: cardText(p.evidence.summary || p.event_type), wrap: true },
      { type: 'FactSet', facts: facts(p).map(([title, value]) => ({ title, value: cardText(value) })) },
    ],
  };
  const body = { type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }] };
  return { body: JSON.stringify(body), headers: {} };
}

const PAGERDUTY_SEVERITY: Record<string, 'critical' | 'error' | 'warning' | 'info'> = { critical: 'critical', high: 'error', medium: 'warning', low: 'info', info: 'info' };

function renderPagerDuty(p: EventPayload, t: RenderTarget): RenderedRequest {
  const body = {
    routing_key: t.credential,
    event_action: 'trigger',
    // One alert per event: a replay or an at-least-once repeat updates it instead of paging twice.
    dedup_key: p.event_id,
    payload: {
      summary: clip(headline(p), 1024),
      source: clean(p.host.hostname) || 'service',
      severity: PAGERDUTY_SEVERITY[p.severity] ?? 'warning',
      timestamp: p.occurred_at,
      component: t.options.component ?? undefined,
      group: clean(p.org.name),
      class: p.event_type,
      custom_details: p,
    },
    client: 'Agent fleet service',
  };
  return { body: JSON.stringify(body), headers: {} };
}

function renderSplunk(p: EventPayload, t: RenderTarget): RenderedRequest {
  const body: Record<string, unknown> = {
    time: Date.parse(p.occurred_at) / 1000,
    host: clean(p.host.hostname) || 'service',
    source: 'service',
    sourcetype: t.options.sourcetype ?? 'service:event',
    event: p,
  };
  if (t.options.index) body.index = t.options.index;
  return { body: JSON.stringify(body), headers: { authorization: `Splunk ${t.credential ?? ''}` } };
}

function renderJira(p: EventPayload, t: RenderTarget): RenderedRequest {
  const text = (s: string) => ({ type: 'paragraph', content: [{ type: 'text', text: s }] });
  const body = {
    fields: {
      project: { key: t.options.project },
      issuetype: { name: t.options.issue_type ?? 'Task' },
      summary: clip(headline(p).replace(/[\r\n]+/g, ' '), 255),
      // Atlassian Document Format: text nodes are never interpreted as markup.
      description: {
        type: 'doc',
        version: 1,
        content: [
          text(clean(p.evidence.summary || p.event_type)),
          ...facts(p).map(([k, v]) => text(`${k}: ${v}`)),
          { type: 'codeBlock', attrs: { language: 'json' }, content: [{ type: 'text', text: JSON.stringify(p, null, 2) }] },
        ],
      },
      labels: ['agent-fleet', p.event_type.replace(/[^a-z0-9_-]/gi, '-')],
    },
  };
  return { body: JSON.stringify(body), headers: { authorization: basicAuth(t.credential), accept: 'application/json' } };
}

const SERVICENOW_LEVEL: Record<string, '1' | '2' | '3'> = { critical: '1', high: '2', medium: '2', low: '3', info: '3' };

function renderServiceNow(p: EventPayload, t: RenderTarget): RenderedRequest {
  const body: Record<string, string> = {
    short_description: clip(headline(p).replace(/[\r\n]+/g, ' '), 160),
    description: [clean(p.evidence.summary || p.event_type), '', ...facts(p).map(([k, v]) => `${k}: ${v}`)].join('\n'),
    urgency: SERVICENOW_LEVEL[p.severity] ?? '2',
    impact: SERVICENOW_LEVEL[p.severity] ?? '2',
    correlation_id: p.event_id,
    correlation_display: 'service',
  };
  for (const field of ['assignment_group', 'category', 'caller_id'] as const) if (t.options[field]) body[field] = t.options[field];
  return { body: JSON.stringify(body), headers: { authorization: basicAuth(t.credential), accept: 'application/json' } };
}

export const KINDS: Record<DestinationKind, KindDef> = {
  webhook: { description: 'generic signed HTTPS webhook (the spec payload)', credential: 'none', options: noOptions, render: (p) => ({ body: JSON.stringify(p), headers: {} }) },
  slack: { description: 'chat-tool incoming webhook (Slack incoming webhook format)', credential: 'none', options: noOptions, render: renderSlack },
  teams: { description: 'team-chat workflow (Microsoft Teams Workflows webhook, Adaptive Card)', credential: 'none', options: noOptions, render: renderTeams },
  pagerduty: {
    description: 'incident-paging events API (PagerDuty Events API v2)',
    credential: 'required',
    credentialHint: 'the PagerDuty integration (routing) key',
    options: z.object({ component: optionalText(100) }).strict() as z.ZodType<Record<string, string>>,
    render: renderPagerDuty,
  },
  splunk: {
    description: 'log-collector HTTP ingest (Splunk HTTP Event Collector)',
    credential: 'required',
    credentialHint: 'the HEC token',
    options: z.object({ index: optionalText(100), sourcetype: optionalText(100) }).strict() as z.ZodType<Record<string, string>>,
    render: renderSplunk,
  },
  jira: {
    description: 'ticketing issue creation (Jira Cloud REST API v3 create issue)',
    credential: 'required',
    credentialHint: '"email:api_token" of the Jira account',
    options: z
      .object({ project: z.string().trim().regex(/^[A-Z][A-Z0-9_]{0,19}$/, 'project must be a Jira project key such as SEC'), issue_type: optionalText(60) })
      .strict() as z.ZodType<Record<string, string>>,
    render: renderJira,
  },
  servicenow: {
    description: 'incident-record creation (ServiceNow Table API, incident table)',
    credential: 'required',
    credentialHint: '"user:password" of the ServiceNow integration user',
    options: z.object({ assignment_group: optionalText(100), category: optionalText(100), caller_id: optionalText(100) }).strict() as z.ZodType<Record<string, string>>,
    render: renderServiceNow,
  },
};

/** Email destinations (not built yet) are the only kind the spec allows below Team. */
export const PLANS_FOR_NON_EMAIL = ['team', 'enterprise'] as const;

export function renderRequest(kind: string, payload: EventPayload, target: RenderTarget): RenderedRequest {
  const def = KINDS[kind as DestinationKind] ?? KINDS.webhook;
  return def.render(payload, target);
}
