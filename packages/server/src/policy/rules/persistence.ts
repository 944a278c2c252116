// persistence: code that will run again later without the agent: shell startup files,
// authorized_keys, cron, systemd/launchd units, autostart entries, ld.so.preload, Windows
// Run keys and scheduled tasks. What is written there is parsed as shell too: a startup
// file that fetches and runs remote code, or opens a reverse shell, is critical.
import { normalizePath, segments } from '../paths.js';
import type { SimpleCommand } from '../shell/types.js';
import type { Finding } from '../findings.js';
import type { Severity } from '../types.js';
import { severityRank } from '../findings.js';
import type { RuleContext } from './context.js';
import { literalOutput, positionals } from './facts.js';

const CATEGORY = 'persistence';
const PERSISTENCE_PROGRAMS = new Set(['tee', 'cp', 'mv', 'ln', 'install', 'rsync', 'sed', 'perl', 'crontab', 'at', 'batch', 'launchctl', 'schtasks', 'register-scheduledtask', 'new-scheduledtask', 'reg', 'set-itemproperty', 'new-itemproperty', 'osascript']);
const RC_FILES = new Set(['.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zprofile', '.zshenv', '.zlogin', '.zlogout', '.kshrc', '.cshrc', '.tcshrc', '.xinitrc', '.xprofile', '.xsessionrc']);

export interface PersistenceTarget {
  severity: Severity;
  label: string;
  kind: string;
}

export function persistenceTarget(raw: string): PersistenceTarget | null {
  const p = normalizePath(raw);
  const lower = p.toLowerCase();
  // Every target below but authorized_keys is a path with a directory: `build.log` is none.
  if (!lower.includes('/') && !lower.startsWith('authorized_keys')) return null;
  const segs = segments(lower);
  const base = segs[segs.length - 1] ?? '';
  if (base === 'authorized_keys' || base === 'authorized_keys2') return { severity: 'high', label: 'SSH authorized_keys (grants login access)', kind: 'authorized_keys' };
  if (lower === '/etc/ld.so.preload') return { severity: 'critical', label: '/etc/ld.so.preload (injects a library into every process)', kind: 'ld_preload' };
  // Every target below lies under one of these places or holds one of these parts: other paths
  // (a build output in /tmp, a project file) skip the dozen regexes.
  if (
    !lower.startsWith('~/') && !lower.startsWith('/etc/') && !lower.startsWith('/var/') && !lower.startsWith('/lib/') && !lower.startsWith('/usr/lib/') &&
    !lower.startsWith('/run/') && !lower.startsWith('/library/') && !lower.includes('powershell/') && !lower.includes('start menu/') && !lower.includes('.git/hooks/')
  ) return null;
  if (lower.startsWith('~/') && segs.length === 2 && RC_FILES.has(base)) return { severity: 'medium', label: `the shell startup file ${p}`, kind: 'shell_rc' };
  if (/^\/etc\/(?:profile|bash\.bashrc|bashrc|zshrc|zprofile|zshenv|environment|profile\.d\/.+)$/.test(lower)) return { severity: 'high', label: `the system-wide shell startup file ${p}`, kind: 'shell_rc' };
  // Drop-in directories that a startup file sources wholesale (`for f in ~/.bashrc.d/*; do . "$f"; done`,
  // Fedora's default ~/.bashrc; oh-my-zsh's custom/*.zsh): a file there is part of the startup file.
  if (/^~\/\.(?:bashrc|bash_profile|profile|zshrc|zprofile|zshenv|shrc)\.d\/.+|^~\/\.oh-my-zsh\/custom\/.+\.zsh$|^~\/\.config\/(?:bash|zsh)\/(?:\.?(?:bashrc|zshrc|zshenv|zprofile|zlogin|profile)|(?:rc|conf|env)\.d\/.+)$/.test(lower)) {
    return { severity: 'medium', label: `the shell startup file ${p}`, kind: 'shell_rc' };
  }
  if (/^~\/\.config\/fish\/(?:config\.fish|conf\.d\/.+)$/.test(lower) || /(?:windows)?powershell\/(?:microsoft\.powershell_)?profile\.ps1$/.test(lower)) {
    return { severity: 'medium', label: `the shell startup file ${p}`, kind: 'shell_rc' };
  }
  if (/^\/etc\/(?:crontab|anacrontab|cron\.[a-z]+\/.+)$/.test(lower) || lower.startsWith('/var/spool/cron/') || lower.startsWith('/var/at/tabs/')) {
    return { severity: 'high', label: `the cron table ${p}`, kind: 'cron' };
  }
  if (/^~\/\.(?:config|local\/share)\/systemd\/user\/.+/.test(lower)) return { severity: 'medium', label: `the user systemd unit ${p}`, kind: 'systemd_unit' };
  if (/^\/(?:etc|lib|usr\/lib|run)\/systemd\/(?:system|user)\/.+/.test(lower)) return { severity: 'high', label: `the systemd unit ${p}`, kind: 'systemd_unit' };
  if (/^(?:~|)\/library\/(?:launchagents|launchdaemons)\/.+/.test(lower) || /^~\/library\/launchagents\/.+/.test(lower)) return { severity: 'high', label: `the launchd job ${p}`, kind: 'launchd' };
  if (/^~\/\.config\/autostart\/.+/.test(lower)) return { severity: 'medium', label: `the autostart entry ${p}`, kind: 'autostart' };
  if (/^\/etc\/(?:xdg\/autostart\/.+|rc\.local|init\.d\/.+|rc\d\.d\/.+)$/.test(lower)) return { severity: 'high', label: `the boot script ${p}`, kind: 'boot_script' };
  if (/^~\/\.ssh\/rc$|^\/etc\/ssh\/sshrc$/.test(lower)) return { severity: 'high', label: `${p} (runs on every SSH login)`, kind: 'ssh_rc' };
  if (/start menu\/programs\/startup\/.+/.test(lower)) return { severity: 'high', label: `the Windows Startup folder entry ${p}`, kind: 'startup_folder' };
  if (/(?:^|\/)\.git\/hooks\/[a-z-]+$/.test(lower) && !base.endsWith('.sample')) return { severity: 'low', label: `the git hook ${p}`, kind: 'git_hook' };
  return null;
}

// Strips what is not shell from a payload line: cron schedules and unit-file keys.
const CRON_SCHEDULE = /^\s*(?:@(?:reboot|yearly|annually|monthly|weekly|daily|hourly|midnight)|(?:[\d*/,\-]+\s+){5})/;
// Lines without shell operators or a network/interpreter program cannot carry remote code.
const PAYLOAD_HINT = /[|&;<>$`]|\b(?:curl|wget|nc|ncat|socat|bash|sh|zsh|python[0-9.]*|perl|ruby|node|php|base64|iwr|iex)\b/;
const UNIT_KEY = /^\s*(?:ExecStart|ExecStartPre|ExecStartPost|ExecStop|ExecReload)\s*=\s*[-@+!:]*/i;

/** The worst thing the written content would run (remote code, reverse shell, …). */
export function payloadRisk(content: string, ctx: RuleContext): { severity: Severity; reason: string } | null {
  let best: { severity: Severity; reason: string } | null = null;
  const lines = content.slice(0, 32_768).split('\n').slice(0, 300);
  for (const raw of lines) {
    const line = raw.replace(CRON_SCHEDULE, '').replace(UNIT_KEY, '').replace(/<\/?string>/g, ' ');
    if (!PAYLOAD_HINT.test(line)) continue;
    for (const f of ctx.inspectNested(line)) {
      if (severityRank(f.severity) >= severityRank('high') && (!best || severityRank(f.severity) > severityRank(best.severity))) best = { severity: f.severity, reason: f.reason };
    }
  }
  return best;
}

export function emitPersistence(ctx: RuleContext, target: PersistenceTarget, path: string, how: string, payload?: string): void {
  const risk = payload ? payloadRisk(payload, ctx) : null;
  if (risk) {
    ctx.emit({ patternName: `${CATEGORY}.${target.kind}_malicious`, severity: 'critical', category: CATEGORY, layer: 'builtin', reason: `${how} ${target.label} so that it runs at every start: ${risk.reason}`, paths: [path] });
    return;
  }
  ctx.emit({ patternName: `${CATEGORY}.${target.kind}`, severity: target.severity, category: CATEGORY, layer: 'builtin', reason: `${how} ${target.label}, code that runs again later without review.`, paths: [path] });
}

/** Write/Edit tools (and MCP write tools). */
export function inspectPersistenceWrite(path: string, content: string | undefined, ctx: RuleContext): void {
  const target = persistenceTarget(path);
  if (target) emitPersistence(ctx, target, path, 'Writes to', content);
  else if (content) inspectRunFileWrite(path, content, ctx);
}

// Project files whose text runs later as shell, by someone else or by a tool, without the agent:
// CI pipelines (on every push, with the repository's secrets), git hooks (on every commit or
// merge), hook managers and task runners (on every test run), Makefiles and scripts (when next
// built or run). The file itself is ordinary; what it will run is judged like a command.
// package.json scripts are judged where npm's lifecycle is (not here).
const RUN_FILE_NAMES = new Map<string, string>([
  ['makefile', 'the Makefile'], ['gnumakefile', 'the Makefile'], ['justfile', 'the justfile'], ['.justfile', 'the justfile'],
  ['taskfile.yml', 'the Taskfile'], ['taskfile.yaml', 'the Taskfile'], ['jenkinsfile', 'the Jenkins pipeline'],
  ['.gitlab-ci.yml', 'the GitLab CI pipeline'], ['.travis.yml', 'the Travis CI pipeline'], ['bitbucket-pipelines.yml', 'the Bitbucket pipeline'],
  ['azure-pipelines.yml', 'the Azure pipeline'], ['.drone.yml', 'the Drone pipeline'], ['cloudbuild.yaml', 'the Cloud Build pipeline'], ['cloudbuild.yml', 'the Cloud Build pipeline'],
  ['.pre-commit-config.yaml', 'the pre-commit hook configuration'], ['lefthook.yml', 'the lefthook git hooks'], ['.lefthook.yml', 'the lefthook git hooks'],
  ['pyproject.toml', 'the pyproject task definitions'], ['tox.ini', 'the tox environments'], ['devcontainer.json', 'the dev container (its lifecycle commands)'],
  ['.devcontainer.json', 'the dev container (its lifecycle commands)'], ['.envrc', 'the direnv file (run on entering the directory)'],
]);
const RUN_FILE_DIRS = new Map<string, string>([
  ['workflows', 'the CI workflow'], ['.circleci', 'the CircleCI pipeline'], ['.buildkite', 'the Buildkite pipeline'],
  ['.husky', 'the git hook'], ['.githooks', 'the git hook'], ['.git-hooks', 'the git hook'], ['git-hooks', 'the git hook'],
]);
const SCRIPT_EXT = /\.(?:sh|bash|zsh|command)$/;
const MAKE_LIKE = new Set(['the Makefile', 'the justfile']);
// Categories whose effect in a file that runs later is never routine build work: denied as
// they would be run now. Any other serious effect (a delete, a cloud change) is warned: a
// Makefile's `destroy` target is someone's deliberate tool, run when they ask for it.
const RUN_FILE_DENY = new Set(['remote_code_exec', 'exfiltration', 'persistence', 'reverse_shell', 'credential_access', 'privilege']);

/** What kind of file runs the given path's text later, or null for other files. */
export function runFileKind(raw: string): string | null {
  const p = raw.includes('\\') ? raw.replace(/\\/g, '/') : raw;
  const slash = p.lastIndexOf('/');
  const base = p.slice(slash + 1).toLowerCase();
  const named = RUN_FILE_NAMES.get(base);
  if (named) return named;
  if (SCRIPT_EXT.test(base)) return 'the script';
  if (slash <= 0) return null;
  const dir = p.slice(p.lastIndexOf('/', slash - 1) + 1, slash).toLowerCase();
  const inDir = RUN_FILE_DIRS.get(dir);
  if (!inDir || base.endsWith('.sample') || base.endsWith('.md')) return null;
  if (dir === 'workflows') return /(?:^|\/)\.(?:github|gitea|forgejo)\/workflows\/[^/]+\.ya?ml$/i.test(p) ? inDir : null;
  return inDir;
}

// A key in front of the value (`run:`, `- run:`, `entry:`, `test =`, `X :=`).
const LEADING_KEY = /^\s*(?:-\s+)?(?:[\w.-]+\s*(?::=|\?=|\+=|=|:)\s+)?/;
const QUOTED = /"((?:[^"\\]|\\.)*)"/g;

/** The shell a run file will execute, one command line per line, in the form the shell rules read. */
export function runFileShell(kind: string, content: string): string {
  const make = MAKE_LIKE.has(kind);
  const out: string[] = [];
  for (let line of content.slice(0, 32_768).split('\n').slice(0, 400)) {
    if (!PAYLOAD_HINT.test(line)) continue;
    if (line.includes('${{')) line = line.replace(/\$\{\{[^}]*\}\}/g, 'X'); // CI expressions
    if (make) line = line.replace(/\$\(shell\s+/g, '$(').replace(/\$\$/g, '$').replace(/^\t[@+-]*/, '');
    const rest = line.replace(LEADING_KEY, '');
    const c = rest.trimStart()[0];
    // A quoted value (TOML, JSON, a YAML string): its strings are the commands.
    if (c === '"' || c === '{' || c === '[') {
      for (const m of rest.matchAll(QUOTED)) out.push(m[1].replace(/\\(["\\])/g, '$1'));
    } else out.push(rest);
  }
  return out.join('\n');
}

const RUN_WHEN: Record<string, string> = { 'the CI workflow': 'on its trigger, with the repository\'s secrets', 'the git hook': 'on every matching git operation' };

function inspectRunFileWrite(path: string, content: string, ctx: RuleContext): void {
  const kind = runFileKind(path);
  if (!kind) return;
  const shell = runFileShell(kind, content);
  if (!shell) return;
  let best: Finding | null = null;
  for (const line of shell.split('\n')) {
    for (const f of ctx.inspectNested(line)) {
      if (severityRank(f.severity) < severityRank('high')) continue;
      const deny = RUN_FILE_DENY.has(f.category);
      if (!best || (deny && !RUN_FILE_DENY.has(best.category)) || (deny === RUN_FILE_DENY.has(best.category) && severityRank(f.severity) > severityRank(best.severity))) best = f;
    }
  }
  if (!best) return;
  const deny = RUN_FILE_DENY.has(best.category);
  const when = RUN_WHEN[kind] ?? 'when it is next run';
  ctx.emit({
    patternName: `${CATEGORY}.run_file_${deny ? 'malicious' : 'harmful'}`,
    severity: deny ? 'critical' : 'medium',
    category: deny ? CATEGORY : best.category,
    layer: 'builtin',
    reason: `Writes ${kind} ${path}, which runs ${when} without review: ${best.reason}`,
    paths: [path],
  });
}

function upstreamData(cmd: SimpleCommand): string | undefined {
  const parts: string[] = [];
  for (const u of cmd.pipeline.stages.slice(0, cmd.stage).flat()) {
    const d = literalOutput(u);
    if (d !== undefined) parts.push(d);
  }
  return parts.length ? parts.join('\n') : undefined;
}

export function inspectPersistenceCommand(cmd: SimpleCommand, ctx: RuleContext): void {
  for (const r of cmd.redirects) {
    if (r.op !== '>' && r.op !== '>>' && r.op !== '>|' && r.op !== '&>' && r.op !== '&>>') continue;
    const target = persistenceTarget(r.target.text);
    if (target) emitPersistence(ctx, target, r.target.text, r.op.includes('>>') ? 'Appends to' : 'Overwrites', literalOutput(cmd) ?? upstreamData(cmd));
  }
  const args = cmd.args;
  if (!PERSISTENCE_PROGRAMS.has(cmd.name)) return;
  const pos = positionals(args);
  switch (cmd.name) {
    case 'tee':
      for (const p of pos) {
        const target = persistenceTarget(p);
        if (target) emitPersistence(ctx, target, p, 'Writes (tee) to', upstreamData(cmd));
      }
      return;
    case 'cp':
    case 'mv':
    case 'ln':
    case 'install':
    case 'rsync': {
      const dest = pos[pos.length - 1];
      const target = dest && pos.length >= 2 ? persistenceTarget(dest) : null;
      if (target) return emitPersistence(ctx, target, dest, `${cmd.name} places a file at`);
      // Copied into a directory that is the persistence place (`cp x.desktop ~/.config/autostart/`):
      // the file lands there under its own name.
      if (dest && pos.length >= 2) {
        for (const src of pos.slice(0, -1)) {
          const inside = `${dest.replace(/\/+$/, '')}/${src.replace(/\/+$/, '').split('/').pop()}`;
          const t = persistenceTarget(inside);
          if (t) return emitPersistence(ctx, t, inside, `${cmd.name} places a file at`);
        }
      }
      return;
    }
    case 'sed':
    case 'perl':
      if (args.some((a) => a === '-i' || a.startsWith('-i') || a === '--in-place' || a.startsWith('-pi'))) {
        const hit = pos.map((p) => ({ p, t: persistenceTarget(p) })).find((x) => x.t);
        if (hit?.t) emitPersistence(ctx, hit.t, hit.p, 'Edits', pos.join('\n'));
      }
      return;
    case 'crontab': {
      if (args.includes('-l') || args.includes('-r') || args.includes('-e')) return;
      const file = pos[0];
      if (file === undefined && args.length === 0 && cmd.stage === 0) return;
      const payload = file === '-' || file === undefined ? upstreamData(cmd) : undefined;
      emitPersistence(ctx, { severity: 'medium', label: 'the user crontab', kind: 'cron' }, file ?? '-', 'Replaces', payload);
      return;
    }
    case 'at':
    case 'batch': {
      // at/batch run the commands they read (stdin or -f FILE) later, unattended; -l/-r/-c only list or remove.
      if (args.some((a) => /^-[a-zA-Z]*[lrdc][a-zA-Z]*$/.test(a)) || (cmd.name === 'at' && pos.length === 0 && cmd.stage === 0 && !cmd.redirects.length)) return;
      const payload = args.includes('-f') ? undefined : upstreamData(cmd);
      const risk = payload ? payloadRisk(payload, ctx) : null;
      if (risk) ctx.emit({ patternName: `${CATEGORY}.at_job_malicious`, severity: 'critical', category: CATEGORY, layer: 'builtin', reason: `${cmd.name} queues a job that runs later, unattended: ${risk.reason}` });
      else ctx.emit({ patternName: `${CATEGORY}.at_job`, severity: 'medium', category: CATEGORY, layer: 'builtin', reason: `${cmd.name} queues commands that run later, unattended and unreviewed.` });
      return;
    }
    case 'launchctl':
      if (/^(?:load|bootstrap|submit|enable)$/.test(args[0] ?? '')) ctx.emit({ patternName: `${CATEGORY}.launchd`, severity: 'medium', category: CATEGORY, layer: 'builtin', reason: `launchctl ${args[0]} registers a background job that keeps running.` });
      return;
    case 'schtasks':
      if (args.some((a) => /^\/create$/i.test(a))) ctx.emit({ patternName: `${CATEGORY}.scheduled_task`, severity: 'medium', category: CATEGORY, layer: 'builtin', reason: 'schtasks /create registers a scheduled task.', ...{} });
      return;
    case 'register-scheduledtask':
    case 'new-scheduledtask':
      ctx.emit({ patternName: `${CATEGORY}.scheduled_task`, severity: 'medium', category: CATEGORY, layer: 'builtin', reason: `${cmd.name} registers a scheduled task.` });
      return;
    case 'osascript':
      // AppleScript's System Events adds login items: the program starts at every login.
      if (args.some((a) => /\bmake\s+(?:new\s+)?login\s+item\b/i.test(a))) ctx.emit({ patternName: `${CATEGORY}.login_item`, severity: 'medium', category: CATEGORY, layer: 'builtin', reason: 'osascript adds a macOS login item, a program that starts at every login.' });
      return;
    case 'reg':
    case 'set-itemproperty':
    case 'new-itemproperty':
      if (args.some((a) => /\\currentversion\\(?:run|runonce)\b/i.test(a)) && (cmd.name !== 'reg' || /^add$/i.test(args[0] ?? ''))) {
        ctx.emit({ patternName: `${CATEGORY}.registry_run_key`, severity: 'high', category: CATEGORY, layer: 'builtin', reason: 'Adds a program to the Windows Run key so it starts at every logon.' });
      }
      return;
  }
}
