// Writes a host's reported inventory (spec: "The endpoint upserts each skill keyed by (host,
// skill name, skill source)"). Reports only add and refresh rows: a skill missing from one
// check-in may be a project skill of another working directory, so rows are removed only by
// an explicit uninstall event (POST /api/v1/events) or with the host.
//
// Skills are scored here, on the stored 500-byte preview, with the scanner library's scoring
// (the spec's flag table). A changed hash is recorded (previous_hash, hash_changed_at) and
// fires no alert (spec: "a changed hash fires no automatic alert").
import type { Knex } from 'knex';
import { sha256Hex } from '../sha256.js';
import { scoreSkillPreview, truncatePreview } from '@service/scanner';
import type { McpServerItem, PluginItem, SkillItem } from './schemas.js';
import { assertInventoryRoom, type InventoryLimits } from './limits.js';

const CHUNK = 200;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

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

export async function upsertSkills(trx: Knex.Transaction, orgId: string, workstationId: string, items: SkillItem[], now: number, limits: InventoryLimits): Promise<UpsertCounts> {
  // Last entry wins when a report names the same (name, source) twice.
  const reported = new Map<string, StoredSkill>();
  for (const item of items) {
    const s = storedSkill(item);
    reported.set(`${s.source}\u0000${s.name}`, s);
  }
  const existing = new Map<string, string>();
  for (const r of await trx('skills').where({ workstation_id: workstationId }).select('name', 'source', 'hash')) existing.set(`${r.source}\u0000${r.name}`, r.hash);

  const added: Record<string, unknown>[] = [];
  const unchanged = new Map<string, string[]>();
  let changed = 0;
  for (const [key, s] of reported) {
    const old = existing.get(key);
    if (old === undefined) {
      added.push({ workstation_id: workstationId, org_id: orgId, ...s, previous_hash: null, first_seen_at: now, last_seen_at: now, hash_changed_at: null });
    } else if (old !== s.hash) {
      changed++;
      await trx('skills')
        .where({ workstation_id: workstationId, name: s.name, source: s.source })
        .update({ ...s, previous_hash: old, hash_changed_at: now, last_seen_at: now });
    } else {
      unchanged.set(s.source, [...(unchanged.get(s.source) ?? []), s.name]);
    }
  }
  // A refusal throws inside the report's transaction: the updates above roll back with it.
  await assertInventoryRoom(trx, 'skills', orgId, workstationId, added.length, limits, existing.size);
  // MySQL compares names under the column's collation (case- and accent-insensitive by default):
  // `Deploy` or `déploy` is new to the maps above yet the same key as a stored `deploy` there.
  // Merge into that row instead of failing the whole report with a duplicate key.
  const merged = ['preview', 'hash', 'risk_score', 'risk_level', 'risk_flags', 'last_seen_at'];
  for (const rows of chunks(added)) await trx('skills').insert(rows).onConflict(['workstation_id', 'name', 'source']).merge(merged);
  let same = 0;
  for (const [source, names] of unchanged) {
    for (const part of chunks(names)) {
      same += part.length;
      await trx('skills').where({ workstation_id: workstationId, source }).whereIn('name', part).update({ last_seen_at: now });
    }
  }
  return { added: added.length, changed, unchanged: same };
}

export async function upsertMcpServers(trx: Knex.Transaction, orgId: string, workstationId: string, items: McpServerItem[], now: number, limits: InventoryLimits): Promise<number> {
  const rows = new Map<string, Record<string, unknown>>();
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
  const known = new Set((await trx('mcp_servers').where({ workstation_id: workstationId }).select('platform', 'source', 'name')).map((r) => `${r.platform}\u0000${r.source}\u0000${r.name}`));
  let adding = 0;
  for (const key of rows.keys()) if (!known.has(key)) adding++;
  await assertInventoryRoom(trx, 'mcp_servers', orgId, workstationId, adding, limits, known.size);
  for (const part of chunks([...rows.values()])) {
    await trx('mcp_servers').insert(part).onConflict(['workstation_id', 'platform', 'source', 'name']).merge(['type', 'command', 'last_seen_at']);
  }
  return rows.size;
}

export async function upsertPlugins(trx: Knex.Transaction, orgId: string, workstationId: string, items: PluginItem[], now: number, limits: InventoryLimits): Promise<number> {
  const rows = new Map<string, Record<string, unknown>>();
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
  const known = new Set((await trx('plugins').where({ workstation_id: workstationId }).select('platform', 'full_name')).map((r) => `${r.platform}\u0000${r.full_name}`));
  let adding = 0;
  for (const key of rows.keys()) if (!known.has(key)) adding++;
  await assertInventoryRoom(trx, 'plugins', orgId, workstationId, adding, limits, known.size);
  for (const part of chunks([...rows.values()])) {
    await trx('plugins').insert(part).onConflict(['workstation_id', 'platform', 'full_name']).merge(['version', 'source', 'last_seen_at']);
  }
  return rows.size;
}

/** Uninstall lifecycle events remove one inventory row; returns rows removed. */
export async function removeInventoryItem(
  trx: Knex.Transaction,
  workstationId: string,
  item: { component: 'skill' | 'mcp_server' | 'plugin'; name: string; source?: string | null; platform?: string | null },
): Promise<number> {
  if (item.component === 'skill') {
    const q = trx('skills').where({ workstation_id: workstationId, name: item.name });
    return item.source ? q.where({ source: item.source }).delete() : q.delete();
  }
  if (item.component === 'mcp_server') {
    let q = trx('mcp_servers').where({ workstation_id: workstationId, name: item.name });
    if (item.source) q = q.where({ source: item.source });
    if (item.platform) q = q.where({ platform: item.platform });
    return q.delete();
  }
  let q = trx('plugins').where({ workstation_id: workstationId, full_name: item.name });
  if (item.platform) q = q.where({ platform: item.platform });
  return q.delete();
}
