// `service install-hooks --telemetry`: each agent's own telemetry settings, pointed at our OTLP
// endpoint with the runtime key in a header (docs/telemetry.md). Written as a second pass after
// the hooks, through the same plan/apply machinery (backups, 0600 for files holding the key,
// byte-identical re-runs), and removed by `service uninstall-hooks` before the hooks are, so
// the hooks' backup of the original can be put back.
//
//  - Claude Code: the settings file's `env` block (CLAUDE_CODE_ENABLE_TELEMETRY, OTEL_*).
//    Claude Code sends no host name, so the identity goes in OTEL_RESOURCE_ATTRIBUTES and in
//    X-Hostname / X-Machine-Id headers.
//  - Codex: an [otel] table in $CODEX_HOME/config.toml (otlp-http exporter with headers).
//  - Gemini CLI: the `telemetry` object of settings.json; the key header goes into
//    ~/.gemini/.env (OTEL_EXPORTER_OTLP_HEADERS), which Gemini loads at start.
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { Flags } from '@oclif/core';
import { machineIdentity } from '../config/machine-identity.js';
import { InstallProblem, targetContext, type RunReport } from './install-run.js';
import type { HookSurface as Surface } from '@service/surfaces';
import { codexConfigPath } from './codex.js';
import { claudeCodeSettingsPath } from './claude-code.js';
import { applyChanges, planInstall, planUninstall, type FileChange } from './file-changes.js';
import { geminiSettingsPath } from './gemini.js';
import { HOOK_MARKER, MARKER_HEADER } from './hook-commands.js';
import { isJsonObject, type JsonObject } from './json-document.js';
import { editJson, jsonLeftEmpty } from './json-surface.js';
import type { InstallOptions, Scope, SurfaceFile, TargetContext } from './types.js';

export type TelemetryProtocol = 'http/protobuf' | 'http/json';
export const TELEMETRY_SURFACES: readonly Surface[] = ['claude-code', 'codex', 'gemini'];

export interface TelemetryOptions extends Pick<InstallOptions, 'serverUrl' | 'key' | 'identity'> {
  protocol: TelemetryProtocol;
  /** The OS account installing (user scope: the person using the agents). */
  user?: string | null;
}

/** The base the agents' OTLP exporters append /v1/logs and /v1/metrics to. */
export const otlpBase = (serverUrl: string) => `${serverUrl}/api/v1/otlp`;

function headerPairs(opts: TelemetryOptions): [string, string][] {
  return [
    ['Authorization', `Bearer ${opts.key}`],
    ['X-Hostname', opts.identity.hostname],
    ['X-Machine-Id', opts.identity.machine_id],
    // The person (the OS account that installed), for agents that report none themselves.
    ...(opts.user ? ([['X-Service-User', opts.user]] as [string, string][]) : []),
    [MARKER_HEADER, HOOK_MARKER],
  ];
}

/** OTEL_EXPORTER_OTLP_HEADERS / OTEL_RESOURCE_ATTRIBUTES list syntax (values percent-encoded). */
const otelList = (pairs: [string, string][]) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%20/g, ' ')}`).join(',');

/** Claude Code's env block, exactly the keys we own. */
export function claudeTelemetryEnv(opts: TelemetryOptions): Record<string, string> {
  return {
    CLAUDE_CODE_ENABLE_TELEMETRY: '1',
    OTEL_LOGS_EXPORTER: 'otlp',
    OTEL_METRICS_EXPORTER: 'otlp',
    OTEL_EXPORTER_OTLP_PROTOCOL: opts.protocol,
    OTEL_EXPORTER_OTLP_ENDPOINT: otlpBase(opts.serverUrl),
    OTEL_EXPORTER_OTLP_HEADERS: otelList(headerPairs(opts)),
    OTEL_RESOURCE_ATTRIBUTES: otelList([
      ['host.name', opts.identity.hostname],
      ['host.id', opts.identity.machine_id],
      // The person, when the agent itself reports none (Claude Code with an API key sends no e-mail).
      ...(opts.user ? ([['enduser.id', opts.user]] as [string, string][]) : []),
    ]),
  };
}
const CLAUDE_KEYS = ['CLAUDE_CODE_ENABLE_TELEMETRY', 'OTEL_LOGS_EXPORTER', 'OTEL_METRICS_EXPORTER', 'OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_RESOURCE_ATTRIBUTES'];

const ours = (v: unknown) => typeof v === 'string' && v.includes(`${MARKER_HEADER}=`);

export function installClaudeTelemetry(text: string | null, opts: TelemetryOptions): string {
  return editJson(text, 'Claude Code settings', (root) => {
    const env: JsonObject = isJsonObject(root.env) ? root.env : {};
    const foreign = env.OTEL_EXPORTER_OTLP_ENDPOINT;
    if (typeof foreign === 'string' && foreign !== '' && !ours(env.OTEL_EXPORTER_OTLP_HEADERS)) {
      throw new Error(`Claude Code settings already export telemetry to ${foreign}; remove that env block (or skip --telemetry) and run the command again.`);
    }
    root.env = { ...env, ...claudeTelemetryEnv(opts) };
  });
}

export function uninstallClaudeTelemetry(text: string): string {
  return editJson(text, 'Claude Code settings', (root) => {
    if (!isJsonObject(root.env) || !ours(root.env.OTEL_EXPORTER_OTLP_HEADERS)) return;
    for (const k of CLAUDE_KEYS) delete root.env[k];
    if (Object.keys(root.env).length === 0) delete root.env;
  });
}

const TOML_BEGIN = `# BEGIN ${HOOK_MARKER} telemetry`;
const TOML_END = `# END ${HOOK_MARKER} telemetry`;
const tomlString = (s: string) => JSON.stringify(s);

export function codexOtelBlock(opts: TelemetryOptions): string[] {
  const headers = headerPairs(opts)
    .map(([k, v]) => `${tomlString(k)} = ${tomlString(v)}`)
    .join(', ');
  return [
    TOML_BEGIN,
    '[otel]',
    'environment = "service"',
    'log_user_prompt = false',
    `exporter = { otlp-http = { endpoint = ${tomlString(`${otlpBase(opts.serverUrl)}/v1/logs`)}, protocol = ${tomlString(opts.protocol === 'http/json' ? 'json' : 'binary')}, headers = { ${headers} } } }`,
    TOML_END,
  ];
}

function withoutTomlBlock(text: string): { lines: string[]; eol: string } {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const body = text.endsWith(eol) ? text.slice(0, -eol.length) : text;
  const lines = body === '' ? [] : body.split(eol);
  const start = lines.indexOf(TOML_BEGIN);
  const end = lines.indexOf(TOML_END);
  if (start === -1 || end < start) return { lines, eol };
  // Drop the blank line we put before the block, too.
  const from = start > 0 && lines[start - 1] === '' ? start - 1 : start;
  return { lines: [...lines.slice(0, from), ...lines.slice(end + 1)], eol };
}

export function installCodexTelemetry(text: string | null, opts: TelemetryOptions): string {
  const { lines, eol } = withoutTomlBlock(text ?? '');
  if (lines.some((l) => /^\s*\[otel[\].]/.test(l))) {
    throw new Error('Codex config.toml already has an [otel] table; remove it (or skip --telemetry) and run the command again.');
  }
  // At the end of the file, after every other table, so the block's keys belong to [otel] only.
  const out = lines.length ? [...lines, '', ...codexOtelBlock(opts)] : codexOtelBlock(opts);
  return out.join(eol) + eol;
}

export function uninstallCodexTelemetry(text: string): string {
  const { lines, eol } = withoutTomlBlock(text);
  return lines.length ? lines.join(eol) + eol : '';
}

export function geminiTelemetry(opts: TelemetryOptions): JsonObject {
  // Gemini's own exporters speak http (JSON) or grpc; logPrompts off: prompt text is never
  // exported unless the person turns it on in Gemini.
  return { enabled: true, target: 'local', otlpEndpoint: otlpBase(opts.serverUrl), otlpProtocol: 'http', logPrompts: false };
}
const GEMINI_OWNED = 'service:install-hooks';

export function installGeminiTelemetry(text: string | null, opts: TelemetryOptions): string {
  return editJson(text, 'Gemini settings.json', (root) => {
    if (isJsonObject(root.telemetry) && root.telemetry.otlpEndpoint && root.telemetry.otlpEndpoint !== otlpBase(opts.serverUrl) && !isOurGemini(root)) {
      throw new Error(`Gemini settings already export telemetry to ${String(root.telemetry.otlpEndpoint)}; remove that telemetry block (or skip --telemetry) and run the command again.`);
    }
    root.telemetry = geminiTelemetry(opts);
  });
}

function isOurGemini(root: JsonObject): boolean {
  return isJsonObject(root.telemetry) && typeof root.telemetry.otlpEndpoint === 'string' && root.telemetry.otlpEndpoint.endsWith('/api/v1/otlp');
}

export function uninstallGeminiTelemetry(text: string): string {
  return editJson(text, 'Gemini settings.json', (root) => {
    if (isOurGemini(root)) delete root.telemetry;
  });
}

const ENV_BEGIN = `# BEGIN ${GEMINI_OWNED} telemetry`;
const ENV_END = `# END ${GEMINI_OWNED} telemetry`;

export function installGeminiEnv(text: string | null, opts: TelemetryOptions): string {
  const { lines, eol } = withoutEnvBlock(text ?? '');
  const block = [ENV_BEGIN, `OTEL_EXPORTER_OTLP_HEADERS="${otelList(headerPairs(opts))}"`, ENV_END];
  if (lines.some((l) => /^\s*(export\s+)?OTEL_EXPORTER_OTLP_HEADERS\s*=/.test(l))) {
    throw new Error('~/.gemini/.env already sets OTEL_EXPORTER_OTLP_HEADERS; remove it (or skip --telemetry) and run the command again.');
  }
  return [...lines, ...block].join(eol) + eol;
}

function withoutEnvBlock(text: string): { lines: string[]; eol: string } {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const body = text.endsWith(eol) ? text.slice(0, -eol.length) : text;
  const lines = body === '' ? [] : body.split(eol);
  const start = lines.indexOf(ENV_BEGIN);
  const end = lines.indexOf(ENV_END);
  if (start === -1 || end < start) return { lines, eol };
  return { lines: [...lines.slice(0, start), ...lines.slice(end + 1)], eol };
}

export function uninstallGeminiEnv(text: string): string {
  const { lines, eol } = withoutEnvBlock(text);
  return lines.length ? lines.join(eol) + eol : '';
}

function file(surface: Surface, path: string, kind: SurfaceFile['kind'], install: (t: string | null) => string, uninstall: (t: string) => string, leftEmpty: (t: string) => boolean, notes: string[] = []): SurfaceFile {
  return { surface, path, kind, install, uninstall, leftEmpty, backup: true, secret: true, notes };
}

/** The files the telemetry settings of one agent touch. */
export function telemetryFiles(surface: Surface, scope: Scope, ctx: TargetContext, opts?: TelemetryOptions): SurfaceFile[] {
  const need = (f: (t: string | null, o: TelemetryOptions) => string) => (t: string | null) => {
    if (!opts) throw new Error('telemetry options missing');
    return f(t, opts);
  };
  switch (surface) {
    case 'claude-code':
      return [file(surface, claudeCodeSettingsPath(scope, ctx), 'json', need(installClaudeTelemetry), uninstallClaudeTelemetry, (t) => jsonLeftEmpty(t))];
    case 'codex':
      // Codex reads [otel] from the user's config.toml only.
      return [file(surface, codexConfigPath(ctx), 'toml', need(installCodexTelemetry), uninstallCodexTelemetry, (t) => t.trim() === '')];
    case 'gemini': {
      const settings = geminiSettingsPath(scope, ctx);
      return [
        { ...file(surface, settings, 'json', need(installGeminiTelemetry), uninstallGeminiTelemetry, (t) => jsonLeftEmpty(t)), secret: false },
        file(surface, join(ctx.home, '.gemini', '.env'), 'lines', need(installGeminiEnv), uninstallGeminiEnv, (t) => t.trim() === '', [
          'Gemini CLI loads only the first .env it finds (the project\'s .gemini/.env or .env first): if a project has one, add OTEL_EXPORTER_OTLP_HEADERS there too.',
        ]),
      ];
    }
    default:
      return [];
  }
}

export interface TelemetryRun {
  changes: FileChange[];
  notes: string[];
  warnings: string[];
}

/** Plans (and unless dryRun applies) the telemetry settings of the chosen agents that support it. */
export function runTelemetryInstall(surfaces: Surface[], scope: Scope, ctx: TargetContext, opts: TelemetryOptions, dryRun: boolean): TelemetryRun {
  const chosen = surfaces.filter((s) => TELEMETRY_SURFACES.includes(s));
  const warnings = surfaces.filter((s) => !TELEMETRY_SURFACES.includes(s)).map((s) => `${s} exports no OTLP telemetry of its own; --telemetry skipped it.`);
  const changes = planInstall(chosen.flatMap((s) => telemetryFiles(s, scope, ctx, opts)));
  if (!dryRun) applyChanges(changes);
  return { changes, notes: [...new Set(changes.flatMap((c) => c.notes))], warnings };
}

/** Removes our telemetry settings (before the hooks are removed). */
export function runTelemetryUninstall(surfaces: Surface[], scope: Scope, ctx: TargetContext, dryRun: boolean): TelemetryRun {
  const changes = planUninstall(surfaces.filter((s) => TELEMETRY_SURFACES.includes(s)).flatMap((s) => telemetryFiles(s, scope, ctx)));
  if (!dryRun) applyChanges(changes);
  return { changes, notes: [], warnings: [] };
}

// The small hooks the install-hooks / uninstall-hooks commands call (kept here so the
// commands change by a line or two).

export const telemetryFlags = {
  telemetry: Flags.boolean({ description: 'Also turn on each agent\'s own OTLP telemetry (Claude Code, Codex, Gemini CLI), sent to this server with the key in a header.', default: false }),
  'telemetry-protocol': Flags.string({ description: 'OTLP encoding for --telemetry.', options: ['http/protobuf', 'http/json'], default: 'http/protobuf' }),
};

export async function withTelemetry(
  report: RunReport,
  params: { scope: Scope; projectDir?: string; serverUrl: string; key: string; dryRun: boolean; protocol: string; env?: NodeJS.ProcessEnv },
): Promise<RunReport> {
  const ctx = targetContext({ surfaces: report.surfaces, scope: params.scope, projectDir: params.projectDir, dryRun: params.dryRun, env: params.env });
  const opts: TelemetryOptions = { serverUrl: params.serverUrl, key: params.key, identity: await machineIdentity(ctx.env), protocol: params.protocol === 'http/json' ? 'http/json' : 'http/protobuf', user: osUser(ctx.env) };
  let run: TelemetryRun;
  try {
    run = runTelemetryInstall(report.surfaces, params.scope, ctx, opts, params.dryRun);
  } catch (err) {
    throw new InstallProblem((err as Error).message);
  }
  return { ...report, changes: [...report.changes, ...run.changes], notes: [...report.notes, ...run.notes], warnings: [...report.warnings, ...run.warnings] };
}

function osUser(env: NodeJS.ProcessEnv): string | null {
  const fromEnv = (env.USER || env.USERNAME || '').trim();
  if (fromEnv) return fromEnv.slice(0, 200);
  try {
    return userInfo().username || null;
  } catch {
    return null;
  }
}

export function withoutTelemetry(surfaces: Surface[] | 'all', params: { scope: Scope; projectDir?: string; dryRun: boolean; env?: NodeJS.ProcessEnv }): TelemetryRun {
  const ctx = targetContext({ surfaces, scope: params.scope, projectDir: params.projectDir, dryRun: params.dryRun, env: params.env });
  try {
    return runTelemetryUninstall(surfaces === 'all' ? [...TELEMETRY_SURFACES] : surfaces, params.scope, ctx, params.dryRun);
  } catch (err) {
    throw new InstallProblem((err as Error).message);
  }
}
