// guard_rail_change: the agent loosening its own guard rails. Each agent reads a settings or
// hooks file that decides whether it asks before acting and which hooks (ours among them)
// see its tool calls. A write that turns the permission prompts off, widens the allow list to
// everything, empties or deletes the hooks, or trusts every folder or MCP server switches the
// policy off from the inside, so it is denied (high) at balanced and strict.
//
// Pure and shell-agnostic: `classifyGuardRailPath` names the file, `judgeSettingsContent`
// judges text being written there (a whole file or only the new side of an edit), and
// `guardRailFindings` turns both into findings. The shell rules call the same functions for
// `echo … > .claude/settings.json`, `tee`, `sed -i`, `rm`. Reading these files is fine.
import type { Finding } from '../findings.js';
import { normalizePath } from '../paths.js';
import type { Severity } from '../types.js';

export const GUARD_RAIL_CATEGORY = 'guard_rail_change';

export type GuardRailKind = 'settings' | 'hooks' | 'plugin';

export interface GuardRailFile {
  /** The agent whose guard rails the file holds, as a developer names it ("Claude Code"). */
  agent: string;
  kind: GuardRailKind;
  /** The path as written, for reasons. */
  display: string;
  editor?: boolean;
}

interface PathRule {
  re: RegExp;
  agent: string;
  kind: GuardRailKind;
  /** An editor's settings: they hold no hooks, so a rewrite without a hooks section drops none. */
  editor?: boolean;
}

// Matched against the normalised, lower-cased path (home spelled `~`). `(?:^|/)` lets project
// files match whatever the checkout directory is.
const PATH_RULES: PathRule[] = [
  { re: /(?:^|\/)\.service-plugin(?:\/|$)/, agent: 'the policy plugin', kind: 'plugin' },
  { re: /(?:^|\/)\.claude\/settings(?:\.local)?\.json$/, agent: 'Claude Code', kind: 'settings' },
  { re: /(?:^|\/)managed-settings(?:\.d\/[^/]+)?\.json$|(?:^|\/)managed-settings\.d\/[^/]+\.json$/, agent: 'Claude Code', kind: 'settings' },
  { re: /(?:^|\/)\.claude\/hooks\.json$|(?:^|\/)\.claude-plugin\/hooks\.json$/, agent: 'Claude Code', kind: 'hooks' },
  { re: /(?:^|\/)\.cursor\/hooks\.json$|(?:^|\/)(?:etc\/)?cursor\/hooks\.json$/, agent: 'Cursor', kind: 'hooks' },
  { re: /(?:^|\/)\.cursor\/(?:cli|cli-config|permissions|settings)\.json$/, agent: 'Cursor', kind: 'settings' },
  { re: /(?:^|\/)\.codex\/(?:config|requirements)\.toml$|^\/etc\/codex\/[^/]+\.toml$/, agent: 'Codex', kind: 'settings' },
  { re: /(?:^|\/)\.codex\/hooks\.json$/, agent: 'Codex', kind: 'hooks' },
  { re: /(?:^|\/)\.gemini\/config\/hooks\.json$|(?:^|\/)\.agents\/hooks\.json$|(?:^|\/)\.gemini\/antigravity\/[^/]+\.json$/, agent: 'Antigravity', kind: 'hooks' },
  { re: /(?:^|\/)\.gemini\/settings\.json$|^\/etc\/gemini-cli\/settings\.json$/, agent: 'Gemini CLI', kind: 'settings' },
  { re: /(?:^|\/)\.github\/hooks\/[^/]+\.json$|(?:^|\/)\.copilot\/hooks(?:\/[^/]+)?\.json$|^\/etc\/github-copilot\/policy\.d\/[^/]+\.json$/, agent: 'GitHub Copilot', kind: 'hooks' },
  { re: /(?:^|\/)\.github\/copilot\/settings(?:\.local)?\.json$|(?:^|\/)\.copilot\/(?:config|settings)\.json$/, agent: 'GitHub Copilot', kind: 'settings' },
  { re: /(?:^|\/)\.vscode\/settings\.json$|(?:^|\/)code(?: - insiders)?\/user\/settings\.json$/, agent: 'VS Code agent mode', kind: 'settings', editor: true },
  // The VS Code forks' user settings hold their agents' command allow lists
  // (`windsurf.cascadeCommandsAllowList`, `chat.tools.terminal.autoApprove`).
  { re: /(?:^|\/)windsurf(?: - next)?\/user\/settings\.json$/, agent: 'Windsurf', kind: 'settings', editor: true },
  { re: /(?:^|\/)cursor\/user\/settings\.json$/, agent: 'Cursor', kind: 'settings', editor: true },
  { re: /(?:^|\/)\.windsurf\/hooks\.json$|(?:^|\/)\.codeium\/(?:windsurf\/)?hooks\.json$|(?:^|\/)(?:etc\/)?windsurf\/hooks\.json$/, agent: 'Windsurf', kind: 'hooks' },
  // Generic plugin and extension hook manifests (Claude Code plugins, Gemini extensions).
  { re: /(?:^|\/)hooks\/hooks\.json$/, agent: 'an agent plugin', kind: 'hooks' },
];
const PATH_HINT = /service-plugin|settings|hooks|\.codex|\.cursor|copilot|windsurf|codeium|\.agents|antigravity/i;

const INSTRUCTION_FILE = /(?:^|[\\/])(?:CLAUDE(?:\.local)?\.md|AGENTS\.md|GEMINI\.md|\.cursorrules|\.windsurfrules|copilot-instructions\.md|[^\\/]+\.instructions\.md|\.cursor[\\/]rules[\\/][^\\/]+\.mdc?|\.windsurf[\\/]rules[\\/][^\\/]+\.md|\.agents?[\\/][^\\/]+\.md|\.claude[\\/](?:agents|commands|skills)[\\/].+\.md)$/i;

/** Files an agent loads as standing instructions at the start of every session. */
export function isAgentInstructionFile(path: string): boolean {
  return path.length < 4096 && INSTRUCTION_FILE.test(path);
}

/** Which agent guard-rail file `path` is, or null. Works on any spelling of home and separators. */
export function classifyGuardRailPath(path: string): GuardRailFile | null {
  if (path.length < 5 || path.length > 4096 || !PATH_HINT.test(path)) return null;
  const p = normalizePath(path).toLowerCase();
  for (const r of PATH_RULES) if (r.re.test(p)) return { agent: r.agent, kind: r.kind, display: path, editor: r.editor };
  return null;
}

export interface GuardRailChange {
  /** Stable rule suffix: `guard_rail_change.<rule>`. */
  rule: string;
  severity: Severity;
  /** What the change does, starting with a verb: "turns off Claude Code's permission prompts". */
  effect: string;
  /** The setting that does it, e.g. `bypassPermissions`. */
  setting: string;
}

interface ContentRule {
  rule: string;
  severity: Severity;
  re: RegExp;
  effect: (agent: string) => string;
  setting: string;
}

// Quoted keys may be bare (TOML, JSON5), single- or double-quoted; values likewise.
const Q = `["']?`;
const SEP = `${Q}\\s*[:=]\\s*`;
// Tools whose unrestricted allow entry means "run anything without asking".
const BROAD_TOOLS = 'bash|shell|run_shell_command|run_terminal_cmd|terminal|execute|exec|command|write|edit|multiedit|write_file|replace|webfetch|web_fetch|mcp__\\*|mcp|\\*';
// A whole tool or a wildcard-only specifier: `Bash`, `Bash(*)`, `Bash(:*)`, `Shell(**)`, `Write(//**)`, `*`.
const BROAD_ENTRY = new RegExp(`["'](?:${BROAD_TOOLS})(?:\\(\\s*(?:[*:/~]|\\*\\*)*\\s*\\))?["']`, 'i');
// Programs whose blanket allowance is as good as any command: interpreters, root, fetch-and-run.
const DANGEROUS_PREFIX = /["'](?:bash|shell)\(\s*(?:sudo|su|doas|rm|curl|wget|bash|sh|zsh|eval|exec|python3?|node|perl|ruby|chmod|chown|dd|ssh|scp|nc|git push)\b[^"')]*\)["']/i;

const CONTENT_RULES: ContentRule[] = [
  // Claude Code (and the VS Code agent that reads its settings).
  // The mode's name is the value of no other setting: an edit that writes it alone (`s/"default"/"bypassPermissions"/`) sets it.
  { rule: 'bypass_permissions', severity: 'high', re: new RegExp(`${Q}(?<![\\w-])defaultMode${SEP}${Q}bypassPermissions|["']bypassPermissions["']`, 'i'), effect: (a) => `turns off ${a}'s permission prompts`, setting: 'bypassPermissions' },
  { rule: 'auto_accept_mode', severity: 'medium', re: new RegExp(`${Q}(?<![\\w-])defaultMode${SEP}${Q}(?:acceptEdits|auto)${Q}`, 'i'), effect: (a) => `makes ${a} accept actions without asking`, setting: 'defaultMode' },
  { rule: 'disable_all_hooks', severity: 'high', re: new RegExp(`${Q}(?<![\\w-])disableAllHooks${SEP}true`, 'i'), effect: (a) => `switches off every ${a} hook, policy checks included`, setting: 'disableAllHooks' },
  { rule: 'enable_all_mcp_servers', severity: 'high', re: new RegExp(`${Q}(?<![\\w-])enableAllProjectMcpServers${SEP}true`, 'i'), effect: (a) => `makes ${a} trust every MCP server a project declares`, setting: 'enableAllProjectMcpServers' },
  { rule: 'skip_dangerous_prompt', severity: 'high', re: new RegExp(`${Q}(?<![\\w-])(?:skipDangerousModePermissionPrompt|dangerously[A-Za-z_]*)${SEP}true`, 'i'), effect: (a) => `turns off ${a}'s safety confirmation`, setting: 'dangerously…' },
  // Codex.
  { rule: 'approval_never', severity: 'high', re: new RegExp(`${Q}(?<![\\w-])approval[_-]?policy${SEP}${Q}never`, 'i'), effect: (a) => `turns off ${a}'s approval prompts`, setting: 'approval_policy = "never"' },
  { rule: 'sandbox_off', severity: 'high', re: new RegExp(`${Q}(?<![\\w-])sandbox[_-]?mode${SEP}${Q}danger-full-access`, 'i'), effect: (a) => `turns off ${a}'s sandbox`, setting: 'sandbox_mode = "danger-full-access"' },
  { rule: 'hooks_feature_off', severity: 'high', re: new RegExp(`${Q}(?<![\\w-])(?:codex_)?hooks${SEP}false`, 'i'), effect: (a) => `switches off ${a}'s hooks`, setting: 'hooks = false' },
  { rule: 'trust_project', severity: 'medium', re: new RegExp(`${Q}(?<![\\w-])trust_level${SEP}${Q}trusted`, 'i'), effect: (a) => `marks a project as trusted by ${a}, so its own config applies unreviewed`, setting: 'trust_level = "trusted"' },
  // Gemini CLI and Antigravity.
  { rule: 'hooks_disabled', severity: 'high', re: new RegExp(`${Q}(?<![\\w-])hooksConfig${Q}\\s*[:=]\\s*\\{[^}]{0,200}?${Q}enabled${SEP}false`, 'i'), effect: (a) => `switches off ${a}'s hooks`, setting: 'hooksConfig.enabled = false' },
  // A hook listed under `disabled` is skipped by name: ours can be switched off without touching the rest.
  { rule: 'hooks_disabled', severity: 'high', re: new RegExp(`${Q}(?<![\\w-])hooks(?:Config)?${Q}\\s*[:=]\\s*\\{[^}]{0,200}?${Q}disabled${Q}\\s*[:=]\\s*\\[\\s*["']`, 'i'), effect: (a) => `switches off named ${a} hooks`, setting: 'hooksConfig.disabled' },
  { rule: 'yolo_mode', severity: 'high', re: new RegExp(`${Q}(?<![\\w-])(?:default)?approval[_-]?mode${SEP}${Q}(?:yolo|auto[_-]?edit|never|full[_-]?auto)|${Q}(?<![\\w-])yolo(?:Mode)?${SEP}true`, 'i'), effect: (a) => `makes ${a} run every tool without asking (YOLO mode)`, setting: 'yolo' },
  { rule: 'auto_accept', severity: 'high', re: new RegExp(`${Q}(?<![\\w-])(?:autoAccept|auto[_-]?approve|autoApprove|allow[_-]?all[_-]?tools|allowAllTools|chat\\.tools\\.(?:global\\.)?autoApprove)${SEP}true`, 'i'), effect: (a) => `makes ${a} approve tool calls automatically`, setting: 'auto-approve' },
  { rule: 'folder_trust_off', severity: 'high', re: new RegExp(`${Q}(?<![\\w-])folderTrust${Q}\\s*[:=]\\s*(?:false|\\{[^}]{0,200}?${Q}enabled${SEP}false)`, 'i'), effect: (a) => `turns off ${a}'s folder-trust check`, setting: 'security.folderTrust.enabled = false' },
  { rule: 'scope_widened', severity: 'high', re: new RegExp(`${Q}(?<![\\w-])(?:additionalDirectories|trusted_folders|trustedFolders|allowed_paths|allowedPaths)${Q}\\s*[:=]\\s*\\[[^\\]]{0,400}?["'](?:\\/|~\\/?|\\$HOME\\/?|\\*|\\/\\*\\*|[A-Za-z]:\\\\{1,2})["']`, 'i'), effect: (a) => `gives ${a} the whole disk or home directory without asking`, setting: 'trusted directories' },
  // A URL or domain allow list gaining a wildcard (Copilot CLI `allowed_urls`, sandbox network allow lists): every host is reachable without asking.
  { rule: 'allow_list_widened', severity: 'high', re: new RegExp(`${Q}(?<![\\w-])(?:allowed_urls|allowedUrls|allowed_domains|allowedDomains|allowed_hosts|allowedHosts)${Q}\\s*[:=]\\s*\\[[^\\]]{0,400}?["'](?:\\*|\\*\\.\\*|https?:\\/\\/\\*|\\*:\\/\\/\\*)(?:\\/\\*{0,2})?["']`, 'i'), effect: (a) => `lets ${a} reach every URL without asking`, setting: 'allowed URLs' },
  // VS Code's terminal auto-approve map (`chat.tools.terminal.autoApprove`) with a key that matches every command: `"/.*/": true`.
  { rule: 'allow_list_widened', severity: 'high', re: new RegExp(`${Q}(?<![\\w-])(?:chat\\.tools\\.terminal\\.)?autoApprove${Q}\\s*[:=]\\s*\\{[^}]{0,400}?["'](?:\\/\\^?\\.[*+]\\$?\\/[a-z]*|\\*)["']\\s*:\\s*true`, 'i'), effect: (a) => `lets ${a} run every terminal command without asking`, setting: 'chat.tools.terminal.autoApprove' },
  { rule: 'sandbox_disabled', severity: 'medium', re: new RegExp(`${Q}(?<![\\w-])sandbox${SEP}false`, 'i'), effect: (a) => `turns off ${a}'s sandbox`, setting: 'sandbox = false' },
];
// Hook event names too: an edit may hold only the emptied event (`"PreToolUse": []`), not the word hooks.
const SETTINGS_HINT = /additionalDirectories|bypassPermissions|trusted_?folders|allowed_?paths|defaultMode|disableAllHooks|enableAllProject|dangerous|approval|sandbox|hooks|trust_level|yolo|auto|allow|folderTrust|ToolUse|BeforeTool|BeforeAgent|before(?:Shell|MCP|ReadFile|SubmitPrompt)|pre_(?:run|read|write|mcp|user)_|userPromptSubmitted|UserPromptSubmit|PreInvocation/i;
// Windsurf's `windsurf.cascadeCommandsAllowList` lists the commands Cascade runs without asking. An
// edit may insert entries at the list's start without its closing bracket (`s/"allow": \[/"allow": ["Bash(*)", /`).
const ALLOW_LIST = new RegExp(`${Q}(?:allow|allowed|allowedTools|allowed_tools|allowlist|trusted_tools|coreTools|autoApprove|(?:windsurf\\.)?cascadeCommandsAllowList)${Q}\\s*[:=]\\s*\\[([^\\]]{0,4000})(?:\\]|$)`, 'gi');
const HOOK_EVENT = /PreToolUse|preToolUse|BeforeTool|beforeShellExecution|beforeMCPExecution|beforeReadFile|pre_run_command|pre_write_code|pre_read_code|pre_mcp_tool_use|UserPromptSubmit|beforeSubmitPrompt|BeforeAgent|pre_user_prompt|userPromptSubmitted|PreInvocation|SessionStart|sessionStart/;
const OUR_MARKER = /service:install-hooks|X-Service-Installed-By/i;
const EMPTY_HOOKS = new RegExp(`${Q}hooks${Q}\\s*[:=]\\s*(?:\\{\\s*\\}|\\[\\s*\\]|null|""|'')`, 'i');
// A hook event emptied in place: `"preToolUse": []`, `"PreToolUse": {}`.
const EMPTY_EVENT = new RegExp(`${Q}(?:${HOOK_EVENT.source})${Q}\\s*[:=]\\s*(?:\\[\\s*\\]|\\{\\s*\\}|null)`);
// Handlers in a hooks block: fewer after the edit than before means some were removed.
const HANDLER = /["']?(?:command|url|bash|powershell)["']?\s*[:=]/g;

// Entries of deny / ask lists: fewer after an edit means a guard was taken away.
const GUARD_LIST = /["']?(?:deny|ask|denied|blocked|excludeTools|exclude)["']?\s*[:=]\s*\[([^\]]{0,4000})\]/gi;

function guardEntries(text: string): number {
  GUARD_LIST.lastIndex = 0;
  let n = 0;
  for (let m = GUARD_LIST.exec(text); m; m = GUARD_LIST.exec(text)) n += (m[1].match(/["'][^"']+["']/g) ?? []).length;
  return n;
}

function handlerCount(text: string): number {
  HANDLER.lastIndex = 0;
  let n = 0;
  while (HANDLER.exec(text) && n < 1000) n++;
  return n;
}

/** Decodes `\uXXXX` escapes so `"\u0062ypassPermissions"` reads as what the agent will parse. */
function unescape(text: string): string {
  return text.includes('\\u') ? text.replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : text;
}

export interface JudgeOptions {
  /** The text the write replaces (an edit's old string), when the tool sent it. */
  oldContent?: string;
  /** True when `content` is only part of the file (an edit), false for a whole-file write. */
  partial?: boolean;
}

/**
 * What writing `content` to the guard-rail file `file` does to the agent's guard rails.
 * Returns every loosening found (empty when the change is harmless, e.g. a model preference).
 */
const FAIL_CLOSED = /["']?failClosed["']?\s*[:=]\s*true/i;

export function judgeSettingsContent(file: GuardRailFile | string, content: string | undefined, opts: JudgeOptions = {}): GuardRailChange[] {
  const f = typeof file === 'string' ? classifyGuardRailPath(file) : file;
  if (!f) return [];
  const agent = f.agent;
  const out: GuardRailChange[] = [];
  const text = unescape((content ?? '').slice(0, 200_000));
  if (f.kind === 'plugin') {
    out.push({ rule: 'policy_plugin_files', severity: 'high', effect: 'replaces the policy plugin\'s key or hook files, which can switch policy checks off', setting: 'the plugin directory' });
    return out;
  }
  // Deleting or truncating the file: every hook it held is gone.
  if (!opts.partial && /^\s*(?:\{\s*\}|\[\s*\]|null)?\s*$/.test(text)) {
    out.push({ rule: 'hooks_truncated', severity: 'high', effect: `empties ${agent}'s ${f.kind === 'hooks' ? 'hooks file' : 'settings file'}, removing its hooks`, setting: 'empty file' });
    return out;
  }
  if (SETTINGS_HINT.test(text)) {
    for (const r of CONTENT_RULES) if (r.re.test(text)) out.push({ rule: r.rule, severity: r.severity, effect: r.effect(agent), setting: r.setting });
    ALLOW_LIST.lastIndex = 0;
    for (let m = ALLOW_LIST.exec(text); m; m = ALLOW_LIST.exec(text)) {
      const entries = m[1];
      const broad = BROAD_ENTRY.exec(entries) ?? DANGEROUS_PREFIX.exec(entries);
      if (broad) {
        out.push({ rule: 'allow_list_widened', severity: 'high', effect: `lets ${agent} run ${broad[0].replace(/["']/g, '')} without asking`, setting: broad[0].replace(/["']/g, '') });
        break;
      }
    }
    if (EMPTY_HOOKS.test(text)) out.push({ rule: 'hooks_removed', severity: 'high', effect: `removes ${agent}'s hooks`, setting: 'hooks' });
    else if (EMPTY_EVENT.test(text)) out.push({ rule: 'hooks_removed', severity: 'high', effect: `empties one of ${agent}'s hook events`, setting: EMPTY_EVENT.exec(text)![0].split(/[:=]/)[0].replace(/["']/g, '').trim() });
  }
  // The settings' `env` block (Claude Code, Gemini CLI) sets variables for every session the agent
  // starts: one that switches its own hooks, approvals or sandbox off (judgeAgentEnv) is a
  // standing change, as the setting itself would be.
  if (AGENT_ENV_NAME_HINT.test(text)) {
    AGENT_ENV_PAIR.lastIndex = 0;
    for (let m = AGENT_ENV_PAIR.exec(text); m; m = AGENT_ENV_PAIR.exec(text)) {
      const c = judgeAgentEnv(m[1], m[2]);
      if (c) {
        out.push({ ...c, severity: 'high', effect: `sets ${m[1]} for every session ${agent} starts, which ${c.effect.replace(/^sets an environment variable that /, '')}` });
        break;
      }
    }
  }
  // An edit whose old text held hooks (ours, or any pre-tool hook) and whose new text does not.
  const old = opts.oldContent !== undefined ? unescape(opts.oldContent.slice(0, 200_000)) : undefined;
  if (old !== undefined && out.every((c) => c.rule !== 'hooks_removed')) {
    const lostOurs = OUR_MARKER.test(old) && !OUR_MARKER.test(text);
    const lostHook = HOOK_EVENT.test(old) && !HOOK_EVENT.test(text) && /hooks|command|url/i.test(old);
    const lostBlock = /["']?hooks["']?\s*[:=]|\[hooks/i.test(old) && !/["']?hooks["']?\s*[:=]|\[hooks/i.test(text);
    const lostHandlers = (HOOK_EVENT.test(old) || /hooks/i.test(old)) && handlerCount(text) < handlerCount(old);
    const lostGuards = guardEntries(old) > guardEntries(text) && /["']?(?:deny|ask|denied|blocked|excludeTools|exclude)["']?\s*[:=]/i.test(old);
    // Cursor's failClosed: true blocks the action when a hook errors or times out; turned back off, a
    // hook that is made to fail lets everything through.
    if (FAIL_CLOSED.test(old) && !FAIL_CLOSED.test(text)) out.push({ rule: 'hooks_fail_open', severity: 'high', effect: `makes ${agent}'s hooks fail open, so an action runs whenever its policy check errors or times out`, setting: 'failClosed' });
    if (lostGuards) out.push({ rule: 'deny_list_shrunk', severity: 'medium', effect: `removes entries from ${agent}'s deny or ask list`, setting: 'deny/ask list' });
    if (lostOurs) out.push({ rule: 'hooks_removed', severity: 'high', effect: `removes the policy hooks from ${agent}'s configuration`, setting: 'hooks' });
    else if (lostHook || lostBlock || lostHandlers) out.push({ rule: 'hooks_removed', severity: 'high', effect: `removes ${agent}'s hooks`, setting: 'hooks' });
  }
  // Hook handlers that do nothing (`true`, `exit 0`, `:`, an echo): the hooks stay in the file but
  // check nothing, which is the same as removing them.
  if (out.every((c) => c.rule !== 'hooks_removed') && (HOOK_EVENT.test(text) || (opts.partial && old !== undefined))) {
    const commands = hookCommands(text);
    const oldCommands = old !== undefined ? hookCommands(old) : [];
    if (commands.length && commands.every((c) => NOOP_COMMAND.test(c)) && (!opts.partial || old === undefined || oldCommands.some((c) => !NOOP_COMMAND.test(c)))) {
      out.push({ rule: 'hooks_removed', severity: 'high', effect: `replaces ${agent}'s hook commands with ones that do nothing (${commands[0].slice(0, 40)})`, setting: 'hooks' });
    }
  }
  // A whole-file rewrite of a hooks file that no longer holds any hook.
  if (!opts.partial && f.kind === 'hooks' && out.length === 0 && !HOOK_EVENT.test(text) && !/["']?command["']?\s*:|["']?url["']?\s*:|bash|powershell/i.test(text)) {
    out.push({ rule: 'hooks_removed', severity: 'high', effect: `rewrites ${agent}'s hooks file without any hook`, setting: 'hooks' });
  }
  // A whole settings file rewritten with no hooks section drops any hooks it had; we cannot see
  // the old file, so this is only logged (a warning at strict).
  if (!opts.partial && f.kind === 'settings' && out.length === 0 && f.agent !== 'Codex' && !f.editor && !/["']?hooks["']?\s*:/.test(text)) {
    out.push({ rule: 'settings_rewritten_without_hooks', severity: 'low', effect: `rewrites ${agent}'s settings without a hooks section, dropping any hooks it held`, setting: 'hooks' });
  }
  return out;
}

// A hook command that checks nothing: the shell's no-ops, a bare exit, an echo of a fixed answer.
const NOOP_COMMAND = /^\s*(?:true|:|\/(?:usr\/)?bin\/true|exit(?:\s+0)?|echo(?:\s[^|;&<>`$]*)?|printf(?:\s[^|;&<>`$]*)?|cmd(?:\.exe)?\s+\/c\s+(?:exit(?:\s+0)?|rem\b.*)|(?:ba)?sh\s+-c\s+(['"])(?:true|:|exit(?:\s+0)?)\1)\s*;?\s*$/i;
const HOOK_COMMAND = /["']command["']\s*:\s*"((?:[^"\\]|\\.){0,500})"|\bcommand\s*=\s*"((?:[^"\\]|\\.){0,500})"/g;

/** The command strings of the hook handlers in a settings or hooks file's text (at most 50). */
function hookCommands(text: string): string[] {
  const out: string[] = [];
  HOOK_COMMAND.lastIndex = 0;
  for (let m = HOOK_COMMAND.exec(text); m && out.length < 50; m = HOOK_COMMAND.exec(text)) out.push((m[1] ?? m[2] ?? '').replace(/\\(["\\])/g, '$1'));
  return out;
}

function location(file: GuardRailFile): string {
  return file.display.length > 120 ? `…${file.display.slice(-117)}` : file.display;
}

/**
 * Findings for writing `content` to `path` (undefined content: unknown). `how` opens the reason
 * when the caller wants one ("The patch", "`tee`"); reasons read
 * "turns off Claude Code's permission prompts (bypassPermissions in .claude/settings.json)".
 */
export function guardRailFindings(path: string, content: string | undefined, opts: JudgeOptions & { how?: string } = {}): Finding[] {
  const file = classifyGuardRailPath(path);
  if (!file) return [];
  if (content === undefined && !opts.partial) return [];
  return judgeSettingsContent(file, content ?? '', opts).map((c) => ({
    patternName: `${GUARD_RAIL_CATEGORY}.${c.rule}`,
    severity: c.severity,
    category: GUARD_RAIL_CATEGORY,
    layer: 'builtin' as const,
    reason: `${opts.how ?? 'The write'} ${c.effect} (${c.setting} in ${location(file)}).`,
    paths: [path],
  }));
}

/** Findings for deleting a guard-rail file (patch deletes, MCP delete tools, `rm`). */
export function guardRailDeletion(path: string, how = 'Deletes'): Finding[] {
  const file = classifyGuardRailPath(path);
  if (!file) return [];
  const what = file.kind === 'plugin' ? "the policy plugin's key or hook files" : `${file.agent}'s ${file.kind === 'hooks' ? 'hooks file' : 'settings file'}`;
  return [{
    patternName: `${GUARD_RAIL_CATEGORY}.hooks_deleted`,
    severity: 'high',
    category: GUARD_RAIL_CATEGORY,
    layer: 'builtin',
    reason: `${how} ${what}, removing its hooks and the policy checks they run (${location(file)}).`,
    paths: [path],
  }];
}

/** One file a write or edit tool touches, as the guard-rail rule needs it. */
export interface GuardRailEdit {
  path: string;
  op: 'write' | 'edit' | 'delete';
  /** New text: the whole file (write) or the inserted text (edit). */
  content?: string;
  /** Replaced text, when the tool sent it (edit old strings, patch `-` lines). */
  old?: string;
}

const NEW_KEYS = ['new_string', 'new_str', 'newString', 'newText', 'new_text', 'ReplacementContent', 'replacement'];
const OLD_KEYS = ['old_string', 'old_str', 'oldString', 'oldText', 'old_text', 'TargetContent', 'target'];
const WHOLE_KEYS = ['content', 'file_text', 'CodeContent', 'contents', 'text', 'new_source', 'data', 'body'];
const PATH_KEYS = ['file_path', 'filePath', 'path', 'TargetFile', 'target_file', 'AbsolutePath', 'filename', 'file', 'notebook_path', 'uri'];

function firstString(o: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const k of keys) if (typeof o[k] === 'string') return o[k] as string;
  return undefined;
}

/** `*** Begin Patch` bodies and unified diffs: per file, the added and removed lines. */
function patchEdits(text: string): GuardRailEdit[] {
  const out: GuardRailEdit[] = [];
  let cur: (GuardRailEdit & { added: string[]; removed: string[] }) | undefined;
  const lines = text.slice(0, 200_000).split(/\r?\n/);
  for (const line of lines) {
    const m = /^\*\*\* (Add|Update|Delete) File: (.+)$/.exec(line) ?? /^\+\+\+ (?:b\/)?(.+)$/.exec(line);
    if (m) {
      const op = m.length === 3 ? (m[1] === 'Add' ? 'write' : m[1] === 'Delete' ? 'delete' : 'edit') : 'edit';
      cur = { path: (m.length === 3 ? m[2] : m[1]).trim(), op, added: [], removed: [] };
      out.push(cur);
    } else if (/^\*\*\* Move to: /.test(line) && cur) {
      out.push({ path: cur.path, op: 'delete' });
      cur.path = line.slice(13).trim();
    } else if (cur && line.startsWith('+')) cur.added.push(line.slice(1));
    else if (cur && line.startsWith('-') && !line.startsWith('---')) cur.removed.push(line.slice(1));
  }
  return out.map((e) => {
    if (!('added' in e)) return e;
    const x = e as GuardRailEdit & { added: string[]; removed: string[] };
    return x.op === 'delete' ? { path: x.path, op: 'delete' } : { path: x.path, op: x.op, content: x.added.join('\n'), old: x.op === 'edit' ? x.removed.join('\n') : undefined };
  });
}

/**
 * The files a write/edit tool call touches, from its raw input, on every surface: Write /
 * write_file / create / write_to_file (whole file), Edit / MultiEdit / replace / str_replace /
 * replace_file_content / Windsurf and Cursor `edits` (old and new text), apply_patch bodies.
 */
export function guardRailEditsOf(toolName: string, input: Record<string, unknown>, kind: 'write' | 'edit'): GuardRailEdit[] {
  const patch = firstString(input, ['command', 'patch', 'input']);
  if (patch && (/^\s*\*\*\* Begin Patch/.test(patch) || (/^\+\+\+ /m.test(patch) && /^@@/m.test(patch)))) return patchEdits(patch);
  const path = firstString(input, PATH_KEYS);
  if (!path) return [];
  if (/^(?:delete|delete_file|remove_file|deletefile)$/i.test(toolName)) return [{ path, op: 'delete' }];
  const news: string[] = [];
  const olds: string[] = [];
  const n = firstString(input, NEW_KEYS);
  const o = firstString(input, OLD_KEYS);
  if (n !== undefined) news.push(n);
  if (o !== undefined) olds.push(o);
  for (const field of ['edits', 'ReplacementChunks', 'chunks']) {
    const list = input[field];
    if (!Array.isArray(list)) continue;
    for (const e of list.slice(0, 200)) {
      if (!e || typeof e !== 'object') continue;
      const ne = firstString(e as Record<string, unknown>, [...NEW_KEYS, ...WHOLE_KEYS]);
      const oe = firstString(e as Record<string, unknown>, OLD_KEYS);
      if (ne !== undefined) news.push(ne);
      if (oe !== undefined) olds.push(oe);
    }
  }
  if (news.length || olds.length) return [{ path, op: 'edit', content: news.join('\n'), old: olds.length ? olds.join('\n') : undefined }];
  const whole = firstString(input, WHOLE_KEYS);
  const appends = /append|insert/i.test(toolName);
  if (whole !== undefined) return [{ path, op: kind === 'write' && !appends ? 'write' : 'edit', content: whole }];
  return [];
}

/** Findings for every guard-rail file a write/edit call touches. */
export function guardRailEditFindings(edits: readonly GuardRailEdit[], how?: string): Finding[] {
  const out: Finding[] = [];
  for (const e of edits) {
    if (e.op === 'delete') out.push(...guardRailDeletion(e.path, how ? `${how} deletes` : 'Deletes'));
    else out.push(...guardRailFindings(e.path, e.content ?? '', { partial: e.op === 'edit', oldContent: e.old, how }));
  }
  return out;
}

// Agent CLIs started (or configured) with their guard rails off. For the shell rules: they pass
// the parsed program name and arguments; nothing here parses shell.
const LAUNCH_FLAGS: { agents: RegExp; flag: RegExp; rule: string; effect: string }[] = [
  { agents: /^claude$/, flag: /^--dangerously-skip-permissions$|^--permission-mode(?:=bypassPermissions)?$|^--allow-dangerously-skip-permissions$/, rule: 'bypass_permissions', effect: "starts Claude Code with its permission prompts off" },
  { agents: /^codex$/, flag: /^--dangerously-bypass-approvals-and-sandbox$|^--yolo$|^--dangerously-bypass-hook-trust$/, rule: 'approval_never', effect: 'starts Codex with approvals and sandbox (or hook trust) off' },
  { agents: /^codex$/, flag: /^(?:-a|--ask-for-approval)(?:=never)?$|^(?:-s|--sandbox)(?:=danger-full-access)?$/, rule: 'approval_never', effect: 'starts Codex without approvals or sandbox' },
  // `--full-auto` is not here: it is `--sandbox workspace-write` with approvals on request, the
  // sandbox kept (codex --help), so it loosens nothing the hooks rely on.
  { agents: /^gemini$/, flag: /^(?:-y|--yolo)$|^--approval-mode(?:=yolo)?$|^--skip-trust$/, rule: 'yolo_mode', effect: 'starts Gemini CLI in YOLO mode' },
  { agents: /^(?:copilot|gh-copilot)$/, flag: /^--allow-all-tools$|^--allow-all-paths$|^--allow-all$|^--yolo$/, rule: 'auto_accept', effect: 'starts Copilot CLI with every tool allowed' },
  { agents: /^(?:cursor-agent|agent)$/, flag: /^(?:-f|--force)$|^--yolo$/, rule: 'auto_accept', effect: 'starts Cursor Agent with every command allowed' },
];
const VALUE_NEEDED: Record<string, RegExp> = {
  '--permission-mode': /^bypassPermissions$/i,
  '-a': /^never$/i,
  '--ask-for-approval': /^never$/i,
  '-s': /^danger-full-access$/i,
  '--sandbox': /^danger-full-access$/i,
  '--approval-mode': /^yolo$/i,
};

/**
 * Guard-rail changes made by running an agent CLI: launch flags that turn approvals, sandbox,
 * hooks or permission prompts off (`codex --dangerously-bypass-approvals-and-sandbox`,
 * `gemini --yolo`, `claude --dangerously-skip-permissions`, `copilot --allow-all-tools`), `-c`
 * overrides (`codex -c approval_policy=never`), and settings commands
 * (`claude config set -g defaultMode bypassPermissions`, `gemini config set …`).
 */
const AGENT_CLIS = new Set(['claude', 'codex', 'gemini', 'copilot', 'gh-copilot', 'cursor-agent', 'agent', 'windsurf', 'agy', 'antigravity']);
// The last letters of those names: a program ending in anything else is not one (its basename
// keeps its last character), so most commands stop at one look-up.
const NO_CHANGES: GuardRailChange[] = [];
const AGENT_LAST_LETTERS = new Set([...AGENT_CLIS].map((n) => n.slice(-1)));

// An agent started from its npm package by a runner (`npx @anthropic-ai/claude-code`,
// `bunx @openai/codex@latest`): the package's name, without its version, names the CLI.
const AGENT_PACKAGES: Record<string, string> = { 'claude-code': 'claude', 'gemini-cli': 'gemini' };

/** The agent CLI `program` names (`claude`, `/opt/homebrew/bin/codex`, `@google/gemini-cli@latest`), or undefined. */
export function agentCliOf(program: string): string | undefined {
  const packaged = program.charCodeAt(0) === 64; /* @scope/name[@version] */
  if (!packaged && !AGENT_LAST_LETTERS.has(program.slice(-1).toLowerCase())) return undefined;
  const base = program.replace(/^.*[\\/]/, '').toLowerCase();
  const name = packaged ? AGENT_PACKAGES[base.replace(/@.*$/, '')] ?? base.replace(/@.*$/, '') : base;
  return AGENT_CLIS.has(name) ? name : undefined;
}

// Allow-list flags of the agent CLIs (Claude Code, Gemini CLI, Copilot CLI).
const CLI_ALLOW_FLAGS = /^--(?:allowedTools|allowed-tools|allow-tool|allowedtools)$/;
// Options that print and exit: the agent never starts, whatever else the line asks.
const PRINTS_AND_EXITS = /^(?:--version|-v|-V|--help|-h)$/;

export function judgeAgentCommand(program: string, args: readonly string[]): GuardRailChange[] {
  // Most programs are no agent CLI: they share one empty answer (callers only read it).
  const name = agentCliOf(program);
  if (name === undefined || args.some((a) => PRINTS_AND_EXITS.test(a))) return NO_CHANGES;
  const out: GuardRailChange[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    for (const l of LAUNCH_FLAGS) {
      if (!l.agents.test(name) || !l.flag.test(flag)) continue;
      const need = VALUE_NEEDED[flag];
      if (need && !need.test(inline ?? args[i + 1] ?? '')) continue;
      out.push({ rule: l.rule, severity: 'high', effect: l.effect, setting: inline !== undefined || !need ? a : `${a} ${args[i + 1]}` });
    }
    // `-c key=value` / `--config key=value` overrides, and `config set [-g] key value`.
    if ((a === '-c' || a === '--config') && args[i + 1]) out.push(...judgeSettingsContent({ agent: agentName(name), kind: 'settings', display: 'a command-line override' }, args[i + 1], { partial: true }));
    // Settings and allow lists given on the command line for this run: `claude --settings '{…}'`,
    // `claude --allowedTools "Bash(*)"`, `gemini --allowed-tools run_shell_command`, `copilot --allow-tool shell`.
    const value = inline ?? args[i + 1];
    if (value !== undefined && CLI_ALLOW_FLAGS.test(flag)) {
      const entries = value.split(/,|\s+(?![^(]*\))/).filter(Boolean).map((e) => JSON.stringify(e));
      out.push(...judgeSettingsContent({ agent: agentName(name), kind: 'settings', display: `${flag} on the command line` }, `"allow": [${entries.join(', ')}]`, { partial: true }));
    } else if (value !== undefined && flag === '--settings' && value.trimStart().startsWith('{')) {
      out.push(...judgeSettingsContent({ agent: agentName(name), kind: 'settings', display: '--settings on the command line' }, value, { partial: true }));
    }
  }
  const set = args.indexOf('set');
  if (args[0] === 'config' && set === 1) {
    const rest = args.slice(2).filter((x) => !x.startsWith('-'));
    if (rest.length >= 2) out.push(...judgeSettingsContent({ agent: agentName(name), kind: 'settings', display: 'its settings' }, `"${rest[0].replace(/^.*\./, '')}": "${rest.slice(1).join(' ')}"`, { partial: true }));
  }
  return out;
}

function agentName(program: string): string {
  return { claude: 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI', copilot: 'GitHub Copilot', 'gh-copilot': 'GitHub Copilot', 'cursor-agent': 'Cursor', agent: 'Cursor', windsurf: 'Windsurf', agy: 'Antigravity', antigravity: 'Antigravity' }[program] ?? program;
}

// Environment variables an agent CLI reads (prefixed with its name) that switch a guard rail off:
// hooks, permission prompts, approvals, the sandbox, workspace trust
// (`CLAUDE_CODE_DISABLE_HOOKS=1`, `GEMINI_CLI_TRUST_WORKSPACE=true`, `COPILOT_ALLOW_ALL=true`,
// `GEMINI_SANDBOX=false`, `CODEX_DANGEROUSLY_BYPASS_APPROVALS=1`). Variables for telemetry,
// updates, models or keys (`CLAUDE_CODE_DISABLE_TELEMETRY`, `GEMINI_MODEL`) say nothing of guard rails.
const AGENT_ENV_PREFIX = /^(?:CLAUDE|CODEX|GEMINI|COPILOT|GH_COPILOT|CURSOR|WINDSURF|CODEIUM|ANTIGRAVITY|AGY)_/i;
const AGENT_ENV_OFF = /(?:DISABLE|SKIP|NO|BYPASS|IGNORE)_(?:ALL_)?(?:HOOKS?|PERMISSIONS?|APPROVALS?|SANDBOX(?:ING)?|TRUST|POLIC(?:Y|IES)|GUARD_?RAILS?|PROMPTS?)(?:_|$)|DANGEROUS|YOLO|TRUST_(?:WORKSPACE|ALL|FOLDERS?|DIRS?)|TRUSTED_WORKSPACE|ALLOW_ALL|AUTO_?APPROVE|FULL_AUTO|UNSAFE/i;
const ENV_ON = /^(?:1|true|yes|on|y|all|always|enabled?)$/i;
const ENV_OFF = /^(?:0|false|no|off|n|none|disabled?|danger-full-access)$/i;

const AGENT_ENV_NAME_HINT = /(?:CLAUDE|CODEX|GEMINI|COPILOT|CURSOR|WINDSURF|CODEIUM|ANTIGRAVITY|AGY)_/i;
// `"NAME": "value"` (JSON) or `NAME = "value"` (TOML) for an agent's variable.
const AGENT_ENV_PAIR = /["']?((?:CLAUDE|CODEX|GEMINI|COPILOT|GH_COPILOT|CURSOR|WINDSURF|CODEIUM|ANTIGRAVITY|AGY)_[A-Z0-9_]{2,60})["']?\s{0,3}[:=]\s{0,3}["']?([\w.-]{1,40})/gi;

/** Guard rails a `NAME=value` for an agent's environment switches off. */
export function judgeAgentEnv(name: string, value: string): GuardRailChange | null {
  if (!AGENT_ENV_PREFIX.test(name)) return null;
  const v = value.replace(/^(['"])(.*)\1$/, '$2');
  const off = AGENT_ENV_OFF.test(name) ? ENV_ON.test(v) : /_SANDBOX(?:ING)?$|_(?:HOOKS|APPROVALS?|PERMISSIONS?)(?:_ENABLED)?$/i.test(name) && ENV_OFF.test(v);
  if (!off) return null;
  return { rule: 'env_override', severity: 'medium', effect: 'sets an environment variable that switches off an agent\'s hooks, approvals, sandbox or workspace trust for the agents started after it', setting: `${name}=${v}` };
}

/** The answer for a command that changes no guard rail; read only (callers iterate it). */
const NO_FINDINGS: Finding[] = [];

/** Findings for an agent CLI invocation (see judgeAgentCommand); reasons name the flag. */
export function agentCommandFindings(program: string, args: readonly string[]): Finding[] {
  const changes = judgeAgentCommand(program, args);
  // Most programs are no agent CLI: one shared empty answer, not two fresh arrays per command.
  if (changes.length === 0) return NO_FINDINGS;
  return changes.map((c) => ({
    patternName: `${GUARD_RAIL_CATEGORY}.${c.rule}`,
    severity: c.severity,
    category: GUARD_RAIL_CATEGORY,
    layer: 'builtin' as const,
    reason: `\`${program.replace(/^.*[\\/]/, '')}\` ${c.effect} (${c.setting}).`,
  }));
}
