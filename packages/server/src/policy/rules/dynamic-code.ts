// remote_code_exec.dynamic_code: code that is assembled at run time from input the engine cannot
// see: a shell or eval run by xargs/parallel whose program contains the input ({} or $1), a
// shell run by xargs/parallel with the input as its script, eval or `sh -c` of a variable whose
// value is unknown. The code that will run cannot be checked, so it is treated like unchecked
// remote code (issue #16, class 1).
import { INTERPRETERS, positionals, SHELLS } from './facts.js';
import { shellInvocation } from '../shell/shell-args.js';
import { resolveSubstitutions } from '../shell/static-text.js';
import { withPositional } from '../shell/unwrap.js';
import type { SimpleCommand } from '../shell/types.js';
import type { RuleContext } from './context.js';
import { parallelOptions } from '../shell/parallel-options.js';
import { startupFile } from '../shell/written-files.js';
import { inspectParallelEnv } from './runner-input.js';

// The input spliced into the program: {} anywhere, or an unquoted $1/$@ (a quoted "$1" is data).
const PLACEHOLDER = /\{\d*\}|(?<!")\$[@*1-9]|(?<!")\$\{[1-9@*]\}/;
// A program that starts with (or is only) a variable reference: `$X`, `"${CMD}" args`.
// (`$SHELL`/`$BASH` name a shell, judged as one; `$HOME/bin/x` is a path, not code.)
export const VARIABLE_PROGRAM = /^\s*["']?\$\{?(?!(?:SHELL|BASH|ZSH_NAME)\b)[A-Za-z_][A-Za-z0-9_]*\}?["']?(?:\s|$)/;

function emit(ctx: RuleContext, reason: string): void {
  emitDynamicCode(ctx, reason);
}

/** Code that only exists at run time and cannot be checked (also inline code decoding unseen data). */
export function emitDynamicCode(ctx: RuleContext, reason: string): void {
  ctx.emit({ patternName: 'remote_code_exec.dynamic_code', severity: 'high', category: 'remote_code_exec', layer: 'builtin', reason });
}

function shellProgram(cmd: SimpleCommand): string | undefined {
  const at = shellInvocation(cmd.args, cmd.name).command;
  return at === undefined ? undefined : cmd.args[at];
}

/** The -c string with the visible arguments after it put in place of `$1…`, `"$@"` (unwrap.ts). */
function shellProgramWithArguments(cmd: SimpleCommand): string | undefined {
  const at = shellInvocation(cmd.args, cmd.name).command;
  return at === undefined ? undefined : withPositional(cmd.args[at], cmd.args.slice(at + 1));
}

// Prefixes that run the command named after their options; fed by xargs with nothing after them,
// the input itself becomes the command.
const EXEC_PREFIXES = new Set(['sudo', 'doas', 'env', 'nice', 'nohup', 'timeout', 'command', 'exec', 'stdbuf', 'setsid', 'time', 'builtin', 'run0', 'pkexec']);
// CLIs driven by a subcommand, the options that take a value before it, and the subcommands
// that are only groups of further subcommands.
const SUBCOMMAND_CLIS: Record<string, { valueOptions: ReadonlySet<string>; groups: ReadonlySet<string> }> = {
  git: { valueOptions: new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env']), groups: new Set(['stash', 'remote', 'worktree', 'submodule', 'reflog', 'notes', 'lfs']) },
  docker: { valueOptions: new Set(['-H', '--host', '--context', '-c', '--config', '-l', '--log-level']), groups: new Set(['system', 'container', 'image', 'volume', 'network', 'builder', 'buildx', 'compose', 'context', 'plugin', 'secret', 'service', 'stack', 'swarm', 'node']) },
  podman: { valueOptions: new Set(['--url', '-c', '--connection', '--root']), groups: new Set(['system', 'container', 'image', 'volume', 'network', 'pod', 'machine']) },
  kubectl: { valueOptions: new Set(['-n', '--namespace', '--context', '--kubeconfig', '-s', '--server', '--cluster', '--user']), groups: new Set(['config', 'rollout', 'auth', 'certificate']) },
};

// Options whose value is code or names code to load: inline code, a script file, a module.
const CODE_OPTION = /^(?:-[ceEfmMrI]|--(?:eval|command|file|require|loader|experimental-loader|import|exec))$/;
const VALUE_OPTION = /^(?:-[A-Za-z]|--[a-z][a-z-]*)$/;
const AWKS = /^(?:awk|gawk|mawk|nawk|busybox-awk)$/;
// A positional parameter (the input, under `xargs sh -c '…' _`) used as a command or as code:
// at the start of a command, after eval/exec/command/env/source/., after `sh -c`, or run by `$( )`.
const POSITIONAL_AS_CODE = /(?:^|[;&|({`]\s*|\$\(\s*|\b(?:eval|exec|command|env|source|sudo|xargs)\s+(?:-\S+\s+)*|(?:^|\s)\.\s+|\b(?:ba|z|da|k)?sh\s+-c\s+)["']?[^"'\s]*\$\{?!?[@*1-9]/;

// A positional parameter handed to eval, source or another shell's -c: its text becomes code.
const EVAL_POSITIONAL = /(?:^|[\s;&|(])(?:eval|source|\.|(?:ba|z|da|k)?sh\s+-c)\s+(?:--\s+)?["']?\$\{?[@*1-9]/;

/**
 * `xargs -I{} env CMD={} sh -c 'eval "prefix$CMD"'`: a variable assigned the input holds the input
 * as it is (parallel's quoting does not reach into an assignment's value), so in the script it is
 * read as the positional parameter the input would otherwise be.
 */
function inputVariablesAsPositional(code: string, assignments: readonly string[], rs: string | undefined): string {
  if (rs === undefined) return code;
  let out = code;
  for (const a of assignments) {
    const eq = a.indexOf('=');
    if (!a.slice(eq + 1).includes(rs)) continue;
    const name = a.slice(0, eq);
    out = out.replace(new RegExp(`\\$(?:\\{${name}\\}|${name}\\b)`, 'g'), () => '$1');
  }
  return out;
}

function feeder(cmd: SimpleCommand): string | undefined {
  // `xargs find … -exec sh -c …`: the command under -exec is fed by the outer xargs too.
  for (let c: SimpleCommand | undefined = cmd; c; c = c.parent) {
    if (c.wrappers.includes('xargs')) return 'xargs';
    if (c.wrappers.includes('parallel') && c.dynamicArgs) return 'parallel';
  }
  return undefined;
}

function replaceString(cmd: SimpleCommand): string | undefined {
  for (let c: SimpleCommand | undefined = cmd; c; c = c.parent) if (c.replaceString !== undefined) return c.replaceString;
  return undefined;
}

/** The input read by xargs/parallel decides which program runs, its options, or its code. */
function inputDecidesProgram(cmd: SimpleCommand): string | undefined {
  const rs = replaceString(cmd);
  const arg0 = cmd.argv[0];
  if (arg0 && cmd.origin !== 'find-exec' && (arg0.subs.length > 0 || /\$[({A-Za-z_]|`/.test(arg0.text) || (rs !== undefined && arg0.text.includes(rs)))) return 'the program name is built at run time';
  if (EXEC_PREFIXES.has(cmd.name) && !cmd.args.some((a) => !a.startsWith('-'))) return `${cmd.name} runs whatever command the input names`;
  // A CLI whose subcommand (or a group's sub-subcommand: `docker system prune`) is not written
  // out gets it from the appended input: `printf 'reset --hard' | xargs git`.
  const sub = SUBCOMMAND_CLIS[cmd.name];
  if (sub && cmd.origin !== 'find-exec') {
    const pos = positionals(cmd.args, sub.valueOptions);
    const needs = pos.length > 0 && sub.groups.has(pos[0]) ? 2 : 1;
    if (rs === undefined ? pos.length < needs : pos.slice(0, needs).some((p) => p.includes(rs))) return 'the input chooses its subcommand';
  }
  if (rs === undefined && cmd.name === 'eval') return 'the input is appended to the code eval runs';
  if (rs === undefined) return undefined;
  // An option word, or the word that picks a subcommand, assembled from the input.
  // (`--format={}` only fills in an option's value: that is data.)
  if (cmd.args.some((a) => a.startsWith('-') && a.split('=')[0].includes(rs))) return 'the input chooses its options';
  if (cmd.args[0] !== undefined && cmd.args[0].includes(rs) && !['echo', 'printf', 'cat', 'ls', 'wc', 'grep', 'head', 'tail', 'stat', 'file', 'touch', 'mkdir', 'cp', 'mv', 'basename', 'dirname', 'du', 'sha256sum', 'md5sum'].includes(cmd.name) && (cmd.name === 'git' || SHELLS.has(cmd.name) || INTERPRETERS.test(cmd.name) || AWKS.test(cmd.name))) return 'the input chooses its subcommand, script or program text';
  return undefined;
}

/**
 * An interpreter under xargs with no script or inline code of its own, or whose script, program
 * text or an option's value (`-m X`, `--require X`, `-f X`) is the input: the input becomes code.
 */
function interpreterTakesInputAsCode(cmd: SimpleCommand): boolean {
  const shell = SHELLS.has(cmd.name);
  if (!INTERPRETERS.test(cmd.name) && !AWKS.test(cmd.name) && !shell) return false;
  if (!shell && !cmd.args.some((a) => !a.startsWith('-'))) return true;
  const rs = replaceString(cmd);
  if (rs === undefined) return false;
  // parallel shell-quotes what it substitutes, so inside inline code its input stays data.
  const quoted = feeder(cmd) === 'parallel';
  for (let i = 0; i < cmd.args.length; i++) {
    const a = cmd.args[i];
    const prev = i > 0 ? cmd.args[i - 1] : '';
    const afterCode = CODE_OPTION.test(prev);
    if (a.includes(rs)) {
      if (afterCode) return !quoted || !/^-[ceE]$|^--eval$/.test(prev);
      if (a.startsWith('-')) {
        if (CODE_OPTION.test(a.split('=')[0]) || /^-[rmMI]./.test(a)) return true; // `--import=X`, `-MX`
        continue;
      }
      if (VALUE_OPTION.test(prev)) continue; // the value of an ordinary option (`--title X`)
      return true; // the script itself
    }
    // The script or inline code comes first: what follows is data.
    if (!a.startsWith('-') && (afterCode || !VALUE_OPTION.test(prev))) return false;
  }
  return false;
}

/** `xargs find …`: the input is appended to find's expression and can add actions such as -delete or -exec. */
function findExpressionFromInput(cmd: SimpleCommand): boolean {
  const parallel = !cmd.wrappers.includes('xargs') && cmd.wrappers.includes('parallel') && cmd.dynamicArgs;
  if (cmd.name !== 'find' || (!cmd.wrappers.includes('xargs') && !parallel)) return false;
  const rs = cmd.replaceString;
  // parallel appends its input when the command has no replace string, as xargs does.
  if (rs === undefined || (parallel && !cmd.args.some((a) => a.includes(rs)))) return true;
  // `xargs -I{} find {}`: the input is one of find's starting points, where it can also be an action.
  const firstExpr = cmd.args.findIndex((a) => a.startsWith('-') || a === '(' || a === '!');
  return cmd.args.slice(0, firstExpr < 0 ? undefined : firstExpr).includes(rs);
}

// A word that is only a variable reference (`"$FILE"`, `${SCRIPT}`): its value is unknown here.
// (`$HOME/x` or `"$DIR/build.sh"` name a path under a known place and are judged as paths.)
const ONLY_VARIABLE = /^\$\{?(?!(?:HOME|PWD|OLDPWD)\b)[A-Za-z_][A-Za-z0-9_]*\}?$/;

/**
 * A shell told to run code from a place we cannot see: a startup file named by BASH_ENV/ENV or
 * --init-file/--rcfile, or a script (or sourced file) whose name is held in an unknown variable.
 */
function hiddenScript(cmd: SimpleCommand): string | undefined {
  // A startup file the line wrote with visible content is judged as the script it is (parser.ts).
  const startup = cmd.startupWritten ? undefined : startupFile(cmd);
  if (startup) {
    return startup.how.startsWith('--')
      ? `${cmd.name} ${startup.how} runs a startup file (${startup.file.slice(0, 60)}) whose content cannot be checked.`
      : `${cmd.name} is told to run a startup file first (${startup.how}=${startup.file.slice(0, 60 - startup.how.length - 1)}) whose content cannot be checked.`;
  }
  const inv = SHELLS.has(cmd.name) ? shellInvocation(cmd.args, cmd.name) : undefined;
  let script: string | undefined;
  if (inv) {
    if (inv.script === undefined || inv.noexec) return undefined; // inline code, stdin or a syntax check
    script = cmd.args[inv.script];
  } else {
    // source/.: options first (bash 5.3's `source -p PATH FILE` takes a value), then the file.
    let i = 0;
    while (i < cmd.args.length && cmd.args[i].startsWith('-') && cmd.args[i] !== '-') {
      if (cmd.args[i] === '--') {
        i++;
        break;
      }
      i += cmd.args[i] === '-p' ? 2 : 1;
    }
    script = cmd.args[i];
  }
  if (script !== undefined && ONLY_VARIABLE.test(script)) {
    return `${cmd.name} runs a script named by a variable (${script.slice(0, 40)}) whose value, and so the code, cannot be checked.`;
  }
  return undefined;
}

/**
 * Text decoded at run time (base64, hex, `rev`, printf escapes) and then run as code: by eval,
 * as an `sh -c` string, or as the program itself. When the decoded text is known it is judged
 * as the script it is (unwrap.ts) and this only notes the obfuscation; when it is not, the code
 * cannot be checked.
 */
function decodedCode(cmd: SimpleCommand): { code: string; how: string } | undefined {
  if (cmd.name === 'eval' && cmd.argv.some((w) => w.subs.length > 0)) return { code: cmd.args.join(' '), how: 'eval runs' };
  const head = cmd.argv[0];
  if (head?.subs.length && /^(?:\$\(|`)/.test(head.text)) return { code: head.text, how: 'the program name is' };
  if (SHELLS.has(cmd.name) && cmd.argv.some((w) => w.subs.length > 0)) {
    const code = shellProgram(cmd);
    if (code !== undefined) return { code, how: `${cmd.name} -c runs` };
  }
  return undefined;
}

function inspectDecodedCode(cmd: SimpleCommand, ctx: RuleContext): boolean {
  const found = decodedCode(cmd);
  if (!found || (!found.code.includes('$(') && !found.code.includes('`'))) return false;
  const r = resolveSubstitutions(found.code);
  if (r.opaque) {
    emit(ctx, `${found.how} text decoded at run time (${found.code.trim().slice(0, 60)}) that cannot be decoded here, so the code cannot be checked.`);
    return true;
  }
  if (r.decoded) {
    ctx.emit({ patternName: 'remote_code_exec.decoded_code', severity: 'medium', category: 'remote_code_exec', layer: 'builtin', reason: `${found.how} text decoded at run time by ${r.resolved.join(', ')}; obfuscated commands hide what they do.` });
  }
  return false;
}

export function inspectDynamicCode(cmd: SimpleCommand, ctx: RuleContext): void {
  if (inspectDecodedCode(cmd, ctx)) return;
  if (cmd.name === 'parallel') {
    const opts = parallelOptions(cmd.args, 0);
    // parallel without a command runs each input line as a command.
    if (opts.end >= cmd.args.length && !opts.dryRun && !cmd.args.some((a) => a === '--version' || a === '--help' || a === '-h')) return emit(ctx, 'parallel without a command runs each line of its input as a shell command, which cannot be checked before it runs.');
    if (!opts.dryRun) inspectParallelEnv(cmd, opts.env, ctx);
  } else if (cmd.callerEnv) inspectParallelEnv(cmd, cmd.callerEnv, ctx);
  const via = feeder(cmd);
  if (via) {
    const why = inputDecidesProgram(cmd);
    if (why) return emit(ctx, `${cmd.name || 'a command'} is fed by ${via} and ${why}; what runs cannot be checked before it runs.`);
    if (findExpressionFromInput(cmd)) return emit(ctx, `find is fed by ${via}: the input becomes part of its expression and can add actions such as -delete or -exec, which cannot be checked before it runs.`);
    if (interpreterTakesInputAsCode(cmd)) return emit(ctx, `${cmd.name} runs the script or program text named by its input (through ${via}), which cannot be checked before it runs.`);
  }
  if (SHELLS.has(cmd.name) || cmd.name === 'source' || cmd.name === '.') {
    const hidden = hiddenScript(cmd);
    if (hidden) return emit(ctx, hidden);
  }
  const isShell = SHELLS.has(cmd.name);
  if (!isShell && cmd.name !== 'eval') return;
  // `sh -n` only checks syntax: nothing runs.
  if (isShell && shellInvocation(cmd.args, cmd.name).noexec) return;
  const code = isShell ? shellProgram(cmd) : cmd.args.join(' ');
  const fedByInput = feeder(cmd) !== undefined;
  const rs = replaceString(cmd);
  if (fedByInput) {
    if (code === undefined && isShell && !cmd.args.some((a) => !a.startsWith('-'))) return emit(ctx, `${cmd.name} runs the script named by its input (through ${feeder(cmd)}), which cannot be checked before it runs.`);
    if (code === undefined && !isShell) return emit(ctx, `eval runs its input as shell code (through ${feeder(cmd)}); it cannot be checked before it runs.`);
    // parallel quotes what it substitutes, which keeps the input one word: data inside code, but
    // the whole script when that word is the script itself (`parallel bash -c {}`).
    const wholeScript = code !== undefined && (/^\{\d*\}$/.test(code.trim()) || (rs !== undefined && code.trim() === rs));
    if (code !== undefined && (((PLACEHOLDER.test(code) || (rs !== undefined && code.includes(rs))) && (feeder(cmd) !== 'parallel' || wholeScript)) || POSITIONAL_AS_CODE.test(inputVariablesAsPositional(code, cmd.assignments, rs)))) return emit(ctx, `${cmd.name} runs its input as shell code (through ${feeder(cmd)}); the code it builds cannot be checked before it runs.`);
  }
  // `sh -c 'eval "$1"' _ ARG`: the arguments after the script become code.
  // (A quoted "$1" in command position is one word, a program name, not code.)
  if (isShell && code !== undefined && EVAL_POSITIONAL.test(code) && cmd.args.indexOf(code) < cmd.args.length - 1) {
    return emit(ctx, `${cmd.name} -c runs its own arguments as commands or code, which is not checked as such.`);
  }
  // `sh -c '$1' _ "$CMD"`: the argument put in place of `$1` is the code.
  const run = isShell ? shellProgramWithArguments(cmd) : code;
  if (run !== undefined && VARIABLE_PROGRAM.test(run) && !/^\s*["']?\$\(/.test(run)) {
    emit(ctx, `${cmd.name === 'eval' ? 'eval' : `${cmd.name} -c`} runs code held in a variable (${run.trim().slice(0, 40)}) whose value cannot be checked.`);
  }
}
