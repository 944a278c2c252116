// The three published agents this suite drives, where they live, and how to run one bounded.
//
// The agents are installed on demand with `npm install --prefix <cache>/<agent>` into a cache
// outside the project tree (SERVICE_AGENTS_CACHE, default ~/.cache/service-agents): their
// licenses are their own, so they are never dependencies of the product. Pinned to the
// versions the research notes verified; SERVICE_AGENT_<NAME>_VERSION overrides one.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export type AgentName = 'claude-code' | 'gemini-cli' | 'codex';

export interface AgentSpec {
  name: AgentName;
  pkg: string;
  version: string;
  bin: string;
}

export const AGENTS: Record<AgentName, AgentSpec> = {
  'claude-code': { name: 'claude-code', pkg: '@anthropic-ai/claude-code', version: '2.1.197', bin: 'claude' },
  'gemini-cli': { name: 'gemini-cli', pkg: '@google/gemini-cli', version: '0.61.0', bin: 'gemini' },
  codex: { name: 'codex', pkg: '@openai/codex', version: '0.169.0', bin: 'codex' },
};

export function agentsCache(): string {
  return process.env.SERVICE_AGENTS_CACHE || join(homedir(), '.cache', 'service-agents');
}

function wantedVersion(spec: AgentSpec): string {
  const override = process.env[`SERVICE_AGENT_${spec.name.replace(/-/g, '_').toUpperCase()}_VERSION`];
  return override?.trim() || spec.version;
}

function installedVersion(prefix: string, spec: AgentSpec): string | null {
  try {
    return JSON.parse(readFileSync(join(prefix, 'node_modules', ...spec.pkg.split('/'), 'package.json'), 'utf8')).version ?? null;
  } catch {
    return null;
  }
}

/**
 * Path of the agent's executable, installing it first when the cache lacks the wanted version.
 * Throws with npm's own words when it cannot be installed, so the test fails and says why.
 */
export async function ensureAgent(name: AgentName): Promise<{ bin: string; version: string }> {
  const spec = AGENTS[name];
  const version = wantedVersion(spec);
  const prefix = join(agentsCache(), name);
  const bin = join(prefix, 'node_modules', '.bin', spec.bin);
  if (installedVersion(prefix, spec) !== version || !existsSync(bin)) {
    mkdirSync(prefix, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    // Installed from the registry with the person's npm settings, but never inside the project.
    const res = await runBounded(npm, ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `${spec.pkg}@${version}`], {
      cwd: prefix,
      env: process.env,
      timeoutMs: 300_000,
    });
    if (res.code !== 0 || !existsSync(bin)) {
      const why = `${res.stderr}${res.stdout}`.trim().split('\n').slice(-8).join('\n');
      throw new Error(`${spec.pkg}@${version} could not be installed into ${prefix}${res.timedOut ? ' (npm timed out)' : ''}:\n${why}`);
    }
  }
  const actual = installedVersion(prefix, spec);
  if (actual !== version) throw new Error(`${prefix} holds ${spec.pkg}@${actual}, not ${version}`);
  return { bin, version };
}

/** Environment that keeps every agent offline apart from the loopback stand-ins. */
export const QUIET_ENV: Record<string, string> = {
  // Claude Code (tools/README.md)
  DISABLE_TELEMETRY: '1',
  DISABLE_ERROR_REPORTING: '1',
  DISABLE_AUTOUPDATER: '1',
  DISABLE_BUG_COMMAND: '1',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  // Gemini CLI: telemetry off here as well as in settings (privacy.usageStatisticsEnabled)
  GEMINI_TELEMETRY_ENABLED: 'false',
  GEMINI_CLI_NO_RELAUNCH: 'true',
  // Codex has no such variables: the fixture's config.toml turns off its update check and
  // analytics (check_for_update_on_startup, [analytics]), and its OTEL exporter is off by default.
  // npm-installed CLIs look for updates through npm; never here.
  NO_UPDATE_NOTIFIER: '1',
  NPM_CONFIG_UPDATE_NOTIFIER: 'false',
  NO_COLOR: '1',
  CI: '1',
};

/**
 * The environment an agent runs with: the test runner's PATH and Node, nothing else of this
 * process (no real HOME, no keys, no proxy settings), plus `extra`.
 */
export function agentEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const keep = ['PATH', 'LANG', 'TZ', 'TMPDIR', 'SYSTEMROOT'];
  const env: NodeJS.ProcessEnv = {};
  for (const k of keep) if (process.env[k] !== undefined) env[k] = process.env[k];
  return { ...env, HOME: home, USER: process.env.USER ?? 'tester', ...QUIET_ENV, ...extra };
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * Runs a command asynchronously (the test's own server lives in this process, so a blocking
 * spawn would starve it), with stdin closed or fed `input`, and a hard deadline that kills the
 * whole process group (agents leave shells and hook processes behind).
 */
export function runBounded(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; input?: string }): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], detached: true });
    if (opts.input !== undefined) child.stdin!.end(opts.input);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, opts.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Everything a failed assertion should show about an agent run. */
export function describeRun(label: string, r: RunResult): string {
  const cut = (s: string) => (s.length > 4000 ? `…${s.slice(-4000)}` : s);
  return `${label}: exit ${r.code}${r.signal ? ` (${r.signal})` : ''}${r.timedOut ? ' TIMED OUT' : ''} after ${r.ms} ms\n--- stdout\n${cut(r.stdout)}\n--- stderr\n${cut(r.stderr)}`;
}
