// Session-start check-in of the first surface (spec: POST /api/v1/claude-code/checkin and
// "Session-start check-in behavior"): register or refresh the workstation, record the session
// (its directory and git remote become the host's current project), upsert the reported
// inventory, and hand back the session's shield policy.
import { z } from 'zod';
import type { KeyPrincipal } from '../accounts/key-cache.js';
import { newId } from '../ids.js';
import { inventoryArrays, text } from '../inventory/schemas.js';
import { upsertMcpServers, upsertPlugins, upsertSkills, type UpsertCounts } from '../inventory/upsert.js';
import { applyHookReports, hookReports, type HookReport } from './coverage-report.js';
import type { WorkstationIdentity } from './identity.js';
import { patchEvidence } from './evidence-store.js';
import { keyCreatorOf, registerWorkstation, type FleetReportDeps } from './register-request.js';
import { sessionShield, type SessionShield } from './shield-view.js';
import { identityText } from './identity.js';
import type { CheckinResponse } from '@service/api';

/** Sandbox status as sent: the spec's three words, or a boolean from simpler clients. */
export const sandboxField = z
  .union([z.enum(['enabled', 'disabled', 'unknown']), z.boolean()], { errorMap: () => ({ message: 'sandbox must be "enabled", "disabled", "unknown" or a boolean' }) })
  .transform((v) => (v === true ? 'enabled' : v === false ? 'disabled' : v));

export const checkinBody = z.object({
  hostname: identityText('hostname').nullish(),
  machine_id: identityText('machine_id').nullish(),
  session_id: text(200).nullish(),
  cwd: text(1000).nullish(),
  git_remote: text(500).nullish(),
  /** Alias of git_remote ("git remote URL" in the spec's prose). */
  git_remote_url: text(500).nullish(),
  platform: text(64).nullish(),
  os_version: text(128).nullish(),
  agent_version: text(64).nullish(),
  sandbox: sandboxField.nullish(),
  install_source: text(64).nullish(),
  user_hint: text(320).nullish(),
  os_username: text(200).nullish(),
  hooks: hookReports.optional(),
  /**
   * `agent_session` (default): Claude Code's session start ran the scanner, so the host has
   * that surface. `scheduled_scan`: an MDM or cron run with no agent session; no surface is
   * implied (a Codex-only machine must not gain a Claude Code chip from its inventory scans).
   */
  reporter: z.enum(['agent_session', 'scheduled_scan']).optional(),
  ...inventoryArrays,
});
export type CheckinInput = z.infer<typeof checkinBody>;

export type CheckinResult = CheckinResponse;

const blank = (v: string | null | undefined) => (v ? v : null);

/**
 * The scanner's word on our hook files: a file it found edited (not what install-hooks wrote) is
 * tamper evidence; a scan that found every reported hook intact clears it; no verdict otherwise.
 */
function hookTamper(hooks: HookReport[] | undefined): boolean | undefined {
  if (!hooks || hooks.length === 0) return undefined;
  if (hooks.some((h) => h.healthy === false)) return true;
  return hooks.every((h) => h.healthy === true) ? false : undefined;
}

export async function checkIn(deps: FleetReportDeps, principal: KeyPrincipal, identity: WorkstationIdentity, input: CheckinInput, now = Date.now()): Promise<CheckinResult> {
  const policy = await deps.policies.get(principal.orgId);
  const gitRemote = blank(input.git_remote) ?? blank(input.git_remote_url);
  const cwd = blank(input.cwd);
  const reg = await registerWorkstation(
    deps.fleet,
    principal,
    identity,
    { at: now, surface: input.reporter === 'scheduled_scan' ? undefined : 'claude-code', runtimeHeartbeat: true },
    {
      platform: input.platform,
      os_version: input.os_version,
      agent_version: input.agent_version,
      sandbox: input.sandbox ?? undefined,
      git_remote: gitRemote,
      install_source: input.install_source,
      os_username: input.os_username,
      user_hint: input.user_hint,
      current_cwd: cwd,
      current_git_remote: gitRemote,
    },
  );
  const id = reg.workstationId;
  const keyCreator = await keyCreatorOf(deps.fleet, principal);
  const limits = { orgLimit: deps.inventoryLimits.orgLimit };
  const counts: CheckinResult['inventory'] = { skills: { added: 0, changed: 0, unchanged: 0 }, mcp_servers: 0, plugins: 0 };
  await deps.fleet.repo.transaction(async (tx) => {
    // The key authenticated, so the runtime's credential is valid as of now.
    await patchEvidence(tx, principal.orgId, id, { credential_state: 'valid', key_creator: keyCreator, runtime_version: input.agent_version || undefined, tamper_evidence: hookTamper(input.hooks) });
    const sessionKey = blank(input.session_id);
    if (sessionKey) {
      await tx.upsertSession(
        {
          id: newId(now),
          org_id: principal.orgId,
          workstation_id: id,
          session_key: sessionKey,
          surface: 'claude-code',
          cwd,
          git_remote: gitRemote,
          user_hint: blank(input.user_hint) ?? blank(input.os_username),
          agent_version: blank(input.agent_version),
          started_at: now,
          last_seen_at: now,
        },
        { cwd, git_remote: gitRemote, last_seen_at: now },
      );
    }
    if (input.hooks) await applyHookReports(tx, principal.orgId, id, input.hooks, now);
    if (input.installed_skills) counts.skills = await upsertSkills(tx.inventory, principal.orgId, id, input.installed_skills, now, limits);
    if (input.installed_mcp_servers) counts.mcp_servers = await upsertMcpServers(tx.inventory, principal.orgId, id, input.installed_mcp_servers, now, limits);
    if (input.installed_plugins) counts.plugins = await upsertPlugins(tx.inventory, principal.orgId, id, input.installed_plugins, now, limits);
  });
  await deps.fleet.classifier.classifyIds(principal.orgId, [id], now);
  return { ok: true, workstation_id: id, registered: reg.created, session_id: blank(input.session_id), shield: sessionShield(policy.policy), inventory: counts };
}
