// Local posture checks (spec: POST /api/v1/scans, `checks` items). Each check is a small pure
// function of the evidence read by posture-evidence.ts; a check that does not apply (the agent is
// not installed) returns null and is left out of the report.
//
// `severity` is how much the check matters when it does not pass; `status` is the outcome.
// Details name files, settings and server or skill names, never values such as keys or arguments.
import { hookOwnership, type HookHandler } from './hook-entries.js';
import { effective, nested, type HookEvidence, type HookSurface, type PostureEvidence } from './posture-evidence.js';
import { scoreSkillPreview } from './risk-score.js';

export type PostureSeverity = 'info' | 'low' | 'medium' | 'high' | 'critical';
export type PostureStatus = 'pass' | 'fail' | 'warn' | 'unknown';

export interface PostureCheck {
  check_name: string;
  category: string;
  severity: PostureSeverity;
  status: PostureStatus;
  detail: string;
}

export type PostureCheckFn = (e: PostureEvidence) => PostureCheck | PostureCheck[] | null;

/** Skills at or above this score (High and Critical) fail the high_risk_skills check. */
export const HIGH_RISK_SKILL_SCORE = 51;

function listed(items: string[], max = 10): string {
  return items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

function ownership(handlers: HookHandler[], serverUrl: string | undefined) {
  const ours = handlers.filter((h) => hookOwnership(h, serverUrl) === 'ours');
  const otherServer = handlers.filter((h) => hookOwnership(h, serverUrl) === 'ours_other_server');
  return { ours, otherServer, events: new Set(ours.map((h) => h.event)) };
}

/** The failure shared by every surface, or undefined when some of our hooks are in place. */
function missingHooksFailure(ours: HookHandler[], otherServer: HookHandler[], serverUrl: string | undefined): string | undefined {
  // A hook aimed at another server sends decisions and audit there, so it fails even beside good ones.
  if (otherServer.length > 0) return `${otherServer.length} hook(s) point at another server than ${serverUrl}; run \`service install-hooks\` again`;
  if (ours.length === 0) return 'No hooks of this service found; run `service install-hooks`';
  return undefined;
}

/** Claude Code: the spec's three HTTP hooks plus the command-type SessionStart scanner hook. */
const CLAUDE_REQUIRED_EVENTS = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'SessionStart'];

export const claudeCodeHooks: PostureCheckFn = (e) => {
  const hooks = e.hooks.find((h) => h.surface === 'claude_code') as HookEvidence;
  const check = { check_name: 'claude_code_hooks', category: 'hooks', severity: 'high' } as const;
  if (!e.claudeInstalled) return { ...check, status: 'unknown', detail: 'No Claude Code configuration found (~/.claude is missing)' };
  if (hooks.disabledBy.length > 0) return { ...check, status: 'fail', detail: `disableAllHooks is true in ${hooks.disabledBy[0]}` };
  const { ours, otherServer, events } = ownership(hooks.handlers, e.serverUrl);
  const failure = missingHooksFailure(ours, otherServer, e.serverUrl);
  if (failure) return { ...check, status: 'fail', detail: failure };
  const missing = CLAUDE_REQUIRED_EVENTS.filter((ev) => !events.has(ev));
  if (missing.length > 0) return { ...check, status: 'warn', detail: `Hooks missing for ${missing.join(', ')}` };
  return { ...check, status: 'pass', detail: `Hooks present for ${CLAUDE_REQUIRED_EVENTS.join(', ')}` };
};

/** Events that see a tool call before it runs, per surface (research: summary table). */
const PRE_TOOL_EVENTS: Record<Exclude<HookSurface, 'claude_code'>, string[]> = {
  cursor: ['preToolUse', 'beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile'],
  codex: ['PreToolUse'],
  gemini: ['BeforeTool'],
  windsurf: ['pre_run_command', 'pre_write_code', 'pre_read_code', 'pre_mcp_tool_use'],
  copilot: ['preToolUse', 'PreToolUse'],
};

function otherAgentHooks(surface: Exclude<HookSurface, 'claude_code'>): PostureCheckFn {
  return (e) => {
    const hooks = e.hooks.find((h) => h.surface === surface) as HookEvidence;
    if (!hooks.installed) return null;
    const check = { check_name: `${surface}_hooks`, category: 'hooks', severity: 'medium' } as const;
    if (hooks.disabledBy.length > 0) return { ...check, status: 'fail', detail: `Hooks are disabled in ${hooks.disabledBy[0]}` };
    const { ours, otherServer, events } = ownership(hooks.handlers, e.serverUrl);
    const failure = missingHooksFailure(ours, otherServer, e.serverUrl);
    if (failure) return { ...check, status: 'fail', detail: failure };
    const pre = PRE_TOOL_EVENTS[surface].filter((ev) => events.has(ev));
    if (pre.length === 0) return { ...check, status: 'warn', detail: `No pre-tool hook (${PRE_TOOL_EVENTS[surface].join(' / ')}); calls are audited, not decided` };
    return { ...check, status: 'pass', detail: `Hooks present for ${[...events].sort().join(', ')}` };
  };
}

export const apiKeyFileMode: PostureCheckFn = (e) => {
  const check = { check_name: 'api_key_file_mode', category: 'credentials', severity: 'high' } as const;
  const key = e.keyFile;
  if (key.state === 'missing') return { ...check, status: 'unknown', detail: `No key file at ${key.path} (the key may come from SERVICE_API_KEY or the keychain)` };
  if (key.state === 'error') return { ...check, status: 'unknown', detail: `${key.path}: ${key.reason}` };
  if (e.platform === 'win32') return { ...check, status: 'unknown', detail: 'File modes are not meaningful on Windows; check the ACL' };
  if (!key.isFile) return { ...check, status: 'fail', detail: `${key.path} is not a regular file` };
  const mode = key.mode.toString(8).padStart(4, '0');
  if ((key.mode & 0o077) !== 0) return { ...check, status: 'fail', detail: `${key.path} has mode ${mode}, readable by other users; run chmod 600 ${key.path}` };
  if (key.mode === 0o600 || key.mode === 0o400) return { ...check, status: 'pass', detail: `${key.path} has mode ${mode}` };
  return { ...check, status: 'warn', detail: `${key.path} has mode ${mode}; expected 0600` };
};

export const claudeCodeSandbox: PostureCheckFn = (e) => {
  if (!e.claudeInstalled) return null;
  const check = { check_name: 'claude_code_sandbox', category: 'sandbox', severity: 'medium' } as const;
  const enabled = effective(e.claudeSettings, (d) => {
    const v = nested(d, 'sandbox', 'enabled');
    return typeof v === 'boolean' ? v : undefined;
  });
  if (!enabled) return { ...check, status: 'warn', detail: 'The Bash sandbox is not enabled (no sandbox.enabled in any settings file)' };
  if (!enabled.value) return { ...check, status: 'fail', detail: `sandbox.enabled is false in ${enabled.path}` };
  return { ...check, status: 'pass', detail: `sandbox.enabled is true in ${enabled.path}` };
};

export const claudeCodePermissionMode: PostureCheckFn = (e) => {
  if (!e.claudeInstalled) return null;
  const check = { check_name: 'claude_code_permission_mode', category: 'permissions', severity: 'high' } as const;
  const bypass = e.claudeSettings.filter((f) => nested(f.doc, 'permissions', 'defaultMode') === 'bypassPermissions').map((f) => f.path);
  // Only managed settings can keep a user from switching bypass mode back on.
  const locked = e.claudeSettings.some((f) => f.source === 'managed' && nested(f.doc, 'permissions', 'disableBypassPermissionsMode') === 'disable');
  const skipPrompt = e.claudeSettings.filter((f) => f.doc.skipDangerousModePermissionPrompt === true).map((f) => f.path);
  if (bypass.length > 0 && !locked) return { ...check, status: 'fail', detail: `permissions.defaultMode is "bypassPermissions" in ${listed(bypass)}` };
  if (locked) return { ...check, status: 'pass', detail: 'Managed settings disable bypassPermissions mode' };
  if (skipPrompt.length > 0) return { ...check, status: 'warn', detail: `skipDangerousModePermissionPrompt is true in ${listed(skipPrompt)}` };
  return { ...check, status: 'pass', detail: 'No settings file turns permission prompts off' };
};

export const codexApprovalPolicy: PostureCheckFn = (e) => {
  if (!e.codex.installed) return null;
  const check = { check_name: 'codex_approval_policy', category: 'permissions', severity: 'high' } as const;
  const findings: string[] = [];
  for (const { path, config } of e.codex.configs) {
    for (const p of config.approvalPolicies) if (p.value === 'never') findings.push(`approval_policy = "never" (${p.scope}) in ${path}`);
    for (const m of config.sandboxModes) if (m.value === 'danger-full-access') findings.push(`sandbox_mode = "danger-full-access" (${m.scope}) in ${path}`);
  }
  if (findings.length > 0) return { ...check, status: 'fail', detail: listed(findings, 5) };
  return { ...check, status: 'pass', detail: 'Neither approval_policy = "never" nor sandbox_mode = "danger-full-access" is set' };
};

export const geminiApprovalMode: PostureCheckFn = (e) => {
  if (!e.gemini.installed) return null;
  const check = { check_name: 'gemini_approval_mode', category: 'permissions', severity: 'high' } as const;
  const yolo = e.gemini.settings.filter((f) => nested(f.doc, 'general', 'defaultApprovalMode') === 'yolo').map((f) => f.path);
  const autoAccept = e.gemini.settings.filter((f) => nested(f.doc, 'tools', 'autoAccept') === true || f.doc.autoAccept === true).map((f) => f.path);
  // Current Gemini CLI refuses yolo from settings (command line only), but the setting still shows intent.
  if (yolo.length > 0) return { ...check, status: 'fail', detail: `general.defaultApprovalMode is "yolo" in ${listed(yolo)}` };
  if (autoAccept.length > 0) return { ...check, status: 'warn', detail: `autoAccept is true in ${listed(autoAccept)}` };
  return { ...check, status: 'pass', detail: 'No settings file turns approvals off' };
};

export const mcpServersPinned: PostureCheckFn = (e) => {
  const check = { check_name: 'mcp_servers_pinned', category: 'mcp', severity: 'medium' } as const;
  const unpinned = e.mcp.filter((f) => f.pinning === 'unpinned').map((f) => `${f.entry.name} (${f.entry.platform}, ${f.entry.source})`);
  if (unpinned.length > 0) {
    return { ...check, status: 'warn', detail: `${unpinned.length} MCP server(s) fetch a package without an exact version: ${listed(unpinned)}` };
  }
  return { ...check, status: 'pass', detail: `${e.mcp.length} MCP server(s); none fetches an unpinned package` };
};

export const highRiskSkills: PostureCheckFn = (e) => {
  const risky = e.skills
    .map((s) => ({ s, r: scoreSkillPreview(s.preview) }))
    .filter(({ r }) => r.score >= HIGH_RISK_SKILL_SCORE);
  const severity = risky.some(({ r }) => r.level === 'Critical') ? 'critical' : 'high';
  const check = { check_name: 'high_risk_skills', category: 'skills', severity } as const;
  if (risky.length === 0) return { ...check, status: 'pass', detail: `${e.skills.length} skill(s); none scores High or Critical` };
  const names = risky.map(({ s, r }) => `${s.name} (${s.source}, ${r.level} ${r.score}: ${r.flags.join(' ')})`);
  return { ...check, status: 'fail', detail: `${risky.length} skill(s) score High or Critical: ${listed(names)}` };
};

export const managedSettings: PostureCheckFn = (e) => {
  const { path, state } = e.managedSettings;
  const check = { check_name: 'managed_settings', category: 'management', severity: state === 'invalid' ? 'medium' : 'low' } as const;
  if (state === 'ok') return { ...check, status: 'pass', detail: `Claude Code managed settings present at ${path}` };
  if (state === 'invalid') return { ...check, status: 'fail', detail: `${path} is not a valid JSON object; Claude Code cannot apply it` };
  return { ...check, status: 'warn', detail: `No managed settings at ${path}; users can change or remove hooks and permissions` };
};

/** Every check, in report order. */
export const POSTURE_CHECKS: readonly PostureCheckFn[] = [
  claudeCodeHooks,
  otherAgentHooks('cursor'),
  otherAgentHooks('codex'),
  otherAgentHooks('gemini'),
  otherAgentHooks('windsurf'),
  otherAgentHooks('copilot'),
  apiKeyFileMode,
  claudeCodeSandbox,
  claudeCodePermissionMode,
  codexApprovalPolicy,
  geminiApprovalMode,
  mcpServersPinned,
  highRiskSkills,
  managedSettings,
];
