// Gemini CLI: command hooks only (timeouts in milliseconds). What the real CLI does
// (research/verified-gemini-codex.md) shapes this file:
//  - only {"decision":"deny"|"block","reason"} blocks; the forwarder never passes `ask`
//    through (it hangs a headless run forever);
//  - a hook whose program is missing blocks every tool, so the installer refuses to write a
//    command whose node or bin path does not exist, and uninstall removes every entry it wrote;
//  - hooks run only in trusted folders, which the person grants in Gemini itself.
// Files: ~/.gemini/settings.json or <project>/.gemini/settings.json (no key in either).
import { join } from 'node:path';
import { dropIfEmpty, mergeHookEntries, objectAt } from './hook-entries.js';
import { editJson, jsonLeftEmpty } from './json-surface.js';
import type { InstallOptions, Scope, TargetContext } from './types.js';

export const GEMINI_EVENTS = ['BeforeAgent', 'BeforeTool', 'AfterTool'] as const;
const GEMINI_TIMEOUT_MS = 10_000;

export function geminiSettingsPath(scope: Scope, ctx: TargetContext): string {
  return join(scope === 'user' ? ctx.home : ctx.projectDir, '.gemini', 'settings.json');
}

export function installGemini(text: string | null, opts: InstallOptions, label = 'Gemini settings.json'): string {
  return editJson(text, label, (root) => {
    const desired = new Map<string, unknown>(
      GEMINI_EVENTS.map((event) => [
        event,
        { hooks: [{ type: 'command', name: 'service-policy', command: opts.commands.forward('gemini', event), timeout: GEMINI_TIMEOUT_MS }] },
      ]),
    );
    mergeHookEntries(objectAt(root, 'hooks', label), desired, 'grouped');
  });
}

export function uninstallGemini(text: string, label = 'Gemini settings.json'): string {
  return editJson(text, label, (root) => {
    if (root.hooks === undefined) return;
    mergeHookEntries(objectAt(root, 'hooks', label), new Map(), 'grouped');
    dropIfEmpty(root, 'hooks');
  });
}

export const geminiLeftEmpty = (text: string): boolean => jsonLeftEmpty(text);
