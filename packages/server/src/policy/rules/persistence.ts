// persistence: code that will run again later without the agent: shell startup files,
// authorized_keys, cron, systemd/launchd units, autostart entries, ld.so.preload, Windows
// Run keys and scheduled tasks. What is written there is parsed as shell too: a startup
// file that fetches and runs remote code, or opens a reverse shell, is critical.
import { inTestTree, normalizePath, segments } from '../paths.js';
import { shellQuote } from '../shell/definitions.js';
import type { SimpleCommand } from '../shell/types.js';
import type { Finding } from '../findings.js';
import type { Severity } from '../types.js';
import { severityRank } from '../findings.js';
import type { RuleContext } from './context.js';
import { literalOutput, optionValueCI, positionals, SHARED_HOOKS_DIR_SOURCE } from './facts.js';
import { makefileRecipes } from '../shell/makefile.js';

const CATEGORY = 'persistence';
const PERSISTENCE_PROGRAMS = new Set(['tee', 'cp', 'mv', 'ln', 'install', 'rsync', 'sed', 'perl', 'crontab', 'at', 'batch', 'launchctl', 'schtasks', 'register-scheduledtask', 'new-scheduledtask', 'reg', 'set-itemproperty', 'new-itemproperty', 'osascript',
  'copy', 'copy-item', 'cpi', 'move', 'move-item', 'xcopy', 'add-content', 'set-content', 'out-file', 'sc', 'sc.exe', 'new-service', 'wmic', 'set-wmiinstance', 'new-ciminstance', 'defaults']);
// Registry places Windows runs a program from at logon or at every program start: the Run keys,
// Winlogon's Userinit/Shell, a debugger attached by Image File Execution Options, AppInit_DLLs.
const REGISTRY_AUTORUN = /\\currentversion\\(?:run|runonce|runservices|runservicesonce|policies\\explorer\\run|winlogon)\b|\\image file execution options\\|\\currentversion\\windows\b.*appinit_dlls|\\currentversion\\windows\\?$/i;
// A hook file in a repository's shared-hooks directory (husky's `.husky/pre-commit`,
// `.githooks/pre-push`): once core.hooksPath points there, git runs it as it runs .git/hooks.
const SHARED_HOOK = new RegExp(String.raw`(?:^|\/)${SHARED_HOOKS_DIR_SOURCE}\/(?:applypatch-msg|pre-applypatch|post-applypatch|pre-commit|pre-merge-commit|prepare-commit-msg|commit-msg|post-commit|pre-rebase|post-checkout|post-merge|pre-push|pre-receive|update|proc-receive|post-receive|post-update|reference-transaction|push-to-checkout|pre-auto-gc|post-rewrite|sendemail-validate|fsmonitor-watchman|post-index-change)$`);
const RC_FILES = new Set(['.bash_aliases', '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zprofile', '.zshenv', '.zlogin', '.zlogout', '.kshrc', '.cshrc', '.tcshrc', '.xinitrc', '.xprofile', '.xsessionrc']);

const USER_MCP_CONFIG = /^~\/(?:\.cursor\/mcp\.json|\.codeium\/windsurf\/mcp_config\.json|\.gemini\/antigravity\/mcp_config\.json|\.copilot\/mcp-config\.json|\.vscode\/mcp\.json|\.config\/(?:claude\/claude_desktop_config\.json|code\/user\/mcp\.json)|library\/application support\/(?:claude\/claude_desktop_config\.json|code\/user\/mcp\.json)|appdata\/roaming\/(?:claude\/claude_desktop_config\.json|code\/user\/mcp\.json))$/;

export interface PersistenceTarget {
  severity: Severity;
  label: string;
  kind: string;
}

export function persistenceTarget(raw: string): PersistenceTarget | null {
  const p = normalizePath(raw);
  const lower = p.toLowerCase();
  // PowerShell's profile, named by its variable (`Add-Content $PROFILE …`, `$PROFILE.CurrentUserAllHosts`).
  if (lower.charCodeAt(0) === 36 /* $ */ && /^\$profile(?:\.(?:currentusercurrenthost|currentuserallhosts|allusersallhosts|alluserscurrenthost))?$/.test(lower)) return { severity: 'medium', label: `the PowerShell profile ${p}`, kind: 'shell_rc' };
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
  ) return lower.includes('hooks/') || lower.includes('.husky/') ? sharedHook(p, lower) : null;
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
  // A coding agent's user-level MCP configuration: every server listed there is a command the agent
  // starts at each session, in every project (the project's own `.cursor/mcp.json` is not here).
  if (lower.includes('mcp') || lower.includes('claude_desktop')) {
    if (USER_MCP_CONFIG.test(lower)) return { severity: 'medium', label: `the agent MCP configuration ${p}, whose servers start with every agent session`, kind: 'mcp_server' };
  }
  if (/^~\/\.config\/autostart\/.+/.test(lower)) return { severity: 'medium', label: `the autostart entry ${p}`, kind: 'autostart' };
  if (/^\/etc\/(?:xdg\/autostart\/.+|rc\.local|init\.d\/.+|rc\d\.d\/.+)$/.test(lower)) return { severity: 'high', label: `the boot script ${p}`, kind: 'boot_script' };
  if (/^~\/\.ssh\/rc$|^\/etc\/ssh\/sshrc$/.test(lower)) return { severity: 'high', label: `${p} (runs on every SSH login)`, kind: 'ssh_rc' };
  if (/start menu\/programs\/startup\/.+/.test(lower)) return { severity: 'high', label: `the Windows Startup folder entry ${p}`, kind: 'startup_folder' };
  if (/(?:^|\/)\.git\/hooks\/[a-z-]+$/.test(lower) && !base.endsWith('.sample')) return { severity: 'low', label: `the git hook ${p}`, kind: 'git_hook' };
  return sharedHook(p, lower);
}

function sharedHook(p: string, lower: string): PersistenceTarget | null {
  return SHARED_HOOK.test(lower) ? { severity: 'low', label: `the shared git hook ${p}`, kind: 'git_hook' } : null;
}

// Strips what is not shell from a payload line: cron schedules and unit-file keys.
const CRON_SCHEDULE = /^\s*(?:@(?:reboot|yearly|annually|monthly|weekly|daily|hourly|midnight)|(?:[\d*/,\-]+\s+){5})/;
// Lines without shell operators, a network or interpreter program or a deleter cannot carry remote code or wipe anything.
const PAYLOAD_HINT = /[|&;<>$`]|\b(?:curl|wget|nc|ncat|socat|bash|sh|zsh|python[0-9.]*|perl|ruby|node|php|base64|iwr|iex|rm|shred|dd|mkfs(?:\.\w+)?|wipefs|truncate)\b/;
const UNIT_KEY = /^\s*(?:ExecStart|ExecStartPre|ExecStartPost|ExecStop|ExecReload)\s*=\s*[-@+!:]*/i;

/**
 * The worst thing the written content would run (remote code, reverse shell, …). `least` lowers
 * the bar for places whose own finding is low (git hooks): there a medium effect of the harmful
 * kinds (data sent to an unknown host, code produced at run time) is worth reporting, since the
 * hook repeats it at every commit without anyone running it.
 */
export function payloadRisk(content: string, ctx: RuleContext, least: Severity = 'high'): { severity: Severity; reason: string } | null {
  let best: { severity: Severity; reason: string } | null = null;
  const bar = severityRank(least);
  const lines = content.slice(0, 32_768).split('\n').slice(0, 300);
  for (const raw of lines) {
    const line = raw.replace(CRON_SCHEDULE, '').replace(UNIT_KEY, '').replace(/<\/?string>/g, ' ');
    if (!PAYLOAD_HINT.test(line)) continue;
    for (const f of ctx.inspectNested(line)) {
      const rank = severityRank(f.severity);
      if (rank < bar || (rank < severityRank('high') && !SCRIPT_HARMS.has(f.category))) continue;
      if (!best || rank > severityRank(best.severity)) best = { severity: f.severity, reason: f.reason };
    }
  }
  return best;
}

const SUDO_PASSWORD = /\bsudo\s(?:[^\n|;&]*\s)?-[A-Za-z]*S\b[^\n]*<<<\s*['"]?[^\s'"$]|\b(?:echo|printf)\s+(?:-\w+\s+)?['"]?[^\s'"$|][^|\n]*\|\s*sudo\s(?:[^\n|]*\s)?-[A-Za-z]*S\b/;

export function emitPersistence(ctx: RuleContext, target: PersistenceTarget, path: string, how: string, payload?: string): void {
  const risk = payload ? payloadRisk(payload, ctx, target.severity === 'low' ? 'medium' : 'high') : null;
  if (risk && risk.severity === 'medium') {
    ctx.emit({ patternName: `${CATEGORY}.${target.kind}_harmful`, severity: 'medium', category: CATEGORY, layer: 'builtin', reason: `${how} ${target.label}, which then runs by itself each time: ${risk.reason}`, paths: [path] });
    return;
  }
  if (risk) {
    ctx.emit({ patternName: `${CATEGORY}.${target.kind}_malicious`, severity: 'critical', category: CATEGORY, layer: 'builtin', reason: `${how} ${target.label} so that it runs at every start: ${risk.reason}`, paths: [path] });
    return;
  }
  // A password fed to sudo (`alias sudo="sudo -S <<< pw"`, `echo pw | sudo -S`): stored in clear
  // in a file every later shell runs, and handed to every elevated command without a prompt.
  if (payload && SUDO_PASSWORD.test(payload.slice(0, 32_768))) {
    ctx.emit({ patternName: `${CATEGORY}.${target.kind}_sudo_password`, severity: 'high', category: CATEGORY, layer: 'builtin', reason: `${how} ${target.label} a sudo password in clear text, which every later shell feeds to sudo without a prompt.`, paths: [path] });
    return;
  }
  ctx.emit({ patternName: `${CATEGORY}.${target.kind}`, severity: target.severity, category: CATEGORY, layer: 'builtin', reason: `${how} ${target.label}, code that runs again later without review.`, paths: [path] });
}

/** Write/Edit tools (and MCP write tools). */
export function inspectPersistenceWrite(path: string, content: string | undefined, ctx: RuleContext): void {
  const target = persistenceTarget(path);
  // A written shared hook is a script like any other: inspectScriptWrite judges what it runs.
  if (target && !(content && SHARED_HOOK.test(path.toLowerCase()))) emitPersistence(ctx, target, path, 'Writes to', content);
}

// Project files whose text runs later as shell, by someone else or by a tool, without the agent:
// CI pipelines (on every push, with the repository's secrets), git hooks (on every commit or
// merge), hook managers and task runners (on every test run), Makefiles and scripts (when next
// built or run). The file itself is ordinary; what it will run is judged like a command.
// (scriptOf below reads the kinds it knows more closely: package.json, Makefiles, GitHub/GitLab CI, editor tasks.)
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

// A dev container's lifecycle commands run by themselves when the container is created or started.
const DEVCONTAINER = /(?:^|\/)(?:\.devcontainer(?:\/[^/]+)?\/devcontainer\.json|\.devcontainer\.json)$/;
const LIFECYCLE_KEYS = ['initializeCommand', 'onCreateCommand', 'updateContentCommand', 'postCreateCommand', 'postStartCommand', 'postAttachCommand'];

/** JSON with comments (the format of VS Code and dev container files) as JSON: line and block comments outside strings dropped. */
function withoutComments(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else out += c;
  }
  return out;
}

/** The lifecycle command lines of a dev container file (JSON with comments tolerated). */
function devcontainerCommands(content: string): string[] {
  let doc: unknown;
  try {
    doc = JSON.parse(withoutComments(content.slice(0, 65_536)).replace(/,(\s*[}\]])/g, '$1'));
  } catch {
    // Unparseable: its lifecycle command strings as written.
    return [...content.slice(0, 65_536).matchAll(/"[a-zA-Z]+Command"\s*:\s*"((?:[^"\\]|\\.){1,2000})"/g)].map((m) => m[1].replace(/\\"/g, '"'));
  }
  if (!doc || typeof doc !== 'object') return [];
  const d = doc as Record<string, unknown>;
  // A string runs in a shell; an array is the program and its arguments (quoted here so the shell
  // rules read the same words); an object holds several commands run in parallel.
  const line = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? [v.filter((x): x is string => typeof x === 'string').map(shellQuote).join(' ')] : v && typeof v === 'object' ? Object.values(v).flatMap(line) : []);
  return LIFECYCLE_KEYS.flatMap((k) => line(d[k]));
}

function upstreamData(cmd: SimpleCommand): string | undefined {
  const parts: string[] = [];
  for (const u of cmd.pipeline.stages.slice(0, cmd.stage).flat()) {
    const d = literalOutput(u);
    if (d !== undefined) parts.push(d);
  }
  return parts.length ? parts.join('\n') : undefined;
}

/** The text of a here-document or here-string fed to the command (what `tee F <<< '…'` writes). */
function hereBody(cmd: SimpleCommand): string | undefined {
  for (const r of cmd.redirects) if (r.op === '<<' || r.op === '<<-' || r.op === '<<<') return r.target.text;
  return undefined;
}

export function inspectPersistenceCommand(cmd: SimpleCommand, ctx: RuleContext): void {
  for (const r of cmd.redirects) {
    if (r.op !== '>' && r.op !== '>>' && r.op !== '>|' && r.op !== '&>' && r.op !== '&>>') continue;
    const target = persistenceTarget(r.target.text);
    if (target) emitPersistence(ctx, target, r.target.text, r.op.includes('>>') ? 'Appends to' : 'Overwrites', literalOutput(cmd) ?? upstreamData(cmd));
  }
  if (cmd.timer) {
    // What the command itself does is judged as any command is; that it comes back is this finding.
    ctx.emit({ patternName: `${CATEGORY}.systemd_timer`, severity: 'medium', category: CATEGORY, layer: 'builtin', reason: `systemd-run ${cmd.timer} registers a timer that runs ${cmd.argv[0]?.text ?? 'a command'} later and again, unattended and unreviewed.` });
  }
  const args = cmd.args;
  if (!PERSISTENCE_PROGRAMS.has(cmd.name)) return;
  const pos = positionals(args);
  switch (cmd.name) {
    case 'tee':
      for (const p of pos) {
        const target = persistenceTarget(p);
        if (target) emitPersistence(ctx, target, p, 'Writes (tee) to', upstreamData(cmd) ?? hereBody(cmd));
      }
      return;
    case 'add-content':
    case 'set-content':
    case 'out-file': {
      // PowerShell writers: the target is -Path / -FilePath or the first operand.
      const target = optionValueCI(args, ['-path', '-filepath', '-literalpath']) ?? pos[0];
      const t = target ? persistenceTarget(target) : null;
      if (t) emitPersistence(ctx, t, target!, `${cmd.argv[0]?.text ?? cmd.name} writes to`, optionValueCI(args, ['-value', '-inputobject']) ?? pos.slice(1).join('\n'));
      return;
    }
    case 'sc':
    case 'sc.exe':
    case 'new-service':
      // A Windows service starts at boot as SYSTEM (`sc create X binPath= …`, `New-Service`).
      if (cmd.name === 'new-service' || /^create$/i.test(args[0] ?? '')) ctx.emit({ patternName: `${CATEGORY}.windows_service`, severity: 'high', category: CATEGORY, layer: 'builtin', reason: `${cmd.argv[0]?.text ?? cmd.name} ${cmd.name === 'new-service' ? '' : 'create '}registers a Windows service, a program that starts at boot as SYSTEM.`.replace('  ', ' ') });
      return;
    case 'wmic':
    case 'set-wmiinstance':
    case 'new-ciminstance':
      // A permanent WMI event subscription runs its consumer whenever the filter's event fires, across reboots.
      if (args.some((a) => /^__(?:eventfilter|filtertoconsumerbinding)$|^(?:commandlineeventconsumer|activescripteventconsumer)$/i.test(a)) && (cmd.name !== 'wmic' || args.some((a) => /^create$/i.test(a)))) {
        ctx.emit({ patternName: `${CATEGORY}.wmi_subscription`, severity: 'high', category: CATEGORY, layer: 'builtin', reason: 'Creates a permanent WMI event subscription, code Windows runs again whenever its event fires, across reboots.' });
      }
      return;
    case 'defaults':
      // macOS login and logout hooks run a script as root at every login.
      if (args[0] === 'write' && /loginwindow$/i.test(args[1] ?? '') && /^(?:LoginHook|LogoutHook)$/i.test(args[2] ?? '')) ctx.emit({ patternName: `${CATEGORY}.login_hook`, severity: 'high', category: CATEGORY, layer: 'builtin', reason: `defaults write ${args[1]} ${args[2]} makes ${args[3] ?? 'a script'} run as root at every ${/^login/i.test(args[2]) ? 'login' : 'logout'}.` });
      return;
    case 'copy':
    case 'copy-item':
    case 'cpi':
    case 'move':
    case 'move-item':
    case 'xcopy':
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
      if (args.some((a) => REGISTRY_AUTORUN.test(a)) && (cmd.name !== 'reg' || /^add$/i.test(args[0] ?? ''))) {
        const runKey = args.some((a) => /\\currentversion\\(?:run|runonce)\b/i.test(a));
        ctx.emit({ patternName: `${CATEGORY}.registry_run_key`, severity: 'high', category: CATEGORY, layer: 'builtin', reason: runKey ? 'Adds a program to the Windows Run key so it starts at every logon.' : 'Sets a registry value Windows runs a program from at logon or at every program start (Winlogon, Image File Execution Options, AppInit_DLLs).' });
      }
      return;
  }
}

// Written scripts: a file written (Write, an edit, a patch) that is code something will run — a
// shell script, a project hook, a Makefile recipe, a package.json script, a CI step, an editor
// task — is judged by what its commands would do when run. Only the effects that are harmful
// wherever they run are reported here: deleting home or the system, running downloaded code,
// sending secrets out, reading credentials.
const SCRIPT_HARMS = new Set(['destructive_fs', 'remote_code_exec', 'exfiltration', 'credential_access']);
const SHELL_SCRIPT_EXT = /\.(?:sh|bash|zsh|ksh|dash|command)$/;
const SHEBANG = /^#!\s*\S*(?:\/|\s)(?:env\s+)?(?:ba|z|k|da|)sh\b/;
const HOOK_DIR = /(?:^|\/)\.(?:husky|githooks)\/(?!_\/)[^/]+$/;
const LIFECYCLE = /^(?:pre|post)?(?:install|uninstall|prepare|publish|pack|prepublishonly)$|^dependencies$/;
const JSON_PAIR = /"([A-Za-z0-9_:.-]{1,64})"\s*:\s*"((?:[^"\\\n]|\\.){1,4000})"/g;
const CI_RUN = /^(\s*)-?\s*(?:run|script|command)\s*:\s*(.*)$/;

// Programs in other languages: a Python, Ruby, Perl or PowerShell file, or a JavaScript/TypeScript
// file that is a program rather than a module (a shebang, or kept in scripts/, bin/ or tools/),
// is judged as its interpreter's inline code would be (`python3 -c '…'`), by the same rules.
const INTERPRETER_EXT: Record<string, string> = { py: 'python3 -c', rb: 'ruby -e', pl: 'perl -e', ps1: 'shell', psm1: 'shell', js: 'node -e', mjs: 'node -e', cjs: 'node -e', ts: 'node -e' };
const INTERPRETER_SHEBANG = /^#!\s*\S*(?:\/|\s)(?:env\s+(?:-S\s+)?)?(python[0-9.]*|node|deno|bun|ruby|perl|pwsh)\b/;
const PROGRAM_DIR = /(?:^|\/)(?:scripts?|bin|tools)\/[^/]+$/;
// A credential file named in program text (`homedir() + '/.aws/credentials'`, `'.ssh', 'id_rsa'`).
const CREDENTIAL_FILE_NAMED = /\.aws\/credentials|['"`]\.aws['"`]|\.ssh\/id_|['"`]id_(?:rsa|ed25519|ecdsa)['"`]|\.npmrc|\.netrc|\.kube\/config|\.docker\/config\.json|\.git-credentials|gh\/hosts\.yml|application_default_credentials/;

function interpreterScript(lower: string, base: string, content: string): string | null {
  const shebang = INTERPRETER_SHEBANG.exec(content);
  if (shebang) return /^python/.test(shebang[1]) ? 'python3 -c' : shebang[1] === 'ruby' ? 'ruby -e' : shebang[1] === 'perl' ? 'perl -e' : shebang[1] === 'pwsh' ? 'shell' : 'node -e';
  const dot = base.lastIndexOf('.');
  const program = dot > 0 && Object.hasOwn(INTERPRETER_EXT, base.slice(dot + 1)) ? INTERPRETER_EXT[base.slice(dot + 1)] : undefined;
  if (!program) return null;
  return program !== 'node -e' || PROGRAM_DIR.test(lower) ? program : null;
}

// Files whose values something else runs as commands, later and unasked: an agent's MCP server
// list (each server's command and args start with the agent), an agent's settings or hooks file
// (each hook's command runs at its event), the ssh client configuration (ProxyCommand,
// LocalCommand, KnownHostsCommand and `Match exec` run at each connection). Settings files count
// only in an agent's own folder: a project's VS Code settings.json is not one.
const MCP_CONFIG_FILE = /(?:^|\/)(?:\.?mcp(?:[_-]config)?\.json|claude_desktop_config\.json)$/;
const AGENT_SETTINGS_FILE = /(?:^|\/)(?:\.(?:claude|gemini|copilot|cursor|windsurf|codex|agents)(?:\/[^/]+)?\/(?:settings(?:\.local)?\.json|config\.toml|hooks\.json)|\.codeium\/(?:windsurf\/)?hooks\.json|\.github\/hooks\/[^/]+\.json|\.github\/copilot\/settings(?:\.local)?\.json|policy\.d\/[^/]+\.json)$/;
const SSH_CLIENT_CONFIG = /(?:^|\/)(?:\.ssh\/config(?:\.d\/[^/]+)?|ssh\/ssh_config(?:\.d\/[^/]+)?)$/;

function launcherConfigOf(lower: string): 'mcp' | 'agent' | 'ssh' | null {
  if (!lower.includes('.json') && !lower.includes('.toml') && !lower.includes('ssh')) return null;
  return MCP_CONFIG_FILE.test(lower) ? 'mcp' : AGENT_SETTINGS_FILE.test(lower) ? 'agent' : SSH_CLIENT_CONFIG.test(lower) ? 'ssh' : null;
}

// `"command": "bash"` (JSON) or `command = "bash"` (TOML), with the `args` array that follows it in
// the same entry; hook handlers name theirs `bash` / `powershell` (Copilot). Bounded spans only.
// An args array is a list of strings, read string by string (a string may hold `]`).
const ARGS_LIST = String.raw`\[\s*((?:"(?:[^"\\\n]|\\.)*"\s*,\s*)*(?:"(?:[^"\\\n]|\\.)*")?)\s*,?\s*\]`;
const CONFIG_COMMAND = new RegExp(String.raw`["']?(?:command|bash|powershell)["']?\s*[:=]\s*"((?:[^"\\\n]|\\.){1,4000})"(?:[^\]{}]{0,200}?["']?args["']?\s*[:=]\s*${ARGS_LIST})?`, 'g');
const CONFIG_ARGS = new RegExp(String.raw`["']?args["']?\s*[:=]\s*${ARGS_LIST}`, 'g');
const CONFIG_STRING = /"((?:[^"\\\n]|\\.){0,4000})"/g;
const unescapeJson = (s: string): string => s.replace(/\\(["\\/])/g, '$1');

/** The command lines an MCP server list or an agent settings/hooks file would run, one a line. */
function configCommands(content: string): string {
  const text = content.slice(0, 65_536);
  if (!/command|bash|powershell|args/.test(text)) return '';
  const out: string[] = [];
  const strings = (list: string): string[] => [...list.matchAll(CONFIG_STRING)].map((m) => unescapeJson(m[1]));
  for (const m of text.matchAll(CONFIG_COMMAND)) {
    const program = unescapeJson(m[1]);
    const args = m[2] !== undefined ? strings(m[2]) : [];
    // The program and its arguments as the shell rules read them (`bash -c '…'` unwraps).
    out.push(args.length ? [program, ...args.map(shellQuote)].join(' ') : program);
  }
  // An args array on its own (an edit that changes only the arguments, or args before command):
  // each element alone, so a `-c` body is still judged.
  for (const m of text.matchAll(CONFIG_ARGS)) for (const a of strings(m[1])) if (a.length > 3 && PAYLOAD_HINT.test(a)) out.push(a);
  return out.join('\n');
}

const SSH_COMMAND_LINE = /^\s*(?:ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)\s*(?:=\s*|\s+)(.+)$|^\s*Match\s[^\n]*?\bexec\s+"([^"\n]+)"/gim;

/** The commands an ssh client configuration runs (`ProxyCommand sh -c '…'`), one a line. */
function sshConfigCommands(content: string): string {
  const text = content.slice(0, 65_536);
  if (!/command|exec/i.test(text)) return '';
  return [...text.matchAll(SSH_COMMAND_LINE)].map((m) => (m[1] ?? m[2]).trim()).join('\n');
}

// Test modules (a tests/ or spec/ tree, test_x.py, x_spec.rb; not conftest.py, which pytest runs
// by itself) hold attack strings as data in their case tables: `CASES = ['rm -rf /', …]`.
const CONFTEST = /(?:^|\/)conftest\.py$/;
// Code that could hand a data string to a shell, an interpreter, the network or a file read: when
// a test has one, its case table may be what it runs or sends, and is judged whole.
const TEST_SINKS = /\b(?:subprocess|os\.(?:system|popen|exec|spawn)|popen|exec|eval|system|spawn|urlopen|urllib|requests|httpx|aiohttp|socket|http\.client|Net::HTTP|open|read_text|read_bytes|File\.read|IO\.|Kernel|pexpect|paramiko|fabric|sh\.)\b|`/;
const STRING_LITERAL = /[rbuf]{0,2}(['"])(?:(?!\1)[^\\\n]|\\.)*\1/g;
const DATA_REST = /^(?:[ \t]*[A-Za-z_][\w.]*\s*(?::\s*[\w.[\], ]+)?=\s*)?(?:[\s[\](){},:]|\b(?:True|False|None|nil|true|false|\d+)\b)*$/;

/**
 * A test module's lines that are only literal data — a string item of a case table, a tuple of a
 * string and an expectation, a name assigned a list of strings — are blanked: a test file without
 * any sink (TEST_SINKS) cannot run or send them. Code lines around them are still judged.
 */
function withoutDataLines(code: string): string {
  return code.split('\n').map((line) => {
    if (!line.includes("'") && !line.includes('"')) return line;
    const rest = line.replace(STRING_LITERAL, '');
    return rest !== line && DATA_REST.test(rest) ? '' : line;
  }).join('\n');
}

/** What a written file would run, as shell text, and what it is (null for files that are not scripts). */
export function scriptOf(path: string, content: string): { text: string; what: string; harmsOnly?: boolean; sendsOnly?: boolean } | null {
  const lower = path.toLowerCase();
  const base = lower.slice(lower.lastIndexOf('/') + 1);
  if (base === 'package.json') {
    const parts: string[] = [];
    let auto = '';
    // Keys of a scripts block; in a partial edit only the lifecycle names are sure to be scripts.
    const hasScripts = /"scripts"\s*:/.test(content);
    for (const m of content.matchAll(JSON_PAIR)) {
      const lifecycle = LIFECYCLE.test(m[1]);
      if (!lifecycle && !hasScripts) continue;
      if (lifecycle) auto = m[1];
      parts.push(m[2].replace(/\\(["\\])/g, '$1'));
    }
    return parts.length ? { text: parts.join('\n'), what: auto ? `package.json, whose ${auto} script runs on every npm install` : 'package.json scripts' } : null;
  }
  if (base === 'makefile' || base === 'gnumakefile' || base.endsWith('.mk')) return { text: makefileRecipes(content), what: `the Makefile ${path}` };
  if (/(?:^|\/)\.github\/workflows\/[^/]+\.ya?ml$|(?:^|\/)\.gitlab-ci\.ya?ml$/.test(lower)) return { text: ciSteps(content), what: `the CI workflow ${path}, whose steps run on the CI runner with the repository's secrets` };
  if (DEVCONTAINER.test(lower)) return { text: devcontainerCommands(content).join('\n'), what: `the dev container file ${path}, whose commands run when the container is created or started` };
  if (base === 'tasks.json' && lower.includes('.vscode/')) {
    const parts: string[] = [];
    for (const m of content.matchAll(JSON_PAIR)) if (m[1] === 'command') parts.push(m[2].replace(/\\(["\\])/g, '$1'));
    return parts.length ? { text: parts.join('\n'), what: `the editor task file ${path}` } : null;
  }
  if (HOOK_DIR.test(lower) || SHARED_HOOK.test(lower)) return { text: content, what: `the commit hook ${path}, which runs at every commit` };
  const launcher = launcherConfigOf(lower);
  if (launcher) {
    const text = launcher === 'ssh' ? sshConfigCommands(content) : configCommands(content);
    return text ? { text, what: launcher === 'ssh' ? `the ssh client configuration ${path}, whose ProxyCommand/LocalCommand runs at every ssh connection` : launcher === 'mcp' ? `the MCP server configuration ${path}, whose server commands the agent starts by itself` : `the agent settings or hooks file ${path}, whose hook and server commands the agent runs by itself`, harmsOnly: true } : null;
  }
  if (SHELL_SCRIPT_EXT.test(base) || SHEBANG.test(content)) return { text: content, what: `the script ${path}` };
  // A JavaScript/TypeScript module runs when the app that imports it does. It is judged only when it
  // names a credential file, and only for sending one out (a module that reads ~/.aws/credentials
  // to list the profile names is a tool, not a leak): `fetch(url, {body: readFileSync(home + '/.npmrc')})`.
  if (/\.(?:[cm]?[jt]sx?)$/.test(base) && !PROGRAM_DIR.test(lower) && !INTERPRETER_SHEBANG.test(content) && CREDENTIAL_FILE_NAMED.test(content.slice(0, 32_768))) {
    const code = content.slice(0, 32_000).replace(/^[ \t]*\/\/.*$/gm, '');
    return { text: `node -e '${code.replace(/'/g, "'\\''")}'`, what: `the module ${path}, which runs when the app imports it`, harmsOnly: true, sendsOnly: true };
  }
  const program = interpreterScript(lower, base, content);
  if (program) {
    // Whole-line comments never run: a command quoted in one (`# run \`curl … | sh\` first`) is
    // text for a reader, judged by the injection rules, not code of the program.
    let code = content.slice(0, 32_000).replace(program === 'node -e' ? /^[ \t]*\/\/.*$/gm : /^[ \t]*#.*$/gm, '');
    if (inTestTree(segments(lower)) && !CONFTEST.test(lower) && !TEST_SINKS.test(code)) code = withoutDataLines(code);
    return { text: program === 'shell' ? code : `${program} '${code.replace(/'/g, "'\\''")}'`, what: `the ${program === 'shell' ? 'PowerShell ' : ''}script ${path}`, harmsOnly: true };
  }
  // Other files that run later: CI systems, task runners, hook managers, direnv.
  const kind = runFileKind(path);
  const text = kind ? runFileShell(kind, content) : '';
  return kind && text ? { text, what: `${kind} ${path}` } : null;
}

/** The commands of a CI file's `run:` / `script:` steps (one-line and block forms). */
function ciSteps(yaml: string): string {
  const out: string[] = [];
  const lines = yaml.split('\n');
  for (let i = 0; i < lines.length && i < 2000; i++) {
    const m = CI_RUN.exec(lines[i]);
    if (!m) continue;
    const value = m[2].trim();
    if (value && !/^[|>][-+]?$/.test(value)) {
      out.push(value.replace(/^(["'])(.*)\1$/, '$2'));
      continue;
    }
    const indent = m[1].length;
    for (i++; i < lines.length; i++) {
      const l = lines[i];
      if (l.trim() && l.length - l.trimStart().length <= indent) { i--; break; }
      out.push(l.trim().replace(/^-\s+/, ''));
    }
  }
  // `${{ secrets.X }}` and `${{ toJSON(secrets) }}` are the repository's secrets, put in place by the runner.
  return out.join('\n').replace(/\$\{\{\s*(?:toJSON\(\s*secrets\s*\)|secrets\.[A-Za-z0-9_]+)\s*\}\}/g, '$GITHUB_SECRET_TOKEN');
}

/** A written script is judged by what it would do when run (Write, edits, patches, MCP writes). */
export function inspectScriptWrite(path: string, content: string, ctx: RuleContext): void {
  const script = scriptOf(path, content);
  if (!script || !script.text.trim()) return;
  let best: Finding | null = null;
  let other: Finding | null = null;
  // A project hook runs by itself at every commit or push: a medium harmful effect there (the
  // staged diff posted to an unknown host) is repeated unasked, so it is reported too. A script
  // or a build file runs when someone runs it, and keeps the high bar. (.git/hooks is judged as
  // a persistence target, emitPersistence.)
  // So does an agent's hooks or settings file, at every tool call.
  const hook = script.what.startsWith('the commit hook') || script.what.startsWith('the agent settings or hooks file');
  let repeated: Finding | null = null;
  for (const f of ctx.inspectNested(script.text.slice(0, 32_768))) {
    if (hook && f.severity === 'medium' && SCRIPT_HARMS.has(f.category)) repeated ??= f;
    if (severityRank(f.severity) < severityRank('high')) continue;
    // Other serious effects (a repository or cloud resource destroyed) in a file someone runs on
    // purpose are that someone's tool, perhaps a deliberate one: warned, not denied.
    // A program in another language is a tool whose functions run when called (a rollback that
    // resets, a cleanup that deletes a build): only the harms above are reported for it.
    if (!SCRIPT_HARMS.has(f.category) || (script.sendsOnly && f.category !== 'exfiltration')) {
      if (!script.harmsOnly) other ??= f;
      continue;
    }
    // On a tie, sending the secrets out says more than reading them.
    const rank = severityRank(f.severity) - (best ? severityRank(best.severity) : -1);
    if (rank > 0 || (rank === 0 && f.category === 'exfiltration' && best!.category === 'credential_access')) best = f;
  }
  if (best) ctx.emit({ patternName: best.patternName, severity: best.severity, category: best.category, layer: 'builtin', reason: `Writes ${script.what}; when run, it would do this: ${best.reason}`, paths: [path] });
  else if (other) ctx.emit({ patternName: `${CATEGORY}.run_file_harmful`, severity: 'medium', category: other.category, layer: 'builtin', reason: `Writes ${script.what}; when run, it would do this: ${other.reason}`, paths: [path] });
  else if (repeated) ctx.emit({ patternName: `${CATEGORY}.git_hook_harmful`, severity: 'medium', category: CATEGORY, layer: 'builtin', reason: `Writes ${script.what}; each time it runs it would do this: ${repeated.reason}`, paths: [path] });
}
