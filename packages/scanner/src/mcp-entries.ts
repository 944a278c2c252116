// Turning one agent's MCP server definition into an inventory entry (spec: "MCP server inventory
// entry": command is the basename of the binary only; arguments and environment are not captured).
//
// The arguments are looked at for one thing only, whether a package runner (npx, uvx...) fetches
// an unpinned package, and that is reduced to a three-valued verdict before the function returns.
// Neither arguments, env, URLs nor headers are copied into anything this module returns.
import type { InventorySource, McpPlatform, McpServerInventoryEntry, McpTransport } from './inventory-types.js';
import { isRecord } from './config-files.js';

export type McpPinning = 'pinned' | 'unpinned' | 'not_applicable';

export interface McpServerFinding {
  entry: McpServerInventoryEntry;
  /** For posture only: does the server run a package runner without an exact version? */
  pinning: McpPinning;
}

const MAX_COMMAND_NAME = 128;
const ENV_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

interface SplitCommand {
  program: string;
  inlineArgs: string[];
}

/** Splits a command string into the program and any arguments written inline after it. */
function splitCommand(command: string): SplitCommand {
  const s = command.trim();
  const words = (rest: string) => rest.trim().split(/\s+/).filter(Boolean);
  if (s.startsWith('"') || s.startsWith("'")) {
    const end = s.indexOf(s[0], 1);
    return end === -1 ? { program: s.slice(1), inlineArgs: [] } : { program: s.slice(1, end), inlineArgs: words(s.slice(end + 1)) };
  }
  const windowsPath = /^[A-Za-z]:[\\/].*?\.(?:exe|cmd|bat|com)(?=\s|$)/i.exec(s);
  if (windowsPath) return { program: windowsPath[0], inlineArgs: words(s.slice(windowsPath[0].length)) };
  const tokens = words(s);
  // Leading VAR=value assignments are skipped: their values are often secrets.
  while (tokens.length > 1 && ENV_ASSIGNMENT.test(tokens[0])) tokens.shift();
  return { program: tokens[0] ?? '', inlineArgs: tokens.slice(1) };
}

function programBasename(program: string): string | undefined {
  const base = program.split(/[\\/]/).filter(Boolean).pop();
  // Anything still shaped like an assignment, a URL or a drive is not a program name to report.
  if (!base || /[=:]/.test(base)) return undefined;
  return base.slice(0, MAX_COMMAND_NAME);
}

/**
 * The file name of the program a command string starts, or undefined when none can be told apart
 * safely. Handles quoted programs, Windows paths with spaces ending in .exe/.cmd/.bat/.com, and
 * leading VAR=value assignments.
 */
export function commandBasename(command: string): string | undefined {
  return programBasename(splitCommand(command).program);
}

const EXACT_VERSION = /^v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?$/;

/** npm package spec: pinned only with an exact version; dist-tags and ranges are not pins. */
function npmSpecPinning(spec: string | undefined): McpPinning {
  if (!spec) return 'not_applicable';
  if (/^(?:\.|\/|~|file:|git[+:]|https?:|github:)/.test(spec)) return 'not_applicable';
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  if (at === -1) return 'unpinned';
  return EXACT_VERSION.test(spec.slice(at + 1)) ? 'pinned' : 'unpinned';
}

/** Python package spec for uvx / pipx run: name==1.2.3 or name@1.2.3. */
function pythonSpecPinning(spec: string | undefined): McpPinning {
  if (!spec) return 'not_applicable';
  if (/^(?:\.|\/|~|git\+|https?:)/.test(spec)) return 'not_applicable';
  const m = /(?:==|@)\s*([^\s,;]+)$/.exec(spec);
  return m && EXACT_VERSION.test(m[1]) && !/[<>~!]/.test(spec) ? 'pinned' : 'unpinned';
}

/** The package a runner fetches: the value of `valueFlags` if given, else the first positional. */
function runnerPackage(args: readonly string[], valueFlags: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    for (const flag of valueFlags) {
      if (arg === flag) return args[i + 1];
      if (arg.startsWith(`${flag}=`)) return arg.slice(flag.length + 1);
    }
    if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

/**
 * Whether a stdio server launched by a package runner pins an exact version. Runners: npx, bunx,
 * pnpx, `npm exec`, `pnpm dlx`, `yarn dlx`, uvx, `pipx run`. Other commands are not_applicable.
 */
export function runnerPinning(program: string, args: readonly string[]): McpPinning {
  const name = program.toLowerCase().replace(/\.(?:cmd|exe)$/, '');
  const npmFlags = ['-p', '--package'];
  if (name === 'npx' || name === 'bunx' || name === 'pnpx') return npmSpecPinning(runnerPackage(args, npmFlags));
  if ((name === 'npm' && args[0] === 'exec') || ((name === 'pnpm' || name === 'yarn') && args[0] === 'dlx')) {
    return npmSpecPinning(runnerPackage(args.slice(1), npmFlags));
  }
  if (name === 'uvx') return pythonSpecPinning(runnerPackage(args, ['--from']));
  if (name === 'pipx' && args[0] === 'run') return pythonSpecPinning(runnerPackage(args.slice(1), ['--spec']));
  return 'not_applicable';
}

function urlPathLooksLikeSse(url: string): boolean {
  try {
    return /\/sse\/?$/i.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/**
 * Transport of a server definition. An explicit `type` (or `transport`) wins; otherwise a command
 * means stdio, Gemini's `httpUrl` means streamable HTTP and its `url` means SSE, and any other
 * URL (`url`, Windsurf's `serverUrl`) is SSE when its path ends in /sse, else HTTP.
 */
export function transportOf(cfg: Record<string, unknown>, platform: McpPlatform): McpTransport | undefined {
  const declared = typeof cfg.type === 'string' ? cfg.type : typeof cfg.transport === 'string' ? cfg.transport : undefined;
  switch (declared?.toLowerCase().replace(/[-_\s]/g, '')) {
    case 'stdio':
    case 'local':
      return 'stdio';
    case 'sse':
      return 'sse';
    case 'http':
    case 'streamablehttp':
    case 'remote':
      return 'http';
  }
  if (typeof cfg.command === 'string') return 'stdio';
  if (typeof cfg.httpUrl === 'string') return 'http';
  const url = [cfg.url, cfg.serverUrl, cfg.serverURL].find((u): u is string => typeof u === 'string');
  if (url === undefined) return undefined;
  if (platform === 'gemini' && typeof cfg.url === 'string') return 'sse';
  return urlPathLooksLikeSse(url) ? 'sse' : 'http';
}

/** A server as read from its file: only the fields this module may look at. */
export interface McpServerDefinition {
  name: string;
  type?: unknown;
  transport?: unknown;
  command?: unknown;
  args?: unknown;
  url?: unknown;
  httpUrl?: unknown;
  serverUrl?: unknown;
  serverURL?: unknown;
}

/** Picks the fields of a JSON server definition this module reads; everything else (env, headers) stays behind. */
export function definitionFromJson(name: string, cfg: unknown): McpServerDefinition | undefined {
  if (!isRecord(cfg)) return undefined;
  const { type, transport, command, args, url, httpUrl, serverUrl, serverURL } = cfg;
  return { name, type, transport, command, args, url, httpUrl, serverUrl, serverURL };
}

export function normalizeMcpServer(def: McpServerDefinition, platform: McpPlatform, source: InventorySource): McpServerFinding | undefined {
  const cfg = def as unknown as Record<string, unknown>;
  const type = transportOf(cfg, platform);
  if (!type) return undefined;
  let command: string | undefined;
  let pinning: McpPinning = 'not_applicable';
  if (type === 'stdio' && typeof def.command === 'string') {
    const { program, inlineArgs } = splitCommand(def.command);
    command = programBasename(program);
    if (command) {
      const args = Array.isArray(def.args) ? def.args.filter((a): a is string => typeof a === 'string') : [];
      // A whole command line in `command` ("npx -y pkg") carries its arguments inline.
      pinning = runnerPinning(command, [...inlineArgs, ...args]);
    }
  }
  const entry: McpServerInventoryEntry = command ? { name: def.name, type, command, source, platform } : { name: def.name, type, source, platform };
  return { entry, pinning };
}
