// Windsurf Cascade: command hooks only, and no JSON decision protocol: the forwarder blocks
// with exit code 2 and the reason on stderr. No session-start event exists.
// Files: ~/.codeium/windsurf/hooks.json or <project>/.windsurf/hooks.json, flat lists.
import { join } from 'node:path';
import { dropIfEmpty, mergeHookEntries, objectAt } from './hook-entries.js';
import { editJson, jsonLeftEmpty } from './json-surface.js';
import type { InstallOptions, Scope, TargetContext } from './types.js';

export const WINDSURF_EVENTS = [
  'pre_user_prompt',
  'pre_run_command',
  'pre_read_code',
  'pre_write_code',
  'pre_mcp_tool_use',
  'post_run_command',
  'post_write_code',
  'post_mcp_tool_use',
] as const;

export function windsurfHooksPath(scope: Scope, ctx: TargetContext): string {
  return scope === 'user' ? join(ctx.home, '.codeium', 'windsurf', 'hooks.json') : join(ctx.projectDir, '.windsurf', 'hooks.json');
}

export function installWindsurf(text: string | null, opts: InstallOptions, label = 'Windsurf hooks.json'): string {
  return editJson(text, label, (root) => {
    const desired = new Map<string, unknown>(WINDSURF_EVENTS.map((event) => [event, { command: opts.commands.forward('windsurf', event) }]));
    mergeHookEntries(objectAt(root, 'hooks', label), desired, 'flat');
  });
}

export function uninstallWindsurf(text: string, label = 'Windsurf hooks.json'): string {
  return editJson(text, label, (root) => {
    if (root.hooks === undefined) return;
    mergeHookEntries(objectAt(root, 'hooks', label), new Map(), 'flat');
    dropIfEmpty(root, 'hooks');
  });
}

export const windsurfLeftEmpty = (text: string): boolean => jsonLeftEmpty(text);
