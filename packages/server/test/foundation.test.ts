// The foundation over real HTTP: /me, bad input, the error envelope, the HTTPS guard, keys.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { startTestServer, TEST_STORE, type TestServer } from './support/harness.js';

describe(`foundation (${TEST_STORE})`, () => {
  let srv: TestServer;
  let org: { org_id: string; admin_key: string; runtime_key: string };
  before(async () => {
    srv = await startTestServer();
    org = await srv.newOrg('team', 'Acme');
  });
  after(() => srv.close());

  test('GET /api/v1/me answers role, org name and plan for both key kinds', async () => {
    for (const key of [org.runtime_key, org.admin_key]) {
      const res = await srv.call('GET', '/api/v1/me', { key });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { role: 'owner', org_name: 'Acme', plan: 'team' });
    }
  });

  test('a missing key is exactly the spec error body', async () => {
    const res = await srv.call('GET', '/api/v1/me');
    assert.equal(res.status, 401);
    assert.deepEqual(Object.keys(res.body).sort(), ['code', 'error', 'message']);
    assert.equal(res.body.error, 'Unauthorized');
    assert.equal(res.body.code, 401);
    assert.match(res.body.message, /Authorization: Bearer/);
    assert.equal(res.headers.get('www-authenticate'), 'Bearer');
  });

  test('malformed JSON → 400 without echoing the input; the server keeps serving', async () => {
    const res = await srv.call('POST', '/api/v1/admin/keys', { key: org.admin_key, rawBody: '{"kind": "runtime", secret-value', headers: { 'content-type': 'application/json' } });
    assert.equal(res.status, 400);
    assert.equal(res.body.error, 'Bad Request');
    assert.match(res.body.message, /not valid JSON/);
    assert.doesNotMatch(JSON.stringify(res.body), /secret-value/);
    assert.equal((await srv.call('GET', '/api/v1/me', { key: org.admin_key })).status, 200);
  });

  test('a body that arrives in pieces is read whole, with Content-Length or chunked', async () => {
    const body = JSON.stringify({ session_id: 'pieces', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'cat ~/.ssh/id_rsa' } });
    const { hostname, port } = new URL(srv.url);
    const head = `POST /api/v1/claude-code/evaluate HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${org.runtime_key}\r\nContent-Type: application/json\r\nConnection: close\r\n`;
    const cut = 40;
    const framings = [
      [`${head}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, cut)}`, body.slice(cut)],
      [`${head}Transfer-Encoding: chunked\r\n\r\n${cut.toString(16)}\r\n${body.slice(0, cut)}\r\n`, `${(body.length - cut).toString(16)}\r\n${body.slice(cut)}\r\n0\r\n\r\n`],
    ];
    for (const [first, rest] of framings) {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), hostname, () => {
          socket.write(first);
          setTimeout(() => socket.write(rest), 50);
        });
        let text = '';
        socket.on('data', (d) => (text += d));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      assert.match(answer, /^HTTP\/1\.1 200 /);
      const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4).replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, ''));
      assert.equal(json.hookSpecificOutput.permissionDecision, 'deny', answer);
    }
  });

  test('on one kept-alive connection every call is judged by its own key', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (key: string) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = httpRequest(new URL('/api/v1/me', srv.url), { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }));
        });
        req.on('error', reject).end();
      });
    try {
      const wrong = org.runtime_key.slice(0, -4) + (org.runtime_key.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      const seen = [await get(org.runtime_key), await get(wrong), await get(org.runtime_key), await get('not-a-key'), await get(org.admin_key)];
      assert.deepEqual(
        seen.map((r) => r.status),
        [200, 401, 200, 401, 200],
      );
      assert.ok(seen.slice(1).every((r) => r.reused), 'all calls went over the first connection');
      const created = await srv.call('POST', '/api/v1/admin/keys', { key: org.admin_key, body: { kind: 'runtime', name: 'short-lived' } });
      assert.equal((await get(created.body.key)).status, 200);
      assert.equal((await srv.call('DELETE', `/api/v1/admin/keys/${created.body.id}`, { key: org.admin_key })).status, 200);
      assert.equal((await get(created.body.key)).status, 401, 'a revoked key is refused on the connection that used it');
    } finally {
      agent.destroy();
    }
  });

  test('wrong content type → 415', async () => {
    const res = await srv.call('POST', '/api/v1/admin/keys', { key: org.admin_key, rawBody: 'kind=runtime', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assert.equal(res.status, 415);
    assert.deepEqual(res.body, { error: 'Unsupported Media Type', message: res.body.message, code: 415 });
  });

  test('an oversized body → 413, and earlier data is intact', async () => {
    const before = await srv.call('GET', '/api/v1/admin/keys', { key: org.admin_key });
    const huge = JSON.stringify({ kind: 'runtime', name: 'x'.repeat(srv.config.bodyLimitBytes + 10) });
    const res = await srv.call('POST', '/api/v1/admin/keys', { key: org.admin_key, rawBody: huge, headers: { 'content-type': 'application/json' } });
    assert.equal(res.status, 413);
    assert.equal(res.body.error, 'Payload Too Large');
    const afterList = await srv.call('GET', '/api/v1/admin/keys', { key: org.admin_key });
    assert.deepEqual(afterList.body, before.body);
  });

  test('wrong types in a body → 400 naming the field', async () => {
    const res = await srv.call('POST', '/api/v1/admin/keys', { key: org.admin_key, body: { kind: 'root' } });
    assert.equal(res.status, 400);
    assert.match(res.body.message, /kind/);
  });

  test('unknown route → 404 and a known path with the wrong method → 405 with Allow', async () => {
    const missing = await srv.call('GET', '/api/v1/nope', { key: org.admin_key });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error, 'Not Found');
    const wrong = await srv.call('PUT', '/api/v1/me', { key: org.admin_key });
    assert.equal(wrong.status, 405);
    assert.equal(wrong.body.error, 'Method Not Allowed');
    assert.match(wrong.headers.get('allow') ?? '', /GET/);
  });

  test('every response carries a request id, and a sane incoming one is kept', async () => {
    const res = await srv.call('GET', '/api/v1/me', { key: org.admin_key, headers: { 'x-request-id': 'trace-123' } });
    assert.equal(res.headers.get('x-request-id'), 'trace-123');
    const other = await srv.call('GET', '/api/v1/me', { key: org.admin_key, headers: { 'x-request-id': 'bad id with spaces' } });
    assert.notEqual(other.headers.get('x-request-id'), 'bad id with spaces');
  });

  test('keys: created once in full, listed by prefix only, revoked keys refused at once', async () => {
    const created = await srv.call('POST', '/api/v1/admin/keys', { key: org.admin_key, body: { kind: 'runtime', name: 'ci' } });
    assert.equal(created.status, 201);
    assert.match(created.body.key, /^svc_rt_[A-Za-z0-9]{40}$/);
    const list = await srv.call('GET', '/api/v1/admin/keys', { key: org.admin_key });
    assert.doesNotMatch(JSON.stringify(list.body), new RegExp(created.body.key));
    assert.ok(list.body.keys.some((k: { id: string; prefix: string }) => k.id === created.body.id && created.body.key.startsWith(k.prefix)));
    assert.equal((await srv.call('GET', '/api/v1/me', { key: created.body.key })).status, 200);
    const revoked = await srv.call('DELETE', `/api/v1/admin/keys/${created.body.id}`, { key: org.admin_key });
    assert.equal(revoked.status, 200);
    const refused = await srv.call('GET', '/api/v1/me', { key: created.body.key });
    assert.equal(refused.status, 401);
    assert.match(refused.body.message, /revoked/);
  });

  test('keys are stored only as SHA-256 hashes', async () => {
    const rows = await srv.deps.store.knex('api_keys').where({ org_id: org.org_id }).select('*');
    const dump = JSON.stringify(rows);
    assert.doesNotMatch(dump, new RegExp(org.admin_key));
    assert.doesNotMatch(dump, new RegExp(org.runtime_key));
    for (const r of rows) assert.match(r.key_hash, /^[0-9a-f]{64}$/);
  });
});

describe(`HTTPS requirement (${TEST_STORE})`, () => {
  test('behind a trusted proxy, plain HTTP is refused with a fix, HTTPS accepted', async () => {
    const srv = await startTestServer({ SERVICE_TRUST_PROXY: '127.0.0.1' });
    try {
      const org = await srv.newOrg();
      const plain = await srv.call('GET', '/api/v1/me', { key: org.runtime_key, headers: { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.9' } });
      assert.equal(plain.status, 403);
      assert.match(plain.body.message, /HTTPS is required.*SERVICE_TLS_CERT/);
      const secure = await srv.call('GET', '/api/v1/me', { key: org.runtime_key, headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' } });
      assert.equal(secure.status, 200);
      assert.match(secure.headers.get('strict-transport-security') ?? '', /max-age/);
    } finally {
      await srv.close();
    }
  });

  test('SERVICE_ALLOW_INSECURE_HTTP=1 lets plain HTTP through', async () => {
    const srv = await startTestServer({ SERVICE_TRUST_PROXY: '127.0.0.1', SERVICE_ALLOW_INSECURE_HTTP: '1' });
    try {
      const org = await srv.newOrg();
      const plain = await srv.call('GET', '/api/v1/me', { key: org.runtime_key, headers: { 'x-forwarded-proto': 'http' } });
      assert.equal(plain.status, 200);
    } finally {
      await srv.close();
    }
  });
});
