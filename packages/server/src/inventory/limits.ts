// Caps on stored inventory (docs/api-fleet.md, "Inventory limits"). Reports only add and refresh
// rows (inventory/upsert.ts), so without a cap one runtime key could grow the store without end:
// 1,000 new skill names per check-in reached 110,000 rows (about 220 MB) in 15 seconds. A report
// that would take a host, or the org, past a cap is refused whole (its transaction rolls back):
// nothing already stored is lost and nothing of the refused report is kept.
import type { InventoryKind, InventoryRepo } from '../store/inventory-repo.js';
import { LimitExceededError } from '../errors.js';

export type { InventoryKind };

/** Rows one workstation may hold, per kind: about ten times what a busy developer machine reports. */
export const MAX_PER_HOST: Record<InventoryKind, number> = { skills: 2_000, mcp_servers: 1_000, plugins: 1_000 };

/** Rows one org may hold, per kind (SERVICE_INVENTORY_ORG_LIMIT; default 1,000,000). */
export const DEFAULT_ORG_LIMIT = 1_000_000;

export interface InventoryLimits {
  orgLimit: number;
}

const LABEL: Record<InventoryKind, string> = { skills: 'skills', mcp_servers: 'MCP servers', plugins: 'plugins' };

/**
 * Refuses `adding` new rows of `kind` when the host (holding `hostHas`) or the org would pass its
 * cap. Only reports that add rows pay for the org count; re-reports of known items add none.
 */
export async function assertInventoryRoom(repo: InventoryRepo, kind: InventoryKind, orgId: string, workstationId: string, adding: number, limits: InventoryLimits, hostHas?: number): Promise<void> {
  if (adding <= 0) return;
  const onHost = hostHas ?? (await repo.countRows(kind, orgId, workstationId));
  const hostMax = MAX_PER_HOST[kind];
  if (onHost + adding > hostMax) {
    throw new LimitExceededError(
      `Inventory limit: a workstation may hold at most ${hostMax} ${LABEL[kind]}; this one holds ${onHost} and the report adds ${adding}. Nothing was stored. Remove items with uninstall events (POST /api/v1/events) or remove the host.`,
      `${kind}_per_workstation`,
      hostMax,
      onHost,
    );
  }
  const inOrg = await repo.countRows(kind, orgId);
  if (inOrg + adding > limits.orgLimit) {
    throw new LimitExceededError(
      `Inventory limit: the organization may hold at most ${limits.orgLimit} ${LABEL[kind]} across its workstations; it holds ${inOrg} and the report adds ${adding}. Nothing was stored. Remove stale hosts, or raise SERVICE_INVENTORY_ORG_LIMIT.`,
      `${kind}_per_org`,
      limits.orgLimit,
      inOrg,
    );
  }
}
