// remote_code_exec.runtime_code: code whose text only exists once the command runs. eval, trap,
// `sh -c`, source and shells fed through stdin run text that is the output of another command
// (`eval "$(sh get.sh)"`, `source <(tool --print-setup)`, `cat script.sh | bash`,
// `bash < <(gen)`): what runs cannot be checked before it runs, so it is warned (issue #16).
//
// Where that text is known it is judged as the code it is instead: printed or decoded by
// echo/printf/base64 (static-text.ts, unwrap.ts), a literal here-string or `echo … | sh`. Where
// it is downloaded it is remote code (remote-code.ts); decoding we cannot compute, or a variable
// whose value is unknown, is dynamic code (dynamic-code.ts, and here for the carriers it does
// not read). Programs that print their own shell setup, in their plain form, stay allowed
// (shell-init-generators.ts).
import { matchParen } from '../shell/lexer.js';
import { shellInvocation, stdinShellOpener } from '../shell/shell-args.js';
import { trapAction } from '../shell/unwrap.js';
import { pipelineOutput, substitutionOutput } from '../shell/static-text.js';
import type { Script, SimpleCommand, Word } from '../shell/types.js';
import type { Severity } from '../types.js';
import type { RuleContext } from './context.js';
import { VARIABLE_PROGRAM } from './dynamic-code.js';
import { download, isDecoder, literalOutput, SHELLS } from './facts.js';
import { isShellInitGenerator } from './shell-init-generators.js';

const CATEGORY = 'remote_code_exec';

function emit(ctx: RuleContext, rule: string, severity: Severity, reason: string): void {
  ctx.emit({ patternName: `${CATEGORY}.${rule}`, severity, category: CATEGORY, layer: 'builtin', reason });
}

interface Span {
  src: string;
  /** `<(…)`: the output is read as a file; `$(…)` and backticks: the output is spliced into the text. */
  process: boolean;
  /** The span is the whole word (`"$(gen)"`, `<(gen)`). */
  whole: boolean;
  /** Where it starts in the text. */
  start: number;
}

/** The top-level substitutions written in a word's text, in order. */
function spansOf(text: string): Span[] {
  const out: Span[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if ((c === '$' || c === '<' || c === '>') && text[i + 1] === '(' && text[i + 2] !== '(') {
      const end = matchParen(text, i + 2);
      if (end < 0) break;
      out.push({ src: text.slice(i + 2, end), process: c !== '$', whole: i === 0 && end === text.length - 1, start: i });
      i = end;
    } else if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end < 0) break;
      out.push({ src: text.slice(i + 1, end), process: false, whole: i === 0 && end === text.length - 1, start: i });
      i = end;
    } else if (c === '\\') i++;
  }
  return out;
}

// Text before a command: a separator, a group or a keyword, or a prefix that runs the command after it.
const COMMAND_START = /(?:^|[;&|(\n`!{]|\$\(|(?:^|\s)(?:then|do|else|elif|if|while|until|eval|exec|command|builtin|env|sudo|doas|nohup|time|xargs))\s*["']?$/;
const TRAILING_ASSIGNMENT = /(?:^|\s)[A-Za-z_][A-Za-z0-9_]*=[^\s;&|]*\s*$/;

/**
 * True when a substitution spliced into code after `prefix` supplies a command (`$(gen)`,
 * `cd x && $(gen)`, `A=1 $(gen)`), not an argument (`cd $(pwd)`, `echo $(date)`): the output
 * then decides what runs; as an argument the code's shape is visible.
 */
function atCommandPosition(prefix: string): boolean {
  let p = prefix;
  for (let guard = 0; guard < 8 && TRAILING_ASSIGNMENT.test(p); guard++) p = p.replace(TRAILING_ASSIGNMENT, '');
  return COMMAND_START.test(p);
}

function commandText(c: SimpleCommand): string {
  return [...c.assignments, ...c.wrappers, ...c.argv.map((w) => w.text)].join(' ');
}

/** What a substitution runs, as written: `ssh-agent -s | cat`, `sh get.sh`. */
function describe(sub: Script): string {
  const top = sub.commands.length ? Math.min(...sub.commands.map((c) => c.depth)) : 0;
  const parts: string[] = [];
  for (const p of sub.pipelines) {
    const stages = p.stages.map((s) => s.filter((c) => c.depth === top).map(commandText).join('; ')).filter(Boolean);
    if (stages.length) parts.push(stages.join(' | '));
  }
  const text = parts.join('; ') || 'a command';
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/**
 * `$(which python)`, `$(command -v node)`: the output is the path of a program named in the call,
 * so in command position it runs that program, judged as such, not unseen code.
 */
function locatesProgram(sub: Script): boolean {
  if (sub.commands.length !== 1) return false;
  const c = sub.commands[0];
  const literal = c.argv.every((w) => w.subs.length === 0 && !w.text.includes('$'));
  if (!literal || c.args.length === 0) return false;
  if (c.name === 'which') return c.args.every((a) => a === '-a' || !a.startsWith('-'));
  // `command -v` survives unwrapping as the command itself (only -v/-V look a program up).
  if (c.name === 'command') return c.args[0] === '-v' && c.args.length === 2;
  return c.name === 'type' && /^-[pP]$/.test(c.args[0] ?? '') && c.args.length === 2;
}

function fetched(sub: Script): { hosts: string[]; urls: string[] } | undefined {
  for (const c of sub.commands) {
    const d = download(c);
    if (d?.toStdout) return d;
  }
  return undefined;
}

interface Carrier {
  /** How the text is run, for the reason: `eval`, `source`, `a bash -c string`, `bash's stdin`. */
  label: string;
  words: readonly Word[];
  /** Which substitutions produce code: `<(…)` for a file read as code, `$(…)` for spliced text. */
  process: boolean;
  /** eval or source written plainly: a listed shell-init generator is allowed. */
  plain: boolean;
  /** Another rule already judges downloaded (remote-code.ts) or undecodable (dynamic-code.ts) text here. */
  downloadsJudged: boolean;
  decodingJudged: boolean;
  /** A word that is only a variable is the code itself (a trap handler, a here-string). */
  variableIsCode?: boolean;
}

// Output redirections that only silence the code's own messages (`>/dev/null`, `2>&1`).
const QUIET = /^(?:[12]?>{1,2}|&>{1,2}|>&)$/;
const quiet = (r: { op: string; target: Word }): boolean => QUIET.test(r.op) && (r.target.text === '/dev/null' || (r.op === '>&' && /^[12]$/.test(r.target.text)));

function plainForm(cmd: SimpleCommand, process: boolean): boolean {
  if (cmd.wrappers.length || cmd.assignments.length || cmd.argv.length !== 2) return false;
  if (!cmd.redirects.every(quiet)) return false;
  const w = cmd.argv[1];
  const spans = spansOf(w.text);
  return w.subs.length === 1 && spans.length === 1 && spans[0].whole && spans[0].process === process;
}

function carrierLabel(cmd: SimpleCommand, label: string): string {
  const wrapped = [...(cmd.assignments.length ? ['an assignment'] : []), ...cmd.wrappers];
  return `inside ${label}${wrapped.length ? `, through ${wrapped.join(', ')}` : ''}`;
}

/** The carriers of `cmd`: the words whose substitutions become code, and how. */
function carriersOf(cmd: SimpleCommand): Carrier[] {
  const name = cmd.name;
  if (name === 'eval') {
    return [{ label: carrierLabel(cmd, 'eval'), words: cmd.argv.slice(cmd.args[0] === '--' ? 2 : 1), process: false, plain: plainForm(cmd, false), downloadsJudged: true, decodingJudged: true }];
  }
  if (name === 'source' || name === '.') {
    // The first operand is the file; `$(…)` there only names it (`source "$(dirname "$0")/env"`).
    const at = cmd.args[0] === '--' ? 2 : 1;
    const file = cmd.argv[at];
    return file ? [{ label: carrierLabel(cmd, name), words: [file], process: true, plain: plainForm(cmd, true), downloadsJudged: true, decodingJudged: false }] : [];
  }
  if (name === 'trap') {
    const action = trapAction(cmd.argv);
    return action ? [{ label: carrierLabel(cmd, 'a trap handler'), words: [action], process: false, plain: false, downloadsJudged: false, decodingJudged: false, variableIsCode: true }] : [];
  }
  if (!SHELLS.has(name) || name === 'busybox') return [];
  const inv = shellInvocation(cmd.args, name);
  if (inv.noexec) return [];
  if (inv.command !== undefined) {
    return [{ label: carrierLabel(cmd, `a ${name} -c string`), words: [cmd.argv[inv.command + 1]], process: false, plain: false, downloadsJudged: true, decodingJudged: true }];
  }
  if (inv.script !== undefined) {
    return [{ label: carrierLabel(cmd, `a script file run by ${name}`), words: [cmd.argv[inv.script + 1]], process: true, plain: false, downloadsJudged: true, decodingJudged: false }];
  }
  const out: Carrier[] = [];
  for (const r of cmd.redirects) {
    if (r.op === '<') out.push({ label: carrierLabel(cmd, `the stdin of ${name}`), words: [r.target], process: true, plain: false, downloadsJudged: false, decodingJudged: false });
    else if (r.op === '<<<' || r.op === '<<' || r.op === '<<-') out.push({ label: carrierLabel(cmd, `${r.op === '<<<' ? 'a here-string' : 'a here-document'} run by ${name}`), words: [r.target], process: false, plain: false, downloadsJudged: false, decodingJudged: false, variableIsCode: true });
  }
  return out;
}

/** Code run from text produced at run time by the commands inside `cmd`'s own words. */
export function inspectRuntimeCode(cmd: SimpleCommand, ctx: RuleContext): void {
  if (cmd.name !== 'eval' && cmd.name !== 'source' && cmd.name !== '.' && cmd.name !== 'trap' && !SHELLS.has(cmd.name)) return;
  for (const carrier of carriersOf(cmd)) {
    // The code text before each word, for the command-position test of spliced output.
    let before = '';
    for (const w of carrier.words) {
      const prefix = before;
      before += `${w.text} `;
      // A here-string or trap handler that is only a variable: its value is the code.
      if (carrier.variableIsCode && VARIABLE_PROGRAM.test(w.text) && !/^\s*["']?\$\(/.test(w.text)) {
        emit(ctx, 'dynamic_code', 'high', `Runs code held in a variable (${w.text.trim().slice(0, 40)}) whose value cannot be checked (${carrier.label}).`);
        continue;
      }
      if (w.subs.length === 0) continue;
      const spans = spansOf(w.text);
      // The parser put a known output in place (`$(git rev-parse --show-toplevel)` is the project): no code left.
      if (spans.length === 0 && !w.text.includes('$(') && !w.text.includes('`') && !w.text.includes('<(') && !w.text.includes('>(')) continue;
      // Pair the written substitutions with the parsed ones; when quoting hides some, judge them all.
      const paired = spans.length === w.subs.length;
      for (let k = 0; k < w.subs.length; k++) {
        const span = paired ? spans[k] : undefined;
        if (span && span.process !== carrier.process) continue;
        // Spliced output in an argument's place leaves the code's shape visible (`sh -c "cd $(pwd) && make"`).
        if (span && !span.process && !atCommandPosition(prefix + w.text.slice(0, span.start))) continue;
        const sub = w.subs[k];
        if (sub.commands.length === 0 && !sub.truncated) continue; // `$( )` prints nothing
        if (locatesProgram(sub)) continue;
        const dl = fetched(sub);
        if (dl) {
          // Hosts go on the finding, so trusted_sources downgrades it as it does pipe_to_shell.
          if (!carrier.downloadsJudged) ctx.emit({ patternName: `${CATEGORY}.substitution_exec`, severity: 'critical', category: CATEGORY, layer: 'builtin', reason: `Runs a script downloaded${dl.hosts.length ? ` from ${dl.hosts.join(', ')}` : ''} by \`${describe(sub)}\` (${carrier.label}) without review.`, hosts: dl.hosts.length ? dl.hosts : undefined, urls: dl.urls.length ? dl.urls : undefined });
          continue;
        }
        const out = span ? substitutionOutput(span.src) : {};
        if (out.output !== undefined) continue; // known text: judged as the code it is
        if (out.decoder !== undefined || sub.commands.some(isDecoder)) {
          if (!carrier.decodingJudged) emit(ctx, 'dynamic_code', 'high', `Runs text decoded at run time by \`${describe(sub)}\` (${carrier.label}) that cannot be decoded here, so the code cannot be checked.`);
          continue;
        }
        if (carrier.plain && isShellInitGenerator(sub)) {
          // Still code nobody has seen: logged at balanced, warned under strict (verdict.ts).
          emit(ctx, 'runtime_code', 'low', `Runs the shell setup that \`${describe(sub)}\` prints at run time (${carrier.label}); ${sub.commands[0].name} is a known shell-init generator.`);
          continue;
        }
        emit(ctx, 'runtime_code', 'medium', `Runs code produced at run time by \`${describe(sub)}\` (${carrier.label}); it cannot be checked before it runs.`);
      }
    }
  }
}

/** Commands that hand their stdin on unchanged: `… | cat | sh`, `… | tee log | sh`. */
function passesThrough(c: SimpleCommand): boolean {
  if (c.name === 'tee') return true;
  return c.name === 'cat' && c.redirects.length === 0 && !c.args.some((a) => a !== '-' && !a.startsWith('-'));
}

/** The script the stages before a shell print, when each is one command whose output is known here. */
function computedScript(stages: readonly SimpleCommand[][]): { text: string; how: string } | undefined {
  // (A word or here-text holding a substitution prints what that substitution prints: unknown.)
  if (stages.some((s) => s.length !== 1 || s[0].argv.some((w) => w.subs.length > 0) || s[0].redirects.some((r) => r.target.subs.length > 0))) return undefined;
  const text = pipelineOutput(stages.map(([c]) => {
    const here = c.redirects.find((r) => r.op === '<<<' || r.op === '<<' || r.op === '<<-');
    return { words: [c.name, ...c.args], stdin: here === undefined ? undefined : here.op === '<<<' ? `${here.target.text}\n` : here.target.text };
  }));
  if (text === undefined || text.length > 16_384) return undefined;
  const how = stages.map(([c]) => commandText(c)).join(' | ');
  return { text, how: `\`${how.length > 60 ? `${how.slice(0, 57)}…` : how}\`` };
}

/** A shell, `source /dev/stdin` or at/batch: the pipe's text is the script. */
function runsStdinAsShell(c: SimpleCommand): boolean {
  if (SHELLS.has(c.name) && c.name !== 'busybox') {
    const inv = shellInvocation(c.args, c.name);
    return inv.stdin && !inv.noexec && !c.redirects.some((r) => r.op === '<' || r.op === '<<' || r.op === '<<-' || r.op === '<<<');
  }
  if (c.name === 'source' || c.name === '.') return c.args[0] === '/dev/stdin' || c.args[0] === '-';
  if (c.name === 'sudo' || c.name === 'su' || c.name === 'doas') return !c.redirects.some((r) => r.op === '<' || r.op.startsWith('<<')) && stdinShellOpener(c.name, c.args) !== undefined;
  return false;
}

function viaSuffix(c: SimpleCommand): string {
  return c.via ? ` (inside ${[...c.via].reverse().join(', inside ')})` : '';
}

/**
 * Per pipeline: a shell whose script arrives through the pipe from a stage whose output is not
 * known (`cat script.sh | bash`, `gen | sh`). Downloads and decoders upstream are remote-code.ts'
 * (pipe_to_shell), literal text (`printf 'cmd' | sh`) is judged as the script it is there.
 */
export function inspectRuntimeCodePipelines(script: Script, ctx: RuleContext): void {
  for (const p of script.pipelines) {
    if (p.stages.length < 2) continue;
    for (let j = 1; j < p.stages.length; j++) {
      const runner = p.stages[j].find(runsStdinAsShell);
      if (!runner) continue;
      const up = p.stages.slice(0, j).flat();
      if (up.some((c) => download(c)?.toStdout || isDecoder(c))) continue;
      let k = j - 1;
      while (k >= 0 && p.stages[k].length > 0 && p.stages[k].every(passesThrough)) k--;
      if (k < 0) continue; // nothing but `cat` upstream: the pipe's own stdin, judged where it is fed
      const producers = p.stages[k];
      // Literal text, or text whose substitutions only fill in arguments (`echo "cd $(pwd) && make"`).
      const visible = producers.length > 0 && producers.every((c) => {
        const text = literalOutput(c);
        return text !== undefined && (!c.argv.some((w) => w.subs.length > 0) || !spansOf(text).some((sp) => atCommandPosition(text.slice(0, sp.start))));
      });
      const where = `piped into ${[...runner.assignments.length ? ['an assignment'] : [], ...runner.wrappers, runner.name].join(' ')}`;
      if (visible) {
        for (const c of producers) {
          const text = literalOutput(c)!;
          if (VARIABLE_PROGRAM.test(text)) emit(ctx, 'dynamic_code', 'high', `Runs code held in a variable (${text.trim().slice(0, 40)}) whose value cannot be checked (${where})${viaSuffix(runner)}.`);
        }
        continue;
      }
      const text = producers.map(commandText).join('; ');
      // Text the upstream stages compute from what is written here (`tr 'a-z' 'n-za-m' <<< '…'`,
      // `echo … | cut -d: -f2`): the script is known, and judged as the code it is.
      const computed = computedScript(p.stages.slice(0, j));
      if (computed !== undefined) {
        const how = ` (the text ${computed.how} computes, ${where})`;
        for (const f of ctx.inspectNested(computed.text)) ctx.emit({ ...f, reason: `${f.reason.replace(/\.$/, '')}${how}.` });
        continue;
      }
      emit(ctx, 'runtime_code', 'medium', `Runs code produced at run time by \`${text.length > 60 ? `${text.slice(0, 57)}…` : text}\` (${where}); it cannot be checked before it runs${viaSuffix(runner)}.`);
    }
  }
}
