// Runtime decisions over HTTP on the real store: every surface's allow, warn and deny shape,
// skill governance, recent, shield events, MCP, policy administration.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { SURFACES, type Surface } from '../../src/policy/types.js';
import { startTestServer, TEST_STORE, type TestServer } from '../support/harness.js';
import { identityHeaders, shellPayload } from './payloads.js';
import { exceptionHint } from '../../src/exceptions/active-set.js';

type Org = { org_id: string; admin_key: string; runtime_key: string };

/** Reads the verdict out of any surface's rendered body (the inverse of the adapters). */
function verdictOf(surface: Surface, body: any): 'allow' | 'warn' | 'deny' {
  const text = JSON.stringify(body ?? {});
  const denied =
    body?.hookSpecificOutput?.permissionDecision === 'deny' ||
    body?.permission === 'deny' ||
    body?.decision === 'deny' ||
    body?.decision === 'block' ||
    body?.permissionDecision === 'deny';
  if (denied) return 'deny';
  return /warn|Warning|⚠/i.test(text) ? 'warn' : 'allow';
}

describe(`runtime decisions (${TEST_STORE})`, () => {
  let srv: TestServer;
  let org: Org;
  let warnOrg: Org;
  before(async () => {
    srv = await startTestServer();
    org = await srv.newOrg('enterprise');
    // With auto_block off nothing is denied: what would be denied is answered as a warning.
    warnOrg = await srv.newOrg('enterprise');
    const res = await srv.call('PATCH', '/api/v1/admin/policy', { key: warnOrg.admin_key, body: { auto_block: false } });
    assert.equal(res.status, 200);
  });
  after(() => srv.close());

  const evalPath = (s: Surface) => (s === 'claude-code' ? '/api/v1/claude-code/evaluate' : `/api/v1/evaluate?tool=${s}`);

  for (const surface of SURFACES) {
    test(`${surface}: allow, warn and deny in the surface's own shape, status 200`, async () => {
      const headers = identityHeaders(`host-${surface}`);
      const allow = await srv.call('POST', evalPath(surface), { key: org.runtime_key, body: shellPayload(surface, 'ls -la'), headers });
      assert.equal(allow.status, 200, JSON.stringify(allow.body));
      assert.equal(verdictOf(surface, allow.body), 'allow', JSON.stringify(allow.body));
      assert.equal(allow.headers.get('content-type'), 'application/json; charset=utf-8');

      const deny = await srv.call('POST', evalPath(surface), { key: org.runtime_key, body: shellPayload(surface, 'rm -rf ~'), headers });
      assert.equal(deny.status, 200);
      assert.equal(verdictOf(surface, deny.body), 'deny', JSON.stringify(deny.body));
      if (surface === 'claude-code') {
        assert.equal(deny.body.hookSpecificOutput.hookEventName, 'PreToolUse');
        assert.ok(deny.body.hookSpecificOutput.permissionDecisionReason.length > 0);
      }
      if (surface === 'gemini' || surface === 'claude-chat' || surface === 'cowork' || surface === 'grok') {
        assert.equal(deny.body.decision, 'deny');
        assert.ok(typeof deny.body.reason === 'string' && deny.body.reason.length > 0);
      }
      assert.doesNotMatch(JSON.stringify(deny.body), /"ask"/, 'never ask');

      const warn = await srv.call('POST', evalPath(surface), { key: warnOrg.runtime_key, body: shellPayload(surface, 'rm -rf ~'), headers });
      assert.equal(warn.status, 200);
      assert.notEqual(verdictOf(surface, warn.body), 'deny', JSON.stringify(warn.body));

      const stored = await srv.deps.store.knex('shield_events').where({ org_id: org.org_id, surface }).select('verdict');
      assert.deepEqual(stored.map((r) => r.verdict).sort(), ['allow', 'deny']);
      const warned = await srv.deps.store.knex('shield_events').where({ org_id: warnOrg.org_id, surface }).first('verdict');
      assert.equal(warned.verdict, 'warn');
    });
  }

  test('issue #15: a nesting bomb is answered 200 with a deny on every surface and on /mcp/evaluate, never 500', async () => {
    const bomb = 'rm -rf ~; ' + '('.repeat(2000) + ')'.repeat(2000);
    for (const surface of SURFACES) {
      const res = await srv.call('POST', evalPath(surface), { key: org.runtime_key, body: shellPayload(surface, bomb), headers: identityHeaders(`bomb-${surface}`) });
      assert.equal(res.status, 200, `${surface}: ${JSON.stringify(res.body).slice(0, 200)}`);
      assert.equal(verdictOf(surface, res.body), 'deny', surface);
    }
    const braces = '{ '.repeat(2000);
    const mcp = await srv.call('POST', '/api/v1/mcp/evaluate', { key: org.runtime_key, body: { server: 'shell', tool: 'exec', arguments: { command: braces }, hostname: 'gw-bomb' } });
    assert.equal(mcp.status, 200);
    assert.equal(mcp.body.decision, 'deny');
  });

  test('a decision is stored with every column: rule, reason, policy version, input hash and bounded context', async () => {
    const headers = identityHeaders('record-host');
    const body = shellPayload('claude-code', 'rm -rf ~');
    const res = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body, headers });
    assert.equal(verdictOf('claude-code', res.body), 'deny');
    const row = await srv.deps.store.knex('shield_events').where({ org_id: org.org_id, hostname: 'record-host' }).first();
    const workstation = await srv.deps.store.knex('workstations').where({ org_id: org.org_id, hostname: 'record-host' }).first('id');
    const policyVersion = (await srv.deps.store.knex('orgs').where({ id: org.org_id }).first('policy_version')).policy_version;
    assert.match(row.id, /^[0-9A-Z]{26}$/);
    assert.equal(row.workstation_id, workstation.id);
    assert.equal(row.surface, 'claude-code');
    assert.equal(row.event, 'PreToolUse');
    assert.equal(row.kind, 'evaluate');
    assert.equal(row.session_key, body.session_id);
    assert.equal(row.tool_name, 'Bash');
    assert.equal(row.canonical_tool, 'shell');
    assert.equal(row.verdict, 'deny');
    assert.ok(row.pattern_name && row.severity && row.category && row.detection_layer === 'builtin', JSON.stringify(row));
    // The agent sees the stored reason plus how to ask for an exception to this decision (issue #21).
    assert.equal(res.body.hookSpecificOutput.permissionDecisionReason, row.reason + exceptionHint(row.id));
    assert.equal(row.summary, 'rm -rf ~');
    assert.equal(Number(row.policy_version), Number(policyVersion));
    assert.equal(row.input_hash, createHash('sha256').update(JSON.stringify(body.tool_input)).digest('hex'));
    assert.deepEqual(JSON.parse(row.context), { tool_input: body.tool_input, cwd: '/home/dev/app' });
    assert.ok(Math.abs(Number(row.created_at) - Date.now()) < 60_000);
  });

  test('echo "rm -rf /" is allowed while bash -c \'rm -rf ~\' is denied', async () => {
    const h = identityHeaders('parse-host');
    const echo = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: shellPayload('claude-code', 'echo "rm -rf /"'), headers: h });
    assert.equal(verdictOf('claude-code', echo.body), 'allow');
    const wrapped = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: shellPayload('claude-code', "bash -c 'rm -rf ~'"), headers: h });
    assert.equal(verdictOf('claude-code', wrapped.body), 'deny');
  });

  test('a malformed tool value is a 400 that lists the allowed values', async () => {
    for (const tool of ['vim', '', 'CLAUDE-CODE']) {
      const res = await srv.call('POST', `/api/v1/evaluate?tool=${tool}`, { key: org.runtime_key, body: shellPayload('cursor', 'ls') });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'Bad Request');
      assert.match(res.body.message, /claude-code, claude-chat, cowork, cursor, windsurf, copilot, codex, gemini, antigravity, grok/);
    }
  });

  test('a body that is not a hook payload is a 400 naming the field', async () => {
    const res = await srv.call('POST', '/api/v1/evaluate?tool=claude-code', { key: org.runtime_key, body: { tool_input: { command: 'ls' } } });
    assert.equal(res.status, 400);
    assert.match(res.body.message, /tool_name/);
  });

  test('decisions are attributed to the workstation of the identity headers', async () => {
    await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: shellPayload('claude-code', 'cat ~/.ssh/id_rsa'), headers: identityHeaders('attrib-host', 'machine-attrib') });
    const ev = await srv.deps.store.knex('shield_events').where({ org_id: org.org_id, hostname: 'attrib-host' }).first('workstation_id', 'verdict');
    assert.equal(ev.verdict, 'deny');
    const ws = await srv.deps.store.knex('workstations').where({ id: ev.workstation_id }).first('hostname', 'machine_id');
    assert.deepEqual(ws, { hostname: 'attrib-host', machine_id: 'machine-attrib' });
  });

  test('activity.observed reaches the outbox only while a webhook route listens for it', async () => {
    const quiet = await srv.newOrg('enterprise');
    const observed = async () =>
      Number((await srv.deps.store.knex('outbox').where({ org_id: quiet.org_id, event_type: 'activity.observed' }).count<{ n: number }[]>({ n: '*' }))[0].n);
    const allow = () => srv.call('POST', '/api/v1/claude-code/evaluate', { key: quiet.runtime_key, body: shellPayload('claude-code', 'git status'), headers: identityHeaders('observed-host') });
    assert.equal((await allow()).status, 200);
    assert.equal(await observed(), 0);
    const hook = await srv.call('POST', '/api/v1/admin/webhooks', { key: quiet.admin_key, body: { url: 'https://receiver.invalid/hook', events: ['activity.observed'] } });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    await new Promise((r) => setTimeout(r, 1100)); // the interest cache is re-checked once a second
    await allow();
    assert.equal(await observed(), 1);
  });

  test('audit answers {} and records output findings without blocking', async () => {
    const body = { session_id: 's', cwd: '/x', hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'cat .env' }, tool_response: { stdout: 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nAKIAIOSFODNN7EXAMPLE' } };
    const res = await srv.call('POST', '/api/v1/claude-code/audit', { key: org.runtime_key, body, headers: identityHeaders('audit-host') });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {});
    const ev = await srv.deps.store.knex('shield_events').where({ org_id: org.org_id, hostname: 'audit-host', kind: 'audit' }).first('verdict');
    assert.ok(ev, 'audit recorded');
  });
});

describe(`skill governance and policy administration (${TEST_STORE})`, () => {
  let srv: TestServer;
  let org: Org;
  before(async () => {
    srv = await startTestServer();
    org = await srv.newOrg('team');
  });
  after(() => srv.close());

  const prompt = (text: string) => ({ session_id: 's1', cwd: '/w', hook_event_name: 'UserPromptSubmit', prompt: text });

  test('a blocked skill is denied with the spec reason text; a warned one is allowed and logged', async () => {
    assert.equal((await srv.call('POST', '/api/v1/admin/policy/skills', { key: org.admin_key, body: { name: 'deploy-prod', status: 'block' } })).status, 200);
    assert.equal((await srv.call('POST', '/api/v1/admin/policy/skills', { key: org.admin_key, body: { name: '/lint-fix', status: 'warn' } })).status, 200);
    const h = identityHeaders('skill-host');
    const blocked = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: prompt('/deploy-prod now please'), headers: h });
    assert.equal(blocked.status, 200);
    assert.equal(blocked.body.decision, 'block');
    assert.equal(blocked.body.reason, 'Blocked by org policy: skill /deploy-prod is not allowed');
    const warned = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: prompt('/lint-fix'), headers: h });
    assert.notEqual(warned.body?.decision, 'block');
    const logged = await srv.deps.store.knex('shield_events').where({ org_id: org.org_id, verdict: 'warn', detection_layer: 'skill_governance' }).first('pattern_name');
    assert.ok(logged, 'warned skill invocation logged as a shield event');
    const mid = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: prompt('please do not run /deploy-prod'), headers: h });
    assert.notEqual(mid.body?.decision, 'block', 'match is at prompt start only');
  });

  test('policy changes bump the version, fire policy.changed and are served by GET /shield/policy', async () => {
    const before = await srv.call('GET', '/api/v1/admin/policy', { key: org.admin_key });
    const res = await srv.call('PATCH', '/api/v1/admin/policy', { key: org.admin_key, body: { security_level: 'strict', custom_blacklist: ['internal-deploy-tool'] } });
    assert.equal(res.status, 200);
    assert.equal(res.body.policy_version, before.body.policy_version + 1);
    const served = await srv.call('GET', '/api/v1/shield/policy', { key: org.runtime_key });
    assert.equal(served.body.security_level, 'strict');
    assert.deepEqual(served.body.custom_blacklist, ['internal-deploy-tool']);
    assert.deepEqual(Object.keys(served.body).sort(), ['auto_block', 'custom_blacklist', 'entropy_threshold', 'max_input_length', 'security_level', 'trusted_sources']);
    const events = await srv.deps.store.knex('outbox').where({ org_id: org.org_id, event_type: 'policy.changed' }).count<{ n: number }[]>({ n: '*' });
    assert.ok(Number(events[0].n) >= 1);
    const bad = await srv.call('PATCH', '/api/v1/admin/policy', { key: org.admin_key, body: { security_level: 'paranoid' } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /security_level/);
  });

  test('templates are served and a pack can be adopted', async () => {
    const t = await srv.call('GET', '/api/v1/policy-packs/templates', { key: org.runtime_key });
    assert.equal(t.status, 200);
    assert.ok(t.body.templates.length >= 4);
    for (const tpl of t.body.templates) for (const f of ['slug', 'name', 'description', 'shield_section', 'tools_section', 'mcp_section', 'network_section']) assert.ok(f in tpl, f);
    const adopted = await srv.call('POST', '/api/v1/admin/policy/pack', { key: org.admin_key, body: { slug: t.body.templates[1].slug } });
    assert.equal(adopted.status, 200);
    assert.equal(adopted.body.pack_slug, t.body.templates[1].slug);
    const unknown = await srv.call('POST', '/api/v1/admin/policy/pack', { key: org.admin_key, body: { slug: 'nope' } });
    assert.equal(unknown.status, 400);
  });
});

describe(`recent, shield events and MCP (${TEST_STORE})`, () => {
  let srv: TestServer;
  let org: Org;
  before(async () => {
    srv = await startTestServer();
    org = await srv.newOrg('enterprise');
    for (let i = 0; i < 12; i++) {
      await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: shellPayload('claude-code', 'rm -rf /'), headers: identityHeaders(i % 2 ? 'odd-host' : 'even-host') });
    }
  });
  after(() => srv.close());

  test('recent: limit rules 0, -5, "abc" → 10; 51 and 1000 → 50; has_more; total_is_exact false', async () => {
    const recent = async (limit: string) => {
      const res = await srv.call('GET', `/api/v1/claude-code/recent?limit=${limit}`, { key: org.admin_key });
      assert.equal(res.status, 200, `limit=${limit}`);
      assert.equal(res.body.total_is_exact, false);
      assert.equal(res.body.total, res.body.events.length);
      return res.body as { events: unknown[]; has_more: boolean };
    };
    for (const [limit, expected] of [['0', 10], ['-5', 10], ['abc', 10], ['3', 3], ['12', 12], ['51', 12]] as const) {
      const page = await recent(limit);
      assert.equal(page.events.length, expected, `limit=${limit} with 12 stored`);
      assert.equal(page.has_more, expected < 12, `has_more at limit=${limit}`);
    }
    // Past 50 stored, the cap shows: 51 and 1000 answer 50 (no error), with more to come.
    for (let i = 0; i < 45; i++) {
      await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: shellPayload('claude-code', 'cat ~/.ssh/id_rsa'), headers: identityHeaders('bulk-host') });
    }
    for (const [limit, expected] of [['51', 50], ['1000', 50], ['50', 50], ['0', 10]] as const) {
      const page = await recent(limit);
      assert.equal(page.events.length, expected, `limit=${limit} with 57 stored`);
      assert.equal(page.has_more, true);
    }
    const one = (await srv.call('GET', '/api/v1/claude-code/recent?limit=1', { key: org.admin_key })).body.events[0];
    assert.deepEqual(Object.keys(one).sort(), ['created_at', 'hostname', 'pattern_name', 'summary', 'tool_name', 'verdict']);
    const host = await srv.call('GET', '/api/v1/claude-code/recent?hostname=odd-host&limit=50', { key: org.admin_key });
    assert.equal(host.body.events.length, 6);
    assert.ok(host.body.events.every((e: { hostname: string }) => e.hostname === 'odd-host'));
    const times = host.body.events.map((e: { created_at: string }) => e.created_at);
    assert.deepEqual([...times].sort().reverse(), times, 'newest first');
  });

  test('shield events: 101 refused with a clear message and nothing stored; a valid batch stored', async () => {
    const item = (i: number) => ({ hostname: 'collector-host', detection_layer: 'gateway', verdict: 'block', severity: 'high', tool_name: 'Bash', session_id: 's', input_hash: `h${i}`, enforcement_reason: 'x', context: { tool_input: { command: 'x'.repeat(10_000) } } });
    const count = async () => Number((await srv.deps.store.knex('shield_events').where({ org_id: org.org_id, kind: 'collector' }).count<{ n: number }[]>({ n: '*' }))[0].n);
    const before = await count();
    const tooMany = await srv.call('POST', '/api/v1/shield/events', { key: org.runtime_key, body: { events: Array.from({ length: 101 }, (_, i) => item(i)) } });
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.body.message, /at most 100 events/);
    const badItem = await srv.call('POST', '/api/v1/shield/events', { key: org.runtime_key, body: { events: [item(1), { ...item(2), verdict: 'maybe' }] } });
    assert.equal(badItem.status, 400);
    assert.match(badItem.body.message, /events\[1\]\.verdict/);
    assert.equal(await count(), before);
    const ok = await srv.call('POST', '/api/v1/shield/events', { key: org.runtime_key, body: { events: Array.from({ length: 100 }, (_, i) => item(i)) } });
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body, { accepted: 100 });
    assert.equal(await count(), before + 100);
    const row = await srv.deps.store.knex('shield_events').where({ org_id: org.org_id, kind: 'collector' }).first('context', 'verdict');
    assert.equal(row.verdict, 'deny');
    assert.ok(row.context.length <= 4096, 'context stored bounded');
  });

  test('MCP evaluate decides; sync fires mcp.drift_detected when tools change', async () => {
    const res = await srv.call('POST', '/api/v1/mcp/evaluate', { key: org.runtime_key, body: { server: 'shell', tool: 'exec', arguments: { command: 'rm -rf ~' }, hostname: 'gw-host' } });
    assert.equal(res.status, 200);
    assert.equal(res.body.decision, 'deny');
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    const badSource = await srv.call('POST', '/api/v1/mcp/evaluate', { key: org.runtime_key, body: { server: 's', tool: 't', source: 'vim' } });
    assert.equal(badSource.status, 400);
    assert.match(badSource.body.message, /Unknown source "vim"; allowed values: claude-code/);
    const s1 = await srv.call('POST', '/api/v1/mcp/sync', { key: org.runtime_key, body: { hostname: 'gw-host', servers: [{ name: 'github', tools: ['create_issue', 'list_repos'] }] } });
    assert.deepEqual(s1.body.drift, []);
    const same = await srv.call('POST', '/api/v1/mcp/sync', { key: org.runtime_key, body: { servers: [{ name: 'github', tools: ['list_repos', 'create_issue'] }] } });
    assert.deepEqual(same.body.drift, []);
    const changed = await srv.call('POST', '/api/v1/mcp/sync', { key: org.runtime_key, body: { servers: [{ name: 'github', tools: ['create_issue', 'delete_repo'] }] } });
    assert.deepEqual(changed.body.drift, [{ server: 'github', added: ['delete_repo'], removed: ['list_repos'] }]);
    const drift = await srv.deps.store.knex('outbox').where({ org_id: org.org_id, event_type: 'mcp.drift_detected' }).count<{ n: number }[]>({ n: '*' });
    assert.equal(Number(drift[0].n), 1);
    const blocked = await srv.deps.store.knex('outbox').where({ org_id: org.org_id, event_type: 'mcp.blocked' }).count<{ n: number }[]>({ n: '*' });
    assert.equal(Number(blocked[0].n), 1);
  });
});
