// The live server the agents' hooks call: the real server on a fresh store (SQLite unless
// SERVICE_TEST_STORE says otherwise), one enterprise org, and read helpers over what the server
// recorded, so a test can tell which decisions were made for which workstation.
import { hostname } from 'node:os';
import { startTestServer, type TestServer } from '../../../packages/server/test/support/harness.js';
import { machineIdentity } from '../../../packages/cli/src/config/machine-identity.js';

export interface LiveService {
  srv: TestServer;
  url: string;
  orgId: string;
  adminKey: string;
  runtimeKey: string;
  close(): Promise<void>;
}

export async function startService(): Promise<LiveService> {
  const srv = await startTestServer();
  const org = await srv.newOrg('enterprise');
  return { srv, url: srv.url, orgId: org.org_id, adminKey: org.admin_key, runtimeKey: org.runtime_key, close: () => srv.close() };
}

export interface RecordedEvent {
  id: string;
  event: string;
  kind: string;
  surface: string;
  tool_name: string;
  verdict: string;
  reason: string;
  summary: string;
  hostname: string | null;
  workstation_id: string | null;
  ws_hostname: string | null;
  ws_machine_id: string | null;
}

/** Every shield event of the org, oldest first, with the workstation each was filed under. */
export async function recordedEvents(svc: LiveService): Promise<RecordedEvent[]> {
  return svc.srv.deps.store
    .knex('shield_events as e')
    .leftJoin('workstations as w', 'w.id', 'e.workstation_id')
    .where('e.org_id', svc.orgId)
    .orderBy([{ column: 'e.created_at' }, { column: 'e.id' }])
    .select(
      'e.id',
      'e.event',
      'e.kind',
      'e.surface',
      'e.tool_name',
      'e.verdict',
      'e.reason',
      'e.summary',
      'e.hostname',
      'e.workstation_id',
      'w.hostname as ws_hostname',
      'w.machine_id as ws_machine_id',
    );
}

/** Events recorded since an earlier snapshot (ids are time-ordered and unique). */
export function newSince(before: RecordedEvent[], after: RecordedEvent[]): RecordedEvent[] {
  const seen = new Set(before.map((e) => e.id));
  return after.filter((e) => !seen.has(e.id));
}

export async function workstations(svc: LiveService): Promise<Array<Record<string, any>>> {
  return svc.srv.deps.store.knex('workstations').where('org_id', svc.orgId).select('*');
}

export async function skillsOf(svc: LiveService, workstationId: string): Promise<string[]> {
  const rows = await svc.srv.deps.store.knex('skills').where({ org_id: svc.orgId, workstation_id: workstationId }).select('name');
  return rows.map((r: { name: string }) => r.name).sort();
}

/**
 * Who this machine is, as our CLI identifies it to the server for a person whose home is
 * `home`: the OS host name and the CLI's stable machine id. The host name is checked against
 * the OS independently; the id has no other source of truth than the CLI's own derivation.
 */
export async function expectedIdentity(home: string): Promise<{ hostname: string; machine_id: string }> {
  const id = await machineIdentity({ HOME: home, PATH: process.env.PATH });
  if (id.hostname !== hostname()) throw new Error(`CLI host name ${id.hostname} differs from the OS's ${hostname()}`);
  return id;
}

export function show(events: RecordedEvent[]): string {
  return events.map((e) => `${e.kind}/${e.event} ${e.tool_name} → ${e.verdict} (${e.reason}) host=${e.hostname} ws=${e.ws_hostname}/${e.ws_machine_id}`).join('\n') || '(none)';
}
