// Claude Code: the spec's hook table as native HTTP hooks, plus a command-type SessionStart
// hook for the inventory scanner (Claude Code accepts only command and mcp_tool hooks on
// SessionStart, so the spec's HTTP session-start entry cannot be written as such).
//
// Files: user scope ~/.claude/settings.json; project scope .claude/settings.local.json, the
// git-ignored local file, because the HTTP hooks carry the key in their Authorization
// header and .claude/settings.json is usually committed.
import { join } from 'node:path';
import { MARKER_HEADER, HOOK_MARKER } from './hook-commands.js';
import { dropIfEmpty, mergeHookEntries, objectAt } from './hook-entries.js';
import { editJson, jsonLeftEmpty } from './json-surface.js';
import type { InstallOptions, Scope, TargetContext } from './types.js';

/** Spec: "Hook timeout | 10 (in hook configuration)". */
export const CLAUDE_HOOK_TIMEOUT_S = 10;

export function claudeCodeSettingsPath(scope: Scope, ctx: TargetContext): string {
  return scope === 'user' ? join(ctx.home, '.claude', 'settings.json') : join(ctx.projectDir, '.claude', 'settings.local.json');
}

function httpGroup(opts: InstallOptions, kind: 'evaluate' | 'audit'): unknown {
  return {
    matcher: '*',
    hooks: [
      {
        type: 'http',
        url: `${opts.serverUrl}/api/v1/claude-code/${kind}`,
        timeout: CLAUDE_HOOK_TIMEOUT_S,
        headers: {
          Authorization: `Bearer ${opts.key}`,
          'X-Hostname': opts.identity.hostname,
          'X-Machine-Id': opts.identity.machine_id,
          [MARKER_HEADER]: HOOK_MARKER,
        },
      },
    ],
  };
}

export function claudeCodeEntries(opts: InstallOptions): Map<string, unknown> {
  return new Map<string, unknown>([
    ['SessionStart', { matcher: '*', hooks: [{ type: 'command', command: opts.commands.gateway, timeout: CLAUDE_HOOK_TIMEOUT_S }] }],
    ['UserPromptSubmit', httpGroup(opts, 'evaluate')],
    ['PreToolUse', httpGroup(opts, 'evaluate')],
    ['PostToolUse', httpGroup(opts, 'audit')],
  ]);
}

export function installClaudeCode(text: string | null, opts: InstallOptions, label = 'Claude Code settings'): string {
  return editJson(text, label, (root) => mergeHookEntries(objectAt(root, 'hooks', label), claudeCodeEntries(opts), 'grouped'));
}

export function uninstallClaudeCode(text: string, label = 'Claude Code settings'): string {
  return editJson(text, label, (root) => {
    if (root.hooks === undefined) return;
    mergeHookEntries(objectAt(root, 'hooks', label), new Map(), 'grouped');
    dropIfEmpty(root, 'hooks');
  });
}

export const claudeCodeLeftEmpty = (text: string): boolean => jsonLeftEmpty(text);
