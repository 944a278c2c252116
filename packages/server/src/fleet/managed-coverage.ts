// POST /api/v1/runtime/managed-coverage: MDM pre-registration (spec: Registration, "An MDM
// provider can pre-register a workstation before any agent activity, by reporting known AI IDE
// presence or hook coverage"). The payload is ours (docs/api-fleet.md). It registers the device
// under the plan limit like any first contact, sets the management source (mdm, or `service` for
// the native Linux package broker), and stores the MDM evidence the fleet views read: IDE
// presence, per-IDE hook coverage, Shadow AI, enrollment, inventory time, device aliases.
//
// An MDM inventory is not shield activity: it never moves the host's last-seen time, so a
// pre-registered device stays offline ("never seen") until its runtime first reports.
import { z } from 'zod';
import type { KeyPrincipal } from '../accounts/key-cache.js';
import { text } from '../inventory/schemas.js';
import { applyHookReports, type HookReport } from './coverage-report.js';
import { parseEvidence, patchEvidence, type StoredEvidence } from './evidence-store.js';
import type { WorkstationIdentity } from './identity.js';
import { registerWorkstation, type FleetReportDeps } from './register-request.js';
import { identityFields, surfaceEnum, timeField } from './runtime-fields.js';
import type { ManagedCoverageResponse } from '@service/api';

export const managedCoverageBody = z.object({
  ...identityFields,
  /** jamf, intune, kandji (spellings are folded), another MDM, or `service` for the native package. */
  provider: z.string().trim().min(1, 'provider must not be empty').max(64),
  display_name: text(255).nullish(),
  serial_number: text(128).nullish(),
  mdm_device_id: text(128).nullish(),
  enrollment_signed: z.boolean().nullish(),
  inventory_at: timeField.nullish(),
  platform: text(64).nullish(),
  os_version: text(128).nullish(),
  os_username: text(200).nullish(),
  install_source: text(64).nullish(),
  ai_ides: z
    .array(
      z.object({
        surface: surfaceEnum,
        present: z.boolean().default(true),
        hook: z.enum(['installed', 'missing', 'disabled', 'unknown']).default('unknown'),
        scope: z.enum(['managed', 'user', 'workspace']).nullish(),
      }),
      { invalid_type_error: 'ai_ides must be an array' },
    )
    .max(20)
    .default([]),
  shadow_ai: z.array(text(100), { invalid_type_error: 'shadow_ai must be an array of names' }).max(50).default([]),
  runtime_absent: z.boolean().nullish(),
  service_state: z.enum(['running', 'stopped', 'missing', 'failed']).nullish(),
});
export type ManagedCoverageInput = z.infer<typeof managedCoverageBody>;

export type ManagedCoverageResult = ManagedCoverageResponse;

export async function recordManagedCoverage(deps: FleetReportDeps, principal: KeyPrincipal, identity: WorkstationIdentity, input: ManagedCoverageInput, now = Date.now()): Promise<ManagedCoverageResult> {
  const native = input.provider.toLowerCase() === 'service';
  const managementSource = native ? 'service' : 'mdm';
  const reg = await registerWorkstation(deps.fleet, principal, identity, { at: now, heartbeat: false }, {
    management_source: managementSource,
    mdm_provider: input.provider,
    display_name: input.display_name,
    platform: input.platform,
    os_version: input.os_version,
    os_username: input.os_username,
    install_source: input.install_source ?? (native ? 'native_linux_rpm' : undefined),
  });
  const id = reg.workstationId;
  const orgId = principal.orgId;
  const inventoryAt = input.inventory_at ?? now;
  await deps.fleet.repo.transaction(async (tx) => {
    const row = await tx.readEvidence(orgId, id);
    const current = parseEvidence(row?.evidence);
    const present = input.ai_ides.filter((i) => i.present).map((i) => i.surface);
    const expectsHook = input.ai_ides.some((i) => i.present && i.hook !== 'unknown');
    const aliases: Record<string, string> = { ...(current.mdm_aliases ?? {}) };
    if (input.serial_number) aliases.serial_number = input.serial_number;
    if (input.mdm_device_id) aliases.mdm_device_id = input.mdm_device_id;
    if (input.display_name) aliases.display_name = input.display_name;
    const patch: StoredEvidence = {
      mdm_presence_reported: present.length > 0,
      ai_ides: present,
      mdm_enrollment_signed: input.enrollment_signed ?? current.mdm_enrollment_signed ?? false,
      last_mdm_inventory_at: inventoryAt,
      shadow_ai_present: input.shadow_ai.length > 0,
      shadow_ai: input.shadow_ai,
      mdm_aliases: aliases,
      missing_expected_hook: input.ai_ides.some((i) => i.present && (i.hook === 'missing' || i.hook === 'disabled')),
      runtime_reported_absent: input.runtime_absent ?? undefined,
      service_state: input.service_state ?? undefined,
      // The moment a runtime became expected; a runtime that never reports within a day is Missing.
      expected_runtime_since: current.expected_runtime_since ?? (expectsHook || native ? inventoryAt : undefined),
    };
    const extra: Record<string, unknown> = {};
    // A self-installed host that MDM now reports stays as it was installed; a new device is an MDM install.
    if (!row?.install_source && !input.install_source && !native) extra.install_source = 'mdm';
    if (reg.created) {
      // Pre-registered, not seen: no last-seen time, and no offline event for a host never online.
      extra.last_seen_at = 0;
      extra.offline_pending = 0;
      extra.offline_emitted_for = 0;
    }
    await patchEvidence(tx, orgId, id, patch, extra);
    const reports: HookReport[] = input.ai_ides
      .filter((i) => i.present && i.hook !== 'unknown')
      .map((i) => ({ surface: i.surface, healthy: i.hook === 'installed', scope: i.scope ?? 'managed' }));
    await applyHookReports(tx, orgId, id, reports, inventoryAt, true);
  });
  await deps.fleet.classifier.classifyIds(orgId, [id], now);
  return { ok: true, workstation_id: id, registered: reg.created, management_source: managementSource, mdm_provider: input.provider };
}
