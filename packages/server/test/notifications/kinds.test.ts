// Every destination kind against a local receiver that checks the request format of the
// product it imitates, plus the X-Service-* headers and signature every kind carries.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { verifySignature } from '../../src/notifications/signing.js';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { addDestination, emit, finalDelivery, startReceiver, testEvent, type Received } from './support.js';

const iso = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const basic = (cred: string) => `Basic ${Buffer.from(cred).toString('base64')}`;
const INJECTION = 'rm -rf / <http://evil.example|click here> [x](http://evil.example)';

const slackText = z.object({ type: z.enum(['plain_text', 'mrkdwn']), text: z.string().min(1).max(3000) });
const FORMATS: Record<string, { credential?: string; options?: Record<string, string>; answer: { status: number; body: string }; check(body: any, req: Received): void }> = {
  webhook: {
    answer: { status: 200, body: 'ok' },
    check(body) {
      assert.equal(body.schema_version, 'service.event.v1');
      assert.equal(body.event_type, 'activity.blocked');
    },
  },
  // Slack incoming webhook: `text` (fallback, required) and Block Kit blocks.
  slack: {
    answer: { status: 200, body: 'ok' },
    check(body) {
      z.object({
        text: z.string().min(1),
        blocks: z
          .array(
            z.discriminatedUnion('type', [
              z.object({ type: z.literal('header'), text: z.object({ type: z.literal('plain_text'), text: z.string().min(1).max(150) }).passthrough() }),
              z.object({ type: z.literal('section'), text: slackText.optional(), fields: z.array(slackText).max(10).optional() }),
              z.object({ type: z.literal('context'), elements: z.array(slackText).min(1).max(10) }),
            ]),
          )
          .max(50),
      }).parse(body);
      const mrkdwn = JSON.stringify(body.blocks.filter((b: any) => b.type !== 'header'));
      assert.ok(!mrkdwn.includes('<http://evil'), 'event text must not become a Slack link');
      assert.ok(mrkdwn.includes('&lt;http://evil.example|click here&gt;'));
    },
  },
  // Teams Workflows "when a webhook request is received": a message with an Adaptive Card attachment.
  teams: {
    answer: { status: 202, body: '' },
    check(body) {
      z.object({
        type: z.literal('message'),
        attachments: z
          .array(
            z.object({
              contentType: z.literal('application/vnd.microsoft.card.adaptive'),
              contentUrl: z.null(),
              content: z.object({
                type: z.literal('AdaptiveCard'),
                version: z.string().regex(/^1\.\d$/),
                body: z.array(z.union([z.object({ type: z.literal('TextBlock'), text: z.string().min(1) }).passthrough(), z.object({ type: z.literal('FactSet'), facts: z.array(z.object({ title: z.string(), value: z.string() })) })])).min(1),
              }).passthrough(),
            }),
          )
          .length(1),
      }).parse(body);
      assert.ok(!JSON.stringify(body).includes('](http://evil'), 'event text must not become a card link');
    },
  },
  // PagerDuty Events API v2 (POST /v2/enqueue).
  pagerduty: {
    credential: 'R0UT1NGKEY0123456789abcdef012345',
    answer: { status: 202, body: '{"status":"success","message":"Event processed","dedup_key":"x"}' },
    check(body) {
      z.object({
        routing_key: z.literal('R0UT1NGKEY0123456789abcdef012345'),
        event_action: z.literal('trigger'),
        dedup_key: z.string().min(1).max(255),
        payload: z.object({
          summary: z.string().min(1).max(1024),
          source: z.string().min(1),
          severity: z.enum(['critical', 'error', 'warning', 'info']),
          timestamp: iso,
          class: z.string().optional(),
          group: z.string().optional(),
          custom_details: z.record(z.unknown()),
        }),
      }).parse(body);
      assert.equal(body.payload.severity, 'error'); // high → error
      assert.equal(body.dedup_key, body.payload.custom_details.event_id);
    },
  },
  // Splunk HTTP Event Collector (/services/collector/event) with "Authorization: Splunk <token>".
  splunk: {
    credential: '11111111-2222-3333-4444-555555555555',
    options: { index: 'security', sourcetype: 'service:event' },
    answer: { status: 200, body: '{"text":"Success","code":0}' },
    check(body, req) {
      assert.equal(req.headers.authorization, 'Splunk 11111111-2222-3333-4444-555555555555');
      z.object({ time: z.number().positive().max(1e11), host: z.string(), source: z.string(), sourcetype: z.literal('service:event'), index: z.literal('security'), event: z.object({ schema_version: z.literal('service.event.v1') }).passthrough() }).parse(body);
    },
  },
  // Jira Cloud REST v3 create issue, Basic auth with email:API token, description in ADF.
  jira: {
    credential: 'secops@example.com:ATATT3xFfGF0token',
    options: { project: 'SEC', issue_type: 'Bug' },
    answer: { status: 201, body: '{"id":"10000","key":"SEC-1","self":"https://example.atlassian.net/rest/api/3/issue/10000"}' },
    check(body, req) {
      assert.equal(req.headers.authorization, basic('secops@example.com:ATATT3xFfGF0token'));
      z.object({
        fields: z.object({
          project: z.object({ key: z.literal('SEC') }),
          issuetype: z.object({ name: z.literal('Bug') }),
          summary: z.string().min(1).max(255).regex(/^[^\n]*$/),
          description: z.object({ type: z.literal('doc'), version: z.literal(1), content: z.array(z.object({ type: z.string() }).passthrough()).min(1) }),
          labels: z.array(z.string().regex(/^\S+$/)),
        }),
      }).parse(body);
    },
  },
  // ServiceNow Table API: POST /api/now/table/incident, Basic auth.
  servicenow: {
    credential: 'integration.user:s3cret',
    options: { assignment_group: 'Security Operations' },
    answer: { status: 201, body: '{"result":{"sys_id":"abc","number":"INC0010001"}}' },
    check(body, req) {
      assert.equal(req.headers.authorization, basic('integration.user:s3cret'));
      assert.equal(req.headers.accept, 'application/json');
      z.object({
        short_description: z.string().min(1).max(160),
        description: z.string(),
        urgency: z.enum(['1', '2', '3']),
        impact: z.enum(['1', '2', '3']),
        correlation_id: z.string().min(1),
        assignment_group: z.literal('Security Operations'),
      }).parse(body);
    },
  },
};

describe(`destination kinds (${TEST_STORE})`, () => {
  let srv: TestServer;
  let org: { org_id: string; admin_key: string };
  before(async () => {
    srv = await startTestServer({ SERVICE_WEBHOOK_ALLOW_PRIVATE: '1', SERVICE_WEBHOOK_RETRY_SCALE: '0.01' });
    org = await srv.newOrg('team');
  });
  after(() => srv.close());

  for (const [kind, format] of Object.entries(FORMATS)) {
    test(`${kind}: request format, headers and signature`, async () => {
      const problems: string[] = [];
      const receiver = await startReceiver((req) => {
        try {
          assert.equal(req.headers['content-type'], 'application/json');
          format.check(JSON.parse(req.body), req);
          return format.answer;
        } catch (err) {
          problems.push(String((err as Error).message));
          return { status: 400, body: 'bad format' };
        }
      });
      try {
        const dest = await addDestination(srv, org.admin_key, { url: receiver.url, kind, events: ['activity.blocked'], credential: format.credential, options: format.options ?? {} });
        const event = testEvent(org.org_id, { surface: `kind-${kind}` });
        event.data.evidence.summary = INJECTION;
        event.data.evidence.title = `Blocked ${INJECTION}`;
        await emit(srv, [event]);
        const [req] = await receiver.waitFor(1);
        assert.deepEqual(problems, []);
        const h = req.headers;
        assert.equal(h['x-service-event'], 'activity.blocked');
        assert.match(String(h['x-service-delivery']), /^[0-9A-Z]{26}$/);
        assert.match(String(h['x-service-timestamp']), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        assert.match(String(h['x-service-signature']), /^v1=[0-9a-f]{64}$/);
        const verified = verifySignature({ secret: dest.secret, timestamp: String(h['x-service-timestamp']), signature: String(h['x-service-signature']), rawBody: req.body });
        assert.deepEqual(verified, { ok: true });
        const delivery = await finalDelivery(srv, org.admin_key, String(h['x-service-delivery']));
        assert.equal(delivery.status, 'sent');
        assert.equal(delivery.attempts[0].status_code, format.answer.status);
      } finally {
        await receiver.close();
      }
    });
  }

  test('kind credential and option rules', async () => {
    const base = { url: 'https://events.example.com/v2/enqueue' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, kind: 'pagerduty' }, /credential is required/],
      [{ ...base, kind: 'jira', credential: 'a:b' }, /project/],
      [{ ...base, kind: 'jira', credential: 'a:b', options: { project: 'sec' } }, /Jira project key/],
      [{ ...base, kind: 'slack', credential: 'x' }, /takes no credential/],
      [{ ...base, kind: 'splunk', credential: 't', options: { color: 'red' } }, /options/],
      [{ ...base, kind: 'carrier-pigeon' }, /kind must be one of/],
    ];
    for (const [body, message] of cases) {
      const res = await srv.call('POST', '/api/v1/admin/webhooks', { key: org.admin_key, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.message, message);
    }
    // Credentials are never returned.
    const ok = await srv.call('POST', '/api/v1/admin/webhooks', { key: org.admin_key, body: { ...base, kind: 'pagerduty', credential: 'R0UTINGKEY' } });
    assert.equal(ok.status, 201);
    const list = await srv.call('GET', '/api/v1/admin/webhooks', { key: org.admin_key });
    assert.ok(!JSON.stringify(list.body).includes('R0UTINGKEY'));
    assert.ok(!JSON.stringify(list.body).includes(ok.body.secret));
  });
});
