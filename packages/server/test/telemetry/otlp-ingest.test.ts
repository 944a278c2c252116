// OTLP/HTTP log ingest (issue #20): JSON and protobuf, gzip, caps, partial success, metrics,
// mapping to workstation / session / person, prompt handling, otlp.* events, and bad input
// answered in the spec's error shape with the server still serving.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { checkin, machine, settle } from '../fleet/support.js';
import { decodeLogsResponse, encodeLogsRequestFromJson } from '../../src/telemetry/otlp-wire.js';
import { MAX_PENDING_RECORDS, MAX_RECORDS_PER_REQUEST, TelemetryOverloadedError } from '../../src/telemetry/ingest.js';
import { decodeLogs } from '../../src/telemetry/otlp-wire.js';
import { telemetryOf } from '../../src/routes/v1/otlp.js';
import { apiRequest, claudeResource, logsRequest, postOtlp, record } from './support.js';

describe(`OTLP logs ingest (${TEST_STORE})`, () => {
  let srv: TestServer;
  before(async () => {
    srv = await startTestServer();
  });
  after(() => srv.close());
  const rows = (orgId: string) => srv.deps.store.knex('otlp_events').where({ org_id: orgId }).orderBy('id');
  const outbox = (orgId: string, type: string) => srv.deps.store.knex('outbox').where({ org_id: orgId, event_type: type });
  const assertErrorShape = (json: any, code: number) => {
    assert.deepEqual(Object.keys(json).sort(), ['code', 'error', 'message']);
    assert.equal(json.code, code);
  };

  test('JSON: records are stored, mapped to the workstation named by X-Hostname, answered in JSON', async () => {
    const org = await srv.newOrg();
    const host = { hostname: `otel-${machine()}`, machine_id: machine() };
    await checkin(srv, org, host);
    const res = await postOtlp(srv, org.runtime_key, logsRequest(claudeResource(), [apiRequest('sess-json-1'), apiRequest('sess-json-1', { cost_usd: 0.5 })]), { headers: { 'X-Hostname': host.hostname, 'X-Service-User': 'erin' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(res.json, {});
    const stored = await rows(org.org_id);
    assert.equal(stored.length, 2);
    for (const r of stored) {
      assert.equal(r.source, 'claude-code');
      assert.equal(r.event_name, 'api_request');
      assert.equal(r.session_key, 'sess-json-1');
      assert.equal(r.mapped_by, 'host');
      assert.equal(r.hostname, host.hostname);
      assert.equal(r.user_account, 'erin');
      assert.ok(r.workstation_id);
      assert.equal(Number(r.input_tokens), 1200);
      assert.equal(r.duration_ms, 812);
    }
    assert.deepEqual(stored.map((r: any) => Number(r.cost_micros)).sort((a: number, b: number) => a - b), [12500, 500000]);
  });

  test('protobuf with gzip: decoded, stored, answered with an ExportLogsServiceResponse; session.id correlates with the hook calls', async () => {
    const org = await srv.newOrg();
    const host = { hostname: `pb-${machine()}`, machine_id: machine() };
    const session = `sess-pb-${machine()}`;
    const c = await checkin(srv, org, { ...host, session_id: session });
    await settle(srv);
    const res = await postOtlp(srv, org.runtime_key, logsRequest(claudeResource(), [apiRequest(session), record('claude_code.tool_result', { 'session.id': session, tool_name: 'Bash', success: 'true', duration_ms: '27' })]), { encoding: 'protobuf', gzip: true });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/x-protobuf');
    assert.deepEqual(decodeLogsResponse(res.bytes), { rejected: 0, message: '' });
    const stored = await rows(org.org_id);
    assert.equal(stored.length, 2);
    for (const r of stored) {
      assert.equal(r.workstation_id, c.body.workstation_id);
      assert.equal(r.mapped_by, 'session');
      assert.equal(r.hostname, null);
    }
    assert.deepEqual(stored.map((r: any) => r.event_name).sort(), ['api_request', 'tool_result']);
  });

  test('identity from OTEL_RESOURCE_ATTRIBUTES (host.name, user.email) and Codex / Gemini CLI event names', async () => {
    const org = await srv.newOrg();
    const host = { hostname: `res-${machine()}`, machine_id: machine() };
    await checkin(srv, org, host);
    const codex = logsRequest({ 'service.name': 'codex_cli_rs', 'host.name': host.hostname }, [
      record('codex.sse_event', { 'conversation.id': 'conv-1', 'event.kind': 'response.completed', input_token_count: 900, output_token_count: 100, cached_token_count: 20, model: 'gpt-5-codex', 'user.email': 'Dev@Example.com' }),
      record('codex.tool_decision', { 'conversation.id': 'conv-1', tool_name: 'shell', decision: 'denied', source: 'user' }),
    ]);
    assert.equal((await postOtlp(srv, org.runtime_key, codex)).status, 200);
    const gemini = logsRequest({ 'service.name': 'gemini-cli', 'host.name': host.hostname }, [
      record('gemini_cli.api_response', { 'session.id': 'gem-1', model: 'gemini-2.5-pro', input_token_count: 400, output_token_count: 40, cached_content_token_count: 4, duration_ms: 900 }),
      record('gemini_cli.tool_call', { 'session.id': 'gem-1', function_name: 'run_shell_command', decision: 'reject', success: false }),
    ]);
    assert.equal((await postOtlp(srv, org.runtime_key, gemini, { encoding: 'protobuf' })).status, 200);
    const stored = await rows(org.org_id);
    const by = (name: string) => stored.find((r: any) => r.event_name === name);
    assert.equal(by('sse_event').source, 'codex');
    assert.equal(by('sse_event').session_key, 'conv-1');
    assert.equal(by('sse_event').user_email, 'dev@example.com');
    assert.equal(Number(by('sse_event').input_tokens), 900);
    assert.equal(by('api_response').source, 'gemini');
    assert.equal(Number(by('api_response').output_tokens), 40);
    assert.equal(by('tool_call').tool_name, 'run_shell_command');
    assert.ok(stored.every((r: any) => r.mapped_by === 'host'));
    // Both refusals (Codex "denied", Gemini "reject") are announced.
    const rejected = await outbox(org.org_id, 'otlp.tool_rejected');
    assert.equal(rejected.length, 2);
    assert.deepEqual(rejected.map((r: any) => r.surface).sort(), ['codex', 'gemini']);
  });

  test('a rejected Claude Code tool decision emits otlp.tool_rejected; an accepted one does not', async () => {
    const org = await srv.newOrg();
    const recs = [
      record('claude_code.tool_decision', { 'session.id': 's-dec', decision: 'reject', source: 'user_reject', tool_name: 'Bash', tool_use_id: 't1' }),
      record('claude_code.tool_decision', { 'session.id': 's-dec', decision: 'accept', source: 'config', tool_name: 'Read', tool_use_id: 't2' }),
    ];
    assert.equal((await postOtlp(srv, org.runtime_key, logsRequest(claudeResource(), recs))).status, 200);
    const events = await outbox(org.org_id, 'otlp.tool_rejected');
    assert.equal(events.length, 1);
    const data = JSON.parse(events[0].data);
    assert.equal(data.evidence.details.tool_name, 'Bash');
    assert.equal(data.session.id, 's-dec');
  });

  test('prompt text: "<REDACTED>" stores nothing; text the agent chose to send is truncated and redacted; never in the attributes', async () => {
    const org = await srv.newOrg();
    const secret = 'sk-ant-api03-' + 'Qm7vT2pL9xR4kW8nZ3cY6hJ1sD5fG0bN8aE2uV7iO4'.repeat(2) + 'Xw3Rt';
    const long = `deploy with token ${secret} ` + 'y'.repeat(3000);
    const recs = [
      record('claude_code.user_prompt', { 'session.id': 's-p', prompt_length: 40, prompt: '<REDACTED>' }),
      record('claude_code.user_prompt', { 'session.id': 's-p', prompt_length: long.length, prompt: long }),
    ];
    assert.equal((await postOtlp(srv, org.runtime_key, logsRequest(claudeResource(), recs))).status, 200);
    const stored = await rows(org.org_id);
    assert.equal(stored.filter((r: any) => r.prompt === null).length, 1);
    const kept = stored.find((r: any) => r.prompt !== null);
    assert.ok(kept.prompt.length <= 1001 + 40, String(kept.prompt.length)); // the marker may be a little longer than the secret
    assert.ok(!kept.prompt.includes(secret));
    assert.match(kept.prompt, /\[REDACTED:anthropic_key:/);
    for (const r of stored) assert.ok(!String(r.attributes).includes('yyyy') && !String(r.attributes).includes('"prompt"'), r.attributes);
  });

  test('partial success: records with no event name are rejected with a count and a message, the rest stored; otlp.error is emitted', async () => {
    const org = await srv.newOrg();
    const recs = [apiRequest('s-partial'), record(null, { 'session.id': 's-partial', foo: 'bar' }), record(null, {})];
    const json = await postOtlp(srv, org.runtime_key, logsRequest(claudeResource(), recs));
    assert.equal(json.status, 200);
    assert.equal(json.json.partialSuccess.rejectedLogRecords, '2');
    assert.match(json.json.partialSuccess.errorMessage, /2 of 3 log records rejected: .*no event name/);
    const pb = await postOtlp(srv, org.runtime_key, logsRequest(claudeResource(), recs), { encoding: 'protobuf' });
    assert.equal(pb.status, 200);
    assert.equal(decodeLogsResponse(pb.bytes).rejected, 2);
    assert.equal((await rows(org.org_id)).length, 2);
    await srv.deps.store.writer.flush();
    assert.equal((await outbox(org.org_id, 'otlp.error')).length, 1, 'one otlp.error per org per minute');
  });

  test('records with no identity are stored and counted as unmapped, not dropped', async () => {
    const org = await srv.newOrg();
    const recs = [record('claude_code.api_request', { model: 'm', input_tokens: 5, output_tokens: 1, cost_usd: 0.001 })];
    assert.equal((await postOtlp(srv, org.runtime_key, logsRequest({ 'service.name': 'claude-code' }, recs))).status, 200);
    const stored = await rows(org.org_id);
    assert.equal(stored.length, 1);
    assert.equal(stored[0].workstation_id, null);
    assert.equal(stored[0].mapped_by, 'none');
    const health = await srv.call('GET', '/api/v1/otlp/setup-health', { key: org.admin_key });
    assert.equal(health.status, 200);
    assert.equal(health.body.stats.mapped_count, 0);
    assert.deepEqual(
      health.body.stats.unmapped_identities.map((u: any) => [u.reason, u.events]),
      [['no_identity', 1]],
    );
  });

  test('metrics and traces sent to the same base are answered 200 in the request encoding (checked, not stored)', async () => {
    const org = await srv.newOrg();
    const metrics = { resourceMetrics: [{ resource: { attributes: [] }, scopeMetrics: [{ metrics: [{ name: 'claude_code.cost.usage', sum: { dataPoints: [{ asDouble: 0.01 }] } }] }] }] };
    const j = await postOtlp(srv, org.runtime_key, metrics, { path: '/api/v1/otlp/v1/metrics' });
    assert.equal(j.status, 200);
    assert.deepEqual(j.json, {});
    const p = await postOtlp(srv, org.runtime_key, null, { path: '/api/v1/otlp/v1/metrics', encoding: 'protobuf', raw: Buffer.alloc(0) });
    assert.equal(p.status, 200);
    assert.equal(p.headers.get('content-type'), 'application/x-protobuf');
    const traces = await postOtlp(srv, org.runtime_key, { resourceSpans: [] }, { path: '/api/v1/otlp/v1/traces' });
    assert.equal(traces.status, 200);
    assert.deepEqual(traces.json, {});
    const pbTraces = await postOtlp(srv, org.runtime_key, null, { path: '/api/v1/otlp/v1/traces', encoding: 'protobuf', raw: Buffer.alloc(0) });
    assert.equal(pbTraces.status, 200);
    const bad = await postOtlp(srv, org.runtime_key, null, { path: '/api/v1/otlp/v1/metrics', encoding: 'protobuf', raw: Buffer.from([0x0a, 0xff, 0x01]) });
    assert.equal(bad.status, 400);
    assertErrorShape(bad.json, 400);
  });

  test('bad input gets the spec error shape, stores nothing, and the server keeps serving', async () => {
    const org = await srv.newOrg();
    const good = logsRequest(claudeResource(), [apiRequest('s-bad')]);
    // Truncated protobuf.
    const full = encodeLogsRequestFromJson(good);
    const truncated = await postOtlp(srv, org.runtime_key, null, { encoding: 'protobuf', raw: full.subarray(0, full.length - 7) });
    assert.equal(truncated.status, 400);
    assertErrorShape(truncated.json, 400);
    assert.match(truncated.json.message, /truncated or malformed/);
    // A gzip bomb: 64 MiB of zeros in a small body.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    const boom = await postOtlp(srv, org.runtime_key, null, { raw: bomb, headers: { 'content-encoding': 'gzip' } });
    assert.equal(boom.status, 413);
    assertErrorShape(boom.json, 413);
    assert.match(boom.json.message, /decompressed/);
    // Wrong content type.
    const wrong = await postOtlp(srv, org.runtime_key, null, { raw: Buffer.from(JSON.stringify(good)), headers: { 'content-type': 'text/plain' } });
    assert.equal(wrong.status, 415);
    assertErrorShape(wrong.json, 415);
    // Unknown content encoding.
    const br = await postOtlp(srv, org.runtime_key, null, { raw: Buffer.from('x'), headers: { 'content-encoding': 'br' } });
    assert.equal(br.status, 415);
    // Not JSON / not an object.
    const notJson = await postOtlp(srv, org.runtime_key, null, { raw: Buffer.from('{"resourceLogs": [') });
    assert.equal(notJson.status, 400);
    assertErrorShape(notJson.json, 400);
    const notArray = await postOtlp(srv, org.runtime_key, { resourceLogs: 'x' });
    assert.equal(notArray.status, 400);
    // 10,000 records in one request: over the per-request cap, refused whole.
    const many = Array.from({ length: 10_000 }, () => apiRequest('s-many'));
    assert.ok(many.length > MAX_RECORDS_PER_REQUEST);
    for (const encoding of ['json', 'protobuf'] as const) {
      const big = await postOtlp(srv, org.runtime_key, logsRequest(claudeResource(), many), { encoding, gzip: true });
      assert.equal(big.status, 413, encoding);
      assertErrorShape(big.json, 413);
      assert.match(big.json.message, /10000 log records/);
    }
    assert.equal((await rows(org.org_id)).length, 0, 'nothing stored from bad input');
    // Still serving.
    const ok = await postOtlp(srv, org.runtime_key, good);
    assert.equal(ok.status, 200);
    assert.equal((await rows(org.org_id)).length, 1);
  });

  test('a full batch at the cap is acknowledged and every record stored', async () => {
    const org = await srv.newOrg();
    const batch = Array.from({ length: MAX_RECORDS_PER_REQUEST }, (_, i) => apiRequest(`s-cap-${i % 7}`));
    const res = await postOtlp(srv, org.runtime_key, logsRequest(claudeResource(), batch), { encoding: 'protobuf', gzip: true });
    assert.equal(res.status, 200);
    const [{ n }] = await srv.deps.store.knex('otlp_events').where({ org_id: org.org_id }).count({ n: '*' });
    assert.equal(Number(n), MAX_RECORDS_PER_REQUEST);
  });

  test('overload: past MAX_PENDING_RECORDS uncommitted records, new batches are refused with a retry delay; the accepted ones are all stored', async () => {
    const org = await srv.newOrg();
    const ingest = telemetryOf(srv.deps);
    const batch = decodeLogs(Buffer.from(JSON.stringify(logsRequest(claudeResource(), Array.from({ length: MAX_RECORDS_PER_REQUEST }, () => apiRequest('s-load')))) ), 'json');
    const fits = Math.floor(MAX_PENDING_RECORDS / MAX_RECORDS_PER_REQUEST);
    const headers = { hostname: null, machineId: null, userEmail: null };
    // Each ingest counts its records as pending before its first await, so these all overlap.
    const accepted = Array.from({ length: fits }, () => ingest.ingest(org.org_id, batch, headers));
    await assert.rejects(ingest.ingest(org.org_id, batch, headers), (err: unknown) => err instanceof TelemetryOverloadedError && err.retryAfterSeconds === 1);
    await Promise.all(accepted);
    const [{ n }] = await srv.deps.store.knex('otlp_events').where({ org_id: org.org_id }).count({ n: '*' });
    assert.equal(Number(n), fits * MAX_RECORDS_PER_REQUEST);
    // Once committed, batches are taken again.
    assert.equal((await ingest.ingest(org.org_id, batch.slice(0, 1), headers)).accepted, 1);
  });

  test('the ingest path takes runtime and admin keys and no other org sees the records', async () => {
    const org = await srv.newOrg('free');
    const other = await srv.newOrg();
    assert.equal((await postOtlp(srv, org.admin_key, logsRequest(claudeResource(), [apiRequest('s-admin')]))).status, 200);
    assert.equal((await postOtlp(srv, org.runtime_key, logsRequest(claudeResource(), [apiRequest('s-admin')]))).status, 200);
    assert.equal((await rows(org.org_id)).length, 2);
    const usage = await srv.call('GET', '/api/v1/otlp/usage-costs', { key: other.admin_key });
    assert.equal(usage.body.summary.events, 0);
  });
});
