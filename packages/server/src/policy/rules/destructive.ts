// destructive_fs: recursive deletes of precious targets (rm, find -delete, Remove-Item,
// rd /s), disk wipes (dd to a device, mkfs, wipefs, diskutil erase), truncating system
// files, fork bombs. Targets are judged by paths.ts, so `rm -rf node_modules` is fine and
// `rm -rf ~`, `rm -rf /*`, `rm -rf "$HOME"/` are not.
import { isDryRun } from './dry-run.js';
import { deletionRisk, isProjectScratchPath, isScratchPath, isScratchRoot, isUnder, normalizePath, OUTSIDE_PROJECT, type TargetRisk } from '../paths.js';
import { expandBraces } from '../shell/expand.js';
import { FD_PROGRAMS, fdInvocation } from '../shell/fd-options.js';
import { TMPDIR_STANDIN } from '../shell/parser.js';
import type { Script, SimpleCommand } from '../shell/types.js';
import type { Severity } from '../types.js';
import { severityRank, shiftSeverity } from '../findings.js';
import type { RuleContext } from './context.js';
import { credentialRiskOfPattern } from './credential-paths.js';
import { BUILD_OUTPUT_DIR, DATA_STORE_NAME, hasArgCI, hasLong, hasShort, positionals } from './facts.js';

const CATEGORY = 'destructive_fs';
const PS_REMOVE = new Set(['remove-item', 'ri', 'rd', 'rmdir', 'del', 'erase']);
// diskpart commands that erase: `clean` (`clean all`), `format`, `delete partition|volume|disk`; a printf's `\n` separates them as lines do.
const DISKPART_WIPE = /(?:^|[\s&;])(?:clean|format)\b|\bdelete\s+(?:partition|volume|disk)\b/i;
const DEVICE = /^\/dev\/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|rdisk\d|md\d|dm-\d|mapper\/|loop\d|sr\d)/;
// find predicates that make the match selective rather than "everything below".
const FIND_FILTERS = /^-(?:i?name|i?path|i?wholename|i?regex|type|newer\w*|[acm]time|[acm]min|size|user|group|perm|empty|links|inum|uid|gid|prune|fstype|xtype|samefile)$/;

function emit(ctx: RuleContext, severity: Severity, rule: string, reason: string, path?: string): void {
  ctx.emit({ patternName: `${CATEGORY}.${rule}`, severity, category: CATEGORY, layer: 'builtin', reason, paths: path ? [path] : undefined });
}

/** A relative target seen from where earlier `cd`s moved (`cd .. && rm -rf x` deletes `../x`). */
export function resolveTarget(cmd: SimpleCommand, t: string): string {
  // A `find -exec`/`fd -x` command runs where find was run: `cd ~ && find . -exec rm -rf {} +`.
  const shift = cmd.cwdShift ?? cmd.parent?.cwdShift;
  if (shift === undefined || t === '' || /^[/~$%]|^[A-Za-z]:/.test(t) || t === '{}') return t;
  return t === '.' ? shift : `${shift}/${t}`;
}

/** Git metadata: deleting it destroys the repository's history and every uncommitted change. */
// The repository's own metadata (relative to the working directory) or any absolute `…/.git`.
// `objects` holds every commit (less the `tmp_*` packs a failed fetch leaves behind), `logs` the
// reflog, `packed-refs` most branches and tags.
const GIT_METADATA = /^(?:\.\/)?\.git(?:\/(?:\*|hooks(?:\/.*)?|refs(?:\/.*)?|index|HEAD|worktrees(?:\/.*)?|modules(?:\/.*)?|objects(?:\/(?!.*tmp_).*)?|logs(?:\/.*)?|packed-refs))?\/?$|^\/.*\/\.git(?:\/.*)?$/;

function gitMetadataRisk(t: string): TargetRisk | null {
  return GIT_METADATA.test(t) ? { severity: 'high', label: `the git metadata ${t} (history and uncommitted work)` } : null;
}

/**
 * How bad deleting `path` with a file tool is (a patch's `*** Delete File`, Cursor's Delete tool,
 * an MCP filesystem delete): the place, or the repository's git metadata (`/repo/.git`, `.git`),
 * which `deletionRisk` alone does not name.
 */
export function fileDeletionRisk(path: string, cwd?: string): TargetRisk | null {
  // Judged from the `.git` segment on, as the relative form is: `/r/.git/index.lock` (a stale
  // lock a crashed git left) is not the repository's history.
  const p = normalizePath(path);
  return deletionRisk(path, cwd) ?? (GIT_METADATA.test(p.replace(/^.*\/(?=\.git(?:\/|$))/, '')) ? { severity: 'high', label: `the git metadata ${path} (history and uncommitted work)` } : null);
}

/** Relative paths that climb out of the working directory (`../x`), once resolved against it. */
function outsideRisk(t: string, cwd: string | undefined): TargetRisk | null {
  if (!/^\.\.(?:\/|$)/.test(t) || !cwd) return null;
  const abs = normalizePath(`${cwd}/${t}`);
  const home = normalizePath(cwd);
  if (abs !== home && isUnder(abs, home)) return null; // climbed out and back in (`../project/build`)
  const r = deletionRisk(abs, cwd);
  if (r) return r;
  return { severity: OUTSIDE_PROJECT, label: `${t}, outside the working directory` };
}

// `..` after a directory inside a world-writable scratch directory: anyone can make that
// directory a symlink, and the kernel resolves `..` from where the link points.
const SCRATCH_CLIMB = /^\/(?:private\/)?(?:var\/)?(?:tmp|dev\/shm)\/(?:[^/]+\/)*?[^/.][^/]*\/+\.\.(?:\/|$)/;

/**
 * Deletion targets that the path vocabulary calls harmless but whose place is not known from the
 * text: a climb out of a directory in a world-writable scratch directory. (A path led by a
 * variable the command never sets is judged as its empty-variable path by `deletionRisk`.)
 */
function unknownPlaceRisk(t: string): TargetRisk | null {
  // ($TMPDIR is private to its user: a climb out of it is judged where it lands.)
  if (SCRATCH_CLIMB.test(t) && !t.startsWith(`${TMPDIR_STANDIN}/..`)) return { severity: 'medium', label: `${t} (a \`..\` out of a directory in a world-writable scratch directory, which anyone can turn into a symlink to somewhere else)` };
  return null;
}

function worst(targets: readonly string[], cmd: SimpleCommand, ctx: RuleContext): { risk: TargetRisk; target: string } | null {
  let best: { risk: TargetRisk; target: string } | null = null;
  for (const raw of targets) {
    // `rm -rf {build,~}`: each word of a brace list is a target of its own.
    if (raw.includes(',') && raw.includes('{')) {
      for (const one of expandBraces(raw)) best = riskier(best, one, cmd, ctx);
    } else best = riskier(best, raw, cmd, ctx);
  }
  return best;
}

function riskier(best: { risk: TargetRisk; target: string } | null, raw: string, cmd: SimpleCommand, ctx: RuleContext): { risk: TargetRisk; target: string } | null {
  const t = resolveTarget(cmd, raw);
  const risk = deletionRisk(t, ctx.cwd, cmd.cwdIsSubdir) ?? outsideRisk(normalizePath(t), ctx.cwd) ?? gitMetadataRisk(t) ?? unknownPlaceRisk(t);
  return risk && (!best || severityRank(risk.severity) > severityRank(best.risk.severity)) ? { risk, target: t } : best;
}


/** True when `-delete` is an action of find itself, not an argument of an `-exec` command. */
function findDeletes(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    if (/^-(?:exec|execdir|ok|okdir)$/.test(args[i])) {
      while (i < args.length && args[i] !== ';' && args[i] !== '+') i++;
      continue;
    }
    if (args[i] === '-delete') return true;
  }
  return false;
}

// A find test naming the git metadata wherever the walk starts: `-name .git`, `-path './.git/*'`,
// `-regex '.*/\.git/.*'`. `inside`: it picks the entries below `.git`, which `-delete` (unlike on
// the non-empty directory itself) does remove.
const GIT_TEST = /^-(?:i?name|i?path|i?wholename|i?regex)$/;
const GIT_NAMED = /(?:^|[/*\\])\.git(?:\\?\/|\$?$)/;
const GIT_INSIDE = /\.git\\?\/./;

/** `.git/*` or `.git` when a test of this find selects the git metadata; undefined otherwise. */
function findSelectsGit(args: readonly string[]): string | undefined {
  let found: string | undefined;
  for (let i = 0; i + 1 < args.length; i++) {
    if (!GIT_TEST.test(args[i]) || !GIT_NAMED.test(args[i + 1])) continue;
    // `! -path './.git/*'` and `-path ./.git -prune` keep the metadata out of the walk.
    if (args[i - 1] === '!' || args[i - 1] === '-not' || args[i + 2] === '-prune') continue;
    if (GIT_INSIDE.test(args[i + 1])) return '.git/*';
    found = '.git';
  }
  return found;
}

function findStartPaths(args: readonly string[]): string[] {
  const out: string[] = [];
  for (const a of args) {
    if (a.startsWith('-') || a === '(' || a === '!' || a === '\\(') break;
    out.push(a);
  }
  return out.length ? out : ['.'];
}

/**
 * What a command that receives its targets at run time will delete: the `find` start paths
 * (selective finds only matter outside the project), the arguments of an `ls`/`echo`
 * producer, or unknown.
 */
function dynamicTargets(cmd: SimpleCommand): { targets: string[]; selective: boolean } | 'unknown' {
  if (cmd.inputFromFile) return 'unknown'; // `xargs -a F`: the pipe's producer is not the input
  const producers = cmd.parent ? [cmd.parent] : cmd.pipeline.stages[cmd.stage - 1] ?? [];
  const p = producers[producers.length - 1];
  return p ? listedBy(p) : 'unknown';
}

/** What a producer prints, as paths: where a lister looks and whether it narrows. */
function listedBy(p: SimpleCommand): { targets: string[]; selective: boolean } | 'unknown' {
  if (p.name === 'find') {
    const git = findSelectsGit(p.args);
    return git ? { targets: [git], selective: false } : { targets: findStartPaths(p.args), selective: p.args.some((a) => FIND_FILTERS.test(a)) };
  }
  if (FD_PROGRAMS.has(p.name)) {
    // `fd -x rm -rf` with no pattern lists every entry below `.`, as a bare `find .` does.
    const inv = fdInvocation(p.args);
    return { targets: inv.paths, selective: inv.selective };
  }
  // A bare `ls` lists the working directory's entries: `ls | xargs rm -rf` is `rm -rf *`.
  if (p.name === 'ls') {
    const pos = positionals(p.args);
    return { targets: pos.length ? pos : ['.'], selective: false };
  }
  if (p.name === 'echo' || p.name === 'printf') return { targets: positionals(p.args), selective: false };
  if (p.name === 'git' && (p.args[0] === 'ls-files' || p.args[0] === 'diff')) return { targets: [], selective: true };
  if (p.name === 'docker' || p.name === 'kubectl') return { targets: [], selective: true };
  return 'unknown';
}

/**
 * In a script run for each input (`… | parallel sh -c 'rm -rf {}'`, `find … -exec sh -c 'rm "$1"' _ {} \;`),
 * the placeholder whose words are that input; undefined elsewhere.
 */
function fedPlaceholder(cmd: SimpleCommand): string | undefined {
  const by = cmd.fedBy;
  return by ? by.replaceString ?? (by.parent ? '{}' : undefined) : undefined;
}

/** A private key a selective find (`find ~/.ssh -name 'id_*'`) matches by its name filter, as a label. */
function foundPrivateKey(find: SimpleCommand): string | null {
  const a = find.args;
  for (let i = 0; i < a.length - 1; i++) {
    if (a[i] !== '-name' && a[i] !== '-iname') continue;
    for (const start of findStartPaths(a)) {
      const key = privateKeyOf(`${start.replace(/\/+$/, '')}/${a[i + 1]}`);
      if (key) return key;
    }
  }
  return null;
}

/** The producer feeding `cmd` is a find whose only filter is `-type f`. */
function filesOnlyFilter(cmd: SimpleCommand): boolean {
  const p = cmd.parent ?? cmd.pipeline.stages[cmd.stage - 1]?.at(-1);
  if (!p || p.name !== 'find') return false;
  const a = p.args;
  let type = false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '-type' && a[i + 1] === 'f') type = true;
    else if (FIND_FILTERS.test(a[i])) return false;
  }
  return type;
}

/**
 * Emptying or overwriting files (`> F`, `: > F`, `tee F`, `cp /dev/null F`) destroys what they
 * held as a delete does. Judged where the target stands for many files: a glob (a loop over one
 * binds its variable to it: `for f in ~/Documents/*; do : > "$f"; done`) or find's matches fed to
 * a script (`find ~ -type f -exec sh -c ': > "$1"' _ {} \;`), like a recursive delete of them;
 * and a private key, like its delete. Single other files are judged by judgeOverwrite.
 */
/** `emptied`: nothing is written over the file (`cp /dev/null F`, `: > F`), so it is left empty. */
function judgeEmptying(cmd: SimpleCommand, target: string, ctx: RuleContext, tool: string, emptied: boolean): void {
  const rs = fedPlaceholder(cmd);
  if (rs !== undefined && target.includes(rs)) return judgeDelete(cmd, [target], true, ctx, tool, 'empties every file under');
  if (/[*?[]/.test(target)) {
    const bad = worst([target], cmd, ctx);
    if (bad && severityRank(bad.risk.severity) >= severityRank('high')) emit(ctx, 'high', 'empty_files', `${tool} empties or overwrites every file in ${bad.risk.label.replace(/^everything in /, '')}, destroying their contents.`, bad.target);
    return;
  }
  const key = privateKeyOf(resolveTarget(cmd, target));
  if (key) return emit(ctx, 'high', 'empty_files', `${tool} overwrites ${key}, destroying the identity it holds.`, target);
  // Nothing written over it: the file is emptied, as `truncate -s 0 F` does, and judged as
  // truncate is (a file outside the project is denied).
  if (emptied) {
    const bad = worst([target], cmd, ctx);
    if (bad && severityRank(bad.risk.severity) >= severityRank('high')) emit(ctx, 'high', 'empty_files', `${tool} empties ${bad.risk.label}, destroying its contents.`, bad.target);
  }
}

/**
 * `verb` replaces "recursively deletes" for tools that destroy contents rather than unlink
 * (`find / -type f -exec truncate -s 0 {} +` empties every file below /).
 */
function judgeDelete(cmd: SimpleCommand, targets: string[], recursive: boolean, ctx: RuleContext, tool: string, verb?: string): void {
  const rs = fedPlaceholder(cmd);
  const fed = !cmd.dynamicArgs && rs !== undefined && targets.some((t) => t.includes(rs));
  if (cmd.dynamicArgs || fed) {
    const feeder = fed ? cmd.fedBy! : cmd;
    if (fed) targets = targets.filter((t) => !t.includes(rs));
    const dyn = dynamicTargets(feeder);
    if (dyn === 'unknown') {
      if (recursive) emit(ctx, 'high', 'recursive_delete_dynamic', `${tool} ${verb ?? 'deletes recursively'} targets ${feeder.inputFromFile ? 'read from a file' : 'produced by another command'} (${feeder.wrappers.includes('xargs') ? 'xargs' : feeder.wrappers.includes('parallel') ? 'parallel' : 'find -exec'}); they cannot be checked before it runs.`);
      return;
    }
    // Only files have content: for a content destroyer `-type f` selects everything there is.
    const producer = feeder.parent ?? feeder.pipeline.stages[feeder.stage - 1]?.at(-1);
    const key = dyn.selective && !verb && producer?.name === 'find' ? foundPrivateKey(producer) : null;
    if (key) return emit(ctx, 'high', 'delete_private_key', `${tool} deletes ${key} (find's name filter picks it); the identity it holds cannot be recovered.`);
    if (dyn.selective && !(verb && filesOnlyFilter(feeder))) return judgeSelective(cmd, dyn.targets, ctx, tool, verb);
    // find -exec receives the matches only through {}; a command without it ignores them.
    if (fed || !cmd.parent || cmd.args.some((a) => a.includes('{}'))) targets = [...targets, ...dyn.targets];
  }
  const bad = worst(targets, cmd, ctx);
  if (!bad) return;
  // Deleting one file matters less than a tree, except the system's own files (`unlink /etc/passwd`)
  // and private keys: the key is the only copy of an identity, whatever program unlinks it.
  const key = recursive ? null : privateKeyOf(bad.target);
  if (key) return emit(ctx, 'high', 'delete_private_key', `${tool} deletes ${key}${cmd.elevated ? ' as root' : ''}; the identity it holds cannot be recovered.`, bad.target);
  const severity = recursive || /git metadata|the system path/.test(bad.risk.label) ? bad.risk.severity : shiftSeverity(bad.risk.severity, -1);
  if (!recursive && /root filesystem|home directory|working directory/.test(bad.risk.label)) return;
  if (!recursive && /outside the (?:working directory|project)/.test(bad.risk.label)) return;
  emit(ctx, severity, recursive ? 'recursive_delete' : 'delete_system_file', `${tool} ${verb ?? (recursive ? 'recursively deletes' : 'deletes')} ${verb ? bad.risk.label.replace(/^everything in /, '') : bad.risk.label}${cmd.elevated ? ' as root' : ''}.`, bad.target);
}

const KEY_HINT = /ssh|gnupg|id_/i;

/** The private key (SSH, GnuPG) a path or glob names, as a label; null for anything else. */
function privateKeyOf(target: string): string | null {
  // Every redirection target comes here: most (`> out.log`) skip the credential vocabulary.
  if (!KEY_HINT.test(target)) return null;
  const r = credentialRiskOfPattern(target);
  return r && (r.kind === 'ssh_private_key' || r.kind === 'gpg_private_key') ? r.label : null;
}

/** A narrowed listing (`find ~ -name '*.log'`) matters only where it searches outside the project. */
function judgeSelective(cmd: SimpleCommand, targets: string[], ctx: RuleContext, tool: string, verb?: string): void {
  const bad = worst(targets.filter((t) => !isScratchRoot(t)), cmd, ctx);
  if (bad && bad.risk.severity === 'critical' && !/working directory/.test(bad.risk.label)) {
    emit(ctx, 'high', 'selective_delete_outside_project', verb ? `${tool} destroys the contents of the files found under ${bad.risk.label}.` : `${tool} deletes matches found under ${bad.risk.label}.`, bad.target);
  }
}

/**
 * `rm -rf $(ls ~)`, `` rm -rf `find / -maxdepth 1` ``: an operand that is wholly a command
 * substitution of a known lister stands for what it lists, as the same lister feeding xargs does.
 * Other producers (`$(mktemp -d)`, `$(go env GOCACHE)`) stay unjudged: their output is a path
 * the tool chose.
 */
function substitutedTargets(cmd: SimpleCommand): { targets: string[]; selective: string[] } | undefined {
  let out: { targets: string[]; selective: string[] } | undefined;
  for (let i = 1; i < cmd.argv.length; i++) {
    const w = cmd.argv[i];
    if (w.subs.length !== 1 || !WHOLE_SUBSTITUTION.test(w.text)) continue;
    const p = lastProducer(w.subs[0]);
    const listed = p ? listedBy(p) : 'unknown';
    if (listed === 'unknown') continue;
    out ??= { targets: [], selective: [] };
    (listed.selective ? out.selective : out.targets).push(...listed.targets);
  }
  return out;
}

const WHOLE_SUBSTITUTION = /^(?:\$\((?!\().*\)|`.*`)$/s;

/** The command whose output a substitution's script ends with: the last stage of its last pipeline. */
function lastProducer(s: Script): SimpleCommand | undefined {
  let top = Infinity;
  for (const c of s.commands) if (c.depth < top) top = c.depth;
  for (let i = s.pipelines.length - 1; i >= 0; i--) {
    const stages = s.pipelines[i].stages;
    const last = stages[stages.length - 1];
    const c = last?.[last.length - 1];
    if (c && c.depth === top) return c;
  }
  return undefined;
}

/**
 * A content destroyer (truncate -s 0, shred) whose files come from find -exec or a known xargs
 * producer is judged like a recursive delete of the producer's start paths. False when the files
 * are not fed or their producer is unknown.
 */
function destroysFedFiles(cmd: SimpleCommand, ctx: RuleContext, tool: string, verb: string): boolean {
  const files = positionals(cmd.args, DESTROYER_VALUES);
  // Inside a script find or xargs runs for each input: the placeholder words are the files.
  const rs = fedPlaceholder(cmd);
  if (rs !== undefined && files.some((f) => f.includes(rs))) {
    if (dynamicTargets(cmd.fedBy!) === 'unknown') return false;
    judgeDelete(cmd, files, true, ctx, tool, verb);
    return true;
  }
  if (!cmd.dynamicArgs || dynamicTargets(cmd) === 'unknown') return false;
  judgeDelete(cmd, files.filter((a) => a !== '{}'), true, ctx, tool, verb);
  return true;
}
const DESTROYER_VALUES: ReadonlySet<string> = new Set(['-s', '--size', '-r', '--reference', '-n', '--iterations']);

const PS_REMOVE_VALUES = new Set(['-erroraction', '-ea', '-warningaction', '-wa', '-informationaction', '-filter', '-include', '-exclude', '-stream', '-credential', '-errorvariable', '-ev', '-outvariable', '-ov']);
const PS_LISTERS = new Set(['get-childitem', 'gci', 'dir', 'ls', 'get-item', 'gi']);
const PS_LIST_VALUES = new Set(['-filter', '-include', '-exclude', '-depth', '-attributes', '-erroraction', '-ea']);

const PS_FILTERS = new Set(['where-object', 'where', '?', 'sort-object', 'sort', 'select-object', 'select']);
// Where-Object comparisons that drop the named items and keep the rest.
const PS_EXCLUDING = /^-(?:notin|notlike|notmatch|ne|notcontains|cnotin|cnotlike|cnotmatch|cne|inotin|inotlike|inotmatch|ine)$/i;

/** The paths a PowerShell lister piped into this remover lists, and whether it filters them. */
function pipedItems(cmd: SimpleCommand): { paths: string[]; selective: boolean; producer: string } | undefined {
  // Filters between the lister and the remover (`| Where-Object Name -NotIn 'AppData' |`): one that
  // only excludes names still passes everything else on; one that selects makes the delete selective.
  let k = cmd.stage - 1;
  let filtered = false;
  for (let last = cmd.pipeline.stages[k]?.at(-1); last && PS_FILTERS.has(last.name); last = cmd.pipeline.stages[--k]?.at(-1)) {
    if (!(last.name === 'sort-object' || last.name === 'sort') && !last.args.some((a) => PS_EXCLUDING.test(a))) filtered = true;
  }
  const prev = cmd.pipeline.stages[k];
  const p = prev?.[prev.length - 1];
  if (!p || !PS_LISTERS.has(p.name)) return undefined;
  const paths: string[] = [];
  let selective = filtered;
  for (let i = 0; i < p.args.length; i++) {
    const a = p.args[i].toLowerCase();
    if (a === '-path' || a === '-literalpath') paths.push(p.args[++i] ?? '');
    else if (PS_LIST_VALUES.has(a)) {
      if (a === '-filter' || a === '-include') selective = !/^\*(?:\.\*)?$/.test(p.args[i + 1] ?? '');
      i++;
    } else if (!a.startsWith('-')) paths.push(p.args[i]);
  }
  return { paths: paths.length ? paths : ['.'], selective, producer: p.argv[0]?.text ?? p.name };
}

/** `[System.IO.Directory]::Delete(path, $true)`, `[IO.File]::Delete(path)`: .NET deletes written in PowerShell. */
const DOTNET_DELETE = /\[(?:System\.)?IO\.(Directory|File)\]::Delete\(\s{0,3}(['"]?)([^'",)]{1,512})\2\s{0,3}(,\s{0,3}\$true)?/gi;

function inspectDotNetDeletes(command: string, ctx: RuleContext): void {
  DOTNET_DELETE.lastIndex = 0;
  for (let m = DOTNET_DELETE.exec(command); m; m = DOTNET_DELETE.exec(command)) {
    const recursive = m[1].toLowerCase() === 'directory' && m[4] !== undefined;
    const target = m[3].trim();
    const risk = deletionRisk(target, ctx.cwd);
    if (!risk || (!recursive && !/the system path|git metadata/.test(risk.label))) continue;
    emit(ctx, recursive ? risk.severity : shiftSeverity(risk.severity, -1), recursive ? 'recursive_delete' : 'delete_system_file', `[System.IO.${m[1]}]::Delete ${recursive ? 'recursively deletes' : 'deletes'} ${risk.label}.`, target);
    return;
  }
}

const RSYNC_VALUES = new Set(['-e', '--rsh', '--exclude', '--include', '--filter', '-f', '--files-from', '--exclude-from', '--include-from', '--log-file', '--backup-dir', '--partial-dir', '--temp-dir', '-T', '--compare-dest', '--copy-dest', '--link-dest', '--chmod', '--chown', '--usermap', '--groupmap', '--timeout', '--port', '--password-file', '--bwlimit', '--max-size', '--min-size', '--suffix']);

/**
 * Moving a path away deletes it from its place: the system's files, a precious home directory,
 * the home or root itself, the repository's metadata. (A rename outside the project is ordinary
 * work and is not reported.) Exported for interpreter code (`shutil.move`, `os.rename`).
 */
export function moveAwayRisk(cmd: SimpleCommand | undefined, source: string, ctx: RuleContext): { risk: TargetRisk; target: string } | null {
  const bad = cmd ? worst([source], cmd, ctx) : (() => {
    const r = deletionRisk(source, ctx.cwd) ?? gitMetadataRisk(source);
    return r ? { risk: r, target: source } : null;
  })();
  if (!bad || severityRank(bad.risk.severity) < severityRank('high') || /outside the|an empty \$/.test(bad.risk.label)) return null;
  return bad;
}

function judgeMoveAway(cmd: SimpleCommand, sources: readonly string[], ctx: RuleContext, tool: string): void {
  for (const s of sources) {
    const bad = moveAwayRisk(cmd, s, ctx);
    if (bad) return emit(ctx, 'high', 'move_precious', `${tool} moves ${bad.risk.label} away, deleting it from its place.`, bad.target);
  }
}

/** Emptying or overwriting a file with nothing: system files are destroyed as by a delete. */
export function judgeOverwrite(target: string, ctx: RuleContext, tool: string): void {
  if (!target.startsWith('/') || target.startsWith('/dev/') || target.startsWith('/proc/')) return;
  const risk = deletionRisk(target);
  if (risk && severityRank(risk.severity) >= severityRank('high') && !/outside the/.test(risk.label)) emit(ctx, 'high', 'overwrite_system_file', `${tool} overwrites ${risk.label}, destroying its contents.`, target);
}

// Options taking a value, made once: cp/mv run in most scripts, and a Set per command was garbage.
const COPY_VALUES: ReadonlySet<string> = new Set(['-m', '--mode', '-o', '--owner', '-g', '--group', '-S', '--suffix', '-t', '--target-directory']);
const MV_VALUES: ReadonlySet<string> = new Set(['-t', '--target-directory', '-S', '--suffix']);
const DELETE_TOOL_VALUES: ReadonlySet<string> = new Set(['--cwd', '--filter', '--max-retries', '--retry-delay', '--backoff', '--max-backoff']);
const TRUNCATE_VALUES: ReadonlySet<string> = new Set(['-s', '--size', '-r', '--reference']);

// Package runners that fetch a program and run it at once (no install step the user saw).
const FETCH_AND_RUN = /^(?:npx|bunx|pnpm dlx|yarn dlx|bun x|npm exec|uvx|pipx run)$/;
const DELETE_NAME = /rm|clean|wipe|purge|delete|nuke|erase|shred|destroy/i;

/**
 * A program fetched from a registry or repository and run at once (`go run host/x/cmd@latest`,
 * `npx some-tool`, `uvx tool`) and handed the home directory or the filesystem root: what it does
 * there cannot be checked. Warned; denied when its name says it deletes (`…/rmrf@latest ~`).
 */
function remoteProgramOnPrecious(cmd: SimpleCommand, ctx: RuleContext): void {
  let program: string | undefined;
  let operands: string[];
  if (cmd.name === 'go' && cmd.args[0] === 'run') {
    const pos = positionals(cmd.args.slice(1), GO_RUN_VALUES);
    // A module path with a version is fetched (`example.com/x/cmd@v1`); `go run .` is local code.
    if (!/^[a-z0-9.-]+\.[a-z]{2,}\/.+@/i.test(pos[0] ?? '')) return;
    program = pos[0];
    operands = pos.slice(1);
  } else if (cmd.wrappers.some((w) => FETCH_AND_RUN.test(w)) || (cmd.name === 'uvx' && cmd.args.length > 0)) {
    program = cmd.name === 'uvx' ? positionals(cmd.args)[0] : cmd.name;
    operands = positionals(cmd.args).slice(cmd.name === 'uvx' ? 1 : 0);
  } else return;
  for (const o of operands) {
    // Only the home directory or the root: the project (`.`) is what such tools are run on.
    const risk = /^(?:~|\$HOME|\$\{HOME\}|\/)/.test(o) ? deletionRisk(o, ctx.cwd) : null;
    if (!risk || risk.severity !== 'critical') continue;
    const deletes = program !== undefined && DELETE_NAME.test(program.split('@')[0].split('/').pop() ?? '');
    emit(ctx, deletes ? 'high' : 'medium', 'remote_program_on_precious', `${program ?? 'a fetched program'} is fetched and run at once, unreviewed, and handed ${risk.label}${deletes ? ', and its name says it deletes' : ''}.`, o);
    return;
  }
}
const GO_RUN_VALUES: ReadonlySet<string> = new Set(['-C', '-exec', '-tags', '-ldflags', '-gcflags', '-mod', '-modfile', '-o', '-p', '-pkgdir', '-overlay']);

export function inspectDestructiveCommand(cmd: SimpleCommand, ctx: RuleContext): void {
  const args = cmd.args;
  const name = cmd.name;
  if (name === 'go' || name === 'uvx' || cmd.wrappers.length > 0) remoteProgramOnPrecious(cmd, ctx);
  if (name === 'rm' && !hasArgCI(args, '-recurse', '-force', '-fo', '-path', '-literalpath')) {
    if (hasLong(args, '--no-preserve-root')) {
      emit(ctx, 'critical', 'no_preserve_root', 'rm with --no-preserve-root disables the safeguard against deleting the root filesystem.');
      return;
    }
    const recursive = hasShort(args, 'r') || hasShort(args, 'R') || hasLong(args, '--recursive');
    const listed = args.some((a) => a.startsWith('$(') || a.startsWith('`')) ? substitutedTargets(cmd) : undefined;
    if (listed?.selective.length) judgeSelective(cmd, listed.selective, ctx, 'rm');
    judgeDelete(cmd, listed ? [...positionals(args), ...listed.targets] : positionals(args), recursive, ctx, 'rm');
    return;
  }
  if (PS_REMOVE.has(name) || name === 'rm') {
    // PowerShell Remove-Item (and its rm/ri/del aliases) or cmd.exe rd /s, del /s.
    const lower = args.map((a) => a.toLowerCase());
    const recursive = lower.some((a) => a === '-recurse' || a === '-r' || a === '/s' || a.startsWith('-rec'));
    const targets: string[] = [];
    for (let i = 0; i < args.length; i++) {
      if (lower[i] === '-path' || lower[i] === '-literalpath') targets.push(args[++i] ?? '');
      else if (PS_REMOVE_VALUES.has(lower[i])) i++; // `-ErrorAction SilentlyContinue`: a value, not a target
      else if (!args[i].startsWith('-') && !args[i].startsWith('/')) targets.push(args[i]);
      else if (/^[a-z]:/i.test(args[i]) || (args[i].startsWith('/') && args[i].length > 2)) targets.push(args[i]);
    }
    // `Get-ChildItem $HOME -Force | Remove-Item -Recurse`: the items piped in are the targets.
    const piped = targets.length === 0 ? pipedItems(cmd) : undefined;
    if (piped) {
      const bad = worst(piped.paths.map((p) => `${p.replace(/[\\/]+$/, '')}/*`), cmd, ctx);
      if (bad && (!piped.selective || bad.risk.severity === 'critical')) emit(ctx, piped.selective ? 'high' : bad.risk.severity, 'recursive_delete', `${name === 'rm' ? 'Remove-Item' : name} deletes ${piped.selective ? 'matching items in' : ''}${piped.selective ? ` ${bad.risk.label.replace(/^everything in /, '')}` : bad.risk.label}, piped to it by ${piped.producer}${cmd.elevated ? ' as root' : ''}.`, bad.target);
      return;
    }
    judgeDelete(cmd, targets, recursive, ctx, name === 'rm' ? 'Remove-Item' : name);
    return;
  }
  switch (name) {
    case 'rimraf':
    case 'del-cli': {
      // npm's delete tools (usually run through npx, pnpm dlx, bunx): recursive by design, and
      // globs are expanded by the tool. `!pattern` operands of del-cli only exclude.
      const targets = positionals(args, DELETE_TOOL_VALUES).filter((a) => !a.startsWith('!'));
      judgeDelete(cmd, targets, true, ctx, cmd.wrappers.length ? `${name} (run through ${cmd.wrappers.join(', ')})` : name);
      return;
    }
    case 'zfs':
    case 'zpool':
    case 'lvremove':
    case 'vgremove':
    case 'pvremove':
    case 'btrfs':
      judgeStorageDestroy(cmd, ctx);
      return;
    case 'srm':
    case 'unlink':
    case 'trash':
    case 'trash-put':
    case 'gio':
    case 'rmdir': {
      const targets = name === 'gio' ? (args[0] === 'trash' || args[0] === 'remove' ? positionals(args.slice(1)) : []) : positionals(args);
      judgeDelete(cmd, targets, name === 'srm' ? hasShort(args, 'r') || hasShort(args, 'R') : name === 'rmdir' ? false : false, ctx, name);
      return;
    }
    case 'tar':
      // `--remove-files` deletes what was archived: the sources are moved into the archive.
      if (args.includes('--remove-files')) judgeMoveAway(cmd, positionals(args, new Set(['-f', '--file', '-C', '--directory', '-T', '--files-from', '-X', '--exclude-from'])).filter((a, k) => k > 0 || a !== args[0] || !/^[a-zA-Z]*[cxtru][a-zA-Z]*$/.test(a)), ctx, 'tar --remove-files'); // (`tar czf …`: old-style letters first)
      return;
    case 'rsync': {
      // A dry run deletes and moves nothing (dry-run.ts).
      if (isDryRun(cmd)) return;
      const pos0 = positionals(args, RSYNC_VALUES);
      // --remove-source-files deletes the sources once copied: they are moved away.
      if (args.includes('--remove-source-files') && pos0.length >= 2 && !/^[^/]*:/.test(pos0[0])) judgeMoveAway(cmd, pos0.slice(0, -1), ctx, 'rsync --remove-source-files');
      // A mirror with a delete mode deletes whatever the source lacks: from an empty or
      // unrelated source it empties the destination.
      if (!args.some((a) => /^--(?:delete|del|delete-before|delete-during|delete-after|delete-delay|delete-excluded)$/.test(a))) return;
      const pos = positionals(args, new Set(['-e', '--rsh', '--exclude', '--include', '--filter', '-f', '--files-from', '--exclude-from', '--include-from', '--log-file', '--backup-dir', '--partial-dir', '--temp-dir', '-T', '--compare-dest', '--copy-dest', '--link-dest', '--chmod', '--chown', '--usermap', '--groupmap', '--timeout', '--port', '--password-file', '--bwlimit', '--max-size', '--min-size', '--suffix']));
      const dest = pos[pos.length - 1];
      if (!dest || pos.length < 2 || /^[^/]*:/.test(dest)) return;
      const bad = worst([dest], cmd, ctx);
      if (bad) emit(ctx, bad.risk.severity, 'mirror_delete', `rsync --delete deletes whatever the source lacks from ${bad.risk.label}.`, bad.target);
      return;
    }
    case 'rclone': {
      if (isDryRun(cmd)) return;
      const sub = args.find((a) => !a.startsWith('-'));
      if (sub === 'purge' || sub === 'delete' || sub === 'rmdirs' || sub === 'sync' || sub === 'deletefile') {
        const pos = positionals(args).slice(1);
        const dest = pos[pos.length - 1];
        const bad = dest && !dest.includes(':') ? worst([dest], cmd, ctx) : null;
        // Purging a remote named as production, or syncing an empty directory over a remote (which
        // wipes it), is not a routine clean-up; a sync that publishes a build to production is.
        const wipe = sub === 'sync' && pos.length >= 2 && /(?:^|\/)(?:empty|blank|nothing)[^/]*\/?$|^\/dev\/null$/i.test(pos[0]);
        // Publishing a build (`rclone sync ./dist r2:site`) replaces the remote's files with it.
        if (sub === 'sync' && !bad && pos.length >= 2 && BUILD_OUTPUT_DIR.test(pos[0]) && !DATA_STORE_NAME.test(dest)) return emit(ctx, 'low', 'mirror_delete', `rclone sync publishes the build ${pos[0]} to ${dest}, deleting the files it no longer has.`, dest);
        const prod = sub !== 'sync' && dest !== undefined && dest.includes(':') && /(?:^|[-_.:/])(?:prod|production|live)(?:$|[-_.:/])/i.test(dest);
        emit(ctx, bad ? bad.risk.severity : wipe || prod ? 'high' : 'medium', 'mirror_delete', `rclone ${sub} deletes ${bad ? bad.risk.label : wipe ? `everything at ${dest}` : `files at ${dest ?? 'the destination'}`}${sub === 'sync' && !wipe ? ' that the source lacks' : ''}${prod && !bad ? ' (a production remote)' : ''}.`, dest);
      }
      return;
    }
    case 'find': {
      if (!findDeletes(args)) {
        // find .git -exec rm …: the exec'd command is judged on its own; the start path matters here.
        return;
      }
      // `-delete` fails on a non-empty directory: only a test picking what is below `.git` empties it.
      const git = findSelectsGit(args) === '.git/*';
      const starts = git ? ['.git/*'] : findStartPaths(args);
      const selective = !git && args.some((a) => FIND_FILTERS.test(a));
      const key = selective ? foundPrivateKey(cmd) : null;
      if (key) return emit(ctx, 'high', 'delete_private_key', `find -delete removes ${key}; the identity it holds cannot be recovered.`);
      const bad = worst(selective ? starts.filter((t) => !isScratchRoot(t)) : starts, cmd, ctx);
      if (!bad) return;
      if (!selective) emit(ctx, bad.risk.severity, 'find_delete', `find -delete removes everything under ${bad.risk.label}.`, bad.target);
      else if (bad.risk.severity === 'critical' && !/working directory/.test(bad.risk.label)) {
        emit(ctx, 'high', 'selective_delete_outside_project', `find -delete removes matching files anywhere under ${bad.risk.label}.`, bad.target);
      }
      return;
    }
    case 'dd': {
      const of = args.find((a) => a.startsWith('of='))?.slice(3);
      if (of && DEVICE.test(of)) emit(ctx, 'critical', 'disk_overwrite', `dd overwrites the block device ${of}, destroying its data.`, of);
      else if (of) {
        judgeOverwrite(of, ctx, 'dd');
        judgeEmptying(cmd, of, ctx, 'dd', false);
      }
      return;
    }
    case 'cp':
    case 'install':
    case 'ln': {
      // Copying or linking /dev/null (or zeros) over a file empties it, like truncate.
      const pos = positionals(args, COPY_VALUES);
      if (pos.length === 2 && /^\/dev\/(?:null|zero|u?random)$/.test(pos[0])) {
        judgeOverwrite(pos[1], ctx, name);
        judgeEmptying(cmd, pos[1], ctx, `${name} ${pos[0]}`, /^\/dev\/(?:null|zero)$/.test(pos[0]));
      } else if (pos.length === 1 && cmd.dynamicArgs && /^\/dev\/(?:null|zero|u?random)$/.test(pos[0]) && dynamicTargets(cmd) !== 'unknown') {
        // `ls ~/Documents/* | xargs -n1 cp /dev/null`: each input is a file emptied.
        judgeDelete(cmd, [], true, ctx, `${name} ${pos[0]}`, 'empties every file under');
      }
      return;
    }
    case 'tee':
      // tee truncates each file it names (`-a` appends), as `>` does.
      if (!hasShort(args, 'a') && !hasLong(args, '--append')) for (const f of positionals(args)) if (!f.startsWith('/dev/')) judgeEmptying(cmd, f, ctx, 'tee', false);
      return;
    case 'wipefs':
    case 'mkswap':
    case 'blkdiscard':
      if (args.some((a) => DEVICE.test(a))) emit(ctx, 'critical', 'disk_wipe', `${name} destroys the filesystem signatures or data on a disk.`);
      return;
    case 'shred': {
      const device = args.find((a) => DEVICE.test(a));
      if (device) emit(ctx, 'critical', 'disk_wipe', `shred overwrites the block device ${device}.`, device);
      else if (destroysFedFiles(cmd, ctx, 'shred', 'irrecoverably destroys every file under')) return;
      else if (positionals(args).length > 0 || cmd.dynamicArgs) {
        // (with no file operand shred only prints an error)
        // shred is chosen only to defeat recovery (backups, undelete, git cannot bring the file
        // back): denied unless every file is scratch. A plain `rm` of a project file stays allowed,
        // and so does shredding what the project's own tooling left in its scratch or test
        // directories (`shred -u ./tmp/test-fixture.key`): a clean-up like `rm` of the same file.
        const files = positionals(args);
        const bad = worst(files, cmd, ctx);
        const paths = cmd.dynamicArgs ? [] : files.map((f) => normalizePath(resolveTarget(cmd, f)));
        const own = !cmd.dynamicArgs && cmd.cwdShift === undefined && paths.every(isProjectScratchPath);
        const scratch = !cmd.dynamicArgs && paths.every((f) => isScratchPath(f) || isProjectScratchPath(f));
        const severity = bad && severityRank(bad.risk.severity) > severityRank('high') ? bad.risk.severity : own && !bad ? 'low' : scratch ? 'medium' : 'high';
        emit(ctx, severity, 'shred', `shred irrecoverably destroys ${bad ? bad.risk.label : files.length === 1 ? files[0] : 'files'}.`);
      }
      return;
    }
    case 'crontab':
      // `-r` deletes the whole table, every scheduled job the user had, and crontab keeps no
      // copy (`-ir` only asks first, and nobody answers an agent's prompt).
      if (args.some((a) => /^-[a-z]*r[a-z]*$/.test(a)) && !args.some((a) => /^-[a-z]*[le][a-z]*$/.test(a))) emit(ctx, 'medium', 'crontab_remove', `crontab -r deletes every scheduled job in ${args.includes('-u') ? `the crontab of ${args[args.indexOf('-u') + 1] ?? 'another user'}` : "the user's crontab"}; no copy is kept.`);
      return;
    case 'fdisk':
    case 'sfdisk':
    case 'parted':
    case 'gdisk':
    case 'sgdisk':
      if (args.some((a) => DEVICE.test(a)) && !args.includes('-l') && !args.includes('--list')) emit(ctx, 'high', 'partition_table', `${name} rewrites a disk's partition table.`);
      return;
    case 'diskutil':
      if (/^(?:erasedisk|erasevolume|partitiondisk|zerodisk|randomdisk|secureerase|reformat)$/i.test(args[0] ?? '')) emit(ctx, 'critical', 'disk_wipe', `diskutil ${args[0]} erases a disk.`);
      // APFS and Core Storage verbs that delete a volume or container with every file on it
      // (`diskutil apfs deleteVolume disk3s5`, `apfs eraseVolume`, `cs delete`).
      else if (/^(?:apfs|ap|coreStorage|cs|appleRAID|ar)$/i.test(args[0] ?? '') && /^(?:deletevolume|deletecontainer|erasevolume|deletevolumegroup|delete|deletelvg|deletelv)$/i.test(args[1] ?? '')) emit(ctx, 'critical', 'disk_wipe', `diskutil ${args[0]} ${args[1]} deletes ${args[2] ?? 'a volume'} and every file on it.`);
      return;
    case 'diskpart': {
      // diskpart reads its commands from a script (`/s FILE`) or stdin. A `clean`, `format` or
      // `delete` fed on the pipeline wipes the selected disk; a script file not visible here is a
      // partitioning run the agent cannot show to be harmless.
      const fed = cmd.pipeline.stages.slice(0, cmd.stage).flat().some((c) => c.args.some((a) => DISKPART_WIPE.test(a.replace(/\\n/g, '\n'))));
      if (fed) emit(ctx, 'critical', 'disk_wipe', 'diskpart runs `clean`/`format`/`delete` fed on its input, erasing the selected disk.');
      else if (args.some((a) => /^[/-]s$/i.test(a))) emit(ctx, 'high', 'partition_table', 'diskpart /s runs a partitioning script that can erase disks and partitions.');
      return;
    }
    case 'remove-partition':
    case 'reset-physicaldisk':
      emit(ctx, 'critical', 'disk_wipe', `${name} deletes a partition or disk and the data on it.`);
      return;
    case 'format-volume':
    case 'clear-disk':
    case 'initialize-disk':
      emit(ctx, 'critical', 'disk_wipe', `${name} erases a disk.`);
      return;
    case 'format':
      if (args.some((a) => /^[a-z]:$/i.test(a))) emit(ctx, 'critical', 'disk_wipe', `format ${args[0]} erases a drive.`);
      return;
    case 'truncate': {
      if (!args.some((a) => /^-s0?$|^--size=0$|^-s$/.test(a) || a === '0')) return;
      // Fed by find -exec or xargs: every file the producer finds is emptied, like a recursive delete.
      if (destroysFedFiles(cmd, ctx, 'truncate -s 0', 'empties every file under')) return;
      const bad = worst(positionals(args, TRUNCATE_VALUES), cmd, ctx);
      if (bad && severityRank(bad.risk.severity) >= severityRank('high')) emit(ctx, 'high', 'truncate_system_file', `truncate empties ${bad.risk.label}.`, bad.target);
      return;
    }
    case 'mv': {
      // `-t DIR` / `--target-directory=DIR` names the destination first; every operand is a source.
      const pos = positionals(args, MV_VALUES);
      const target = args.find((a, i) => args[i - 1] === '-t' || args[i - 1] === '--target-directory') ?? args.find((a) => a.startsWith('--target-directory='))?.slice(20);
      const dest = target ?? pos[pos.length - 1];
      const sources = target !== undefined ? pos : pos.slice(0, -1);
      const bad = worst(sources, cmd, ctx);
      if (dest === '/dev/null' && bad) emit(ctx, bad.risk.severity, 'move_to_null', `mv to /dev/null destroys ${bad.risk.label}.`, bad.target);
      else judgeMoveAway(cmd, sources, ctx, 'mv');
      return;
    }
  }
  // Formatting an image file (disk.img) destroys nothing else; a device or an unknown target does.
  if (/^mkfs(?:\.\w+)?$|^mke2fs$|^newfs\w*$/.test(name) && !/\.(?:img|iso|raw|qcow2|vhdx?|vmdk|bin)$/i.test(positionals(args).pop() ?? '')) emit(ctx, 'critical', 'mkfs', `${name} formats ${positionals(args).pop() ?? 'a device'}, destroying its data.`);
}

/**
 * Volume managers that destroy storage itself: a ZFS dataset or pool, an LVM volume or group, a
 * btrfs subvolume. Every file on it goes at once and no undelete brings it back, so it is denied
 * like a disk wipe whoever runs it (sudo only adds that it runs as root). Destroying a snapshot
 * only drops a restore point (platform.ts).
 */
function judgeStorageDestroy(cmd: SimpleCommand, ctx: RuleContext): void {
  const args = cmd.args;
  const root = cmd.elevated ? ' as root' : '';
  if (cmd.name === 'zfs' || cmd.name === 'zpool') {
    if (args[0] !== 'destroy' || hasShort(args.slice(1), 'n')) return; // `-n`: a dry run
    const targets = positionals(args.slice(1));
    // Snapshots only (`tank/home@x`) drop restore points: platform.ts warns them as backup pruning.
    if (cmd.name === 'zfs' && targets.length > 0 && targets.every((t) => t.includes('@')) && !hasShort(args.slice(1), 'R')) return;
    emit(ctx, 'critical', 'storage_destroy', `${cmd.name} destroy deletes the ${cmd.name === 'zpool' ? 'pool' : 'dataset'} ${targets[0] ?? ''}${hasShort(args.slice(1), 'r') || hasShort(args.slice(1), 'R') ? ' and everything under it' : ''} with all its files${root}.`.replace('  ', ' '));
    return;
  }
  if (cmd.name === 'btrfs') {
    if ((args[0] === 'subvolume' || args[0] === 'sub') && (args[1] === 'delete' || args[1] === 'del')) emit(ctx, 'high', 'storage_destroy', `btrfs subvolume delete deletes ${positionals(args.slice(2))[0] ?? 'a subvolume'} with all its files${root}.`);
    return;
  }
  // lvremove/vgremove/pvremove: `-t` (--test) changes nothing.
  if (args.some((a) => a === '--test' || /^-[a-zA-Z]*t/.test(a))) return;
  const what = cmd.name === 'lvremove' ? 'the logical volume' : cmd.name === 'vgremove' ? 'the volume group' : 'the physical volume label of';
  if (positionals(args).length > 0) emit(ctx, 'critical', 'storage_destroy', `${cmd.name} removes ${what} ${positionals(args)[0]} and the data on it${root}.`);
}

/** `> /dev/sda`, `> /etc/passwd`: redirections that overwrite devices or system files. */
export function inspectDestructiveRedirects(cmd: SimpleCommand, ctx: RuleContext): void {
  for (const r of cmd.redirects) {
    if (r.op !== '>' && r.op !== '>|' && r.op !== '&>' && r.op !== '>&') continue;
    const t = r.target.text;
    if (DEVICE.test(t)) emit(ctx, 'critical', 'disk_overwrite', `Redirects output onto the block device ${t}.`, t);
    else if (t.startsWith('/') && !t.startsWith('/dev/') && !t.startsWith('/proc/') && !/[*?[]/.test(t)) {
      const risk = deletionRisk(t);
      if (risk && severityRank(risk.severity) >= severityRank('high')) emit(ctx, 'high', 'overwrite_system_file', `Overwrites ${risk.label}.`, t);
    } else if (!t.startsWith('/dev/') && !t.startsWith('/proc/')) judgeEmptying(cmd, t, ctx, 'A redirection', cmd.name === '' || cmd.name === ':' || cmd.name === 'true');
  }
}

const FORK_BOMB = /(\S+)\s*\(\s*\)\s*\{\s*\1\s*\|\s*\1\s*&\s*;?\s*\}/;

export function inspectDestructiveText(command: string, ctx: RuleContext): void {
  if (command.includes('::') && /::Delete\(/i.test(command)) inspectDotNetDeletes(command, ctx);
  if (command.length < 4096 && command.includes('{') && FORK_BOMB.test(command)) emit(ctx, 'high', 'fork_bomb', 'A fork bomb exhausts the machine by spawning processes endlessly.');
}
