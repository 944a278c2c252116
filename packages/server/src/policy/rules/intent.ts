// Commands that spell a dangerous command which may never run (issue #16). Three classes:
//   1. bash finds no program: the first word is not an assignment yet holds `=` (`1A=2 git reset
//      --hard`, `=2 …`), is empty, or is a whole command line quoted into one word
//      (`'git checkout -x;git checkout -f'`). Nothing runs ("command not found").
//   2. an unknown program followed by a command (`tool git reset --hard`): many programs run the
//      command after them, as nice or chrt do, and a program missing from the engine's tables
//      (rules/known-programs.ts) may be one of them.
//   3. a here-document, a here-string or echo/printf output fed to an unknown program, which may
//      be a shell.
// Each is judged for what the words spell and warned at most (severity medium), like a shell
// line given to an interpreter as its code (rules/inline-code.ts): nothing may run, but the call
// shows what the agent is trying to do, and the next attempt may be spelled right.
import { severityRank, type Finding } from '../findings.js';
import { programName } from '../shell/unwrap.js';
import type { Script, SimpleCommand, Word } from '../shell/types.js';
import type { RuleContext } from './context.js';
import { literalOutput } from './facts.js';
import { isKnownProgram } from './known-programs.js';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** Blanks, line breaks and operators: no program name holds them, only quoting puts them in one word. */
const LINE_CHARS = /[\s;|&<>()\u2028\u2029]/;
const LINE_BREAKS = /[\n\r\u2028\u2029]+/g;
/** A word that means the same written back unquoted (variables and `~` still expand, as they did). */
const PLAIN_WORD = /^[\w@%+=:,./~*?[\]{}$^-]+$/;
const SHOWN = 80;

/** A word written back so the shell reads the same text: double-quoted when it was quoted or needs it. */
function requote(w: Word): string {
  if (!w.quoted && PLAIN_WORD.test(w.text)) return w.text;
  // Substitutions in the words were judged where they ran; written back they are text.
  return `"${w.text.replace(/[\\"`]/g, '\\$&').replace(/\$\(/g, '\\$(')}"`;
}

function shown(text: string): string {
  const one = text.replace(/[\n\r\u2028\u2029]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16)}`));
  return one.length > SHOWN ? `${one.slice(0, SHOWN)}…` : one;
}

/** The most severe finding rated medium or worse, or undefined. */
function worstOf(found: readonly Finding[]): Finding | undefined {
  let worst: Finding | undefined;
  for (const f of found) {
    if (severityRank(f.severity) >= severityRank('medium') && (!worst || severityRank(f.severity) > severityRank(worst.severity))) worst = f;
  }
  return worst;
}

/**
 * The judged finding, warned at most. `path` joins the wrapper path in the reason's parentheses
 * ("(inside a sh -c string, inside …)"); `why` follows and says why nothing may run.
 */
function emitCapped(ctx: RuleContext, f: Finding, path: string, why = ''): void {
  let r = f.reason.endsWith('.') ? f.reason.slice(0, -1) : f.reason;
  if (path) r = r.endsWith(')') ? `${r.slice(0, -1)}, ${path})` : `${r} (${path})`;
  ctx.emit({ patternName: f.patternName, severity: 'medium', category: f.category, layer: f.layer, reason: `${r}${why}.`, paths: f.paths });
}

/**
 * Why bash finds no program for this first word, and the command lines it spells; undefined
 * when the word can name a program.
 */
function notFound(cmd: SimpleCommand): { why: string; lines: string[] } | undefined {
  const head = cmd.argv[0];
  if (!head) return undefined;
  const t = head.text;
  // (Most program words are plain names: the cheap tests come first and the rest is only
  // written back for the few words that qualify.)
  const line = LINE_CHARS.test(t);
  const assignment = !line && t.includes('=') && !ASSIGNMENT.test(t) && !t.includes('/');
  if (!line && !assignment && t !== '') return undefined;
  const rest = cmd.argv.slice(1).map(requote).join(' ');
  if (line) {
    // Whether a line break was meant as a separator or as a space cannot be told: both are read.
    const lines = [`${t} ${rest}`];
    const joined = t.replace(LINE_BREAKS, ' ');
    if (joined !== t) lines.push(`${joined} ${rest}`);
    return { why: `; but bash finds no program named "${shown(t)}" (a whole command line quoted into one word), so nothing runs: the intent is warned`, lines };
  }
  if (rest === '') return undefined;
  if (t === '') return { why: '; but bash finds no program with an empty name, so nothing runs: the intent is warned', lines: [rest] };
  const name = t.slice(0, t.indexOf('='));
  const what = name === '' ? 'no variable name before "="' : `"${shown(name)}" is not a variable name`;
  return { why: `; but "${shown(t)}" is not an assignment (${what}), so bash looks for a program by that name, finds none and runs nothing: the intent is warned`, lines: [rest] };
}

/** Where the command an unknown program may run starts: the first word after its options that names a known program. */
function wrappedStart(argv: readonly Word[]): number {
  for (let k = 1; k < argv.length; k++) {
    const t = argv[k].text;
    if (t.startsWith('-') || t === '') continue;
    if (isKnownProgram(programName(argv[k]))) return k;
  }
  return -1;
}

/** The text an unknown program reads on stdin when the line shows it: a here-document, a here-string, or an echo/printf/cat here-document piped in. */
function stdinText(cmd: SimpleCommand): { text: string; how: string } | undefined {
  const here = cmd.redirects.find((r) => r.op === '<<' || r.op === '<<-' || r.op === '<<<');
  if (here) return { text: here.target.text, how: here.op === '<<<' ? 'a here-string fed to' : 'a here-document fed to' };
  const before = cmd.stage > 0 ? cmd.pipeline.stages[cmd.stage - 1] : undefined;
  if (before?.length !== 1) return undefined;
  const text = literalOutput(before[0]);
  return text === undefined ? undefined : { text, how: `text piped from ${before[0].name} to` };
}

/** True when `name` is a function defined earlier on the line (its calls are judged through the body). */
function isFunction(script: Script, name: string): boolean {
  const label = `the function ${name}`;
  return script.commands.some((c) => c.via?.includes(label));
}

export function inspectIntent(cmd: SimpleCommand, script: Script, ctx: RuleContext): void {
  const head = cmd.argv[0];
  // A line past the parser's bounds is denied as unanalysable already (warned under permissive,
  // where these medium findings would be allowed): no second reading of its commands.
  if (!head || ctx.speculative || script.unanalysable) return;
  const missing = notFound(cmd);
  if (missing) {
    let worst: Finding | undefined;
    for (const line of missing.lines) {
      const f = worstOf(ctx.inspectSpeculative(line));
      if (f && (!worst || severityRank(f.severity) > severityRank(worst.severity))) worst = f;
    }
    if (worst) emitCapped(ctx, worst, '', missing.why);
    return;
  }
  if (cmd.name === '' || isKnownProgram(cmd.name)) return;
  const start = wrappedStart(cmd.argv);
  const stdin = stdinText(cmd);
  if ((start < 0 && !stdin) || isFunction(script, head.text)) return;
  const program = shown(head.text);
  if (start > 0) {
    const words = cmd.argv.slice(start);
    const f = worstOf(ctx.inspectSpeculative(words.map(requote).join(' ')));
    if (f) emitCapped(ctx, f, `inside \`${shown(words.map(requote).join(' '))}\`, which the unknown program ${program} may run as a command, as nice or chrt do`);
  }
  if (stdin) {
    const f = worstOf(ctx.inspectSpeculative(stdin.text));
    if (f) emitCapped(ctx, f, `inside ${stdin.how} the unknown program ${program}, which may run it as a shell script`);
  }
}
