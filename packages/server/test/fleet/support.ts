// Helpers shared by the fleet tests: a check-in body, settling coalesced writes, reading rows.
import type { CreatedOrg } from '../../src/accounts/orgs.js';
import type { TestServer } from '../support/harness.js';

let seq = 0;
/** A unique machine id per call, so tests in one org never collide. */
export function machine(prefix = 'm'): string {
  seq++;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${seq}`;
}

export function checkinBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    hostname: `host-${machine('h')}`,
    machine_id: machine(),
    session_id: `s-${machine('s')}`,
    cwd: '/home/dev/acme-api',
    git_remote: 'git@github.com:acme/api.git',
    platform: 'linux',
    os_version: 'Ubuntu 24.04',
    agent_version: '2.1.0',
    sandbox: 'enabled',
    install_source: 'manual',
    ...over,
  };
}

export async function checkin(srv: TestServer, org: CreatedOrg, over: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return srv.call('POST', '/api/v1/claude-code/checkin', { key: org.runtime_key, body: checkinBody(over), headers });
}

/** Writes pending heartbeats and classifies every changed host, so reads see the latest state. */
export async function settle(srv: TestServer, now = Date.now()): Promise<void> {
  await srv.deps.fleet.settle(now);
}

export async function workstations(srv: TestServer, orgId: string): Promise<any[]> {
  return srv.deps.store.knex('workstations').where({ org_id: orgId }).orderBy('id').select();
}

export async function outbox(srv: TestServer, orgId: string, type?: string): Promise<any[]> {
  const q = srv.deps.store.knex('outbox').where({ org_id: orgId }).orderBy('id');
  if (type) q.where({ event_type: type });
  return q.select();
}

export async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}
