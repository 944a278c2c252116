// Blocked tool call → signed webhook delivery at a local receiver, end to end:
//   node --conditions=source --import tsx bench/webhook-latency.ts [samples]
// Starts a server (embedded SQLite in a temp dir, or DATABASE_URL=mysql://… for MySQL), one
// org and one generic destination on 127.0.0.1, then sends `rm -rf /` PreToolUse calls one
// at a time (spread over the worker's poll phase) and times each until the receiver has the
// signed activity.blocked delivery. Prints p50 / p95 / max.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createOrg, createLogger, loadConfig, startServer } from '../packages/server/src/index.js';
import { verifySignature } from '../packages/server/src/notifications/signing.js';

const samples = Number(process.argv[2] ?? 40);
const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
const config = loadConfig({
  ...process.env,
  PORT: '0',
  SERVICE_DATA_DIR: dir,
  SERVICE_NO_BOOTSTRAP: '1',
  SERVICE_LOG_LEVEL: 'error',
  SERVICE_WEBHOOK_ALLOW_PRIVATE: '1',
});
const server = await startServer(config, { logger: createLogger('error') });
const org = await createOrg(server.deps.store.accounts, { name: 'Bench', plan: 'enterprise' });

let arrived: ((at: number, headers: http.IncomingHttpHeaders, body: string) => void) | null = null;
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    arrived?.(Date.now(), req.headers, Buffer.concat(chunks).toString('utf8'));
    res.end('ok');
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const created = await fetch(`${server.url}/api/v1/admin/webhooks`, {
  method: 'POST',
  headers: { authorization: `Bearer ${org.admin_key}`, 'content-type': 'application/json' },
  body: JSON.stringify({ url: receiverUrl, events: ['activity.blocked'] }),
});
const { secret } = (await created.json()) as { secret: string };

const latencies: number[] = [];
for (let i = 0; i < samples; i++) {
  await new Promise((r) => setTimeout(r, Math.random() * 300)); // land anywhere in the poll cycle
  const delivered = new Promise<{ at: number; ok: boolean }>((resolve) => {
    arrived = (at, headers, body) => {
      const check = verifySignature({ secret, timestamp: String(headers['x-service-timestamp']), signature: String(headers['x-service-signature']), rawBody: body });
      resolve({ at, ok: check.ok && headers['x-service-event'] === 'activity.blocked' });
    };
  });
  const started = Date.now();
  const res = await fetch(`${server.url}/api/v1/claude-code/evaluate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${org.runtime_key}`, 'content-type': 'application/json', 'x-hostname': 'bench-host' },
    body: JSON.stringify({ hook_event_name: 'PreToolUse', session_id: `bench-${i}`, cwd: '/tmp', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } }),
  });
  const verdict = await res.text();
  if (!/deny/.test(verdict)) throw new Error(`the call was not blocked: ${verdict}`);
  const { at, ok } = await delivered;
  if (!ok) throw new Error('a delivery did not verify');
  latencies.push(at - started);
}

latencies.sort((a, b) => a - b);
const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
console.log(`blocked tool call → signed delivery (${server.deps.store.dialect}, ${samples} samples): p50 ${pick(0.5)} ms, p95 ${pick(0.95)} ms, max ${latencies.at(-1)} ms`);

receiver.close();
await server.stop();
rmSync(dir, { recursive: true, force: true });
