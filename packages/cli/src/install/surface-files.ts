// Which files each surface's install touches, as SurfaceFile plans with pure
// transformations. The install and uninstall commands and `service doctor` all read this.
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { HookSurface as Surface } from '@service/surfaces/forwarder';
import { antigravityHooksPath, antigravityLeftEmpty, installAntigravity, uninstallAntigravity } from './antigravity.js';
import { claudeCodeLeftEmpty, claudeCodeSettingsPath, installClaudeCode, uninstallClaudeCode } from './claude-code.js';
import { codexConfigPath, codexHome, codexHooksPath, codexLeftEmpty, installCodex, uninstallCodex } from './codex.js';
import { codexTrustEntries, installCodexTrust, tomlLeftEmpty, uninstallCodexTrust } from './codex-trust.js';
import { copilotHooksPath, copilotLeftEmpty, copilotUsesHttp, copilotWarnings, installCopilot, uninstallCopilot } from './copilot.js';
import { cursorHooksPath, cursorLeftEmpty, installCursor, uninstallCursor } from './cursor.js';
import { excludeTargetFor, installExcludeLines, uninstallExcludeLines } from './git-exclude.js';
import { geminiLeftEmpty, geminiSettingsPath, installGemini, uninstallGemini } from './gemini.js';
import { installWindsurf, uninstallWindsurf, windsurfHooksPath, windsurfLeftEmpty } from './windsurf.js';
import type { InstallOptions, Scope, SurfaceFile, TargetContext } from './types.js';

type JsonEdit = { install: (text: string | null, opts: InstallOptions) => string; uninstall: (text: string) => string; leftEmpty: (text: string) => boolean };

function jsonFile(surface: Surface, path: string, edit: JsonEdit, opts: InstallOptions | undefined, extra: Partial<SurfaceFile> = {}): SurfaceFile {
  return {
    surface,
    path,
    kind: 'json',
    install: (text) => {
      if (!opts) throw new Error('install options missing');
      return edit.install(text, opts);
    },
    uninstall: edit.uninstall,
    leftEmpty: edit.leftEmpty,
    backup: true,
    secret: false,
    notes: [],
    ...extra,
  };
}

export function surfaceFiles(surface: Surface, scope: Scope, ctx: TargetContext, opts?: InstallOptions): SurfaceFile[] {
  switch (surface) {
    case 'claude-code': {
      const path = claudeCodeSettingsPath(scope, ctx);
      const files = [jsonFile(surface, path, { install: installClaudeCode, uninstall: uninstallClaudeCode, leftEmpty: claudeCodeLeftEmpty }, opts, { secret: true })];
      if (scope === 'project') {
        const target = excludeTargetFor(ctx.projectDir, [path, `${path}.service-backup`]);
        if (target) {
          files.push({
            surface,
            path: target.excludeFile,
            kind: 'lines',
            install: (text) => installExcludeLines(text, target.patterns),
            uninstall: uninstallExcludeLines,
            leftEmpty: () => false,
            backup: false,
            secret: false,
            notes: [],
          });
        }
      }
      return files;
    }
    case 'cursor':
      return [jsonFile(surface, cursorHooksPath(scope, ctx), { install: installCursor, uninstall: uninstallCursor, leftEmpty: cursorLeftEmpty }, opts)];
    case 'windsurf':
      return [jsonFile(surface, windsurfHooksPath(scope, ctx), { install: installWindsurf, uninstall: uninstallWindsurf, leftEmpty: windsurfLeftEmpty }, opts)];
    case 'gemini':
      return [
        jsonFile(surface, geminiSettingsPath(scope, ctx), { install: installGemini, uninstall: uninstallGemini, leftEmpty: geminiLeftEmpty }, opts, {
          notes: ['Gemini CLI runs hooks only in trusted folders: trust each workspace in Gemini (it asks on first start) or the hooks stay inactive there.'],
        }),
      ];
    case 'copilot':
      return [
        jsonFile(surface, copilotHooksPath(scope, ctx), { install: installCopilot, uninstall: uninstallCopilot, leftEmpty: copilotLeftEmpty }, opts, {
          secret: opts ? copilotUsesHttp(opts) : false,
          warnings: opts ? copilotWarnings(opts) : [],
        }),
      ];
    case 'antigravity':
      return [
        jsonFile(surface, antigravityHooksPath(scope, ctx), { install: installAntigravity, uninstall: uninstallAntigravity, leftEmpty: antigravityLeftEmpty }, opts, {
          notes: ['Antigravity\'s hook format is not officially documented; the hooks follow what current agy releases accept (see docs/cli-workstation.md).'],
        }),
      ];
    case 'codex': {
      const hooksPath = codexHooksPath(scope, ctx);
      const hooksFile = jsonFile(surface, hooksPath, { install: installCodex, uninstall: uninstallCodex, leftEmpty: codexLeftEmpty }, opts);
      const trustFile: SurfaceFile = {
        surface,
        path: codexConfigPath(ctx),
        kind: 'toml',
        install: (text, planned) => installCodexTrust(text, hooksPath, codexTrustEntries(hooksPath, planned.get(hooksPath) ?? '{}')),
        uninstall: (text) => uninstallCodexTrust(text, hooksPath),
        leftEmpty: tomlLeftEmpty,
        backup: true,
        secret: false,
        notes: scope === 'project' ? ['Codex loads .codex/ of a project only when the project is trusted in Codex; the hook trust entries are written to your user config.toml.'] : [],
      };
      return [hooksFile, trustFile];
    }
  }
}

function onPath(names: string[], env: NodeJS.ProcessEnv): boolean {
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  return names.some((n) => dirs.some((d) => existsSync(join(d, n))));
}

/** The agents that look installed for this user: their config directory or their program. */
export function detectSurfaces(ctx: TargetContext): Surface[] {
  const h = (...p: string[]) => existsSync(join(ctx.home, ...p));
  const found: Surface[] = [];
  if (h('.claude') || h('.claude.json') || onPath(['claude'], ctx.env)) found.push('claude-code');
  if (h('.cursor') || onPath(['cursor', 'cursor-agent'], ctx.env)) found.push('cursor');
  if (existsSync(codexHome(ctx)) || onPath(['codex'], ctx.env)) found.push('codex');
  if (h('.gemini', 'settings.json') || h('.gemini', 'oauth_creds.json') || onPath(['gemini'], ctx.env)) found.push('gemini');
  if (h('.copilot') || (ctx.env.COPILOT_HOME !== undefined && existsSync(ctx.env.COPILOT_HOME)) || onPath(['copilot'], ctx.env)) found.push('copilot');
  if (h('.codeium', 'windsurf') || onPath(['windsurf'], ctx.env)) found.push('windsurf');
  if (h('.gemini', 'antigravity') || h('.gemini', 'config') || onPath(['agy', 'antigravity'], ctx.env)) found.push('antigravity');
  return found;
}

export function readTextOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
