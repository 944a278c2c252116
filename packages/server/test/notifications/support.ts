// Helpers for the notification tests: a real local HTTP receiver that records every request
// and answers from a script, polling helpers, and outbox events for tests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { outboxInsert, type OutboxEvent } from '../../src/outbox.js';
import type { TestServer } from '../support/harness.js';

export interface Received {
  at: number;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What to answer: a status and body, or `hang` to never answer (a timeout). */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | { hang: true };

export interface Receiver {
  url: string;
  received: Received[];
  /** Resolves when `count` requests arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(answer: (req: Received, index: number) => Answer = () => ({ status: 200, body: 'ok' })): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: Received = { at: Date.now(), path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      for (const w of waiters) if (received.length >= w.count) w.resolve();
      const a = answer(entry, received.length - 1);
      if ('hang' in a) return; // never answer: the sender's deadline must fire
      res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    waitFor(count, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver got ${received.length} of ${count} requests within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a value that is not undefined. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000, label = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${label}`);
    await sleep(50);
  }
}

/** Creates a destination through the admin API; returns its id and secret. */
export async function addDestination(srv: TestServer, adminKey: string, body: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  const res = await srv.call('POST', '/api/v1/admin/webhooks', { key: adminKey, body });
  if (res.status !== 201) throw new Error(`creating a destination answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { id: res.body.id, secret: res.body.secret };
}

/** Waits until the delivery reaches a final status and returns it (with attempts). */
export async function finalDelivery(srv: TestServer, adminKey: string, id: string, timeoutMs = 10_000): Promise<any> {
  return eventually(
    async () => {
      const res = await srv.call('GET', `/api/v1/admin/webhook-deliveries/${id}`, { key: adminKey });
      return res.status === 200 && !['pending', 'retrying'].includes(res.body.status) ? res.body : undefined;
    },
    timeoutMs,
    `delivery ${id} to finish`,
  );
}

let seq = 0;
export function testEvent(orgId: string, overrides: Partial<OutboxEvent> = {}): OutboxEvent {
  seq++;
  return {
    orgId,
    type: 'activity.blocked',
    severity: 'high',
    sourceTable: 'shield_events',
    sourceId: `TESTEVENT${String(seq).padStart(6, '0')}${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    workstationId: null,
    surface: 'claude-code',
    occurredAt: Date.now(),
    data: {
      host: { hostname: 'dev-mac-01', platform: 'darwin' },
      session: { id: 'sess-1' },
      actor: { email: 'dev@example.com', type: 'user' },
      risk: { verdict: 'deny', category: 'destructive_fs' },
      evidence: { title: 'Blocked a recursive delete of /', summary: 'Bash: rm -rf /', details: { tool_name: 'Bash', command: 'rm -rf /' } },
    },
    ...overrides,
  };
}

/** Writes outbox events as the other sources do (group-commit writer), then wakes the worker. */
export async function emit(srv: TestServer, events: OutboxEvent[]): Promise<void> {
  await srv.deps.store.writer.write([outboxInsert(events)]);
  srv.deps.notifications.wake();
}
