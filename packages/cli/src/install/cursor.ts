// Cursor: command hooks (Cursor has no HTTP hook type) that run the forwarder.
// Files: ~/.cursor/hooks.json or <project>/.cursor/hooks.json, format {"version":1,"hooks":{…}}
// with flat handler lists. The command carries no key (the forwarder reads the key file), so
// the project file is safe to commit.
import { join } from 'node:path';
import { dropIfEmpty, mergeHookEntries, objectAt } from './hook-entries.js';
import { editJson, jsonLeftEmpty } from './json-surface.js';
import type { InstallOptions, Scope, TargetContext } from './types.js';

export const CURSOR_EVENTS = ['beforeSubmitPrompt', 'preToolUse', 'postToolUse'] as const;

export function cursorHooksPath(scope: Scope, ctx: TargetContext): string {
  return join(scope === 'user' ? ctx.home : ctx.projectDir, '.cursor', 'hooks.json');
}

export function installCursor(text: string | null, opts: InstallOptions, label = 'Cursor hooks.json'): string {
  return editJson(text, label, (root) => {
    // A file we create gets the format's version; an existing file is left as it is.
    if (text === null || text.trim() === '') root.version = 1;
    const desired = new Map<string, unknown>(CURSOR_EVENTS.map((event) => [event, { command: opts.commands.forward('cursor', event), timeout: 10 }]));
    mergeHookEntries(objectAt(root, 'hooks', label), desired, 'flat');
  });
}

export function uninstallCursor(text: string, label = 'Cursor hooks.json'): string {
  return editJson(text, label, (root) => {
    if (root.hooks === undefined) return;
    mergeHookEntries(objectAt(root, 'hooks', label), new Map(), 'flat');
    dropIfEmpty(root, 'hooks');
  });
}

export const cursorLeftEmpty = (text: string): boolean => jsonLeftEmpty(text, ['version']);
