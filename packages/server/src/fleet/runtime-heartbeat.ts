// POST /api/v1/shield/heartbeat: "mark runtime shield active on a workstation" (spec Index; the
// payload is ours, docs/api-fleet.md). The runtime (plugin, native broker, IDE extension, cowork)
// reports that it is alive plus its setup health: credential, policy fetch, service, repair,
// restart, tamper and per-surface hook evidence: the inputs of the protection state.
//
// cowork's installer/status check-in is this call with `source: "cowork"`: it registers the host
// and a cowork coverage record that awaits live verification until cowork's first hook event.
//
// Heartbeats can be frequent, so the alive signal goes through the coalescer (one row update
// per host per second at most) and the evidence is written only when it differs from what this
// process last wrote for the host.
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { KeyPrincipal } from '../accounts/key-cache.js';
import { text } from '../inventory/schemas.js';
import { sandboxField } from './checkin.js';
import { applyHookReports, hookReports } from './coverage-report.js';
import { patchEvidence, type StoredEvidence } from './evidence-store.js';
import type { WorkstationIdentity } from './identity.js';
import { keyCreatorOf, registerWorkstation, type FleetReportDeps } from './register-request.js';
import { identityFields, pickSurface, surfaceEnum, timeField } from './runtime-fields.js';
import { sessionShield, type SessionShield } from './shield-view.js';
import type { HeartbeatResponse } from '@service/api';

export const heartbeatBody = z.object({
  ...identityFields,
  source: surfaceEnum.nullish(),
  tool: surfaceEnum.nullish(),
  /** cowork installer/status: installed (awaiting first hook event), active, or uninstalled. */
  status: z.enum(['installed', 'active', 'uninstalled']).nullish(),
  session_id: text(200).nullish(),
  cwd: text(1000).nullish(),
  git_remote: text(500).nullish(),
  user_hint: text(320).nullish(),
  os_username: text(200).nullish(),
  platform: text(64).nullish(),
  os_version: text(128).nullish(),
  agent_version: text(64).nullish(),
  install_source: text(64).nullish(),
  sandbox: sandboxField.nullish(),
  credential_state: z.enum(['valid', 'invalid', 'missing', 'expired', 'revoked']).nullish(),
  policy_fetch_error: z.boolean().nullish(),
  last_policy_fetch_at: timeField.nullish(),
  auth_error: z.boolean().nullish(),
  stale_result: z.boolean().nullish(),
  service_state: z.enum(['running', 'stopped', 'missing', 'failed']).nullish(),
  restart_required: z.boolean().nullish(),
  repair: z.object({ result: z.enum(['ok', 'failed']), at: timeField.nullish() }).nullish(),
  tamper_evidence: z.boolean().nullish(),
  missing_expected_hook: z.boolean().nullish(),
  self_test: z.object({ ok: z.boolean(), at: timeField.nullish() }).nullish(),
  hooks: hookReports.optional(),
});
export type HeartbeatInput = z.infer<typeof heartbeatBody>;

export type HeartbeatResult = HeartbeatResponse;

// Per process: host → fingerprint of the evidence last written and when. Re-written at least
// once a minute even when unchanged, in case another writer changed the same fields meanwhile.
const LAST_WRITTEN_MAX = 100_000;
const lastWritten = new LRUCache<string, { fingerprint: string; at: number }>({ max: LAST_WRITTEN_MAX });
const REWRITE_MS = 60_000;

const opt = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

export async function runtimeHeartbeat(deps: FleetReportDeps, principal: KeyPrincipal, identity: WorkstationIdentity, input: HeartbeatInput, now = Date.now()): Promise<HeartbeatResult> {
  const surface = pickSurface(input);
  const policy = await deps.policies.get(principal.orgId);
  const details = {
    platform: input.platform,
    os_version: input.os_version,
    agent_version: input.agent_version,
    install_source: input.install_source,
    sandbox: input.sandbox ?? undefined,
    os_username: input.os_username,
    user_hint: input.user_hint,
  };
  const hasDetails = Object.values(details).some((v) => v !== undefined && v !== null && v !== '');
  const reg = await registerWorkstation(
    deps.fleet,
    principal,
    identity,
    {
      at: now,
      runtimeHeartbeat: true,
      session: input.session_id ? { id: input.session_id, surface, cwd: input.cwd, gitRemote: input.git_remote, userHint: input.user_hint, agentVersion: input.agent_version } : undefined,
    },
    hasDetails ? details : undefined,
  );
  const id = reg.workstationId;

  const patch: StoredEvidence = {
    credential_state: input.credential_state ?? 'valid',
    policy_fetch_error: opt(input.policy_fetch_error),
    last_policy_fetch_at: opt(input.last_policy_fetch_at),
    auth_error: opt(input.auth_error),
    stale_result: opt(input.stale_result),
    service_state: opt(input.service_state),
    restart_required: opt(input.restart_required),
    repair_failed: input.repair ? input.repair.result === 'failed' : undefined,
    repair_result: input.repair ? input.repair.result : undefined,
    tamper_evidence: opt(input.tamper_evidence),
    missing_expected_hook: opt(input.missing_expected_hook),
    last_self_test_at: input.self_test ? (input.self_test.at ?? now) : undefined,
    last_self_test_ok: input.self_test ? input.self_test.ok : undefined,
    runtime_version: opt(input.agent_version),
    cowork_status: surface === 'cowork' ? (input.status ?? 'active') : undefined,
  };
  // The surface that reports is installed; cowork's own record is an extension path.
  const hooks = [...(input.hooks ?? [])];
  if (!hooks.some((h) => h.surface === surface)) {
    hooks.push({ surface, hook_type: surface === 'cowork' ? 'extension' : undefined, healthy: input.status === 'uninstalled' ? false : undefined });
  }
  const fingerprint = JSON.stringify([patch, hooks, reg.created]);
  const last = lastWritten.get(id);
  if (!last || last.fingerprint !== fingerprint || now - last.at >= REWRITE_MS) {
    const keyCreator = await keyCreatorOf(deps.fleet, principal);
    await deps.fleet.repo.transaction(async (tx) => {
      await patchEvidence(tx, principal.orgId, id, { ...patch, key_creator: keyCreator });
      await applyHookReports(tx, principal.orgId, id, hooks, now);
    });
    await deps.fleet.classifier.classifyIds(principal.orgId, [id], now);
    lastWritten.set(id, { fingerprint, at: now });
  }
  return { ok: true, workstation_id: id, registered: reg.created, source: surface, shield: sessionShield(policy.policy) };
}
