// GitHub Copilot CLI / cloud agent. Copilot has native HTTP hooks, but only to https://
// URLs (preToolUse and permissionRequest allow nothing else; plain loopback needs
// COPILOT_HOOK_ALLOW_LOCALHOST=1 and still not for preToolUse). So:
//   user scope, https server  → HTTP hooks with the key in the Authorization header
//   otherwise                 → command hooks running the forwarder (no key in the file)
// Project scope always uses command hooks: .github/hooks/ is committed.
// Files: a file of our own, ~/.copilot/hooks/service.json ($COPILOT_HOME/hooks when set) or
// <project>/.github/hooks/service.json; format {"version":1,"hooks":{event:[handler]}}.
import { join } from 'node:path';
import { HOOK_MARKER, MARKER_HEADER } from './hook-commands.js';
import { dropIfEmpty, mergeHookEntries, objectAt } from './hook-entries.js';
import { editJson, jsonLeftEmpty } from './json-surface.js';
import type { InstallOptions, Scope, TargetContext } from './types.js';

export const COPILOT_EVENTS = ['userPromptSubmitted', 'preToolUse', 'postToolUse'] as const;
const COPILOT_TIMEOUT_S = 10;

export function copilotHooksPath(scope: Scope, ctx: TargetContext): string {
  if (scope === 'project') return join(ctx.projectDir, '.github', 'hooks', 'service.json');
  return join(ctx.env.COPILOT_HOME || join(ctx.home, '.copilot'), 'hooks', 'service.json');
}

export function copilotUsesHttp(opts: InstallOptions): boolean {
  return opts.scope === 'user' && opts.serverUrl.startsWith('https://');
}

function handlerFor(opts: InstallOptions, event: string): unknown {
  if (!copilotUsesHttp(opts)) return { type: 'command', bash: opts.commands.forward('copilot', event), timeoutSec: COPILOT_TIMEOUT_S };
  const kind = event.startsWith('post') ? 'audit' : 'evaluate';
  return {
    type: 'http',
    url: `${opts.serverUrl}/api/v1/${kind}?tool=copilot`,
    headers: {
      Authorization: `Bearer ${opts.key}`,
      'X-Hostname': opts.identity.hostname,
      'X-Machine-Id': opts.identity.machine_id,
      [MARKER_HEADER]: HOOK_MARKER,
    },
    timeoutSec: COPILOT_TIMEOUT_S,
  };
}

export function copilotWarnings(opts: InstallOptions): string[] {
  if (copilotUsesHttp(opts)) return [];
  if (opts.scope === 'user') {
    return ['Copilot accepts HTTP hooks only over https:// (preToolUse allows nothing else), so Copilot gets command hooks through `service hook`; use an https:// server URL to get native HTTP hooks.'];
  }
  return [];
}

export function installCopilot(text: string | null, opts: InstallOptions, label = 'Copilot hooks file'): string {
  return editJson(text, label, (root) => {
    if (text === null || text.trim() === '') root.version = 1;
    const desired = new Map<string, unknown>(COPILOT_EVENTS.map((event) => [event, handlerFor(opts, event)]));
    mergeHookEntries(objectAt(root, 'hooks', label), desired, 'flat');
  });
}

export function uninstallCopilot(text: string, label = 'Copilot hooks file'): string {
  return editJson(text, label, (root) => {
    if (root.hooks === undefined) return;
    mergeHookEntries(objectAt(root, 'hooks', label), new Map(), 'flat');
    dropIfEmpty(root, 'hooks');
  });
}

export const copilotLeftEmpty = (text: string): boolean => jsonLeftEmpty(text, ['version']);
