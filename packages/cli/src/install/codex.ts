// Codex CLI: command hooks in hooks.json. Codex skips hooks that are not trusted, silently,
// so the install also writes their trust entries into $CODEX_HOME/config.toml (see
// codex-trust.ts). Matchers are left out (no matcher = every tool); that also keeps the
// trust hash free of a field Codex drops for some events.
// Files: user scope $CODEX_HOME/hooks.json (CODEX_HOME defaults to ~/.codex); project scope
// <project>/.codex/hooks.json. Trust state always lives in the user's config.toml.
import { join, resolve } from 'node:path';
import { dropIfEmpty, mergeHookEntries, objectAt } from './hook-entries.js';
import { editJson, jsonLeftEmpty } from './json-surface.js';
import type { InstallOptions, Scope, TargetContext } from './types.js';

export const CODEX_EVENTS = ['UserPromptSubmit', 'PreToolUse', 'PostToolUse'] as const;
export const CODEX_TIMEOUT_S = 10;

export function codexHome(ctx: TargetContext): string {
  return resolve(ctx.env.CODEX_HOME || join(ctx.home, '.codex'));
}

export function codexHooksPath(scope: Scope, ctx: TargetContext): string {
  return scope === 'user' ? join(codexHome(ctx), 'hooks.json') : join(resolve(ctx.projectDir), '.codex', 'hooks.json');
}

export function codexConfigPath(ctx: TargetContext): string {
  return join(codexHome(ctx), 'config.toml');
}

export function installCodex(text: string | null, opts: InstallOptions, label = 'Codex hooks.json'): string {
  return editJson(text, label, (root) => {
    const desired = new Map<string, unknown>(
      CODEX_EVENTS.map((event) => [event, { hooks: [{ type: 'command', command: opts.commands.forward('codex', event), timeout: CODEX_TIMEOUT_S }] }]),
    );
    mergeHookEntries(objectAt(root, 'hooks', label), desired, 'grouped');
  });
}

export function uninstallCodex(text: string, label = 'Codex hooks.json'): string {
  return editJson(text, label, (root) => {
    if (root.hooks === undefined) return;
    mergeHookEntries(objectAt(root, 'hooks', label), new Map(), 'grouped');
    dropIfEmpty(root, 'hooks');
  });
}

export const codexLeftEmpty = (text: string): boolean => jsonLeftEmpty(text);
