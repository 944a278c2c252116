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
//
// Where the platform has curl (not Windows), a surface's command hook is curl itself: it posts
// the agent's stdin to POST /api/v1/hook, which answers exactly the bytes the agent expects and
// the exit code, with the key and identity headers read from a 0600 file (`-H @FILE`), never from
// the command line. No Node process starts per tool call. It fails open like the Node forwarder:
// an unreachable server, a timeout or an error status prints nothing and exits 0 (`|| true`),
// so a missing curl (exit 127) cannot make Gemini deny every tool either. The Node forwarder
// (`service hook --surface S`) stays the fallback: Windows, no curl, or SERVICE_HOOK_TRANSPORT=node.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failOpenOutcome, type HookSurface as Surface } from '@service/surfaces/forwarder';
import { servicePaths } from '../config/paths.js';

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

/**
 * The install root this CLI runs from: the directory whose `bin/` holds `service`. In a checkout
 * that is the repository (packages/cli/{src,dist}/install → four levels up); in the workstation
 * package the CLI sits in its node_modules (node_modules/@service/cli/dist/install → five up).
 */
export function installRoot(): string {
  const strip = (p: string) => p.replace(/[\\/]$/, '');
  for (const up of ['../../../../', '../../../../../']) {
    const dir = strip(fileURLToPath(new URL(up, import.meta.url)));
    if (existsSync(join(dir, 'bin', 'service'))) return dir;
  }
  return strip(fileURLToPath(new URL('../../../../', import.meta.url)));
}

/** The bundled Node forwarder (scripts/build-hook.mjs), beside this package's dist/. */
export function hookBundlePath(): string {
  return fileURLToPath(new URL('../../dist/hook.cjs', import.meta.url));
}

/** What the curl hook command needs: the curl program, the server, and the 0600 header file. */
export interface CurlTransport {
  curl: string;
  serverUrl: string;
  headerFile: string;
}

/** Seconds curl waits for the whole answer before failing open (the Node forwarder's 2500 ms). */
export const CURL_MAX_TIME_S = 2.5;

/** The response header that carries the hook's exit code (server: routes/v1/hook.ts). */
export const HOOK_EXIT_HEADER = 'x-service-hook-exit';

/**
 * The curl hook command of one surface event. Every surface but Windsurf exits 0 whatever the
 * verdict (the JSON on stdout decides), so the command is curl printing the body, `|| true`.
 * Windsurf blocks only by exit 2 with the reason on stderr: the command appends the exit code
 * from the response header (`-w %header{…}`, curl 7.84+) and a POSIX `case` routes the bytes;
 * an older curl prints no code, so nothing matches and the call is allowed (fail-open).
 */
export function curlForwardCommand(t: CurlTransport, surface: Surface, event: string): string {
  const url = `${t.serverUrl}/api/v1/hook?tool=${surface}&event=${encodeURIComponent(event)}`;
  const curl = `${shellQuote(t.curl, 'linux')} -sf -m ${CURL_MAX_TIME_S} -H @${shellQuote(t.headerFile, 'linux')} -H ${shellQuote(`${MARKER_HEADER}: ${HOOK_MARKER}`, 'linux')} --data-binary @- ${shellQuote(url, 'linux')}`;
  if (surface === 'windsurf') {
    return `o=$(${curl} -w '%header{${HOOK_EXIT_HEADER}}') || exit 0; case "$o" in *2) printf '%s' "\${o%2}" >&2; exit 2;; *0) printf '%s' "\${o%0}";; esac`;
  }
  const open = failOpenOutcome(surface, event).stdout;
  return open ? `${curl} || printf '%s\\n' ${shellQuote(open, 'linux')}` : `${curl} || true`;
}

/**
 * The hook commands. The Node fallback runs the bundled forwarder (`hook.cjs`, the code of
 * `service hook`, one CommonJS file: it starts faster than `bin/service hook`); `hookBundle`
 * defaults to `<root>/packages/cli/dist/hook.cjs`.
 */
export function buildHookCommands(nodePath: string, root: string, platform: NodeJS.Platform = process.platform, curl?: CurlTransport, hookBundle?: string): HookCommands {
  const sep = platform === 'win32' ? '\\' : '/';
  const forwarder = hookBundle ?? `${root}${sep}packages${sep}cli${sep}dist${sep}hook.cjs`;
  const gatewayBin = `${root}${sep}bin${sep}service-mcp-gateway`;
  const node = shellQuote(nodePath, platform);
  return {
    forward: (surface, event) =>
      curl && surface !== 'claude-code' ? curlForwardCommand(curl, surface, event) : `${node} ${shellQuote(forwarder, platform)} --surface ${surface} --event ${event} ${MARKER_ARG}`,
    gateway: `${node} ${shellQuote(gatewayBin, platform)} scan-inventory ${MARKER_ARG}`,
    programs: curl ? [curl.curl, nodePath, forwarder, gatewayBin] : [nodePath, forwarder, gatewayBin],
  };
}

/** The curl program on this machine's PATH (or /usr/bin/curl), or undefined. */
export function findCurl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dirs = ['/usr/bin', ...(env.PATH ?? '').split(delimiter).filter(Boolean)];
  for (const dir of dirs) {
    const candidate = join(dir, 'curl');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The transport this machine's hooks use: curl when the platform has it (not Windows), the
 * server URL is known and SERVICE_HOOK_TRANSPORT is not `node`; otherwise the Node forwarder.
 */
export function curlTransport(serverUrl: string | null | undefined, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): CurlTransport | undefined {
  if (!serverUrl || platform === 'win32' || env.SERVICE_HOOK_TRANSPORT === 'node') return undefined;
  const curl = findCurl(env);
  return curl ? { curl, serverUrl, headerFile: servicePaths(env).hookHeadersFile } : undefined;
}

export function localHookCommands(serverUrl?: string | null, env: NodeJS.ProcessEnv = process.env): HookCommands {
  return buildHookCommands(process.execPath, installRoot(), process.platform, curlTransport(serverUrl, env), hookBundlePath());
}

export function missingPrograms(commands: HookCommands): string[] {
  return commands.programs.filter((p) => !existsSync(p));
}
