// The issue #21 demonstration, end to end on a real server process: a denied call, the
// developer's request, triage, approval with a ONE-MINUTE expiry, the same call allowed, expiry
// (exception.expired), denied again; every exception event delivered signed to a local receiver
// (signatures checked here); then the activity log verified, one row edited in the database and
// verify naming it. Prints each step with the time since the approval. Takes a bit over a minute.
//   node --conditions=source --import tsx bench/exception-cycle.ts [--store sqlite|mysql] [--expires 60]
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../packages/server/src/notifications/signing.js';
import { freshStore, startServerProcess, storeKnex } from './support.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const store = arg('store', 'sqlite') as 'sqlite' | 'mysql';
const expires = Number(arg('expires', '60'));
const COMMAND = 'rm -rf ~/ci-scratch ~';

const received: { type: string; verified: boolean }[] = [];
let secret = '';
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const v = verifySignature({ secret, timestamp: String(req.headers['x-service-timestamp']), signature: String(req.headers['x-service-signature']), rawBody: body });
    received.push({ type: JSON.parse(body).event_type, verified: v.ok });
    res.end('ok');
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const target = await freshStore(store);
const srv = await startServerProcess(target.env, { SERVICE_WEBHOOK_ALLOW_PRIVATE: '1', SERVICE_EXCEPTION_SWEEP_MS: '1000' });
const t0 = Date.now();
const log = (what: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${what}`);
async function call(method: string, path: string, key: string, body?: unknown): Promise<any> {
  const res = await fetch(srv.url + path, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return res.json();
}
async function hook(): Promise<{ decision: string; reason: string }> {
  const res = await fetch(`${srv.url}/api/v1/claude-code/evaluate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${srv.runtimeKey}`, 'x-hostname': 'ci-runner-7', 'x-machine-id': 'bench-exc' },
    body: JSON.stringify({ session_id: 'bench', cwd: '/srv/ci', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: COMMAND } }),
  });
  const body = (await res.json()) as any;
  return { decision: body.hookSpecificOutput?.permissionDecision ?? 'allow', reason: body.hookSpecificOutput?.permissionDecisionReason ?? '' };
}

let ok = true;
const check = (cond: boolean, what: string) => {
  if (!cond) ok = false;
  log(`${cond ? 'ok  ' : 'FAIL'} ${what}`);
};
try {
  const hookDest = await call('POST', '/api/v1/admin/webhooks', srv.adminKey, { url: receiverUrl, events: ['exception.*', 'compliance.activity'], min_severity: 'info' });
  secret = hookDest.secret;
  const denied = await hook();
  const eventId = /exceptions request (\S+) /.exec(denied.reason)?.[1] ?? '';
  check(denied.decision === 'deny' && eventId !== '', `denied: ${denied.reason}`);
  const ex = await call('POST', '/api/v1/exceptions', srv.runtimeKey, { event_id: eventId, reason: 'CI wipes its scratch home' });
  check(ex.status === 'requested', `requested exception ${ex.id}`);
  check((await call('POST', `/api/v1/exceptions/${ex.id}/triage`, srv.adminKey, {})).status === 'triaged', 'triaged');
  const approved = await call('POST', `/api/v1/exceptions/${ex.id}/approve`, srv.adminKey, { scope: { kind: 'exact_command', host: 'ci-runner-7' }, expires_in_seconds: expires });
  const approvedAt = Date.now();
  check(approved.status === 'approved', `approved until ${approved.expires_at}`);
  const allowed = await hook();
  check(allowed.decision === 'allow', 'the same call is allowed');
  for (;;) {
    const now = await call('GET', `/api/v1/exceptions/${ex.id}`, srv.adminKey);
    if (now.status === 'expired') break;
    await new Promise((r) => setTimeout(r, 500));
  }
  log(`expired ${((Date.now() - approvedAt) / 1000).toFixed(1)} s after approval (expiry ${expires} s, sweep every 1 s)`);
  check((await hook()).decision === 'deny', 'denied again');
  await new Promise((r) => setTimeout(r, 3000));
  for (const t of ['exception.requested', 'exception.triaged', 'exception.decided', 'exception.expired', 'compliance.activity']) {
    const got = received.filter((r) => r.type === t);
    check(got.length > 0 && got.every((r) => r.verified), `${t}: ${got.length} delivered, signatures ${got.every((r) => r.verified) ? 'valid' : 'INVALID'}`);
  }
  const verified = await call('GET', '/api/v1/audit/verify', srv.adminKey);
  check(verified.ok === true, `audit verify: ${JSON.stringify(verified)}`);
  const knex = storeKnex(target.env);
  await knex('activity_log').where({ seq: 1 }).update({ after: '{"forged":true}' });
  await knex.destroy();
  const tampered = await call('GET', '/api/v1/audit/verify', srv.adminKey);
  check(tampered.ok === false && tampered.first_bad?.seq === 1, `after editing row #1: ${tampered.first_bad?.message}`);
} finally {
  await srv.stop();
  await target.drop();
  receiver.close();
}
process.exit(ok ? 0 : 1);
