// The session-start check-in (POST /api/v1/claude-code/checkin): inventory from
// @service/scanner plus identity and session facts. Used by `service scan-inventory`, which
// runs as Claude Code's command-type SessionStart hook and from MDM scripts.
import { scanInventory, scoreSkillPreview, type Inventory } from '@service/scanner';
import type { MachineIdentity } from '../config/machine-identity.js';
import { claudeSandboxStatus, gitRemote, osVersion, platformName } from './session-facts.js';
import type { HookReport } from '../install/hook-status.js';

export interface SessionStartInput {
  session_id?: string;
  cwd?: string;
  agent_version?: string;
  /** Set when an agent's SessionStart hook ran us (stdin carried its payload). */
  hook_event_name?: string;
}

/** Reads the SessionStart payload; anything unreadable is an empty payload. */
export function parseSessionStart(raw: string): SessionStartInput {
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const v = value as Record<string, unknown>;
    const str = (k: string) => (typeof v[k] === 'string' && (v[k] as string).length <= 4096 ? (v[k] as string) : undefined);
    return { session_id: str('session_id'), cwd: str('cwd'), agent_version: str('agent_version') ?? str('version'), hook_event_name: str('hook_event_name') };
  } catch {
    return {};
  }
}

export interface CheckinBody {
  hostname: string;
  machine_id: string;
  session_id?: string;
  cwd: string;
  platform: string;
  os_version: string;
  agent_version?: string;
  sandbox: 'enabled' | 'disabled' | 'unknown';
  git_remote?: string;
  install_source: string;
  installed_skills: Array<{ name: string; source: string; preview: string; hash: string }>;
  installed_mcp_servers: Array<{ name: string; type: string; source: string; platform: string; command?: string }>;
  installed_plugins: Array<{ full_name: string; version: string; platform: string; source: string }>;
  /** Per-surface hook health (tamper evidence when an installed hook was edited). */
  hooks?: HookReport[];
  /** `scheduled_scan` when no agent session ran us (MDM, cron): no agent surface is implied. */
  reporter?: 'agent_session' | 'scheduled_scan';
}

export interface GatheredCheckin {
  body: CheckinBody;
  inventory: Inventory;
}

export async function gatherCheckin(opts: { home: string; cwd: string; identity: MachineIdentity; input: SessionStartInput; env: NodeJS.ProcessEnv; hooks?: HookReport[] }): Promise<GatheredCheckin> {
  const [inventory, os_version, sandbox, git_remote] = await Promise.all([
    scanInventory({ home: opts.home, cwd: opts.cwd }),
    osVersion(),
    claudeSandboxStatus(opts.home, opts.cwd),
    gitRemote(opts.cwd),
  ]);
  const body: CheckinBody = {
    hostname: opts.identity.hostname,
    machine_id: opts.identity.machine_id,
    ...(opts.input.session_id ? { session_id: opts.input.session_id } : {}),
    cwd: opts.cwd,
    platform: platformName(),
    os_version,
    ...(opts.input.agent_version ? { agent_version: opts.input.agent_version } : {}),
    sandbox,
    ...(git_remote ? { git_remote } : {}),
    // Fleet scripts name their channel (an MDM provider, a package); a person running
    // install-hooks is a manual install.
    install_source: opts.env.SERVICE_INSTALL_SOURCE || 'manual',
    // The upload carries the spec's fields only: local paths and plugin enablement stay here.
    installed_skills: inventory.installed_skills.map(({ name, source, preview, hash }) => ({ name, source, preview, hash })),
    installed_mcp_servers: inventory.installed_mcp_servers.map(({ name, type, source, platform, command }) => ({ name, type, source, platform, ...(command ? { command } : {}) })),
    installed_plugins: inventory.installed_plugins.map(({ full_name, version, platform, source }) => ({ full_name, version, platform, source })),
    ...(opts.hooks ? { hooks: opts.hooks } : {}),
    reporter: opts.input.hook_event_name ? 'agent_session' : 'scheduled_scan',
  };
  return { body, inventory };
}

/** The `--json` view: the inventory with each skill's local risk score; nothing is sent. */
export function localInventoryView(gathered: GatheredCheckin): Record<string, unknown> {
  const { body, inventory } = gathered;
  return {
    ...body,
    installed_skills: inventory.installed_skills.map((s) => ({ ...s, risk: scoreSkillPreview(s.preview) })),
    installed_mcp_servers: inventory.installed_mcp_servers,
    installed_plugins: inventory.installed_plugins,
    warnings: inventory.warnings,
  };
}

/** A plan-limit notice in a check-in answer, if any (shown to the person through stderr). */
export function planLimitMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const label = `${String(b.code ?? '')} ${String(b.error ?? '')}`.toLowerCase();
  if (/limit|plan/.test(label) && typeof b.message === 'string') return b.message;
  // The server answers a new machine past the plan limit with the spec's error body:
  // {error:"Forbidden", message:"Plan limit reached: …", code:403}.
  if (b.code === 403 && typeof b.message === 'string' && /plan limit/i.test(b.message)) return b.message;
  if (typeof b.plan_limit === 'string') return b.plan_limit;
  if (b.plan_limit && typeof b.plan_limit === 'object' && typeof (b.plan_limit as { message?: unknown }).message === 'string') return (b.plan_limit as { message: string }).message;
  if (typeof b.warning === 'string' && /limit|plan/i.test(b.warning)) return b.warning;
  return undefined;
}
