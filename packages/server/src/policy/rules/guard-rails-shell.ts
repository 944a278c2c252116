// guard_rail_change through the shell: the same judgement as the file tools (guard-rails.ts),
// applied to what a command line writes into an agent's settings or hooks file, however it
// writes it: a redirection, `tee`/`sponge`, `sed -i`, a `jq` filter written back through a
// temporary file (`jq '.hooks={}' f > t && cp t f`), `cp`/`mv`/`install`, truncation, deletion
// of the file or of the directory that holds it, and agent CLIs started with their guard rails
// off (`codex --dangerously-bypass-approvals-and-sandbox`, `claude config set … bypassPermissions`).
// Content that cannot be known (a copy of an unknown file) is left to the medium
// `security_tampering.agent_hook_config` warning in privilege.ts.
import type { Finding } from '../findings.js';
import type { Script, SimpleCommand } from '../shell/types.js';
import type { RuleContext } from './context.js';
import { hasShort, literalOutput, positionals } from './facts.js';
import { agentCliOf, agentCommandFindings, classifyGuardRailPath, guardRailDeletion, guardRailFindings, judgeAgentCommand, judgeAgentEnv, type GuardRailChange } from './guard-rails.js';
import { persistenceTarget } from './persistence.js';
import { parseShell } from '../shell/parser.js';
import { inlineCode } from './inline-code.js';
import { isHookConfig } from './privilege.js';
import { normalizePath } from '../paths.js';

/** What a write puts into a file: the text (whole file or, when `partial`, the part that changes). */
interface Written {
  content: string;
  partial: boolean;
  /** Text the change removes (a `sed` address or pattern), when known. */
  old?: string;
  /**
   * The change only sets presentation settings (model, theme…) or adds narrow allow entries, and
   * keeps the rest of the file: `sed -i 's/gpt-5-codex/gpt-5.1-codex/'`, `jq '.theme="dark"' f`.
   * `from` names the file a filter read: the result keeps that file's hooks only when it is the
   * file written (`jq … f > t && mv t f`), not when another file's text is copied over it.
   */
  harmless?: boolean;
  from?: readonly string[];
}

const JQ = /^(?:jq|yq|gojq|jaq)$/;

/** The first operand of jq: its filter (options with values skipped). */
function jqFilter(cmd: SimpleCommand): string | undefined {
  const pos = positionals(cmd.args, new Set(['--arg', '--argjson', '--slurpfile', '--rawfile', '--indent', '-f', '--from-file']));
  return pos[0];
}

/** The value after a jq assignment operator: a bracketed or quoted literal, or a bare word. */
function jqValue(text: string): string {
  const open = text[0];
  const close = open === '[' ? ']' : open === '{' ? '}' : undefined;
  if (close) {
    let depth = 0;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === open) depth++;
      else if (text[i] === close && --depth === 0) return text.slice(0, i + 1);
    }
    return text;
  }
  if (open === '"') return /^"(?:\\.|[^"\\])*"/.exec(text)?.[0] ?? text;
  return /^[^|,;)\s]*/.exec(text)![0];
}

const JQ_PATH = /(?:^|[^\w.\]"])((?:\.(?:[A-Za-z_][\w-]*|"[^"]+"|\["[^"]+"\])|\["[^"]+"\])+)\s*(\|=|\+=|=(?!=))\s*/g;
const JQ_DEL = /\bdel\(\s*((?:\.(?:[A-Za-z_][\w-]*|"[^"]+"|\["[^"]+"\]))+)\s*\)/g;

/**
 * A jq filter's assignments as settings text: `.hooksConfig.enabled = false` reads as
 * `"hooksConfig": { "enabled": false }` and `del(.hooks)` as `"hooks": null`, so the settings
 * rules judge a filter like the JSON it writes.
 */
export function jqAssignmentsAsJson(filter: string): string {
  const keys = (path: string) => [...path.matchAll(/\.?(?:\["([^"]+)"\]|"([^"]+)"|([A-Za-z_][\w-]*))/g)].map((m) => m[1] ?? m[2] ?? m[3]);
  const nest = (ks: string[], value: string) => ks.reduceRight((inner, k) => `{ "${k}": ${inner} }`, value);
  const out: string[] = [];
  const text = filter.slice(0, 10_000);
  JQ_PATH.lastIndex = 0;
  for (let m = JQ_PATH.exec(text); m; m = JQ_PATH.exec(text)) out.push(nest(keys(m[1]), jqValue(text.slice(m.index + m[0].length))));
  JQ_DEL.lastIndex = 0;
  for (let m = JQ_DEL.exec(text); m; m = JQ_DEL.exec(text)) out.push(nest(keys(m[1]), 'null'));
  return out.join('\n');
}

/**
 * A replacement with its back-references (`\1`, `$1`, `&`) filled in from the pattern's groups,
 * read as literal text: `s/("defaultMode": )"default"/\1"bypassPermissions"/` writes
 * `"defaultMode": "bypassPermissions"`.
 */
function withGroups(pattern: string, replacement: string): string {
  if (!/\\[1-9]|\$[1-9]|&/.test(replacement)) return replacement;
  const groups = [...pattern.matchAll(/\\?\(((?:\\.|[^()\\])*)\\?\)/g)].map((g) => g[1].replace(/\\(.)/g, '$1'));
  return replacement.replace(/\\([1-9])|\$([1-9])|(?<!\\)&/g, (_, a?: string, b?: string) => (a ?? b ? groups[Number(a ?? b) - 1] ?? '' : pattern.replace(/\\(.)/g, '$1')));
}

/** What `sed` expressions do, as settings text: replacements are new text, deleted lines old text. */
function sedChange(expr: string): Written | undefined {
  const subs = [...expr.matchAll(/(?:^|[;\n])\s*(?:[^;\n]*?)s(.)((?:\\.|(?!\1).)*)\1((?:\\.|(?!\1).)*)\1[gpiI0-9]*/g)];
  if (subs.length) return { content: subs.map((m) => withGroups(m[2], m[3]).replace(/\\n/g, '\n').replace(/\\(.)/g, '$1')).join('\n'), old: subs.map((m) => m[2].replace(/\\(.)/g, '$1')).join('\n'), partial: true };
  // `/PreToolUse/,/]/d`, `/hooks/d`: the lines the addresses select are deleted.
  const del = /^\s*((?:\/(?:\\.|[^/])*\/|\d+|\$)(?:\s*,\s*(?:\/(?:\\.|[^/])*\/|\d+|\$))?)\s*d\s*$/.exec(expr);
  if (del) {
    // Lines selected by a hook event or `hooks` are hook handlers: the edit removes hooks.
    const address = del[1].replace(/\\(.)/g, '$1');
    return { content: '', old: /hook|ToolUse|BeforeTool|Execution|Prompt|SessionStart|pre_/i.test(address) ? `"hooks": { ${address} "command": }` : address, partial: true };
  }
  const add = /^\s*(?:\/(?:\\.|[^/])*\/|\d+|\$)?\s*[aic]\\?\s*(.*)$/s.exec(expr);
  if (add) return { content: add[1], partial: true };
  return undefined;
}

// Settings that change how the agent looks, which model it uses or what it prints, and nothing
// it may do. (`statusLine` is not one: its value is a command the agent runs.)
const PRESENTATION_KEYS: ReadonlySet<string> = new Set(['model', 'theme', 'model_reasoning_effort', 'reasoning_effort', 'model_verbosity', 'outputstyle', 'output_style', 'language', 'editormode', 'verbose', 'fontsize', 'font_size', 'preferrednotifchannel', 'file_opener', 'hide_agent_reasoning', 'show_raw_agent_reasoning', 'spinnertipsenabled', 'includecoauthoredby', 'cleanupperioddays', 'alwaysthinkingenabled']);
// One jq assignment of a literal: `.theme = "dark"`, `.permissions.allow += ["Bash(npm test)"]`.
const JQ_LITERAL_ASSIGNMENT = /^\s*((?:\.(?:[A-Za-z_][\w-]*|"[^"]+"))+)\s*(=|\+=|\|=|\/\/=)\s*("(?:\\.|[^"\\])*"|-?\d+(?:\.\d+)?|true|false|\[\s*(?:"(?:\\.|[^"\\])*"\s*,?\s*)*\])\s*$/;

/**
 * A jq filter made only of literal assignments to presentation settings, or of entries added to
 * the permission lists (whose breadth the settings rules judge): the rest of the file, hooks
 * included, passes through unchanged.
 */
function harmlessJqFilter(filter: string): boolean {
  if (filter.length > 2000) return false;
  const parts = filter.split(/\|(?!=)/);
  return parts.every((part) => {
    const m = JQ_LITERAL_ASSIGNMENT.exec(part);
    if (!m) return false;
    const keys = [...m[1].matchAll(/\.(?:"([^"]+)"|([A-Za-z_][\w-]*))/g)].map((k) => (k[1] ?? k[2]).toLowerCase());
    if (keys.length === 1 && PRESENTATION_KEYS.has(keys[0])) return !m[3].startsWith('[');
    return keys.length === 2 && keys[0] === 'permissions' && /^(?:allow|deny|ask)$/.test(keys[1]) && m[2] === '+=' && m[3].startsWith('[');
  });
}

// One `s/old/new/flags` command (any delimiter), nothing else.
const SED_SUBSTITUTION = /^\s*s([^\w\s\\])((?:\\.|(?!\1).)*)\1((?:\\.|(?!\1).)*)\1[gpiI0-9]*\s*$/;
const SETTING_KEY = /^\^?\s*\\?"?([\w.-]+)\\?"?\s*[:=]/;
// A model name, as a value swapped for another (`s/gpt-5-codex/gpt-5.1-codex/`).
const MODEL_NAME = /^(?:gpt|o\d|claude|sonnet|opus|haiku|gemini|codex|grok|llama|mistral|qwen|deepseek)[\w.:-]*$/i;

/**
 * A substitution that replaces one presentation setting's value with another
 * (`s/^model = .*\/model = "x"/`), or one model name with another.
 */
function harmlessSedExpression(expr: string): boolean {
  const m = SED_SUBSTITUTION.exec(expr);
  if (!m) return false;
  const [oldText, newText] = [m[2].replace(/\\(.)/g, '$1'), m[3].replace(/\\(.)/g, '$1')];
  if (MODEL_NAME.test(oldText) && MODEL_NAME.test(newText)) return true;
  const before = SETTING_KEY.exec(m[2])?.[1]?.toLowerCase();
  const after = SETTING_KEY.exec(m[3])?.[1]?.toLowerCase();
  return !!before && before === after && PRESENTATION_KEYS.has(before) && !/[\n{}[\]]|\\n/.test(m[3]);
}

/** The data a command writes to stdout that later stages or redirections receive. */
function producedText(cmd: SimpleCommand): Written | undefined {
  const literal = literalOutput(cmd);
  if (literal !== undefined) return { content: literal, partial: false };
  if (JQ.test(cmd.name)) {
    const filter = jqFilter(cmd);
    if (filter === undefined) return undefined;
    const from = positionals(cmd.args, new Set(['--arg', '--argjson', '--slurpfile', '--rawfile', '--indent', '-f', '--from-file'])).slice(1);
    return { content: `${filter}\n${jqAssignmentsAsJson(filter)}`, partial: true, harmless: from.length > 0 && harmlessJqFilter(filter), from };
  }
  if (cmd.name === 'sed' && !cmd.args.some((a) => a.startsWith('-i'))) {
    const expr = sedExpression(cmd);
    return expr !== undefined ? sedChange(expr) : undefined;
  }
  return undefined;
}

function sedExpression(cmd: SimpleCommand): string | undefined {
  const at = cmd.args.findIndex((a) => a === '-e' || a === '--expression');
  if (at >= 0) return cmd.args[at + 1];
  // BSD/macOS sed takes the backup suffix as the next word: `sed -i '' 's/a/b/' f`. No script is empty.
  return positionals(cmd.args.filter((a, i) => !/^-i/.test(a) && !(a === '' && /^-[a-zA-Z]*i$/.test(cmd.args[i - 1] ?? ''))), new Set(['-f'])).at(0);
}

/** What a command reads on stdin from a here-document or here-string (`tee f <<< '{…}'`). */
function hereText(cmd: SimpleCommand): Written | undefined {
  const here = cmd.redirects.find((r) => r.op === '<<' || r.op === '<<-' || r.op === '<<<');
  return here ? { content: here.target.text, partial: false } : undefined;
}

/** What reaches `cmd`'s stdin from the earlier stages of its pipeline. */
function piped(cmd: SimpleCommand): Written | undefined {
  const up = cmd.pipeline.stages.slice(0, cmd.stage).flat();
  for (let i = up.length - 1; i >= 0; i--) {
    const w = producedText(up[i]);
    if (w) return w;
  }
  return undefined;
}

// PowerShell's read-modify-write of a JSON settings file (`$s = Get-Content f | ConvertFrom-Json;
// $s.permissions.defaultMode = 'bypassPermissions'; $s | ConvertTo-Json | Set-Content f`): the
// property assignments and Add-Member calls before the write are what it changes, read as the
// jq assignments they are.
const PS_PROPERTY_SET = /^\$\w+((?:\.[\w-]+)+)\s*=\s*(.+)$/;

function psValue(v: string): string {
  const t = v.trim().replace(/;$/, '');
  if (/^\[.*\]$/.test(t)) return t; // an array already written as JSON (see powershellRewrite)
  if (/^@\{\s*\}$/.test(t)) return '{}';
  if (/^@\(\s*\)$/.test(t)) return '[]';
  if (/^\$(?:true|false|null)$/i.test(t)) return t.slice(1).toLowerCase();
  if (/^-?\d+(?:\.\d+)?$/.test(t)) return t;
  return JSON.stringify(t.replace(/^(['"])(.*)\1$/, '$2'));
}

function powershellRewrite(before: SimpleCommand, script: Script): Written | undefined {
  const lines: string[] = [];
  const all = script.commands;
  for (let k = 0; k < all.length; k++) {
    const c = all[k];
    if (c === before) break;
    const words = c.argv.map((w) => w.text);
    // `Add-Member name @('*')`: the shell grammar reads PowerShell's array `@( … )` as `@` and a
    // group, so the group's words (the next command) are the array's elements.
    if (c.name === 'add-member' && words[words.length - 1] === '@' && all[k + 1] && all[k + 1] !== before) {
      words[words.length - 1] = JSON.stringify(all[k + 1].argv.map((w) => w.text.replace(/^(['"])(.*)\1$/, '$2')));
    }
    const joined = words.join(' ');
    const set = PS_PROPERTY_SET.exec(joined);
    if (set) lines.push(`${set[1]} = ${psValue(set[2])}`);
    else if (c.name === 'add-member') {
      const rest = words.slice(1).filter((w) => !/^-(?:force|passthru|membertype|type)$/i.test(w) && !/^noteproperty$/i.test(w));
      const named = (n: string) => { const i = rest.findIndex((w) => w.toLowerCase() === n); return i >= 0 ? rest.splice(i, 2)[1] : undefined; };
      const name = named('-notepropertyname') ?? named('-name') ?? rest.shift();
      const value = named('-notepropertyvalue') ?? named('-value') ?? rest.shift();
      if (name && value !== undefined && /^[\w-]+$/.test(name)) lines.push(`.${name} = ${psValue(value)}`);
    }
  }
  if (!lines.length) return undefined;
  const filter = lines.join(' | ');
  return { content: `${filter}\n${jqAssignmentsAsJson(filter)}`, partial: true };
}

/** The content an earlier command in the same line wrote to `path` (`jq … > /tmp/h.json`). */
function writtenEarlier(path: string, before: SimpleCommand, script: Script): Written | undefined {
  if (path === '/dev/null') return { content: '', partial: false };
  let found: Written | undefined;
  for (const c of script.commands) {
    if (c === before) break;
    if (c.redirects.some((r) => r.op.includes('>') && r.op !== '>&' && r.target.text === path)) found = producedText(c) ?? piped(c) ?? found;
    if ((c.name === 'tee' || c.name === 'sponge') && positionals(c.args).includes(path)) found = piped(c) ?? found;
  }
  return found;
}

// Files that hold an agent's guard rails inside a directory being deleted. Only agent
// directories are probed: a project's own `hooks/` (React hooks) is not a guard rail.
const PROBES = ['hooks.json', 'settings.json', 'config.toml', 'config/hooks.json', 'guard.json'];
const AGENT_DIR = /(?:^|\/)(?:\.claude|\.cursor|\.codex|\.gemini|\.copilot|\.windsurf|\.codeium|\.agents|\.service-plugin|\.github\/hooks)(?:\/|$)/i;

function deletedGuardRails(target: string, how: string): Finding[] {
  const direct = guardRailDeletion(target, how);
  if (direct.length || !AGENT_DIR.test(target)) return direct;
  const dir = target.replace(/\/+$/, '');
  for (const p of PROBES) {
    const probe = `${dir}/${p}`;
    if (classifyGuardRailPath(probe)?.agent === 'an agent plugin') continue;
    const inside = guardRailDeletion(probe, how);
    if (inside.length) return inside.map((f) => ({ ...f, reason: f.reason.replace(`(${probe})`, `(in ${target})`), paths: [target] }));
  }
  // An agent's hook-script directory (`~/.claude/hooks`, `.cursor/hooks`): the settings name the
  // scripts in it, and a hook whose script is gone fails open on most agents: every hook that
  // runs one is removed at once, as removing the hook entries would. (One old script deleted is
  // routine clean-up.)
  if (HOOK_SCRIPT_DIR.test(dir)) return [{ patternName: 'guard_rail_change.hook_scripts_deleted', severity: 'high', category: 'guard_rail_change', layer: 'builtin', reason: `${how} the agent hook scripts in ${target}; hooks that run them stop checking anything.`, paths: [target] }];
  return [];
}
const HOOK_SCRIPT_DIR = /(?:^|\/)\.(?:claude|cursor|codex|gemini|windsurf|codeium(?:\/windsurf)?|copilot|agents)\/hooks$/i;

const CHMOD_VALUE_OPTIONS: ReadonlySet<string> = new Set(['--reference']);
/** A mode that leaves the owner without read permission: `000`, `0200`, `a-r`, `u-rwx`, `a=`, `-r`. */
const LOCKS_OUT = /^(?:0?[0-3][0-7]{2}|(?:[ugoa]*[ua][ugoa]*|)-[wx]*r[rwxXst]*|[ugoa]*[ua][ugoa]*=[wxXst]*)$/;
/** The product's own processes, as pgrep/pkill/killall name them. */
const POLICY_PROCESS = /service-mcp-gateway|service-plugin/;

// Module-level helpers rather than closures: inspectGuardRailCommand runs for every command.
function emitAll(ctx: RuleContext, fs: Finding[]): void {
  for (const f of fs) ctx.emit(f);
}

/**
 * Judges what `w` does to `path` when that is a guard-rail file (`name` wrote it). With `how`
 * (redirections, tee, cp/mv/install, sed/perl -i), a write to an agent's hook configuration
 * whose effect is not known to be harmless is also warned as `security_tampering.agent_hook_config`
 * ("Overwrites …", "Edits …"): the written text may come from a file or a filter the hook cannot see.
 */
function writeTo(ctx: RuleContext, name: string, path: string, w: Written | undefined, how?: string): void {
  if (!classifyGuardRailPath(path)) return;
  const found = w ? guardRailFindings(path, w.content, { partial: w.partial, oldContent: w.old, how: `\`${name || 'a redirection'}\`` }) : [];
  emitAll(ctx, found);
  if (how === undefined || !isHookConfig(path)) return;
  const harmless = found.length === 0 && w?.harmless === true && (w.from ?? [path]).every((f) => normalizePath(f) === normalizePath(path));
  if (!harmless) ctx.emit({ patternName: 'security_tampering.agent_hook_config', severity: 'medium', category: 'security_tampering', layer: 'builtin', reason: `${how} the agent hook configuration ${path}, which can switch off policy enforcement.` });
}

// Interpreter code that opens an agent's settings or hooks file and writes it back: the same
// change as an edit tool's, spelled in Python, Node, Ruby or Perl. The path is often built from
// pieces (`Path.home() / ".cursor" / "hooks.json"`), so the agent's directory and the file name
// are looked for as words, and the pair is judged as the file they name.
const AGENT_DIR_WORD = /\.(claude|cursor|codex|gemini|copilot|codeium\/windsurf|windsurf|service-plugin)\b/i;
const SETTINGS_FILE_WORD = /\b(settings(?:\.local)?\.json|hooks\.json|config\.toml|requirements\.toml)\b/i;
const CODE_WRITES = /open\([^)]*,\s*['"][wa+]|json\.dump\(|\.write_text\(|writeFileSync|writeFile\(|File\.write|IO\.write|\.write\(|>\s*\$/;
// The key that drops: the whole `hooks` table, or the hook events that run before a tool or
// prompt on each agent (Claude Code/Codex `PreToolUse`, Cursor `beforeShellExecution`, Gemini
// `BeforeTool`, Windsurf `pre_run_command`, Copilot `preToolUse`, …), which carry the policy check.
const HOOK_KEY = `(?:hooks|PreToolUse|preToolUse|UserPromptSubmit|userPromptSubmitted|BeforeTool|BeforeAgent|beforeShellExecution|beforeMCPExecution|beforeReadFile|beforeSubmitPrompt|pre_run_command|pre_read_code|pre_write_code|pre_mcp_tool_use|pre_user_prompt|PreInvocation)`;
const CODE_DROPS_HOOKS = new RegExp(`pop\\(\\s*['"]${HOOK_KEY}['"]|\\bdel\\s+[\\w.[\\]'"]*\\[\\s*['"]${HOOK_KEY}['"]\\s*\\]|\\bdelete\\s+[\\w.]+(?:\\.${HOOK_KEY}\\b|\\[\\s*['"]${HOOK_KEY}['"]\\s*\\])|\\[\\s*['"]${HOOK_KEY}['"]\\s*\\]\\s*=\\s*(?:\\{\\s*\\}|\\[\\s*\\]|None|null|nil)|\\.${HOOK_KEY}\\s*=\\s*(?:\\{\\s*\\}|\\[\\s*\\]|null|undefined)`);
// A quoted path in the code that names an agent's directory (`'~/.gemini/config/hooks.json'`,
// `"/home/u/.claude/settings.json"`): judged as written before the word pair is guessed at.
const QUOTED_AGENT_PATH = /['"`]([^'"`\s]{0,200}\.(?:claude|cursor|codex|gemini|copilot|codeium|windsurf|service-plugin|agents)[\/\\][^'"`\s]{1,200})['"`]/gi;

function inspectSettingsCode(cmd: SimpleCommand, ctx: RuleContext): void {
  const code = inlineCode(cmd);
  if (code === undefined || !SETTINGS_FILE_WORD.test(code)) return;
  const dir = AGENT_DIR_WORD.exec(code);
  const file = SETTINGS_FILE_WORD.exec(code);
  const written = [...code.matchAll(QUOTED_AGENT_PATH)].map((m) => m[1]).find((p) => !/^[\\/]\./.test(p) && classifyGuardRailPath(p));
  const path = written ?? (dir && file ? `~/.${dir[1].toLowerCase()}/${file[1].toLowerCase()}` : undefined);
  if (!path || !classifyGuardRailPath(path) || !CODE_WRITES.test(code)) return;
  const how = `${cmd.name} code`;
  const found = guardRailFindings(path, code, { partial: true, how });
  if (found.length) return emitAll(ctx, found);
  const drops = CODE_DROPS_HOOKS.test(code);
  ctx.emit({
    patternName: drops ? 'guard_rail_change.hooks_removed' : 'security_tampering.agent_hook_config',
    severity: drops ? 'high' : 'medium',
    category: drops ? 'guard_rail_change' : 'security_tampering',
    layer: 'builtin',
    reason: drops ? `${how} removes the hooks from ${path}, and with them the policy checks they run.` : `${how} rewrites ${path}, an agent settings or hooks file that can switch off policy enforcement.`,
    paths: [path],
  });
}

// Shell startup files (persistence.ts names them) and direnv's `.envrc`: text written there runs
// in every later shell, so an agent launched from one inherits what it sets.
const STARTUP_HINT = /rc$|aliases$|profile|\.zshenv$|\.zlogin$|\.fish$|\.ps1$|\/environment$|\.d\//i;
const AGENT_WORD = /claude|codex|gemini|copilot|cursor|windsurf|codeium|antigravity|\bagy\b/i;
// `alias cc='claude --dangerously-skip-permissions'`, fish's `alias cc 'claude …'` and `abbr -a cc 'claude …'`.
const ALIAS_LINE = /^\s*(?:alias\s+(?:-g\s+)?[\w.:-]+=|(?:alias|abbr(?:\s+(?:-a|--add))?)\s+[\w.:-]+\s+)(['"]?)(.*)\1\s*;?\s*$/;
// `export NAME=value`, `NAME=value`, fish's `set -gx NAME value`, csh's `setenv NAME value`, PowerShell's `$env:NAME = value`.
const ENV_LINE = /^\s*(?:export\s+|declare\s+-x\s+)?([A-Za-z_]\w*)=(\S*)|^\s*set\s+-[a-zA-Z]*x[a-zA-Z]*\s+([A-Za-z_]\w*)\s+(\S+)|^\s*setenv\s+([A-Za-z_]\w*)\s+(\S+)|^\s*\$env:([A-Za-z_]\w*)\s*=\s*(\S+)/;

// `function codex { … }`, `codex() { … }`: the body between the braces.
const FUNCTION_LINE = /^\s*(?:function\s+[\w.:-]+(?:\s*\(\s*\))?|[\w.:-]+\s*\(\s*\))\s*\{([\s\S]*)\}\s*;?\s*$/;

function isStartupFile(path: string): boolean {
  return STARTUP_HINT.test(path) && (/(?:^|\/)\.envrc$/.test(path) || persistenceTarget(path)?.kind === 'shell_rc');
}

/**
 * Text written into a shell startup file that switches an agent's guard rails off in every later
 * shell: an exported variable (`COPILOT_ALLOW_ALL=true`), an alias or function that launches the
 * agent with its approvals off (`alias claude='claude --dangerously-skip-permissions'`). Set in
 * one command, the variable is a warning (judgeAgentEnv); kept in a startup file it is the
 * agent's standing configuration, as a settings file is, so it is denied as one.
 */
function inspectStartupFileText(ctx: RuleContext, name: string, path: string, text: string): void {
  if (!AGENT_WORD.test(text)) return;
  const changes: GuardRailChange[] = [];
  for (const line of text.slice(0, 32_768).split('\n', 300)) {
    if (!AGENT_WORD.test(line)) continue;
    const env = ENV_LINE.exec(line);
    if (env) {
      const change = judgeAgentEnv(env[1] ?? env[3] ?? env[5] ?? env[7], env[2] ?? env[4] ?? env[6] ?? env[8]);
      if (change) changes.push(change);
      continue;
    }
    const alias = ALIAS_LINE.exec(line);
    // A function defined and not called runs nothing on this line: its body is what later shells run.
    const body = alias ? undefined : FUNCTION_LINE.exec(line)?.[1];
    const commands = parseShell(alias ? alias[2] : body ?? line).commands;
    for (const c of commands) if (c.argv[0]) changes.push(...judgeAgentCommand(c.argv[0].text, c.args));
  }
  for (const c of changes) {
    ctx.emit({
      patternName: `guard_rail_change.persisted_${c.rule}`,
      severity: 'high',
      category: 'guard_rail_change',
      layer: 'builtin',
      reason: `\`${name || 'a redirection'}\` writes ${c.setting} into the shell startup file ${path}, which every later shell runs: it ${c.effect}.`,
      paths: [path],
    });
  }
}

const COPY_VALUE_OPTIONS: ReadonlySet<string> = new Set(['-t', '--target-directory', '-m', '--mode', '-o', '--owner', '-g', '--group', '-S', '--suffix']);

// Commands that set environment variables: `export`/`declare -x`/`typeset -x` (`NAME=value`),
// cmd's `set NAME=value`, Windows `setx NAME value`, PowerShell `$env:NAME = value`.
const ENV_SETTERS: ReadonlySet<string> = new Set(['export', 'declare', 'typeset', 'set', 'setx']);

/** Agent guard rails switched off through the environment (see judgeAgentEnv). */
function inspectAgentEnv(cmd: SimpleCommand, ctx: RuleContext): void {
  const pairs: [string, string][] = [];
  for (const a of cmd.assignments) pairs.push([a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]);
  const name = cmd.name;
  // setx and `launchctl setenv` keep the variable for every process started later, as a startup file does.
  const persisted = name === 'setx' || name === 'launchctl';
  if (name === 'setx' && cmd.args.length >= 2) pairs.push([cmd.args[0], cmd.args[1]]);
  else if (name === 'launchctl' && cmd.args[0] === 'setenv' && cmd.args.length >= 3) pairs.push([cmd.args[1], cmd.args[2]]);
  else if (ENV_SETTERS.has(name)) {
    for (const a of cmd.args) if (a.includes('=') && !a.startsWith('-')) pairs.push([a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]);
  } else if (name.startsWith('$env:')) {
    const words = cmd.argv.map((w) => w.text).join(' ');
    const m = /^\$env:([\w]+)\s*=\s*(.*)$/i.exec(words);
    if (m) pairs.push([m[1], m[2].trim()]);
  }
  for (const [k, v] of pairs) {
    const c = judgeAgentEnv(k, v);
    if (c) ctx.emit({ patternName: `guard_rail_change.${c.rule}`, severity: persisted ? 'high' : c.severity, category: 'guard_rail_change', layer: 'builtin', reason: persisted ? `\`${name}\` keeps ${c.setting} for every process started later: it ${c.effect}.` : `\`${c.setting}\` ${c.effect}.` });
  }
}

// node running an agent CLI's entry script from its npm package
// (`node ~/.npm-global/lib/node_modules/@anthropic-ai/claude-code/cli.js --dangerously-skip-permissions`).
// Package runners (`npx`, `bunx`, `pnpm dlx`) are unwrapped by the parser: the package is the program.
const SCRIPT_RUNNERS: ReadonlySet<string> = new Set(['node', 'deno', 'bun']);
const AGENT_PACKAGE_PATH: readonly [RegExp, string][] = [
  [/\/@anthropic-ai\/claude-code\//, 'claude'],
  [/\/@openai\/codex\//, 'codex'],
  [/\/@google\/gemini-cli\//, 'gemini'],
  [/\/@github\/copilot\//, 'copilot'],
];

/** The agent whose entry script a runtime starts and the arguments it passes on, or undefined. */
function scriptAgent(cmd: SimpleCommand): [string, string[]] | undefined {
  const at = cmd.args.findIndex((a) => !a.startsWith('-'));
  const script = cmd.args[at];
  if (script === undefined || !script.includes('/@')) return undefined;
  const hit = AGENT_PACKAGE_PATH.find(([re]) => re.test(script));
  return hit && [hit[1], cmd.args.slice(at + 1)];
}

// A runner the parser left in place (`npx -y @openai/codex exec -c approval_policy=never …`: npx's
// own `-c` takes a command string, so the line is not unwrapped): the agent's package among its
// words names the CLI, and the words after it are its arguments.
const PACKAGE_RUNNERS: ReadonlySet<string> = new Set(['npx', 'bunx', 'pnpx', 'pnpm', 'yarn', 'npm', 'bun']);

function packageAgent(cmd: SimpleCommand): [string, string[]] | undefined {
  const at = cmd.args.findIndex((a) => a.charCodeAt(0) === 64 /* @ */ && agentCliOf(a) !== undefined);
  return at < 0 ? undefined : [cmd.args[at], cmd.args.slice(at + 1)];
}

export function inspectGuardRailCommand(cmd: SimpleCommand, script: Script, ctx: RuleContext): void {
  const name = cmd.name;
  if (cmd.assignments.length || ENV_SETTERS.has(name) || name === 'launchctl' || name.startsWith('$env:')) inspectAgentEnv(cmd, ctx);
  if (cmd.argv[0]) emitAll(ctx, agentCommandFindings(cmd.argv[0].text, cmd.args));
  if (SCRIPT_RUNNERS.has(name) || PACKAGE_RUNNERS.has(name)) {
    const run = (SCRIPT_RUNNERS.has(name) ? scriptAgent(cmd) : undefined) ?? (PACKAGE_RUNNERS.has(name) ? packageAgent(cmd) : undefined);
    if (run) emitAll(ctx, agentCommandFindings(run[0], run[1]));
  }
  inspectSettingsCode(cmd, ctx);
  for (const r of cmd.redirects) {
    if (!r.op.includes('>') || r.op === '>&') continue;
    if (isStartupFile(r.target.text)) {
      const w = producedText(cmd) ?? piped(cmd);
      if (w) inspectStartupFileText(ctx, name, r.target.text, w.content);
      continue;
    }
    // Only a guard-rail file matters here: the written content is worked out for those alone.
    if (!classifyGuardRailPath(r.target.text)) continue;
    const append = r.op.includes('>>');
    // A bare `> file` (or `: > file`) empties it.
    const w = name === '' || name === ':' || name === 'true' ? { content: '', partial: false } : producedText(cmd) ?? piped(cmd);
    writeTo(ctx, name, r.target.text, w && { ...w, partial: w.partial || append }, append ? 'Appends to' : 'Overwrites');
  }
  switch (name) {
    case 'tee':
    case 'sponge': {
      const w = piped(cmd) ?? hereText(cmd);
      const append = hasShort(cmd.args, 'a') || cmd.args.includes('--append');
      for (const p of positionals(cmd.args)) {
        if (w && isStartupFile(p)) inspectStartupFileText(ctx, name, p, w.content);
        else writeTo(ctx, name, p, w && { ...w, partial: w.partial || append }, name === 'tee' ? 'Writes to' : undefined);
      }
      return;
    }
    case 'sed':
    case 'perl': {
      // perl's switches cluster with a record separator in front: `-0pi`, `-0777pi -e`, `-pi.bak`.
      if (!cmd.args.some((a) => (name === 'sed' ? /^-[a-zA-Z]*i|^--in-place/ : /^-(?:0[0-7]*|[lnpaswTtUWX])*i/).test(a))) return;
      const expr = name === 'sed' ? sedExpression(cmd) : cmd.args[cmd.args.findIndex((a) => /^-(?:0[0-7]*|[lnpaswTtUWX])*[eE]$/.test(a)) + 1];
      const change = expr !== undefined ? sedChange(expr) : undefined;
      const w = change && { ...change, harmless: harmlessSedExpression(expr!) };
      const files = positionals(cmd.args.filter((a) => !/^-[a-zA-Z0-9]*[ieE]/.test(a)), new Set(['-e', '--expression', '-f'])).filter((p) => p !== expr);
      for (const p of files) writeTo(ctx, name, p, w, 'Edits');
      return;
    }
    case 'cp':
    case 'mv':
    case 'install':
    case 'ln': {
      const pos = positionals(cmd.args, COPY_VALUE_OPTIONS);
      if (pos.length < 2) return;
      const dest = pos[pos.length - 1];
      // What an earlier command wrote to the source is looked up (a walk over the whole line)
      // only when the destination is a guard-rail file: done for every `cp`, it was quadratic.
      const guarded = classifyGuardRailPath(dest) !== null;
      for (const src of pos.slice(0, -1)) {
        if (name === 'mv') emitAll(ctx, deletedGuardRails(src, '`mv` moves away'));
        if (!guarded) continue;
        const w = writtenEarlier(src, cmd, script);
        // A link to a dotfiles copy (`ln -s ~/dotfiles/claude/settings.json ~/.claude/`) is judged
        // only when the line wrote the linked text itself.
        if (name !== 'ln' || w) writeTo(ctx, name, dest, w, name === 'ln' ? undefined : 'Writes to');
      }
      return;
    }
    case 'chmod': {
      // Taking the owner's read permission away from an agent's hooks or the policy plugin's files
      // switches them off as surely as deleting them (the plugin fails open without its key).
      const pos = positionals(cmd.args, CHMOD_VALUE_OPTIONS);
      if (pos.length >= 2 && LOCKS_OUT.test(pos[0])) for (const p of pos.slice(1)) emitAll(ctx, deletedGuardRails(p, `\`chmod ${pos[0]}\` makes unreadable`));
      return;
    }
    case 'kill':
    case 'pkill':
    case 'killall': {
      // Stopping the policy gateway or plugin: every later call goes unchecked.
      const target = cmd.argv.slice(1).find((w) => POLICY_PROCESS.test(w.text));
      if (target) ctx.emit({ patternName: 'guard_rail_change.policy_service_stopped', severity: 'high', category: 'guard_rail_change', layer: 'builtin', reason: `\`${name}\` stops the policy service (${target.text.slice(0, 60)}), so later actions are not checked.` });
      return;
    }
    case 'truncate':
      if (cmd.args.some((a) => /^-s0?$|^--size=0$/.test(a))) for (const p of positionals(cmd.args, new Set(['-s', '--size', '-r', '--reference']))) writeTo(ctx, name, p, { content: '', partial: false });
      return;
    case 'find': {
      // `find DIR … -delete` (or `-exec rm`) deletes what it finds under its start points.
      const at = cmd.args.findIndex((a) => a.startsWith('-') || a === '(' || a === '!');
      const starts = at < 0 ? cmd.args : cmd.args.slice(0, at);
      const deletes = cmd.args.includes('-delete') || cmd.args.some((a, i) => (a === '-exec' || a === '-execdir') && /^(?:rm|unlink|shred)$/.test(cmd.args[i + 1] ?? ''));
      if (!deletes) return;
      // A name filter narrows the deletion: `-name '*.log'` leaves hooks.json and settings.json alone.
      const names = cmd.args.flatMap((a, i) => (/^-i?name$/.test(a) && cmd.args[i + 1] !== undefined ? [cmd.args[i + 1]] : []));
      const globRe = (g: string) => new RegExp(`^${g.replace(/[.+^${}()|\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 'i');
      if (names.length && !names.some((n) => ['hooks.json', 'settings.json', 'settings.local.json', 'config.toml'].some((f) => globRe(n).test(f)))) return;
      for (const p of starts) emitAll(ctx, deletedGuardRails(p, '`find -delete` deletes'));
      return;
    }
    case 'yq': {
      // `yq -i FILTER FILE` edits in place: the file gets what the filter writes.
      if (!cmd.args.some((a) => a === '-i' || a === '--inplace' || /^-[a-zA-Z]*i[a-zA-Z]*$/.test(a))) return;
      const pos = positionals(cmd.args, new Set(['-o', '--output-format', '-p', '--input-format', '-I', '--indent', '--arg', '--argjson', '--from-file']));
      const filter = pos[0];
      if (filter === undefined) return;
      for (const p of pos.slice(1)) writeTo(ctx, name, p, { content: `${filter}\n${jqAssignmentsAsJson(filter)}`, partial: true });
      return;
    }
    case 'git': {
      // `git rm` deletes the files from the working tree as well as the index (`--cached` keeps them).
      const sub = positionals(cmd.args, new Set(['-C', '-c', '--git-dir', '--work-tree']));
      if (sub[0] !== 'rm' || cmd.args.includes('--cached') || cmd.args.includes('-n') || cmd.args.includes('--dry-run')) return;
      for (const p of sub.slice(1)) emitAll(ctx, deletedGuardRails(p, '`git rm` deletes'));
      return;
    }
    case 'rm':
    case 'unlink':
    case 'shred':
    case 'srm':
    case 'trash':
    case 'trash-put':
    // Windows: PowerShell's Remove-Item (ri, and the del/erase aliases cmd shares) with the path
    // as a positional or after -Path/-LiteralPath; option words (`-Force`, `/q`) are not paths.
    case 'remove-item':
    case 'ri':
    case 'del':
    case 'erase':
      for (const p of positionals(cmd.args)) if (!p.startsWith('/') || p.includes('.')) emitAll(ctx, deletedGuardRails(p, `\`${name}\` deletes`));
      return;
    case 'set-content':
    case 'out-file':
    case 'clear-content':
    case 'add-content':
    case 'clc': {
      // The written text is -Value (Set-Content/Add-Content), -InputObject or the pipe; Clear-Content empties.
      const lower = cmd.args.map((a) => a.toLowerCase());
      const at = lower.findIndex((a) => a === '-value' || a === '-inputobject');
      const value = at >= 0 ? cmd.args[at + 1] : undefined;
      const paths = cmd.args.filter((a, i) => (!a.startsWith('-') && (at < 0 || i !== at + 1)) || /^-(?:path|literalpath|filepath)$/.test(lower[i - 1] ?? ''));
      const w = name === 'clear-content' || name === 'clc' ? { content: '', partial: false } : value !== undefined ? { content: value, partial: name === 'add-content' } : piped(cmd) ?? (paths.some((p) => classifyGuardRailPath(p)) ? powershellRewrite(cmd, script) : undefined);
      for (const p of paths) writeTo(ctx, name, p, w && { ...w, partial: w.partial || name === 'add-content' || lower.includes('-append') });
      return;
    }
  }
}
