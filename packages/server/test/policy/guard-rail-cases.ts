// The agent guard-rail cases shared by the property tests of the file tools
// (guard-rails-injection.property.test.ts) and of the shell (effect-classes.property.test.ts):
// loosening and harmless settings changes, and every agent's settings and hooks paths.

export interface Change {
  name: string;
  /** The setting as it appears in the file. */
  fragment: string;
  toml?: boolean;
}

export const LOOSENING: Change[] = [
  { name: 'bypassPermissions', fragment: '"permissions": {"defaultMode": "bypassPermissions"}' },
  { name: 'disableAllHooks', fragment: '"disableAllHooks": true' },
  { name: 'enableAllProjectMcpServers', fragment: '"enableAllProjectMcpServers": true' },
  { name: 'allow Bash(*)', fragment: '"permissions": {"allow": ["Bash(*)"]}' },
  { name: 'allow Bash', fragment: '"permissions": {"allow": ["Read", "Bash"]}' },
  { name: 'allow Bash(sudo:*)', fragment: '"permissions": {"allow": ["Bash(sudo:*)"]}' },
  { name: 'Cursor Shell(*)', fragment: '"permissions": {"allow": ["Shell(*)"]}' },
  { name: 'hooks emptied', fragment: '"hooks": {}' },
  { name: 'hook event emptied', fragment: '"hooks": {"PreToolUse": []}' },
  { name: 'Gemini hooksConfig off', fragment: '"hooksConfig": {"enabled": false}' },
  { name: 'Gemini tools.allowed shell', fragment: '"tools": {"allowed": ["run_shell_command"]}' },
  { name: 'Gemini autoAccept', fragment: '"tools": {"autoAccept": true}' },
  { name: 'Gemini yolo', fragment: '"general": {"defaultApprovalMode": "yolo"}' },
  { name: 'folderTrust off', fragment: '"security": {"folderTrust": {"enabled": false}}' },
  { name: 'VS Code autoApprove', fragment: '"chat.tools.autoApprove": true' },
  { name: 'Copilot allow all tools', fragment: '"allow_all_tools": true' },
  { name: 'Codex approval never', fragment: 'approval_policy = "never"', toml: true },
  { name: 'Codex full access', fragment: 'sandbox_mode = "danger-full-access"', toml: true },
  { name: 'Codex hooks off', fragment: '[features]\ncodex_hooks = false', toml: true },
];

export const BENIGN: Change[] = [
  { name: 'model', fragment: '"model": "claude-opus-4"' },
  { name: 'theme', fragment: '"theme": "GitHub"' },
  { name: 'narrow allow', fragment: '"permissions": {"allow": ["Bash(npm run test:*)", "Bash(git status)"]}' },
  { name: 'deny list', fragment: '"permissions": {"deny": ["Bash(curl:*)", "Read(./.env)"]}' },
  { name: 'status line', fragment: '"statusLine": {"type": "command", "command": "~/.claude/statusline.sh"}' },
  { name: 'Codex model', fragment: 'model = "gpt-5-codex"', toml: true },
  { name: 'Codex effort', fragment: 'model_reasoning_effort = "high"', toml: true },
  { name: 'Codex approval on-request', fragment: 'approval_policy = "on-request"', toml: true },
];

export const OUR_HOOKS = '"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "/usr/bin/node /opt/service/bin/service hook --surface claude-code --event PreToolUse --installed-by=service:install-hooks"}]}]}';

export const HOMES = ['/home/dev', '/Users/alice', '~', '$HOME'];
export const PROJECT = '/home/dev/projects/webapp';
// [path under home or project, where]: every agent's settings and hooks files.
export const PATHS: { rel: string; scope: 'home' | 'project' | 'abs' }[] = [
  { rel: '.claude/settings.json', scope: 'home' },
  { rel: '.claude/settings.json', scope: 'project' },
  { rel: '.claude/settings.local.json', scope: 'project' },
  { rel: '/etc/claude-code/managed-settings.json', scope: 'abs' },
  { rel: '.cursor/hooks.json', scope: 'home' },
  { rel: '.cursor/hooks.json', scope: 'project' },
  { rel: '.cursor/cli-config.json', scope: 'home' },
  { rel: '.codex/config.toml', scope: 'home' },
  { rel: '.codex/hooks.json', scope: 'home' },
  { rel: '.gemini/settings.json', scope: 'home' },
  { rel: '.gemini/settings.json', scope: 'project' },
  { rel: '/etc/gemini-cli/settings.json', scope: 'abs' },
  { rel: '.github/hooks/policy.json', scope: 'project' },
  { rel: '.copilot/config.json', scope: 'home' },
  { rel: '.vscode/settings.json', scope: 'project' },
  { rel: '.windsurf/hooks.json', scope: 'project' },
  { rel: '.codeium/windsurf/hooks.json', scope: 'home' },
  { rel: '.gemini/config/hooks.json', scope: 'home' },
  { rel: '.agents/hooks.json', scope: 'project' },
];

export function pathOf(p: (typeof PATHS)[number], home: string): string {
  if (p.scope === 'abs') return p.rel;
  return p.scope === 'home' ? `${home}/${p.rel}` : `${PROJECT}/${p.rel}`;
}

/** The whole file after the write: the change, our hooks (JSON files) and, optionally, other keys. */
export function wholeFile(c: Change, extra: string, pretty: boolean): string {
  if (c.toml) return `# config\nmodel = "gpt-5"\n${c.fragment}\n`;
  const parts = [extra, c.fragment, c.fragment.includes('"hooks"') ? '' : OUR_HOOKS].filter(Boolean);
  return pretty ? `{\n  ${parts.join(',\n  ')}\n}\n` : `{${parts.join(',')}}`;
}
