// The marker that makes our entries recognizable, and the commands our command hooks run.
//
// Every handler we write carries HOOK_MARKER: command hooks as a trailing
// `--installed-by=service:install-hooks` argument (ignored by the forwarder and the
// scanner), HTTP hooks as an `X-Service-Installed-By` header. Uninstall removes exactly the
// handlers that carry it and nothing else.
//
// Commands name node and our bin by absolute path: a GUI-launched agent often has a PATH
// without the user's node, and on Linux `service` on PATH is the system's /usr/sbin/service.
// Gemini treats a hook whose program is missing (exit 127) as a deny of every tool, so the
// installer checks that both paths exist before writing them.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Surface } from '../hook/surfaces.js';

export const HOOK_MARKER = 'service:install-hooks';
export const MARKER_HEADER = 'X-Service-Installed-By';
export const MARKER_ARG = `--installed-by=${HOOK_MARKER}`;

export function carriesMarker(value: unknown): boolean {
  return JSON.stringify(value ?? null).includes(HOOK_MARKER);
}

export interface HookCommands {
  /** Command line that forwards one hook event of a surface. */
  forward(surface: Surface, event: string): string;
  /** Command line of the session-start inventory scanner. */
  gateway: string;
  /** Programs the commands run; each must exist or some agents block every tool. */
  programs: string[];
}

export function shellQuote(arg: string, platform: NodeJS.Platform = process.platform): string {
  if (/^[\w@%+=:,./-]+$/.test(arg)) return arg;
  if (platform === 'win32') return `"${arg.replace(/"/g, '""')}"`;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The repository root this CLI runs from (packages/cli/{src,dist}/install → four levels up). */
export function installRoot(): string {
  return fileURLToPath(new URL('../../../../', import.meta.url)).replace(/[\\/]$/, '');
}

export function buildHookCommands(nodePath: string, root: string, platform: NodeJS.Platform = process.platform): HookCommands {
  const sep = platform === 'win32' ? '\\' : '/';
  const serviceBin = `${root}${sep}bin${sep}service`;
  const gatewayBin = `${root}${sep}bin${sep}service-mcp-gateway`;
  const node = shellQuote(nodePath, platform);
  return {
    forward: (surface, event) => `${node} ${shellQuote(serviceBin, platform)} hook --surface ${surface} --event ${event} ${MARKER_ARG}`,
    gateway: `${node} ${shellQuote(gatewayBin, platform)} scan-inventory ${MARKER_ARG}`,
    programs: [nodePath, serviceBin, gatewayBin],
  };
}

export function localHookCommands(): HookCommands {
  return buildHookCommands(process.execPath, installRoot());
}

export function missingPrograms(commands: HookCommands): string[] {
  return commands.programs.filter((p) => !existsSync(p));
}
