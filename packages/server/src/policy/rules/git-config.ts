// git_danger, configuration that runs a command: `git -c core.sshCommand=…`, `GIT_SSH_COMMAND=…`,
// `git config alias.x "!…"`, `diff.<driver>.textconv`, `core.pager`, `GIT_CONFIG_PARAMETERS`…
// Setting one is not harmful in itself (`ssh -v`, `less -FRX`, `delta`, `code --wait`, `bun` are
// everyday settings); what git will run is. So the configured command is judged as the shell
// command it is: its findings are reported with the channel that carries it ("… (run by git as
// core.sshCommand)"), and a command whose content cannot be seen here (a script in a scratch or
// project directory, a variable, a command substitution) is a warning.
import { severityRank, type Finding } from '../findings.js';
import { parseShell } from '../shell/parser.js';
import type { SimpleCommand } from '../shell/types.js';
import type { RuleContext } from './context.js';
import { INTERPRETERS, SHARED_HOOKS_DIR_SOURCE, SHELLS } from './facts.js';

const CATEGORY = 'git_danger';

/**
 * Keys whose value git runs as a shell command (alias values only when they start with `!`).
 * `core.fsmonitor` is also a boolean (git's built-in daemon), handled in configuredCommand.
 */
const COMMAND_KEYS = /^(?:core\.(?:sshcommand|fsmonitor|pager|editor|askpass|gitproxy)|sequence\.editor|interactive\.difffilter|gpg\.(?:[^.=]+\.)?program|alias\.[^=]+|pager\.[^=]+|diff\.external|diff\.[^.=]+\.(?:textconv|command)|difftool\.[^.=]+\.cmd|mergetool\.[^.=]+\.cmd|filter\.[^.=]+\.(?:clean|smudge|process)|merge\.[^.=]+\.driver)$/i;
/**
 * Keys whose effect is not a command line that can be judged: other hooks, a credential helper
 * (it receives every password git handles), the pack-objects hook, the `ext::` transport and URL
 * rewriting (which can send a remote through `ext::`). Setting them stays a denial.
 */
const OPAQUE_KEYS = /^(?:core\.hookspath|credential\.helper|credential\..+\.helper|uploadpack\.packobjectshook|protocol\.ext\.allow|url\..*\.insteadof|url\..*\.pushinsteadof)$/i;

/** Environment variables whose value git runs as a shell command. */
const COMMAND_ENV = new Set(['GIT_SSH_COMMAND', 'GIT_PROXY_COMMAND', 'GIT_EXTERNAL_DIFF', 'GIT_ASKPASS', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'GIT_PAGER']);
/** Environment variables naming one program (no shell): GIT_SSH. */
const PROGRAM_ENV = new Set(['GIT_SSH']);
/** Keys that only matter to subcommands that talk to a remote (ssh, proxy). */
export const REMOTE_ONLY_KEY = /^core\.(?:sshcommand|gitproxy)$/i;
export const REMOTE_ONLY_ENV = /^(?:GIT_SSH|GIT_PROXY)/;

// Directories whose programs come with the system or a package manager: their content is known
// to the machine's owner, unlike a script in the project, a scratch directory or a download.
const SYSTEM_PROGRAM = /^(?:\/usr\/(?:local\/)?s?bin|\/s?bin|\/opt\/homebrew\/bin|\/usr\/libexec|\/snap\/bin|\/nix\/store\/[^/]+\/bin|\/run\/current-system\/sw\/bin)\/[^/]+$/;

// Conventional names of a repository's committed hooks directory, relative to its top.
const SHARED_HOOKS_DIR = new RegExp(String.raw`^(?:\.\/)?${SHARED_HOOKS_DIR_SOURCE}\/?$`);

export type ConfigJudgement = 'command' | 'opaque' | 'none';

const CREDENTIAL_HELPER_KEY = /^credential\.(?:.+\.)?helper$/i;
/**
 * Credential helpers git and the platforms ship, set the way their install docs say: the OS
 * keychains, git's own cache and store, Git Credential Manager, and the CLIs that hand git their
 * login (`gh auth git-credential`, `aws codecommit credential-helper`, `gcloud auth git-helper`).
 * An empty value resets the list. Anything else receives every password git handles from code of
 * the caller's choosing, so it stays opaque (`!f() { cat >> /tmp/c; }; f`).
 */
const STANDARD_CREDENTIAL_HELPER = /^(?:|osxkeychain|wincred|libsecret|gnome-keyring|manager(?:-core)?|cache(?:\s+--timeout(?:=|\s+)\d+)?|store(?:\s+--file(?:=|\s+)[^\s;&|`$()]+)?|(?:\/[\w./-]+\/)?git-credential-(?:libsecret|osxkeychain|manager(?:-core)?|gnome-keyring|wincred)|!\s*(?:\/[\w./-]+\/)?(?:gh auth git-credential|aws codecommit credential-helper \$@|gcloud auth git-helper(?:\s+--(?:account|ignore-unknown)(?:=[\w@.-]+)?)*\s+\$@))$/i;

/** What a configuration key does when set: runs a command to judge, something opaque, or nothing. */
export function configKeyKind(key: string, value: string | undefined): ConfigJudgement {
  // A project's shared-hooks directory (husky's `.husky`, `.githooks`, `scripts/git-hooks` …) is
  // the documented team setup: the hooks are the project's own committed files, not code put out
  // of sight. Anywhere else (/tmp, ~, /dev/null, `.githooks-disabled`) is still judged.
  if (/^core\.hookspath$/i.test(key) && value !== undefined && SHARED_HOOKS_DIR.test(value.trim())) return 'none';
  if (value !== undefined && CREDENTIAL_HELPER_KEY.test(key) && STANDARD_CREDENTIAL_HELPER.test(value.trim().replace(/^(['"])(.*)\1$/, '$2'))) return 'none';
  if (OPAQUE_KEYS.test(key)) return 'opaque';
  if (!COMMAND_KEYS.test(key)) return 'none';
  // A plain alias names a git subcommand (expanded elsewhere); only `!` runs a shell.
  if (/^alias\./i.test(key)) return value === undefined || value.trimStart().startsWith('!') ? 'command' : 'none';
  return 'command';
}

export function envKind(name: string): ConfigJudgement {
  return COMMAND_ENV.has(name) || PROGRAM_ENV.has(name) ? 'command' : 'none';
}

/** The command line git runs for `key` set to `value`; undefined when the value runs nothing. */
function configuredCommand(channel: string, value: string): string | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  if (/^alias\./i.test(channel)) return v.replace(/^!/, '');
  // core.fsmonitor=true|false selects git's built-in daemon; any other value is a hook command.
  // pager.<cmd> takes a boolean too (use the pager or not).
  if (/^(?:core\.fsmonitor|pager\..+)$/i.test(channel) && /^(?:true|false|yes|no|on|off|1|0)$/i.test(v)) return undefined;
  // core.gitProxy is "COMMAND [for DOMAIN]".
  if (/^core\.gitproxy$/i.test(channel)) return v.replace(/\s+for\s+\S+$/i, '');
  // GIT_SSH names a program, run without a shell: the whole value is its path.
  if (PROGRAM_ENV.has(channel)) return `'${v.replace(/'/g, `'\\''`)}'`;
  return v;
}

/** Why the program a command runs cannot be judged from the line, or undefined when it can. */
function unseenProgram(cmd: SimpleCommand): string | undefined {
  const word = cmd.argv[0];
  if (!word) return undefined;
  const t = word.text;
  if (word.subs.length > 0 || /[$`]/.test(t)) return `a program named at run time (${t})`;
  if ((t.includes('/') || t.includes('\\')) && !SYSTEM_PROGRAM.test(t)) return `${t}, a program whose content cannot be checked here`;
  // A shell or interpreter running a script file: the script is what runs.
  if (SHELLS.has(cmd.name) || INTERPRETERS.test(cmd.name)) {
    const script = cmd.args.find((a) => !a.startsWith('-'));
    if (script !== undefined && !cmd.args.some((a) => /^-[a-z]*[ce]$/i.test(a) || a === '--eval' || a === '-m')) return `${cmd.name} ${script}, a script whose content cannot be checked here`;
  }
  return undefined;
}

/** ssh options whose value is itself a command ssh runs locally (`-o ProxyCommand=…`). */
function sshLocalCommands(cmd: SimpleCommand): string[] {
  if (cmd.name !== 'ssh') return [];
  const out: string[] = [];
  for (let i = 0; i < cmd.args.length; i++) {
    const a = cmd.args[i];
    const opt = a === '-o' ? cmd.args[++i] : a.startsWith('-o') ? a.slice(2) : undefined;
    const m = opt === undefined ? null : /^\s*(?:ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)\s*(?:=|\s)\s*(.+)$/is.exec(opt);
    if (m) out.push(m[1]);
  }
  return out;
}

/**
 * Judges the command git will run for one configuration channel (`core.sshCommand`,
 * `GIT_SSH_COMMAND`, `alias.lg`…), emitting its findings with the channel in the reason.
 */
export function judgeConfiguredCommand(ctx: RuleContext, channel: string, value: string | undefined): void {
  const as = `run by git as ${channel}`;
  if (value === undefined) {
    // `--config-env=KEY=VAR`: the value sits in a variable the hook cannot read.
    ctx.emit({ patternName: `${CATEGORY}.config_command_unseen`, severity: 'medium', category: CATEGORY, layer: 'builtin', reason: `git takes ${channel} from an environment variable, so the command it runs cannot be checked.` });
    return;
  }
  const command = configuredCommand(channel, value);
  if (command === undefined) return;
  const findings: Finding[] = [...ctx.inspectNested(command)];
  const script = parseShell(command);
  for (const c of script.commands) {
    for (const inner of sshLocalCommands(c)) for (const f of ctx.inspectNested(inner)) findings.push({ ...f, reason: `${f.reason.replace(/\.$/, '')} (an ssh ProxyCommand)` });
  }
  for (const f of findings) ctx.emit({ ...f, reason: `${f.reason.replace(/\.$/, '')} (${as}).` });
  if (findings.some((f) => severityRank(f.severity) >= severityRank('medium'))) return;
  const unseen = script.unanalysable ? `a command that cannot be analysed (${script.unanalysable})` : script.commands.map(unseenProgram).find((u) => u !== undefined);
  if (unseen) ctx.emit({ patternName: `${CATEGORY}.config_command_unseen`, severity: 'medium', category: CATEGORY, layer: 'builtin', reason: `git runs ${unseen} (${as}).` });
}

/** The `key=value` entries of GIT_CONFIG_PARAMETERS (git writes each as `'key=value'` or `'key'='value'`); undefined when unreadable. */
export function configParameters(raw: string): Array<[string, string]> | undefined {
  const out: Array<[string, string]> = [];
  const re = /\s*'((?:[^']|'\\'')*)'(?:='((?:[^']|'\\'')*)')?/y;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < raw.trimEnd().length && (m = re.exec(raw)) !== null) {
    at = re.lastIndex;
    const unq = (s: string): string => s.replace(/'\\''/g, "'");
    if (m[2] !== undefined) out.push([unq(m[1]), unq(m[2])]);
    else {
      const kv = unq(m[1]);
      const eq = kv.indexOf('=');
      out.push(eq < 0 ? [kv, 'true'] : [kv.slice(0, eq), kv.slice(eq + 1)]);
    }
  }
  return at >= raw.trimEnd().length ? out : undefined;
}

/**
 * A configuration setting, however it is made (`git -c`, `git config`, the GIT_CONFIG_* variables,
 * a config file written or edited): a command it configures is judged as that command, an opaque
 * one (another hooks directory, a credential helper) is denied.
 */
export function judgeConfigSetting(ctx: RuleContext, key: string, value: string | undefined, via: string): void {
  const kind = configKeyKind(key, value);
  if (kind === 'none') return;
  if (kind === 'command') return judgeConfiguredCommand(ctx, key, value);
  const hooks = /^core\.hookspath$/i.test(key);
  ctx.emit({
    patternName: `${CATEGORY}.${hooks ? 'hooks_path' : 'config_command_execution'}`,
    severity: 'high',
    category: CATEGORY,
    layer: 'builtin',
    reason: hooks ? `${via} ${key} points git at other hooks, replacing the repository's hooks with code of the caller's choosing.` : `${via} ${key} makes git run a command of the caller's choosing.`,
  });
}

/** Git's own configuration files: user, XDG, system, a repository's, and included `*.gitconfig` files. */
export const GIT_CONFIG_FILE = /(?:^|\/)(?:\.gitconfig|\.config\/git\/config|etc\/gitconfig|\.git\/config|[^/]+\.gitconfig)$/;

/**
 * The settings in config-file text (`[alias]` then `co = !curl … | sh`, `[core]` then
 * `fsmonitor = "sh -c '…'"`), each judged as `git config` would make it. Values may be quoted, with
 * backslash escapes, as git reads them. Edits give only the new lines: the last section header
 * above them may be missing, so a key seen before any header is judged under each section that
 * gives it a meaning.
 */
export function judgeConfigText(ctx: RuleContext, path: string, text: string): void {
  let section: string | undefined;
  for (const raw of text.slice(0, 100_000).split('\n', 5000)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:\\.|[^"\\])*)")?\s*\]/.exec(line);
    if (header) {
      section = header[2] !== undefined ? `${header[1]}.${header[2]}` : header[1];
      continue;
    }
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (!kv) continue;
    const value = kv[2] === undefined ? 'true' : configValue(kv[2]);
    const keys = section ? [`${section}.${kv[1]}`] : ['alias', 'core'].map((s) => `${s}.${kv[1]}`);
    for (const key of keys) if (configKeyKind(key, value) !== 'none') judgeConfigSetting(ctx, key, value, `Writing ${path} sets`);
  }
}

/** A config value as git reads it: quotes removed, `\"` `\\` `\n` `\t` unescaped, a trailing comment cut. */
function configValue(raw: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '"') quoted = !quoted;
    else if (c === '\\' && i + 1 < raw.length) {
      const n = raw[++i];
      out += n === 'n' ? '\n' : n === 't' ? '\t' : n;
    } else if (!quoted && (c === '#' || c === ';')) break;
    else out += c;
  }
  return out.trim();
}
