// Transport hardening (issue #15): hook routes always answer a verdict in the agent's shape
// (unexpected failures, bodies past the cap, nesting too deep, bodies that never arrive), client
// addresses behind trusted proxies, the invalid-key limiter, connection caps, nosniff, and logs
// without client aborts as errors or store rows. Real server over HTTP on the real store.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { allRoutes } from '../src/routes/index.js';
import { SURFACES, type Surface } from '../src/policy/types.js';
import { parseTrustProxy } from '../src/trusted-proxies.js';
import { describeError } from '../src/error-summary.js';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { createLogger } from '../src/log.js';
import { freshStoreTarget, startTestServer, TEST_STORE, type TestServer } from './support/harness.js';
import { identityHeaders, shellPayload } from './runtime/payloads.js';

type Org = { org_id: string; admin_key: string; runtime_key: string };

/** Reads the verdict out of any surface's rendered body (as in runtime/evaluate.test.ts). */
function verdictOf(body: any): 'allow' | 'warn' | 'deny' {
  const denied =
    body?.hookSpecificOutput?.permissionDecision === 'deny' ||
    body?.permission === 'deny' ||
    body?.decision === 'deny' ||
    body?.decision === 'block' ||
    body?.permissionDecision === 'deny' ||
    body?.continue === false;
  if (denied) return 'deny';
  return /warn|Warning|⚠/i.test(JSON.stringify(body ?? {})) ? 'warn' : 'allow';
}

/** Sends raw bytes on a fresh connection; resolves with the status line's code (0 if the socket closed without one). */
function rawRequest(port: number, head: string, body: string, options: { destroyAfterMs?: number; waitMs?: number } = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const finish = () => {
      clearTimeout(guard);
      socket.destroy();
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: m ? Number(m[1]) : 0, text });
    };
    const guard = setTimeout(finish, options.waitMs ?? 8_000);
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      if (/\r\n\r\n/.test(text) && /content-length: (\d+)/i.test(text)) {
        const len = Number(/content-length: (\d+)/i.exec(text)![1]);
        if (Buffer.byteLength(text.slice(text.indexOf('\r\n\r\n') + 4)) >= len) finish();
      }
    });
    socket.on('close', finish);
    socket.on('error', () => undefined);
    socket.write(head + body);
    if (options.destroyAfterMs !== undefined) setTimeout(() => socket.destroy(), options.destroyAfterMs);
  });
}

const hookPaths = () => allRoutes().filter((r) => r.hook).map((r) => `${r.method} ${r.path}`).sort();

describe(`hook routes answer a verdict, never a 5xx (${TEST_STORE})`, () => {
  let srv: TestServer;
  let org: Org;
  before(async () => {
    srv = await startTestServer({ SERVICE_LOG_LEVEL: 'silent' }); // the failures below are logged as errors, on purpose
    org = await srv.newOrg('enterprise');
    // A stored policy that no longer parses: every evaluation of this org fails unexpectedly.
    await srv.deps.store.knex('org_policies').insert({ org_id: org.org_id, policy: '{"security_level": "bala', pack_slug: null, updated_at: Date.now() });
    await srv.deps.store.knex('orgs').where({ id: org.org_id }).increment('policy_version', 1);
  });
  after(() => srv.close());

  test('the route table marks every hook-facing route', () => {
    assert.deepEqual(hookPaths(), [
      'POST /api/v1/audit',
      'POST /api/v1/claude-code/audit',
      'POST /api/v1/claude-code/evaluate',
      'POST /api/v1/evaluate',
      'POST /api/v1/mcp/evaluate',
    ]);
  });

  for (const surface of SURFACES) {
    test(`${surface}: an unexpected failure answers 200 with a deny "could not be evaluated" in the surface's shape`, async () => {
      const path = surface === 'claude-code' ? '/api/v1/claude-code/evaluate' : `/api/v1/evaluate?tool=${surface}`;
      const res = await srv.call('POST', path, { key: org.runtime_key, body: shellPayload(surface, 'ls -la'), headers: identityHeaders('fail-host') });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(verdictOf(res.body), 'deny', JSON.stringify(res.body));
      assert.match(JSON.stringify(res.body), /could not be evaluated/);
      assert.equal(res.body.code, undefined, 'not the error shape');
    });
  }

  test('claude-code deny keeps the PreToolUse shape; a prompt gets the prompt shape', async () => {
    const pre = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: shellPayload('claude-code', 'ls') });
    assert.equal(pre.body.hookSpecificOutput.hookEventName, 'PreToolUse');
    assert.equal(pre.body.hookSpecificOutput.permissionDecision, 'deny');
    const prompt = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: { hook_event_name: 'UserPromptSubmit', prompt: 'hello', session_id: 's' } });
    assert.equal(prompt.status, 200);
    assert.equal(prompt.body.decision, 'block');
  });

  test('audit routes answer their normal {} ack; MCP evaluate answers its decision shape', async () => {
    for (const path of ['/api/v1/claude-code/audit', '/api/v1/audit?tool=cursor']) {
      const body = path.includes('cursor') ? { hook_event_name: 'afterShellExecution', command: 'ls', output: 'x', conversation_id: 'c' } : { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: 'ok' };
      const res = await srv.call('POST', path, { key: org.runtime_key, body });
      assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.body)}`);
      assert.deepEqual(res.body, {});
    }
    const mcp = await srv.call('POST', '/api/v1/mcp/evaluate', { key: org.runtime_key, body: { server: 'github', tool: 'create_issue', arguments: {} } });
    assert.equal(mcp.status, 200);
    assert.equal(mcp.body.decision, 'deny');
    assert.match(mcp.body.reason, /could not be evaluated/);
  });

  test('client mistakes keep their precise 4xx: unknown ?tool=, malformed JSON, bad key', async () => {
    assert.equal((await srv.call('POST', '/api/v1/evaluate?tool=nope', { key: org.runtime_key, body: {} })).status, 400);
    assert.equal((await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, rawBody: '{"a":', headers: { 'content-type': 'application/json' } })).status, 400);
    assert.equal((await srv.call('POST', '/api/v1/claude-code/evaluate', { key: 'svc_rt_' + 'q'.repeat(40), body: {} })).status, 401);
  });
});

describe(`hook bodies past the transport cap (${TEST_STORE})`, () => {
  let srv: TestServer;
  let org: Org;
  before(async () => {
    srv = await startTestServer();
    org = await srv.newOrg('enterprise');
  });
  after(() => srv.close());

  const write = (filePath: string, size: number) => ({
    session_id: 'big',
    hook_event_name: 'PreToolUse',
    tool_name: 'Write',
    tool_input: { file_path: filePath, content: 'a'.repeat(size) },
  });

  test('a 2 MiB Write to a dangerous path is denied with 200, and the event is marked truncated', async () => {
    const res = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: write('/home/dev/.ssh/authorized_keys', 2 * 1024 * 1024), headers: identityHeaders('big-host') });
    assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 300));
    assert.equal(verdictOf(res.body), 'deny', JSON.stringify(res.body));
    const row = await srv.deps.store.knex('shield_events').where({ org_id: org.org_id, verdict: 'deny' }).first('context');
    assert.ok(row, 'the deny is recorded');
    assert.equal(JSON.parse(row.context).body_truncated, true);
  });

  test('a 2 MiB benign Write answers 200 without a deny', async () => {
    const res = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: write('/home/dev/app/notes.txt', 2 * 1024 * 1024), headers: identityHeaders('big-host') });
    assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 300));
    assert.notEqual(verdictOf(res.body), 'deny', JSON.stringify(res.body));
  });

  test('past the hard ceiling: 200 with a deny "too large to analyse", in the prompt shape for a prompt', async () => {
    const ceiling = srv.config.hookBodyLimitBytes;
    const res = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: write('/home/dev/app/notes.txt', ceiling + 10) });
    assert.equal(res.status, 200);
    assert.equal(res.body.hookSpecificOutput.permissionDecision, 'deny');
    assert.match(res.body.hookSpecificOutput.permissionDecisionReason, /too large to analyse/);
    const recorded = await srv.deps.store.knex('shield_events').where({ org_id: org.org_id, pattern_name: 'transport.input_too_large' }).first('verdict', 'context');
    assert.equal(recorded?.verdict, 'deny', 'the unanalysed deny is in the audit trail');
    assert.equal(JSON.parse(recorded.context).unanalysed, 'too_large');
    const prompt = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: { hook_event_name: 'UserPromptSubmit', session_id: 's', prompt: 'p'.repeat(ceiling + 10) } });
    assert.equal(prompt.status, 200);
    assert.equal(prompt.body.decision, 'block');
    const audit = await srv.call('POST', '/api/v1/claude-code/audit', { key: org.runtime_key, body: { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: {}, tool_response: 'r'.repeat(ceiling + 10) } });
    assert.equal(audit.status, 200);
    assert.deepEqual(audit.body, {});
  });

  test('admin routes keep 413 past SERVICE_BODY_LIMIT_BYTES', async () => {
    const res = await srv.call('POST', '/api/v1/admin/keys', { key: org.admin_key, body: { kind: 'runtime', name: 'x'.repeat(srv.config.bodyLimitBytes + 10) } });
    assert.equal(res.status, 413);
  });
});

describe(`JSON nesting is bounded before parsing (${TEST_STORE})`, () => {
  let srv: TestServer;
  let org: Org;
  before(async () => {
    srv = await startTestServer();
    org = await srv.newOrg('enterprise');
  });
  after(() => srv.close());

  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const json = { 'content-type': 'application/json' };

  test('5,000 levels deep: 400 in the error shape on a non-hook route, nothing stored', async () => {
    const before = await srv.deps.store.knex('posture_scans').count({ n: '*' }).first();
    const res = await srv.call('POST', '/api/v1/scans', { key: org.runtime_key, rawBody: `{"hostname":"h","checks":${deep(5000)}}`, headers: json });
    assert.equal(res.status, 400);
    assert.deepEqual(Object.keys(res.body).sort(), ['code', 'error', 'message']);
    assert.match(res.body.message, /levels deep/);
    const afterCount = await srv.deps.store.knex('posture_scans').count({ n: '*' }).first();
    assert.equal(Number(afterCount!.n), Number(before!.n));
  });

  test('5,000 levels deep on hook routes: audit acks {}, evaluate denies "nested too deep"', async () => {
    const audit = await srv.call('POST', '/api/v1/claude-code/audit', {
      key: org.runtime_key,
      rawBody: `{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{},"tool_response":${deep(5000)}}`,
      headers: json,
    });
    assert.equal(audit.status, 200, JSON.stringify(audit.body));
    assert.deepEqual(audit.body, {});
    const evaluate = await srv.call('POST', '/api/v1/evaluate?tool=gemini', {
      key: org.runtime_key,
      rawBody: `{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"ls","x":${deep(5000)}}}`,
      headers: json,
    });
    assert.equal(evaluate.status, 200, JSON.stringify(evaluate.body));
    assert.equal(verdictOf(evaluate.body), 'deny');
    assert.match(JSON.stringify(evaluate.body), /nested too deep/);
  });

  test('brackets inside strings do not count', async () => {
    const res = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: shellPayload('claude-code', `echo '${'['.repeat(5000)}'`) });
    assert.equal(res.status, 200);
    assert.doesNotMatch(JSON.stringify(res.body), /nested too deep/);
  });
});

describe('SERVICE_TRUST_PROXY parsing and the client address', () => {
  test('1 trusts loopback proxies only; lists take IPv4/IPv6 addresses and CIDRs', () => {
    const loop = parseTrustProxy('1')!;
    assert.ok(loop.has('127.0.0.1') && loop.has('::1') && loop.has('::ffff:127.0.0.1'));
    assert.ok(!loop.has('10.0.0.1'));
    const list = parseTrustProxy('10.0.0.0/8, 192.0.2.7, 2001:db8::/32')!;
    assert.ok(list.has('10.1.2.3') && list.has('::ffff:10.9.9.9') && list.has('192.0.2.7') && list.has('2001:db8::5'));
    assert.ok(!list.has('192.0.2.8') && !list.has('2001:db9::1') && !list.has('127.0.0.1'));
    assert.equal(parseTrustProxy(''), null);
    assert.equal(parseTrustProxy('0'), null);
    assert.throws(() => parseTrustProxy('10.0.0.0/33'));
    assert.throws(() => parseTrustProxy('proxy.example'));
    assert.throws(() => loadConfig({ SERVICE_TRUST_PROXY: 'nonsense' }), /SERVICE_TRUST_PROXY/);
  });

  test('X-Forwarded-For is read from the right, skipping only trusted proxies', () => {
    const proxies = parseTrustProxy('10.0.0.0/8')!;
    assert.equal(proxies.clientAddress('10.0.0.1', '6.6.6.6, 203.0.113.5, 10.0.0.2'), '203.0.113.5');
    assert.equal(proxies.clientAddress('10.0.0.1', '203.0.113.5:4711'), '203.0.113.5');
    assert.equal(proxies.clientAddress('10.0.0.1', '[2001:db8::9]:443, 10.2.0.1'), '2001:db8::9');
    assert.equal(proxies.clientAddress('10.0.0.1', '10.3.0.1, 10.2.0.1'), '10.3.0.1');
    assert.equal(proxies.clientAddress('198.51.100.1', '203.0.113.5'), '198.51.100.1', 'an untrusted peer is the client');
    assert.equal(proxies.clientAddress('10.0.0.1', ''), '10.0.0.1');
  });
});

describe(`invalid-key limiter (${TEST_STORE})`, () => {
  let srv: TestServer;
  let org: Org;
  before(async () => {
    // The test client is on loopback: with `1` it plays a TLS proxy on the same host.
    srv = await startTestServer({ SERVICE_TRUST_PROXY: '1', SERVICE_AUTH_FAILURES_PER_MINUTE: '60' });
    org = await srv.newOrg('enterprise');
  });
  after(() => srv.close());

  const bad = (i: number) => 'svc_rt_' + `bad${i}`.padEnd(40, 'z');
  const via = (xff: string) => ({ 'x-forwarded-for': xff, 'x-forwarded-proto': 'https' });

  test('61 bad keys from a shared address never turn a valid key into 429', async () => {
    let limited = 0;
    for (let i = 0; i < 61; i++) {
      const res = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: bad(i), body: shellPayload('claude-code', 'ls'), headers: via('203.0.113.50') });
      if (res.status === 429) limited++;
      else assert.equal(res.status, 401);
    }
    assert.ok(limited >= 1, 'the 61st bad key is refused with 429');
    const victim = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: shellPayload('claude-code', 'rm -rf ~'), headers: { ...via('203.0.113.50'), ...identityHeaders('victim') } });
    assert.equal(victim.status, 200, JSON.stringify(victim.body));
    assert.equal(verdictOf(victim.body), 'deny');
    const again = await srv.call('GET', '/api/v1/me', { key: bad(99), headers: via('203.0.113.50') });
    assert.equal(again.status, 429);
    assert.ok(Number(again.headers.get('retry-after')) > 0);
  });

  test('bad keys with one key prefix are limited across client addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) {
      const res = await srv.call('GET', '/api/v1/me', { key: 'svc_rt_PPPPPP' + `${i}`.padEnd(34, 'q'), headers: via(`192.0.2.${i + 1}`) });
      statuses.push(res.status);
    }
    assert.equal(statuses[0], 401);
    assert.equal(statuses.at(-1), 429);
    // Another prefix from a fresh address is not affected.
    assert.equal((await srv.call('GET', '/api/v1/me', { key: 'svc_rt_QQQQQQ' + 'q'.repeat(34), headers: via('192.0.2.200') })).status, 401);
  });

  test('rotating the client-written part of X-Forwarded-For does not escape the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) {
      // The attacker writes anything on the left; the proxy appends the address it really saw.
      const res = await srv.call('GET', '/api/v1/me', { key: 'svc_rt_' + `rot${i}`.padEnd(40, 'y'), headers: via(`10.${i}.0.1, 198.51.100.77`) });
      statuses.push(res.status);
    }
    assert.equal(statuses.at(-1), 429);
  });
});

describe(`body read timeout, connection cap, keep-alive (${TEST_STORE})`, () => {
  let srv: TestServer;
  let org: Org;
  before(async () => {
    srv = await startTestServer({ SERVICE_BODY_TIMEOUT_MS: '300', SERVICE_MAX_CONNECTIONS: '3', SERVICE_KEEP_ALIVE_TIMEOUT_MS: '1000' });
    org = await srv.newOrg('enterprise');
  });
  after(() => srv.close());

  const head = (path: string, key: string, length: number) =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  test('a Content-Length larger than the body: 408 on an admin route, within the configured time', async () => {
    const res = await rawRequest(srv.port, head('/api/v1/admin/keys', org.admin_key, 500), '{"kind":"runtime"');
    assert.equal(res.status, 408, res.text.slice(0, 200));
    assert.match(res.text, /Request Timeout/);
  });

  test('the same on a hook route: 200 with a deny in the surface shape', async () => {
    const res = await rawRequest(srv.port, head('/api/v1/claude-code/evaluate', org.runtime_key, 500), '{"hook_event_name":"PreToolUse"');
    assert.equal(res.status, 200, res.text.slice(0, 200));
    assert.match(res.text, /"permissionDecision":"deny"/);
    assert.match(res.text, /did not arrive in full/);
  });

  test('connections past SERVICE_MAX_CONNECTIONS are closed; idle keep-alive connections are closed', async () => {
    const open: net.Socket[] = [];
    const closed: Promise<unknown>[] = [];
    for (let i = 0; i < 3; i++) {
      const s = net.connect(srv.port, '127.0.0.1');
      await new Promise((r) => s.once('connect', r));
      closed.push(new Promise((r) => s.once('close', r)));
      // One complete request, then the connection idles in keep-alive.
      const answered = new Promise((r) => s.once('data', r));
      s.write('GET /nope HTTP/1.1\r\nHost: x\r\n\r\n');
      await answered;
      open.push(s);
    }
    const refused = await rawRequest(srv.port, 'GET /nope HTTP/1.1\r\nHost: x\r\n\r\n', '', { waitMs: 3_000 });
    assert.equal(refused.status, 0, 'no answer on a connection past the cap');
    // Idle keep-alive connections go after SERVICE_KEEP_ALIVE_TIMEOUT_MS (1 s here).
    const allClosed = await Promise.race([Promise.all(closed).then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))]);
    for (const s of open) s.destroy();
    assert.equal(allClosed, true, 'idle keep-alive connections were closed by the server');
    const ok = await srv.call('GET', '/api/v1/me', { key: org.runtime_key });
    assert.equal(ok.status, 200);
  });
});

describe(`response headers and logs (${TEST_STORE})`, () => {
  test('X-Content-Type-Options: nosniff on answers, errors and 404s', async () => {
    const srv = await startTestServer();
    try {
      const org = await srv.newOrg();
      for (const [method, path, key] of [['GET', '/api/v1/me', org.runtime_key], ['GET', '/api/v1/me', undefined], ['GET', '/nope', undefined]] as const) {
        const res = await srv.call(method, path, { key });
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff', `${method} ${path} → ${res.status}`);
      }
    } finally {
      await srv.close();
    }
  });

  test('a client that hangs up mid-body is logged at debug, not as an error', async () => {
    const target = await freshStoreTarget();
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SERVICE_NO_BOOTSTRAP: '1', SERVICE_LOG_LEVEL: 'debug', ...target.env });
    const running = await startServer(config, { logger: createLogger('debug', (l) => lines.push(l)) });
    try {
      const { createOrg } = await import('../src/accounts/orgs.js');
      const org = await createOrg(running.deps.store.accounts, { name: 'abort', plan: 'enterprise' });
      const head = `POST /api/v1/admin/keys HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${org.admin_key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
      // Koa's default error handler writes stacks to stderr: nothing may arrive there either.
      const stderr: string[] = [];
      const write = process.stderr.write.bind(process.stderr);
      process.stderr.write = ((chunk: string | Uint8Array) => (stderr.push(String(chunk)), true)) as typeof process.stderr.write;
      try {
        await rawRequest(running.port, head, '{"kind":', { destroyAfterMs: 150, waitMs: 1_000 });
        await new Promise((r) => setTimeout(r, 300));
      } finally {
        process.stderr.write = write;
      }
      assert.deepEqual(stderr, []);
      const parsed = lines.map((l) => JSON.parse(l));
      assert.deepEqual(parsed.filter((l) => l.level === 'error'), []);
      assert.ok(parsed.some((l) => l.level === 'debug' && /client closed/.test(l.msg)), lines.join(''));
      assert.ok(parsed.every((l) => !/\n\s+at /.test(JSON.stringify(l))), 'no stacks');
    } finally {
      await running.stop();
      await target.cleanup();
    }
  });

  test('store errors are described without the statement or its values', async () => {
    const srv = await startTestServer();
    try {
      const org = await srv.newOrg('enterprise', 'Secret Org Name 7731');
      let caught: unknown;
      try {
        await srv.deps.store.knex('orgs').insert({ id: org.org_id, name: 'Secret Org Name 7731', plan: 'team', created_at: Date.now() });
      } catch (err) {
        caught = err;
      }
      assert.ok(caught, 'the duplicate insert fails');
      assert.match(String((caught as Error).message), /Secret Org Name 7731|insert into/i, 'the raw message carries the statement');
      const line = describeError(caught);
      assert.doesNotMatch(line, /Secret Org Name 7731/);
      assert.doesNotMatch(line, new RegExp(org.org_id));
      assert.doesNotMatch(line, /insert into/i);
      assert.match(line, /Error/);
    } finally {
      await srv.close();
    }
  });
});

describe(`plan limit on evaluate (${TEST_STORE})`, () => {
  test('a host past the plan limit gets 200 with a decision on evaluate (docs/api-fleet.md)', async () => {
    const srv = await startTestServer();
    try {
      const org = await srv.newOrg('free');
      const first = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: shellPayload('claude-code', 'rm -rf ~'), headers: identityHeaders('one') });
      assert.equal(first.status, 200);
      const second = await srv.call('POST', '/api/v1/claude-code/evaluate', { key: org.runtime_key, body: shellPayload('claude-code', 'rm -rf ~'), headers: identityHeaders('two') });
      assert.equal(second.status, 200, JSON.stringify(second.body));
      assert.equal(verdictOf(second.body), 'deny');
      const hosts = await srv.deps.store.knex('workstations').where({ org_id: org.org_id }).count({ n: '*' }).first();
      assert.equal(Number(hosts!.n), 1, 'no host record for the second machine');
    } finally {
      await srv.close();
    }
  });
});

// Surfaces listed for the type checker (every one is exercised above).
export const coveredSurfaces: readonly Surface[] = SURFACES;
