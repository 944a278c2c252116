// Google Antigravity (agy). Its hook format is known only from third-party reports
// (research/agent-hook-formats.md §7, UNCONFIRMED): top-level keys are named hook sets,
// PreToolUse/PostToolUse take {matcher?, hooks:[…]} groups, handlers are command hooks.
// We write one named set, "service-policy", and only the two events every report agrees
// fire. No matcher and no timeout are written, since neither's syntax is confirmed.
// Antigravity reads `{}` or an empty decision as DENY; the forwarder prints nothing unless
// the server denies.
// Files: ~/.gemini/config/hooks.json or <workspace>/.agents/hooks.json.
import { join } from 'node:path';
import { carriesMarker } from './hook-commands.js';
import { isJsonObject } from './json-document.js';
import { editJson, jsonLeftEmpty } from './json-surface.js';
import type { InstallOptions, Scope, TargetContext } from './types.js';

export const ANTIGRAVITY_HOOK_NAME = 'service-policy';
export const ANTIGRAVITY_EVENTS = ['PreToolUse', 'PostToolUse'] as const;

export function antigravityHooksPath(scope: Scope, ctx: TargetContext): string {
  return scope === 'user' ? join(ctx.home, '.gemini', 'config', 'hooks.json') : join(ctx.projectDir, '.agents', 'hooks.json');
}

export function installAntigravity(text: string | null, opts: InstallOptions, label = 'Antigravity hooks.json'): string {
  return editJson(text, label, (root) => {
    const existing = root[ANTIGRAVITY_HOOK_NAME];
    if (existing !== undefined && !carriesMarker(existing)) {
      throw new Error(`${label} already has a hook set named "${ANTIGRAVITY_HOOK_NAME}" that we did not write; rename it, then run the command again.`);
    }
    const set: Record<string, unknown> = {};
    for (const event of ANTIGRAVITY_EVENTS) set[event] = [{ hooks: [{ type: 'command', command: opts.commands.forward('antigravity', event) }] }];
    root[ANTIGRAVITY_HOOK_NAME] = set;
  });
}

export function uninstallAntigravity(text: string, label = 'Antigravity hooks.json'): string {
  return editJson(text, label, (root) => {
    const existing = root[ANTIGRAVITY_HOOK_NAME];
    if (isJsonObject(existing) && carriesMarker(existing)) delete root[ANTIGRAVITY_HOOK_NAME];
  });
}

export const antigravityLeftEmpty = (text: string): boolean => jsonLeftEmpty(text);
