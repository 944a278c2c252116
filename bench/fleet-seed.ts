// Seeds one org with N workstations, their surfaces, sessions, inventory and shield events, in
// bulk (multi-row inserts in large transactions) for bench/fleet.ts. Distributions are fixed by a
// seeded generator so runs are comparable. Each host's stored classification is computed with
// the server's own functions (buildEvidence + classify), exactly as the classifier would.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { classify, BLOCKED_WINDOW_MS } from '../packages/server/src/fleet/classify.js';
import { buildEvidence, type SurfaceRow, type WorkstationRow } from '../packages/server/src/fleet/evidence-store.js';
import { newId } from '../packages/server/src/ids.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** Deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURFACE_SHARE: Array<[string, number]> = [
  ['claude-code', 0.8],
  ['cursor', 0.35],
  ['codex', 0.15],
  ['copilot', 0.1],
  ['gemini', 0.08],
  ['windsurf', 0.03],
  ['cowork', 0.02],
  ['antigravity', 0.005],
];
const VERSIONS = ['2.1.3', '2.1.2', '2.1.0', '2.0.9', '1.9.4'];
const SKILL_BODIES = [
  'Summarize the diff and write release notes in the style of the changelog.',
  'Deploy with ```bash\nkubectl apply -f k8s/\n``` then curl https://status.internal/health',
  'Reads the API token from the vault and runs pip install -r requirements.txt',
  'Cleans the workspace: rm -rf build dist && npm install',
  'Create file docs/adr-NNNN.md from the template and fill it in.',
  'Runs subprocess checks and eval() on generated snippets; posts results with WebFetch.',
];

export interface SeedOptions {
  hosts: number;
  orgId: string;
  now: number;
  log: (s: string) => void;
}

async function insertChunks(knex: Knex, table: string, rows: Record<string, unknown>[], maxParams: number): Promise<void> {
  if (rows.length === 0) return;
  // SQLite: knex writes multi-row inserts as one compound SELECT, which allows 500 terms.
  const per = Math.max(1, Math.min(Math.floor(maxParams / Object.keys(rows[0]).length), knex.client.config.client === 'better-sqlite3' ? 500 : 2000));
  await knex.transaction(async (trx) => {
    for (let i = 0; i < rows.length; i += per) await trx(table).insert(rows.slice(i, i + per));
  });
}

export async function seedFleet(knex: Knex, dialect: 'sqlite' | 'mysql', o: SeedOptions): Promise<Record<string, number>> {
  const rand = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const maxParams = dialect === 'sqlite' ? 30_000 : 60_000;
  const counts: Record<string, number> = { workstations: 0, surfaces: 0, sessions: 0, skills: 0, mcp_servers: 0, plugins: 0, shield_events: 0 };
  const skillPool = Array.from({ length: 300 }, (_, i) => {
    const preview = `# skill-${i}\n${SKILL_BODIES[i % SKILL_BODIES.length]}\n`.repeat(2).slice(0, 400);
    return { name: `skill-${i}`, preview, hash: createHash('sha256').update(preview).digest('hex') };
  });
  const BATCH = 5000;
  for (let start = 0; start < o.hosts; start += BATCH) {
    const ws: Record<string, unknown>[] = [];
    const surfaces: Record<string, unknown>[] = [];
    const sessions: Record<string, unknown>[] = [];
    const skills: Record<string, unknown>[] = [];
    const mcp: Record<string, unknown>[] = [];
    const plugins: Record<string, unknown>[] = [];
    const events: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(o.hosts, start + BATCH); i++) {
      const firstSeen = o.now - Math.floor(rand() * 90 * DAY) - HOUR;
      const id = newId(firstSeen);
      const online = rand() < 0.3;
      const lastSeen = online ? o.now - Math.floor(rand() * 14 * MIN) : o.now - 15 * MIN - Math.floor(rand() * 30 * DAY);
      const active = rand() < 0.7;
      const lastActivity = active ? Math.min(lastSeen, o.now - Math.floor(rand() * 20 * HOUR)) : rand() < 0.5 ? lastSeen - 2 * DAY : null;
      const r = rand();
      const install = r < 0.6 ? 'manual' : r < 0.9 ? 'mdm' : r < 0.95 ? 'native_linux_rpm' : 'extension';
      const mdm = install === 'mdm';
      const evidence: Record<string, unknown> = { credential_state: rand() < 0.97 ? 'valid' : 'expired' };
      if (rand() < 0.02) evidence.policy_fetch_error = true;
      if (rand() < 0.003) evidence.tamper_evidence = true;
      if (mdm || install === 'native_linux_rpm') {
        evidence.mdm_presence_reported = true;
        evidence.mdm_enrollment_signed = rand() < 0.8;
        evidence.last_mdm_inventory_at = o.now - Math.floor(rand() * 10 * DAY);
        if (rand() < 0.05) evidence.shadow_ai_present = true;
        if (rand() < 0.04) evidence.missing_expected_hook = true;
        if (rand() < 0.02) evidence.expected_runtime_since = o.now - 3 * DAY;
      }
      const row: Record<string, unknown> = {
        id,
        org_id: o.orgId,
        machine_id: `bench-${i}`,
        hostname: `ws-${String(i).padStart(6, '0')}.corp.example`,
        display_name: mdm && rand() < 0.5 ? `Laptop ${i}` : null,
        platform: pick(['darwin', 'linux', 'win32']),
        os_version: pick(['14.5', '24.04', '11 23H2']),
        agent_version: rand() < 0.03 ? null : pick(VERSIONS),
        sandbox: pick(['enabled', 'enabled', 'disabled', 'unknown']),
        git_remote: `git@github.com:acme/repo-${i % 500}.git`,
        install_source: install,
        management_source: mdm ? 'mdm' : install === 'native_linux_rpm' ? 'service' : null,
        mdm_provider: mdm ? pick(['jamf', 'intune', 'kandji']) : install === 'native_linux_rpm' ? 'service' : null,
        os_username: `user${i}`,
        user_hint: rand() < 0.7 ? `user${i}@example.com` : null,
        current_cwd: `/home/user${i}/src/repo-${i % 500}`,
        current_git_remote: `git@github.com:acme/repo-${i % 500}.git`,
        evidence: JSON.stringify(evidence),
        first_seen_at: firstSeen,
        last_seen_at: lastSeen,
        last_agent_activity_at: lastActivity,
        first_agent_activity_at: lastActivity === null ? null : firstSeen,
        last_enforce_event_at: lastActivity !== null && rand() < 0.6 ? lastActivity : null,
        last_blocked_at: rand() < 0.03 ? o.now - Math.floor(rand() * 6 * DAY) : null,
        last_runtime_heartbeat_at: rand() < 0.9 ? lastSeen : null,
        offline_pending: online ? 1 : 0,
        offline_emitted_for: online ? null : lastSeen,
        class_gen: 0,
      };
      const hostSurfaces: SurfaceRow[] = [];
      for (const [surface, share] of SURFACE_SHARE) {
        if (rand() >= share) continue;
        const cowork = surface === 'cowork' && rand() < 0.5;
        hostSurfaces.push({
          workstation_id: id,
          surface,
          hook_type: surface === 'cowork' ? 'extension' : surface === 'claude-code' ? 'http' : 'command',
          first_seen_at: firstSeen,
          last_event_at: cowork ? 0 : lastSeen,
          hooks_healthy: rand() < 0.9 ? 1 : rand() < 0.5 ? 0 : null,
          scope: rand() < 0.05 ? 'workspace' : 'user',
        });
      }
      if (mdm && rand() < 0.3 && !hostSurfaces.some((s) => s.surface === 'windsurf')) hostSurfaces.push({ workstation_id: id, surface: 'windsurf', hook_type: 'mdm', first_seen_at: firstSeen, last_event_at: o.now - DAY, hooks_healthy: 1, scope: 'managed' });
      const sessionCount = 1 + Math.floor(rand() * 5);
      for (let s = 0; s < sessionCount; s++) {
        const started = lastSeen - Math.floor(rand() * 10 * DAY);
        sessions.push({ id: newId(started), org_id: o.orgId, workstation_id: id, session_key: `sess-${i}-${s}`, surface: 'claude-code', cwd: row.current_cwd, git_remote: row.git_remote, user_hint: row.user_hint, agent_version: row.agent_version, started_at: started, last_seen_at: Math.min(lastSeen, started + 2 * HOUR), ended_at: s === 0 && online ? null : started + 2 * HOUR });
      }
      const ev = buildEvidence(row as WorkstationRow, hostSurfaces, { sessionsTotal: sessionCount }, o.now, BLOCKED_WINDOW_MS);
      Object.assign(row, classify(ev, o.now, (row.last_blocked_at as number | null) ?? null));
      ws.push(row);
      for (const s of hostSurfaces) surfaces.push({ ...s, org_id: o.orgId });
      const skillCount = Math.floor(rand() * 6);
      const chosen = new Set<number>();
      for (let k = 0; k < skillCount; k++) chosen.add(Math.floor(rand() ** 2 * skillPool.length));
      for (const k of chosen) {
        const s = skillPool[k];
        skills.push({ workstation_id: id, org_id: o.orgId, name: s.name, source: k % 7 === 0 ? 'project' : 'global', preview: s.preview, hash: s.hash, previous_hash: null, risk_score: 20 + (k % 5) * 15, risk_level: ['Low', 'Medium', 'Medium', 'High', 'Critical'][k % 5], risk_flags: 'network_access', first_seen_at: firstSeen, last_seen_at: lastSeen, hash_changed_at: null });
      }
      for (const name of new Set([pick(['github', 'linear', 'postgres', 'filesystem']), pick(['slack', 'sentry', 'jira', 'browser'])])) {
        mcp.push({ workstation_id: id, org_id: o.orgId, name, type: name === 'browser' ? 'http' : 'stdio', command: name === 'browser' ? null : 'npx', source: 'global', platform: 'claude_code', first_seen_at: firstSeen, last_seen_at: lastSeen });
      }
      plugins.push({ workstation_id: id, org_id: o.orgId, full_name: `${pick(['review', 'deploy', 'docs'])}@acme-marketplace`, version: pick(['1.0.0', '1.1.0']), platform: 'claude_code', source: 'global', first_seen_at: firstSeen, last_seen_at: lastSeen });
      if (rand() < 0.5) {
        const deny = rand() < 0.2;
        const at = o.now - Math.floor(rand() * 9 * DAY);
        events.push({ id: newId(at), org_id: o.orgId, workstation_id: id, hostname: row.hostname, surface: 'claude-code', event: 'PreToolUse', kind: 'evaluate', session_key: `sess-${i}-0`, tool_name: 'Bash', canonical_tool: 'shell', verdict: deny ? 'deny' : 'allow', severity: deny ? 'high' : 'info', pattern_name: deny ? 'destructive_fs.recursive_delete_root' : null, category: deny ? 'destructive_fs' : null, detection_layer: deny ? 'builtin' : 'none', reason: deny ? 'Recursive delete of the root directory' : 'No rule matched', summary: deny ? 'rm -rf /' : 'ls', policy_version: 1, input_hash: null, context: null, created_at: at });
      }
    }
    await insertChunks(knex, 'workstations', ws, maxParams);
    await insertChunks(knex, 'workstation_surfaces', surfaces, maxParams);
    await insertChunks(knex, 'sessions', sessions, maxParams);
    await insertChunks(knex, 'skills', skills, maxParams);
    await insertChunks(knex, 'mcp_servers', mcp, maxParams);
    await insertChunks(knex, 'plugins', plugins, maxParams);
    await insertChunks(knex, 'shield_events', events, maxParams);
    counts.workstations += ws.length;
    counts.surfaces += surfaces.length;
    counts.sessions += sessions.length;
    counts.skills += skills.length;
    counts.mcp_servers += mcp.length;
    counts.plugins += plugins.length;
    counts.shield_events += events.length;
    if ((start / BATCH) % 4 === 3) o.log(`  seeded ${counts.workstations} hosts`);
  }
  return counts;
}
