// The work behind `service install-hooks` and `service uninstall-hooks`, kept apart from
// the oclif commands so tests can drive it with a scratch HOME.
import { resolve } from 'node:path';
import { homeDir } from '../config/paths.js';
import { machineIdentity } from '../config/machine-identity.js';
import { isLoopbackHost } from '../config/server-url.js';
import { HOOK_SURFACES as SURFACES, type HookSurface as Surface } from '@service/surfaces/forwarder';
import { applyChanges, planInstall, planUninstall, type FileChange } from './file-changes.js';
import { localHookCommands, missingPrograms, type HookCommands } from './hook-commands.js';
import { detectSurfaces, surfaceFiles } from './surface-files.js';
import type { InstallOptions, Scope, TargetContext } from './types.js';

export class InstallProblem extends Error {}

export interface RunParams {
  surfaces: Surface[] | 'all';
  scope: Scope;
  projectDir?: string;
  dryRun: boolean;
  env?: NodeJS.ProcessEnv;
}

export interface InstallParams extends RunParams {
  serverUrl: string;
  key: string;
  commands?: HookCommands;
}

export interface RunReport {
  surfaces: Surface[];
  changes: FileChange[];
  warnings: string[];
  notes: string[];
}

export function targetContext(params: RunParams): TargetContext {
  const env = params.env ?? process.env;
  return { home: homeDir(env), projectDir: resolve(params.projectDir ?? process.cwd()), env, platform: process.platform };
}

function chosenSurfaces(params: RunParams, ctx: TargetContext, forInstall: boolean): Surface[] {
  if (params.surfaces !== 'all') return params.surfaces;
  // Install goes to the agents found here; uninstall looks everywhere we may have written.
  if (!forInstall) return [...SURFACES];
  const found = detectSurfaces(ctx);
  if (found.length === 0) throw new InstallProblem('No agent was found on this machine; name one with --surface (claude-code, cursor, codex, gemini, copilot, windsurf, antigravity).');
  return found;
}

export function serverUrlWarnings(serverUrl: string): string[] {
  const url = new URL(serverUrl);
  if (url.protocol === 'https:') return [];
  if (isLoopbackHost(url.hostname)) return [`${serverUrl} is plain HTTP; that is accepted for a server on this machine only.`];
  return [`${serverUrl} is plain HTTP to another machine: the key and every tool call would cross the network unencrypted. Use an https:// URL.`];
}

export async function runInstall(params: InstallParams): Promise<RunReport> {
  const ctx = targetContext(params);
  const surfaces = chosenSurfaces(params, ctx, true);
  const commands = params.commands ?? localHookCommands(params.serverUrl, ctx.env);
  const missing = missingPrograms(commands);
  if (missing.length) {
    // A hook pointing at a missing program blocks every tool call on some agents (Gemini).
    throw new InstallProblem(`These programs do not exist: ${missing.join(', ')}. Build the CLI (npm run build) and run install-hooks from the installed copy.`);
  }
  const opts: InstallOptions = { scope: params.scope, serverUrl: params.serverUrl, key: params.key, identity: await machineIdentity(ctx.env), commands };
  const files = surfaces.flatMap((s) => surfaceFiles(s, params.scope, ctx, opts));
  let changes: FileChange[];
  try {
    changes = planInstall(files);
  } catch (err) {
    throw new InstallProblem((err as Error).message);
  }
  if (!params.dryRun) applyChanges(changes);
  const notes = [...new Set(changes.flatMap((c) => c.notes))];
  const warnings = [...serverUrlWarnings(params.serverUrl), ...new Set(changes.flatMap((c) => c.warnings))];
  return { surfaces, changes, warnings, notes };
}

export async function runUninstall(params: RunParams): Promise<RunReport> {
  const ctx = targetContext(params);
  const surfaces = chosenSurfaces(params, ctx, false);
  const files = surfaces.flatMap((s) => surfaceFiles(s, params.scope, ctx));
  let changes: FileChange[];
  try {
    changes = planUninstall(files);
  } catch (err) {
    throw new InstallProblem((err as Error).message);
  }
  if (!params.dryRun) applyChanges(changes);
  const touched = [...new Set(changes.filter((c) => c.action !== 'unchanged').map((c) => c.surface))];
  return { surfaces: touched, changes, warnings: [], notes: [] };
}
