// POST /api/v1/events: install/uninstall lifecycle (spec Index: "Lifecycle events such as install
// or uninstall"; the payload is ours, docs/api-fleet.md). What each event changes:
//   hooks install / uninstall   the surface's coverage record: expected hooks healthy / not
//                               (an uninstalled hook is a missing expected hook: Degraded, and the
//                               "Missing expected hook" badge, until it is reinstalled or the host
//                               is removed from the fleet)
//   skill / mcp_server / plugin install adds the item (as a check-in would), uninstall removes it
//   agent / package update      the agent version
//   repair                      the repair result (a failed repair degrades protection)
//   session_end                 ends the named session
// Every event also counts as shield activity (heartbeat) and is kept as the host's last
// lifecycle event (host detail, Metadata).
import { z } from 'zod';
import type { KeyPrincipal } from '../accounts/key-cache.js';
import { inventorySource, mcpServerItem, pluginItem, skillItem, text } from '../inventory/schemas.js';
import { removeInventoryItem, upsertMcpServers, upsertPlugins, upsertSkills } from '../inventory/upsert.js';
import { applyHookReports } from './coverage-report.js';
import { patchEvidence } from './evidence-store.js';
import type { WorkstationIdentity } from './identity.js';
import { registerWorkstation, type FleetReportDeps } from './register-request.js';
import { identityFields, pickSurface, surfaceEnum, timeField } from './runtime-fields.js';
import type { LifecycleResponse } from '@service/api';

export const LIFECYCLE_EVENTS = ['install', 'uninstall', 'update', 'repair', 'session_end'] as const;
export const LIFECYCLE_COMPONENTS = ['hooks', 'skill', 'mcp_server', 'plugin', 'agent', 'package'] as const;

export const lifecycleBody = z
  .object({
    ...identityFields,
    event: z.enum(LIFECYCLE_EVENTS, { errorMap: () => ({ message: `event must be one of ${LIFECYCLE_EVENTS.join(', ')}` }) }),
    component: z.enum(LIFECYCLE_COMPONENTS, { errorMap: () => ({ message: `component must be one of ${LIFECYCLE_COMPONENTS.join(', ')}` }) }).default('hooks'),
    source: surfaceEnum.nullish(),
    tool: surfaceEnum.nullish(),
    /** Item name for skill / mcp_server / plugin events (plugin: full_name). */
    name: text(200).nullish(),
    item_source: inventorySource.nullish(),
    platform: text(32).nullish(),
    version: text(64).nullish(),
    result: z.enum(['ok', 'failed']).default('ok'),
    session_id: text(200).nullish(),
    install_source: text(64).nullish(),
    hook_type: z.enum(['http', 'command', 'extension']).nullish(),
    scope: z.enum(['managed', 'user', 'workspace']).nullish(),
    skill: skillItem.nullish(),
    mcp_server: mcpServerItem.nullish(),
    plugin: pluginItem.nullish(),
    occurred_at: timeField.nullish(),
  })
  .superRefine((b, ctx) => {
    const needsName = ['skill', 'mcp_server', 'plugin'].includes(b.component) && b.event === 'uninstall';
    if (needsName && !b.name) ctx.addIssue({ code: 'custom', path: ['name'], message: `name is required to uninstall a ${b.component}` });
    if (b.event === 'install' && b.component === 'skill' && !b.skill) ctx.addIssue({ code: 'custom', path: ['skill'], message: 'skill {name, source, preview, hash} is required to install a skill' });
    if (b.event === 'install' && b.component === 'mcp_server' && !b.mcp_server) ctx.addIssue({ code: 'custom', path: ['mcp_server'], message: 'mcp_server {name, type, source, platform} is required' });
    if (b.event === 'install' && b.component === 'plugin' && !b.plugin) ctx.addIssue({ code: 'custom', path: ['plugin'], message: 'plugin {full_name, version, platform, source} is required' });
    if (b.event === 'session_end' && !b.session_id) ctx.addIssue({ code: 'custom', path: ['session_id'], message: 'session_id is required for session_end' });
  });
export type LifecycleInput = z.infer<typeof lifecycleBody>;

export type LifecycleResult = LifecycleResponse;

export async function recordLifecycleEvent(deps: FleetReportDeps, principal: KeyPrincipal, identity: WorkstationIdentity, input: LifecycleInput, now = Date.now()): Promise<LifecycleResult> {
  const surface = pickSurface(input);
  const at = input.occurred_at ?? now;
  const versionUpdate = input.event !== 'uninstall' && (input.component === 'agent' || input.component === 'package') && input.version;
  const reg = await registerWorkstation(
    deps.fleet,
    principal,
    identity,
    { at: now },
    versionUpdate || input.install_source ? { agent_version: versionUpdate ? input.version : undefined, install_source: input.install_source } : undefined,
  );
  const id = reg.workstationId;
  const orgId = principal.orgId;
  const changed = await deps.fleet.repo.transaction(async (tx) => {
    let changed = 0;
    switch (input.component) {
      case 'hooks':
        if (input.event === 'install' || input.event === 'uninstall' || input.event === 'repair') {
          const healthy = input.event === 'uninstall' ? false : input.result === 'ok';
          await applyHookReports(tx, orgId, id, [{ surface, healthy, hook_type: input.hook_type, scope: input.scope }], now);
          changed++;
        }
        break;
      case 'skill':
        if (input.event === 'uninstall') changed += await removeInventoryItem(tx.inventory, orgId, id, { component: 'skill', name: input.name!, source: input.item_source });
        else if (input.skill) changed += (await upsertSkills(tx.inventory, orgId, id, [input.skill], now, { orgLimit: deps.inventoryLimits.orgLimit })).added;
        break;
      case 'mcp_server':
        if (input.event === 'uninstall') changed += await removeInventoryItem(tx.inventory, orgId, id, { component: 'mcp_server', name: input.name!, source: input.item_source, platform: input.platform });
        else if (input.mcp_server) changed += await upsertMcpServers(tx.inventory, orgId, id, [input.mcp_server], now, { orgLimit: deps.inventoryLimits.orgLimit });
        break;
      case 'plugin':
        if (input.event === 'uninstall') changed += await removeInventoryItem(tx.inventory, orgId, id, { component: 'plugin', name: input.name!, platform: input.platform });
        else if (input.plugin) changed += await upsertPlugins(tx.inventory, orgId, id, [input.plugin], now, { orgLimit: deps.inventoryLimits.orgLimit });
        break;
      default:
        break;
    }
    if (input.event === 'session_end') {
      changed += await tx.endSession(orgId, id, input.session_id!, at);
    }
    await patchEvidence(tx, orgId, id, {
      repair_failed: input.event === 'repair' ? input.result === 'failed' : undefined,
      repair_result: input.event === 'repair' ? input.result : undefined,
      last_lifecycle: { event: input.event, component: input.component, name: input.name ?? input.skill?.name ?? input.plugin?.full_name ?? input.mcp_server?.name ?? null, result: input.result, at },
    });
    return changed;
  });
  await deps.fleet.classifier.classifyIds(orgId, [id], now);
  return { ok: true, workstation_id: id, registered: reg.created, event: input.event, component: input.component, changed };
}
