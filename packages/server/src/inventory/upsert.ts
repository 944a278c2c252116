// Writes a host's reported inventory (spec: "The endpoint upserts each skill keyed by (host,
// skill name, skill source)"). Reports only add and refresh rows: a skill missing from one
// check-in may be a project skill of another working directory, so rows are removed only by
// an explicit uninstall event (POST /api/v1/events) or with the host.
//
// Skills are scored here, on the stored 500-byte preview, with the scanner library's scoring
// (the spec's flag table). A changed hash is recorded (previous_hash, hash_changed_at) and
// fires no alert (spec: "a changed hash fires no automatic alert").
import type { InventoryItemRef, InventoryRepo, McpServerRow, PluginRow, SkillRow } from '../store/inventory-repo.js';
import { sha256Hex } from '../sha256.js';
import { scoreSkillPreview, truncatePreview } from '@service/scanner';
import type { McpServerItem, PluginItem, SkillItem } from './schemas.js';
import { assertInventoryRoom, type InventoryLimits } from './limits.js';

export interface StoredSkill {
  name: string;
  source: string;
  preview: string;
  hash: string;
  risk_score: number;
  risk_level: string;
  risk_flags: string;
}

/** The stored form of a reported skill: bounded preview, hash, server-side score. */
export function storedSkill(item: SkillItem): StoredSkill {
  const preview = truncatePreview(item.preview);
  // Without a client hash (the spec's field is the full file's SHA-256) the preview's stands in.
  const hash = item.hash ?? sha256Hex(preview);
  const risk = scoreSkillPreview(preview);
  return { name: item.name, source: item.source, preview, hash, risk_score: risk.score, risk_level: risk.level, risk_flags: risk.flags.join(',') };
}

export interface UpsertCounts {
  added: number;
  changed: number;
  unchanged: number;
}

export async function upsertSkills(repo: InventoryRepo, orgId: string, workstationId: string, items: SkillItem[], now: number, limits: InventoryLimits): Promise<UpsertCounts> {
  // Last entry wins when a report names the same (name, source) twice.
  const reported = new Map<string, StoredSkill>();
  for (const item of items) {
    const s = storedSkill(item);
    reported.set(`${s.source}\u0000${s.name}`, s);
  }
  const existing = new Map<string, string>();
  for (const r of await repo.skillHashes(orgId, workstationId)) existing.set(`${r.source}\u0000${r.name}`, r.hash);

  const added: SkillRow[] = [];
  const unchanged = new Map<string, string[]>();
  let changed = 0;
  for (const [key, s] of reported) {
    const old = existing.get(key);
    if (old === undefined) {
      added.push({ workstation_id: workstationId, org_id: orgId, ...s, previous_hash: null, first_seen_at: now, last_seen_at: now, hash_changed_at: null });
    } else if (old !== s.hash) {
      changed++;
      await repo.updateSkill(orgId, workstationId, s, { ...s, previous_hash: old, hash_changed_at: now, last_seen_at: now });
    } else {
      unchanged.set(s.source, [...(unchanged.get(s.source) ?? []), s.name]);
    }
  }
  // A refusal throws inside the report's transaction: the updates above roll back with it.
  await assertInventoryRoom(repo, 'skills', orgId, workstationId, added.length, limits, existing.size);
  await repo.insertSkills(added);
  let same = 0;
  for (const [source, names] of unchanged) same += await repo.touchSkills(orgId, workstationId, source, names, now);
  return { added: added.length, changed, unchanged: same };
}

export async function upsertMcpServers(repo: InventoryRepo, orgId: string, workstationId: string, items: McpServerItem[], now: number, limits: InventoryLimits): Promise<number> {
  const rows = new Map<string, McpServerRow>();
  for (const m of items) {
    rows.set(`${m.platform}\u0000${m.source}\u0000${m.name}`, {
      workstation_id: workstationId,
      org_id: orgId,
      name: m.name,
      type: m.type,
      command: m.type === 'stdio' ? m.command : null,
      source: m.source,
      platform: m.platform,
      first_seen_at: now,
      last_seen_at: now,
    });
  }
  const known = new Set((await repo.mcpServerKeys(orgId, workstationId)).map((r) => `${r.platform}\u0000${r.source}\u0000${r.name}`));
  let adding = 0;
  for (const key of rows.keys()) if (!known.has(key)) adding++;
  await assertInventoryRoom(repo, 'mcp_servers', orgId, workstationId, adding, limits, known.size);
  await repo.upsertMcpServers([...rows.values()]);
  return rows.size;
}

export async function upsertPlugins(repo: InventoryRepo, orgId: string, workstationId: string, items: PluginItem[], now: number, limits: InventoryLimits): Promise<number> {
  const rows = new Map<string, PluginRow>();
  for (const p of items) {
    rows.set(`${p.platform}\u0000${p.full_name}`, {
      workstation_id: workstationId,
      org_id: orgId,
      full_name: p.full_name,
      version: p.version || null,
      platform: p.platform,
      source: p.source || null,
      first_seen_at: now,
      last_seen_at: now,
    });
  }
  const known = new Set((await repo.pluginKeys(orgId, workstationId)).map((r) => `${r.platform}\u0000${r.full_name}`));
  let adding = 0;
  for (const key of rows.keys()) if (!known.has(key)) adding++;
  await assertInventoryRoom(repo, 'plugins', orgId, workstationId, adding, limits, known.size);
  await repo.upsertPlugins([...rows.values()]);
  return rows.size;
}

/** Uninstall lifecycle events remove one inventory row; returns rows removed. */
export function removeInventoryItem(repo: InventoryRepo, orgId: string, workstationId: string, item: InventoryItemRef): Promise<number> {
  return repo.removeItem(orgId, workstationId, item);
}
