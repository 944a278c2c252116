// Reading agents' hook configuration and recognising the hooks this product installs.
//
// Hook files share one outline across agents (research: agent-hook-formats.md): a `hooks` object
// keyed by event, each value a list of either handler groups ({matcher, hooks: [handler…]}, as in
// Claude Code, Codex, Gemini) or handlers directly (Cursor, Windsurf, Copilot). A handler is
// {type, url} for HTTP or carries its command in `command` (Copilot also `bash` / `powershell`).
// Only the event, type, URL and command are kept; headers (which carry the API key) are not.
import { isRecord } from './config-files.js';

export interface HookHandler {
  event: string;
  type?: string;
  url?: string;
  command?: string;
}

/** Most handlers read from one file. */
const MAX_HANDLERS_PER_FILE = 1000;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function handler(event: string, h: unknown): HookHandler | undefined {
  if (!isRecord(h)) return undefined;
  return { event, type: str(h.type), url: str(h.url), command: str(h.command) ?? str(h.bash) ?? str(h.powershell) };
}

export function hookHandlersFromJson(doc: Record<string, unknown> | undefined): HookHandler[] {
  const out: HookHandler[] = [];
  const hooks = doc?.hooks;
  if (!isRecord(hooks)) return out;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups) {
      const inner = isRecord(group) && Array.isArray(group.hooks) ? group.hooks : [group];
      for (const h of inner) {
        const found = handler(event, h);
        if (found) out.push(found);
        if (out.length >= MAX_HANDLERS_PER_FILE) return out;
      }
    }
  }
  return out;
}

export type HookOwnership = 'ours' | 'ours_other_server' | 'foreign';

// Command hooks written by `service install-hooks` and the MDM scanner hook. A quoted program
// path ("/opt/service/bin/service" hook --surface cursor) is recognised too.
const OUR_COMMANDS = [/\bservice["']?\s+hook\s+--surface\b/, /\bservice-mcp-gateway["']?\s+scan-inventory\b/];

function sameServer(url: string, serverUrl: string): boolean {
  try {
    const hook = new URL(url);
    const server = new URL(serverUrl);
    const base = server.pathname.replace(/\/+$/, '');
    return hook.origin === server.origin && hook.pathname.startsWith(`${base}/api/v1/`);
  } catch {
    return false;
  }
}

/**
 * Whether a hook handler is one of ours: an HTTP hook whose URL has /api/v1/ (on `serverUrl`, when
 * given; on another origin it is `ours_other_server`), or a command running `service hook
 * --surface` or `service-mcp-gateway scan-inventory`.
 */
export function hookOwnership(h: HookHandler, serverUrl?: string): HookOwnership {
  if (h.url && h.url.includes('/api/v1/')) {
    if (!serverUrl) return 'ours';
    return sameServer(h.url, serverUrl) ? 'ours' : 'ours_other_server';
  }
  if (h.command && OUR_COMMANDS.some((re) => re.test(h.command as string))) return 'ours';
  return 'foreign';
}
