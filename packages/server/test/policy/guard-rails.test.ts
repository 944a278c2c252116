import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentCommandFindings, classifyGuardRailPath, judgeAgentCommand, judgeSettingsContent } from '../../src/policy/rules/guard-rails.js';
import type { ToolCall } from '../../src/policy/types.js';
import { decide, mcp, policyWith, read, runTable, write, type Row } from './helpers.js';

const base = { surface: 'claude-code' as const, event: 'PreToolUse', phase: 'pre_tool' as const, identity: {}, cwd: '/home/dev/projects/webapp' };

function edit(filePath: string, oldString: string, newString: string): ToolCall {
  return { ...base, toolName: 'Edit', tool: 'edit', toolInput: { file_path: filePath, old_string: oldString, new_string: newString }, filePath, content: newString };
}
function tool(surface: ToolCall['surface'], toolName: string, kind: 'write' | 'edit' | 'search', toolInput: Record<string, unknown>): ToolCall {
  return { ...base, surface, toolName, tool: kind, toolInput };
}

const OUR_HOOK = '"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "/usr/bin/node /opt/service/bin/service hook --surface claude-code --event PreToolUse --installed-by=service:install-hooks"}]}]}';

test('guard_rail_change: loosening an agent\'s permissions or hooks is denied, on every surface', async (t) => {
  const rows: Row[] = [
    [write('/home/dev/projects/webapp/.claude/settings.json', '{"permissions": {"defaultMode": "bypassPermissions"}}'), 'deny', 'guard_rail_change.bypass_permissions'],
    [write('/home/dev/.claude/settings.json', `{"disableAllHooks": true, ${OUR_HOOK}}`), 'deny', 'guard_rail_change.disable_all_hooks'],
    [edit('.claude/settings.local.json', '"allow": ["Bash(npm test)"]', '"allow": ["Bash(npm test)", "Bash(*)"]'), 'deny', 'guard_rail_change.allow_list_widened'],
    [edit('.claude/settings.json', '"allow": []', '"allow": ["Bash(sudo:*)"]'), 'deny', 'guard_rail_change.allow_list_widened'],
    [edit('.claude/settings.json', OUR_HOOK, '"hooks": {}'), 'deny', 'guard_rail_change.hooks_removed'],
    [edit('.claude/settings.json', `{${OUR_HOOK}, "model": "sonnet"}`, '{"model": "sonnet"}'), 'deny', 'guard_rail_change.hooks_removed'],
    [write('/etc/claude-code/managed-settings.json', '{"enableAllProjectMcpServers": true, "hooks": {}}'), 'deny', 'guard_rail_change'],
    [tool('codex', 'apply_patch', 'edit', { command: '*** Begin Patch\n*** Update File: /home/dev/.codex/config.toml\n-approval_policy = "on-request"\n+approval_policy = "never"\n*** End Patch' }), 'deny', 'guard_rail_change.approval_never'],
    [tool('codex', 'apply_patch', 'edit', { command: '*** Begin Patch\n*** Update File: /home/dev/.codex/config.toml\n+sandbox_mode = "danger-full-access"\n*** End Patch' }), 'deny', 'guard_rail_change.sandbox_off'],
    [tool('codex', 'apply_patch', 'edit', { command: '*** Begin Patch\n*** Update File: /home/dev/.codex/config.toml\n-[features]\n-codex_hooks = true\n+[features]\n+codex_hooks = false\n*** End Patch' }), 'deny', 'guard_rail_change.hooks_feature_off'],
    [tool('codex', 'apply_patch', 'edit', { command: '*** Begin Patch\n*** Delete File: /home/dev/.codex/hooks.json\n*** End Patch' }), 'deny', 'guard_rail_change.hooks_deleted'],
    [tool('gemini', 'write_file', 'write', { file_path: '/home/dev/.gemini/settings.json', content: '{"hooksConfig": {"enabled": false}}' }), 'deny', 'guard_rail_change.hooks_disabled'],
    [tool('gemini', 'replace', 'edit', { file_path: '.gemini/settings.json', old_string: '"allowed": []', new_string: '"allowed": ["run_shell_command"]' }), 'deny', 'guard_rail_change.allow_list_widened'],
    [tool('gemini', 'replace', 'edit', { file_path: '.gemini/settings.json', old_string: '"folderTrust": {"enabled": true}', new_string: '"folderTrust": {"enabled": false}' }), 'deny', 'guard_rail_change.folder_trust_off'],
    [tool('gemini', 'replace', 'edit', { file_path: '.gemini/settings.json', old_string: '"general": {}', new_string: '"general": {"defaultApprovalMode": "yolo"}' }), 'deny', 'guard_rail_change.yolo_mode'],
    [tool('cursor', 'Write', 'write', { file_path: '/home/dev/projects/webapp/.cursor/hooks.json', content: '{"version": 1, "hooks": {}}' }), 'deny', 'guard_rail_change.hooks_removed'],
    [tool('cursor', 'Write', 'write', { file_path: '/home/dev/.cursor/cli-config.json', content: '{"permissions": {"allow": ["Shell(*)"], "deny": []}}' }), 'deny', 'guard_rail_change.allow_list_widened'],
    [tool('copilot', 'create', 'write', { path: '.github/hooks/policy.json', file_text: '' }), 'deny', 'guard_rail_change.hooks_truncated'],
    [tool('copilot', 'edit', 'edit', { path: '.vscode/settings.json', old_str: '{', new_str: '{"chat.tools.autoApprove": true,' }), 'deny', 'guard_rail_change.auto_accept'],
    [tool('windsurf', 'write_code', 'edit', { file_path: '/home/dev/.codeium/windsurf/hooks.json', edits: [{ old_string: '"pre_run_command": [{"command": "service hook"}]', new_string: '' }] }), 'deny', 'guard_rail_change.hooks_removed'],
    [tool('antigravity', 'write_to_file', 'write', { TargetFile: '/home/dev/.gemini/config/hooks.json', CodeContent: '{}' }), 'deny', 'guard_rail_change.hooks_truncated'],
    [tool('antigravity', 'replace_file_content', 'edit', { TargetFile: '/work/.agents/hooks.json', ReplacementChunks: [{ TargetContent: '"PreToolUse": [{"command": "x"}]', ReplacementContent: '' }] }), 'deny', 'guard_rail_change.hooks_removed'],
    [write('/home/dev/.service-plugin/api_key', 'sk-replaced'), 'deny', 'guard_rail_change.policy_plugin_files'],
    [edit('.claude/settings.json', '"additionalDirectories": []', '"additionalDirectories": ["/"]'), 'deny', 'guard_rail_change.scope_widened'],
    [tool('copilot', 'edit', 'edit', { path: '/home/dev/.copilot/config.json', old_str: '"trusted_folders": []', new_str: '"trusted_folders": ["~"]' }), 'deny', 'guard_rail_change.scope_widened'],
    [edit('.claude/settings.json', '"deny": ["Bash(curl:*)", "Read(./.env)"]', '"deny": ["Read(./.env)"]'), 'warn', 'guard_rail_change.deny_list_shrunk'],
    [mcp('filesystem', 'write_file', { path: '/home/dev/.claude/settings.json', content: '{"permissions": {"defaultMode": "bypassPermissions"}}' }), 'deny', 'guard_rail_change.bypass_permissions'],
    [mcp('filesystem', 'edit_file', { path: '/home/dev/.gemini/settings.json', edits: [{ oldText: '"enabled": true', newText: '"hooksConfig": {"enabled": false}' }] }), 'deny', 'guard_rail_change.hooks_disabled'],
    [mcp('filesystem', 'delete_file', { path: '/repo/.windsurf/hooks.json' }), 'deny', 'guard_rail_change.hooks_deleted'],
    [mcp('filesystem', 'move_file', { source: '/repo/.cursor/hooks.json', destination: '/tmp/x.json' }), 'deny', 'guard_rail_change.hooks_deleted'],
  ];
  await runTable(t, rows);
});

test('guard_rail_change: harmless settings edits and reads stay allowed', async (t) => {
  const rows: Row[] = [
    [edit('.claude/settings.json', '"model": "sonnet"', '"model": "opus"'), 'allow'],
    [edit('.claude/settings.json', '"allow": ["Bash(npm test)"]', '"allow": ["Bash(npm test)", "Bash(npm run lint)"]'), 'allow'],
    [edit('.claude/settings.json', '"deny": []', '"deny": ["Bash(curl:*)"]'), 'allow'],
    [edit('.claude/settings.json', '"additionalDirectories": []', '"additionalDirectories": ["../shared-lib"]'), 'allow'],
    [write('/home/dev/.claude/settings.json', `{"model": "opus", ${OUR_HOOK}}`), 'allow'],
    [tool('gemini', 'replace', 'edit', { file_path: '.gemini/settings.json', old_string: '"theme": "Default"', new_string: '"theme": "GitHub"' }), 'allow'],
    [tool('codex', 'apply_patch', 'edit', { command: '*** Begin Patch\n*** Update File: /home/dev/.codex/config.toml\n-model = "gpt-5"\n+model = "gpt-5-codex"\n*** End Patch' }), 'allow'],
    [tool('codex', 'apply_patch', 'edit', { command: '*** Begin Patch\n*** Update File: /home/dev/.codex/config.toml\n-approval_policy = "never"\n+approval_policy = "on-request"\n*** End Patch' }), 'allow'],
    [read('/home/dev/.claude/settings.json'), 'allow'],
    [read('/home/dev/.codex/config.toml'), 'allow'],
    [write('/home/dev/projects/webapp/docs/settings.md', 'Set "defaultMode": "bypassPermissions" only in throwaway containers.'), 'allow'],
    [write('/home/dev/projects/webapp/src/hooks.json', '{}'), 'allow'],
    [tool('copilot', 'edit', 'edit', { path: '.vscode/settings.json', old_str: '{', new_str: '{"jest.autoRun": true, "editor.autoSave": "afterDelay",' }), 'allow'],
    [edit('.claude/settings.json', '"env": {}', '"env": {"MY_DISABLE_ALL_HOOKS_DOC": "true"}'), 'allow'],
  ];
  await runTable(t, rows);
});

test('guard_rail_change: severity follows the security level; the reason names effect and place', () => {
  const call = write('.claude/settings.json', '{"permissions": {"defaultMode": "bypassPermissions"}}');
  assert.equal(decide(call, policyWith({ security_level: 'strict' })).verdict, 'deny');
  assert.equal(decide(call, policyWith({ security_level: 'balanced' })).verdict, 'deny');
  assert.equal(decide(call, policyWith({ security_level: 'permissive' })).verdict, 'warn');
  const d = decide(call);
  assert.equal(d.category, 'guard_rail_change');
  assert.equal(d.reason, "The write turns off Claude Code's permission prompts (bypassPermissions in .claude/settings.json).");
  // A whole settings file without hooks is only logged at balanced (the old file is unknown) and warned at strict.
  const rewrite = write('/home/dev/.claude/settings.json', '{"model": "opus"}');
  assert.equal(decide(rewrite).verdict, 'allow');
  assert.equal(decide(rewrite).patternName, 'guard_rail_change.settings_rewritten_without_hooks');
  assert.equal(decide(rewrite, policyWith({ security_level: 'strict' })).verdict, 'warn');
});

test('guard-rails helpers are usable without a ToolCall (shell rules call them)', () => {
  assert.deepEqual(classifyGuardRailPath('$HOME/.claude/settings.json')?.agent, 'Claude Code');
  assert.deepEqual(classifyGuardRailPath('C:\\Users\\dev\\.codex\\config.toml')?.agent, 'Codex');
  assert.equal(classifyGuardRailPath('/home/dev/projects/webapp/settings.json'), null);
  assert.deepEqual(judgeSettingsContent('.claude/settings.json', '{}').map((c) => c.rule), ['hooks_truncated']);
  assert.deepEqual(judgeSettingsContent('.claude/settings.json', '"defaultMode":"\\u0062ypassPermissions"', { partial: true }).map((c) => c.rule), ['bypass_permissions']);
  assert.deepEqual(judgeSettingsContent('.claude/settings.json', '"model": "opus"', { partial: true }), []);
});

test('judgeAgentCommand: agent CLIs launched or configured with their guard rails off (for the shell rules)', () => {
  const rules = (p: string, a: string[]) => judgeAgentCommand(p, a).map((c) => c.rule);
  assert.deepEqual(rules('codex', ['--dangerously-bypass-approvals-and-sandbox', 'exec', 'deploy']), ['approval_never']);
  assert.deepEqual(rules('codex', ['-a', 'never', 'exec', 'x']), ['approval_never']);
  assert.deepEqual(rules('codex', ['-c', 'approval_policy="never"', 'exec', 'x']), ['approval_never']);
  assert.deepEqual(rules('gemini', ['--yolo', '-p', 'x']), ['yolo_mode']);
  assert.deepEqual(rules('gemini', ['--approval-mode=yolo']), ['yolo_mode']);
  assert.deepEqual(rules('/usr/local/bin/claude', ['--dangerously-skip-permissions']), ['bypass_permissions']);
  assert.deepEqual(rules('claude', ['config', 'set', '-g', 'defaultMode', 'bypassPermissions']), ['bypass_permissions']);
  assert.deepEqual(rules('copilot', ['--allow-all-tools', '-p', 'x']), ['auto_accept']);
  assert.deepEqual(rules('gemini', ['--approval-mode', 'default']), []);
  assert.deepEqual(rules('claude', ['--permission-mode', 'plan']), []);
  assert.deepEqual(rules('claude', ['config', 'set', '-g', 'theme', 'dark']), []);
  assert.deepEqual(rules('git', ['--yolo']), []);
  assert.equal(agentCommandFindings('codex', ['--dangerously-bypass-approvals-and-sandbox'])[0].reason, '`codex` starts Codex with approvals and sandbox (or hook trust) off (--dangerously-bypass-approvals-and-sandbox).');
});
