// Inline interpreter code (`python3 -c`, `node -e`, `perl -e`, `ruby -e`, `php -r`,
// `osascript -e`, heredocs fed to an interpreter). Rules look for the same intents as in
// shell: recursive deletes of precious paths (shutil.rmtree, fs.rmSync, FileUtils.rm_rf),
// shell strings handed to os.system/subprocess/exec (re-parsed as shell), reverse shells,
// and reads of credential files.
import { deletionRisk } from '../paths.js';
import { decodeBase64, decodeHex, inflateBase64, reverseLines } from '../shell/static-text.js';
import type { Finding } from '../findings.js';
import { emitDynamicCode } from './dynamic-code.js';
import { judgeOverwrite, moveAwayRisk } from './destructive.js';
import type { SimpleCommand } from '../shell/types.js';
import { ContextView, type RuleContext } from './context.js';
import { credentialRisk, credentialRiskOfPattern } from './credential-paths.js';
import { elispDeletes, vimDeletes } from './editor-code.js';
import { SED_PROGRAMS, sedExec } from './sed-code.js';
import { emitCredentialRead } from './credentials.js';
import { isInterpreter, isLocalHost, literalOutput, optionValue, positionals, urlHosts } from './facts.js';
import { severityRank } from '../findings.js';

const CODE_FLAGS = ['-c', '-e', '-E', '--eval', '-p', '--print', '-r', '--command'];
const DELETE_CALL = /\b(?:shutil\.rmtree|rmtree|rm_rf|rm_r|remove_dir_all|rmSync|rmdirSync|fs\.rm|fs\.promises\.rm|rimraf(?:\.sync)?|FileUtils\.rm_rf|File\.delete|Remove-Item|os\.RemoveAll|unlink_tree|remove_tree|Deno\.removeSync|Deno\.remove|File\.rm_rf!?|delete-directory)\s{0,3}\(\s{0,3}(?:[a-zA-Z_.]{0,40}\(\s{0,3})?(['"`])([^'"`]{1,512})['"`]/g;
const SHELL_CALL = /\b(?:passthru|shell_exec|proc_open|pcntl_exec|IO\.popen|Open3\.\w+|os\.system|os\.popen|os\.execute|io\.popen|shell-command(?:-to-string)?|async-shell-command|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|child_process\.(?:exec|execSync|spawnSync)|execSync|exec|system|spawn|popen|do shell script|Runtime\.getRuntime\(\)\.exec|os:cmd)\s{0,3}\(?\s{0,3}(['"])((?:\\.|(?!\1)[^\\]){1,1024})\1/g;
// Any quotes around a literal (concatenations like "~" + '/.ssh/key' leave mixed ones).
const STRING = /(['"`])([^'"`\n]{2,512})['"`]/g;
// Three independent linear checks instead of one regex with chained lazy gaps.
const SOCKET = /\b[sS]ocket\b|\bnet\.(?:Socket|connect)\b|TCPSocket\.(?:new|open)|fsockopen/;
const CONNECT = /\bconnect\b|\bnew\b|fsockopen|TCPSocket/;
// …or runs what arrives over it: perl `fdopen` + `system`, ruby `` `#{c.gets}` ``.
// (Lua's `io.popen(line)` and `os.execute(line)` of a variable run what was received.)
const SPAWN_SHELL = /dup2|fdopen|`#\{|\bsystem\s{0,3}\(?\s{0,3}\$|\bexec\s{0,3}\(?\s{0,3}\w+\.(?:gets|read|recv)|pty\.spawn|\/bin\/(?:ba|z)?sh\b|\bproc_open\b|\bshell_exec\b|\b(?:io\.popen|os\.execute)\s{0,3}\(\s{0,3}[A-Za-z_]\w{0,30}\s{0,3}[,)]/;

// A clustered flag whose last letter takes the program: python -Bc, perl -we / -lne, node -pe, ruby -rsocket -e.
// The letter that takes the program, per interpreter (node's -r is a module, php's -r is code).
const CODE_LETTERS: [RegExp, string][] = [
  [/^(?:python|py|pypy)/, 'c'],
  [/^perl/, 'eE'],
  [/^ruby/, 'e'],
  [/^(?:node|nodejs|bun|deno)$/, 'ep'],
  [/^php/, 'r'],
  [/^lua/, 'e'],
  [/^osascript$/, 'e'],
  [/^(?:tclsh|wish|rscript|r)$/, 'e'],
  [/^(?:julia|elixir|groovy)$/, 'e'],
  [/^expect$/, 'c'],
];
// Commands written in a language's own syntax rather than a string: Julia and Ruby backtick
// commands given to run, Tcl and expect `exec`/`spawn` words, Groovy's `"cmd".execute()`.
const COMMAND_SYNTAX = /\brun\s{0,3}\(\s{0,3}`([^`]{1,1024})`|(?:^|[;\n[{])\s{0,8}(?:exec|spawn)\s+(?!["'(])([^;\n\]}]{1,1024})|(['"])((?:\\.|(?!\3)[^\\]){1,1024})\3\s{0,3}\.execute\s{0,3}\(/g;
// Editors and debuggers that escape to a shell: `vim -c ':!cmd'`, `gdb -ex 'shell cmd'`, `emacs --eval '(shell-command …)'`.
const VIM = { options: ['-c', '--cmd'], escape: /^:?\s*(?:!|call\s+system\s*\(\s*['"])(.*?)(?:['"]\s*\))?$/s };
const GDB = { options: ['-ex', '--ex', '-eval-command', '--eval-command', '-iex'], escape: /^\s*(?:shell\s+|!)(.*)$/s };
// (A Map: the key is an arbitrary program name, which must not reach Object.prototype.)
const EDITOR_SHELL = new Map([['vim', VIM], ['vi', VIM], ['nvim', VIM], ['ex', VIM], ['view', VIM], ['gvim', VIM], ['gdb', GDB]]);

/** Shell commands an editor or debugger is told to run on its command line. */
export function editorShellCommands(cmd: SimpleCommand): string[] {
  const spec = EDITOR_SHELL.get(cmd.name);
  if (spec === undefined && cmd.name !== 'emacs') return [];
  const out: string[] = [];
  const args = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (cmd.name === 'emacs') {
      if ((a === '--eval' || a === '-eval') && args[i + 1] !== undefined) out.push(args[++i]);
      else if (a.startsWith('--eval=')) out.push(a.slice(7));
      continue;
    }
    let value: string | undefined;
    if (spec!.options.includes(a)) value = args[++i];
    else if (spec === VIM && a.startsWith('+') && a.length > 1) value = a.slice(1);
    const m = value === undefined ? null : spec!.escape.exec(value);
    if (m && m[1].trim()) out.push(m[1]);
  }
  return out;
}
/** What the code an editor is told to evaluate deletes, as shell commands (editor-code.ts). */
function editorDeletes(cmd: SimpleCommand): string[] {
  if (cmd.name === 'emacs' || EDITOR_SHELL.get(cmd.name) === VIM) {
    const code = editorCode(cmd);
    if (code.length) return code.flatMap((c) => (cmd.name === 'emacs' ? elispDeletes(c) : vimDeletes(c)));
  }
  return [];
}

/** The code an editor's command line evaluates: emacs --eval, vim -c/--cmd/+cmd. */
function editorCode(cmd: SimpleCommand): string[] {
  const out: string[] = [];
  const args = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (cmd.name === 'emacs' ? a === '--eval' || a === '-eval' : a === '-c' || a === '--cmd') {
      if (args[i + 1] !== undefined) out.push(args[++i]);
    } else if (cmd.name === 'emacs' && a.startsWith('--eval=')) out.push(a.slice(7));
    else if (cmd.name !== 'emacs' && a.startsWith('+') && a.length > 1) out.push(a.slice(1));
  }
  return out;
}
const AWK = new Set(['awk', 'gawk', 'mawk', 'nawk', 'busybox awk']);
const AWK_VALUE_OPTS = new Set(['-F', '-v', '-f', '--field-separator', '--assign', '--file']);

/** The program of an awk command: the first operand after its options. */
function awkProgram(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') return args[i + 1];
    if (AWK_VALUE_OPTS.has(a)) {
      if (a === '-f' || a === '--file') return undefined;
      i++;
      continue;
    }
    if (/^-[Fv]./.test(a) || (a.startsWith('-') && a.length > 1)) continue;
    return a;
  }
  return undefined;
}

/**
 * awk builds strings by writing them side by side: `system("rm -rf " ENVIRON["HOME"])`. The
 * environment lookups and the `-v name=value` variables next to a literal are put in as literals,
 * and adjacent literals joined, so the command system() or a pipe runs is one string to judge.
 */
function awkStrings(code: string, args: readonly string[]): string {
  if (!code.includes('"')) return code;
  let text = code.replace(/ENVIRON\[\s{0,3}"(\w+)"\s{0,3}\]/g, '"$$$1"');
  const vars = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i] === '-v' || args[i] === '--assign' ? args[++i] : /^-v./.test(args[i]) ? args[i].slice(2) : undefined;
    const eq = a?.indexOf('=') ?? -1;
    if (a && eq > 0 && !a.slice(eq + 1).includes('"')) vars.set(a.slice(0, eq), a.slice(eq + 1));
  }
  if (vars.size) {
    text = text.replace(/("[ \t]{1,8})([A-Za-z_]\w*)\b(?![ \t]*[([])/g, (m, pre: string, name: string) => (vars.has(name) ? `${pre}"${vars.get(name)}"` : m));
    text = text.replace(/\b([A-Za-z_]\w*)([ \t]{1,8}")/g, (m, name: string, post: string) => (vars.has(name) ? `"${vars.get(name)}"${post}` : m));
  }
  return text.replace(/"[ \t]{1,8}"/g, '');
}

/** The inline program of an interpreter command, if any. */
export function inlineCode(cmd: SimpleCommand): string | undefined {
  // A program file the same line wrote with its text visible is that program's code.
  if (cmd.programText !== undefined) return cmd.programText;
  if (AWK.has(cmd.name)) return awkProgram(cmd.args);
  // (Erlang's `erl -eval CODE`: its shell calls, `os:cmd("…")`, are found like any language's.)
  if (cmd.name === 'erl') return optionValue(cmd.args, ['-eval']);
  if (!isInterpreter(cmd.name) && cmd.name !== 'deno' && cmd.name !== 'bun') return undefined;
  if (cmd.name === 'deno' && cmd.args[0] === 'eval') return cmd.args.slice(1).join(' ');
  const letters = CODE_LETTERS.find(([re]) => re.test(cmd.name))?.[1];
  const at = letters ? cmd.args.findIndex((a) => /^-[A-Za-z]+$/.test(a) && letters.includes(a[a.length - 1])) : -1;
  if (at >= 0 && cmd.args[at + 1] !== undefined) return cmd.args[at + 1];
  // (ruby's and node's -r loads a library, `ruby -rsocket -e'…'`: only php's -r is code.)
  const flagValue = optionValue(cmd.args, /^(?:ruby|node|nodejs)/.test(cmd.name) ? CODE_FLAGS.filter((f) => f !== '-r') : CODE_FLAGS);
  if (flagValue !== undefined) return flagValue;
  const here = cmd.redirects.find((r) => r.op.startsWith('<<'));
  if (here) return here.target.text;
  // `echo "import shutil; …" | python3 -`: an interpreter given no script reads its program from
  // standard input, here the literal text the previous stage prints.
  if (cmd.stage > 0 && positionals(cmd.args).every((a) => a === '-')) {
    const prev = cmd.pipeline.stages[cmd.stage - 1];
    if (prev?.length === 1) return literalOutput(prev[0]);
  }
  return undefined;
}

// Spellings of the home directory and of environment lookups in interpreter code, rewritten to
// what a shell would see, so `shutil.rmtree(Path.home())` and `"$ENV{HOME}/.ssh"` are judged
// (also Julia's `homedir()`, R's `path.expand("~")`, Tcl's `$env(HOME)`).
const HOME_EXPR = /\b(?:os\.path\.expanduser\(\s*(['"])~\1\s*\)|(?:pathlib\.)?Path\.home\(\)|Dir\.home|(?:require\((['"])os\2\)|os)\.homedir\(\)|process\.env\.HOME|os\.environ\[(['"])HOME\3\]|os\.getenv\((['"])HOME\4\)|ENV\[(['"])HOME\5\]|(?:Sys\.)?getenv\((['"])HOME\6\)|Deno\.env\.get\(\s*(['"])HOME\7\s*\)|os\.Getenv\("HOME"\)|os\.UserHomeDir\(\)|System\.user_home!?\(\)|homedir\(\)|path\.expand\((['"])~\8\))|\$(?:::)?env\(HOME\)/g;
// The home directory read from the environment in other spellings: `os.environ.get('HOME')`,
// `process.env['HOME']`, Ruby `ENV.fetch('HOME')`, PHP `$_SERVER['HOME']`/`$_ENV['HOME']`, Windows'
// USERPROFILE, Java's `System.getProperty("user.home")` (a default after a comma is ignored).
const HOME_LOOKUP = /\b(?:os\.environ\.get|os\.getenv|ENV\.fetch|process\.env)\s{0,2}[[(]\s{0,2}(['"])(?:HOME|USERPROFILE)\1(?:\s{0,2},[^)\]\n]{0,80})?\s{0,2}[\])]|\bprocess\.env\.USERPROFILE\b|\$_(?:SERVER|ENV)\[\s{0,2}(['"])HOME\2\s{0,2}\]|\bSystem\.getProperty\(\s{0,2}"user\.home"\s{0,2}\)/g;
// The working directory asked of the runtime (`shutil.rmtree(os.getcwd())` deletes the project).
const CWD_EXPR = /\b(?:os\.getcwd\(\)|process\.cwd\(\)|(?:pathlib\.)?Path\.cwd\(\)|Dir\.pwd\b|Deno\.cwd\(\))/g;
// `os.path.expanduser('~/Documents')`, R's `path.expand("~/x")`: the path as the shell writes it.
const EXPAND_USER = /\b(?:os\.path\.expanduser|expanduser|path\.expand|normalizePath|File\.expand_path)\(\s{0,3}(['"])(~[^'"]{0,512})\1\s{0,3}\)/g;
// R `unlink(p, recursive = TRUE)`, Julia `rm(p; recursive=true)`: a delete made recursive by a keyword.
const KEYWORD_RECURSIVE_DELETE = /\b(?:unlink|rm|file\.remove|dir_delete|rmdir)\s{0,3}\(\s{0,3}(['"])([^'"]{1,512})\1[^)]{0,120}?\brecursive\s{0,3}=\s{0,3}(?:TRUE|true|T)\b/g;
// `joinpath("~", ".ssh")`, `os.path.join("~", "x")`, R's `file.path(…)`: two literals joined by a slash.
// (Up to eight literal parts: `os.path.join('~', '.cache', 'pip')` is `~/.cache/pip`, not `~`.)
const PATH_JOIN = /\b(?:joinpath|os\.path\.join|file\.path|(?:require\(['"]path['"]\)\.|path\.)(?:join|resolve)|File\.join|filename:join)\(\s{0,3}((?:['"][^'"\n]{1,512}['"]\s{0,3},\s{0,3}){1,7}['"][^'"\n]{1,512}['"])\s{0,3}\)/g;
const JOIN_PART = /(['"])([^'"\n]{1,512})\1/g;
function joinedPath(_m: string, parts: string): string {
  return `"${Array.from(parts.matchAll(JOIN_PART), (m) => m[2]).join('/')}"`;
}
// pathlib's `/` operator: `Path.home() / '.aws' / 'credentials'` (home already rewritten to "~") is one path.
const PATH_DIV = /(['"])([^'"\n]{1,256})\1\s{0,3}\)?\s{0,3}\/\s{0,3}(['"])([^'"\n]{1,256})\3/g;
// `Path.home().glob('.aws/*')`, `(…).rglob('*.pem')`: the glob under that directory.
const PATH_GLOB_METHOD = /(['"])([^'"\n]{1,256})\1\s{0,3}\)?\s{0,3}\.r?glob\(\s{0,3}(['"])([^'"\n]{1,256})\3/g;
// Code that reads the files it finds (as opposed to listing or deleting them).
const READS_FILES = /\bread_text\s{0,3}\(|\bread_bytes\s{0,3}\(|\bopen\s{0,3}\(|\breadFileSync\b|\breadFile\s{0,3}\(|\bFile\.read\b|\bfile_get_contents\b|\.read\s{0,3}\(\s{0,3}\)|\bshutil\.copy|\bcopyFileSync\b|\bzipfile\b|\btarfile\b/;
const PERL_ENV = /\\?\$ENV\{(\w+)\}|#\{ENV\[(['"])(\w+)\2\]\}|\$\{process\.env\.(\w+)\}/g;
// `remove_tree($HOME)`: an unquoted home variable as a call's argument.
const BARE_HOME_ARG = /(\(\s{0,3})\$HOME\b(?=\s{0,3}[,)])/g;
// `+` (JavaScript, Python), `.` (PHP, Perl) and `..` (Lua) join strings.
// (A quote right after `(`, `[` or `,` opens a literal: `rmtree('.')`, `['..']` hold the paths `.` and `..`.)
const CONCAT = /(?<![([,]\s{0,3})(['"`])\s{0,3}(?:\.\.|[+.])\s{0,3}(['"`])/g;
// Two literals in different quotes joined (`'rm -rf ' + "~"` once a home lookup is rewritten): one literal in the first's quotes.
const MIXED_CONCAT = /(['"`])([^'"`\n]{0,512})\1\s{0,3}(?:\.\.|[+.])\s{0,3}(?!\1)(['"`])([^'"`\n]{0,512})\3/g;
// A variable between two literals (`"@".$HOME."/.ssh"`), or closing one (`"rm -rf ".$HOME)`).
const CONCAT_VAR = /(['"`])\s{0,3}(?:\.\.|[+.])\s{0,3}(\$[A-Za-z_]\w*)\s{0,3}(?:(?:\.\.|[+.])\s{0,3}(['"`])|(?=[),;]))/g;
// A variable followed by a literal (`$HOME."/Documents"`, `$HOME + '/x'`): one string, as the shell writes it.
const VAR_THEN_LITERAL = /(\$[A-Za-z_]\w*)\s{0,3}(?:\.\.|[+.])\s{0,3}(['"`])/g;
// Perl's quote operators (`q{~/projects}`, `qq(…)`, `q!…!`) as plain strings.
const PERL_QUOTE = /(?<![\w$%@&])qq?\s{0,2}(?:\{([^{}]{0,1024})\}|\(([^()]{0,1024})\)|\[([^[\]]{0,1024})\]|<([^<>]{0,1024})>|([/|!#])((?:(?!\5)[^\n]){0,1024})\5)/g;
// Perl's `glob "~/x"` / `glob("~/x")` of one literal is that path (a wildcard in it is judged as one).
const GLOB_OF_LITERAL = /\bglob\s{1,3}(?=['"])/g;
// Ruby's %q{…}/%Q{…}/%(…) strings and %x{…}/backtick commands, as plain strings and system().
const RUBY_STRING = /%[qQ]?([{(\[])([^{}()[\]]{0,1024})[})\]]/g;
const RUBY_COMMAND = /%x[{(]([^{}()]{0,1024})[})]|`([^`#]{1,1024})`/g;
// Code that fetches from the network and code that evaluates a string: together, remote code.
// `require('https').get(…)` (the module not bound to a name) and the usual npm clients count as `https.get`.
const FETCH = /\burlopen\s{0,3}\(|\brequests\.get\s{0,3}\(|\bfetch\s{0,3}\(\s{0,3}['"]https?:|\bhttps?\.get\s{0,3}\(|\brequire\s{0,3}\(\s{0,3}['"](?:node:)?(?:https?|axios|got|needle|superagent|node-fetch|undici)['"]\s{0,3}\)\s{0,3}(?:\.(?:get|request|default))?\s{0,3}\(|\b(?:axios|got|needle|superagent)(?:\.get)?\s{0,3}\(\s{0,3}['"]https?:|\bURI\.open\b|\bNet::HTTP\b|\bopen-uri\b|\bLWP::Simple\b|\bfile_get_contents\s{0,3}\(\s{0,3}['"]https?:/;
const EVAL_CODE = /\bexec\s{0,3}\(|\beval\s{0,3}[({]?|\bnew\s+Function\s{0,3}\(|\binstance_eval\b|\brunIn(?:This|New)?Context\s{0,3}\(|\bvm\.compileFunction\b|\bnew\s+vm\.Script\b|\._compile\s{0,3}\(/;
// Code that sends data out: an HTTP POST or upload, a socket write.
const SEND = /\bmethod\s{0,3}:\s{0,3}['"](?:POST|PUT)['"]|\brequests\.(?:post|put)\s{0,3}\(|\burlopen\s{0,3}\([^)]{0,200}\bdata\s{0,3}=|\bsendall?\s{0,3}\(|\bhttps?\.request\s{0,3}\(|\bcurl\b|\bNet::HTTP\.post|\bLWP::UserAgent\b/;
// The whole environment as a value (`dict(os.environ)`, `JSON.stringify(process.env)`, `ENV.to_h`,
// `%ENV`), not one variable read from it and not the environment handed to a child process
// (`env=dict(os.environ, …)`, `{env: {...process.env}}`): it holds the session's tokens.
const WHOLE_ENV = /(?<!\benv\s{0,3}[=:]\s{0,3}(?:dict\s{0,3}\(\s{0,3}|\{\s{0,3}(?:\*\*|\.\.\.)\s{0,3})?)(?:\bos\.environ\b(?!\s{0,3}(?:\[|\.(?:get|setdefault|pop|update)\b))|\bprocess\.env\b(?!\s{0,3}(?:\??\.\s{0,3}[A-Za-z_$]|\[))|\bENV\.(?:to_h|to_a|to_hash|inspect|each|map)\b|%ENV\b)/;
// Walking a tree (or listing a directory) whose entries are then deleted: a recursive delete of it.
const WALK = /\b(?:os\.walk|os\.listdir|os\.scandir|glob\.glob|iterdir|rglob|readdirSync|Dir\.(?:glob|children|entries|each_child)|Find\.find|File::Find)\s{0,3}\(?\s{0,3}(['"`])([^'"`]{1,512})['"`]|(['"`])([^'"`]{1,512})['"`]\)?\.(?:iterdir|rglob|glob)\(/g;
const ANY_DELETE = /\b(?:shutil\.rmtree|rmtree|os\.remove|os\.unlink|unlink(?:Sync)?|rmSync|rm_rf|FileUtils\.rm\w*|File\.delete|remove)\s{0,3}\(/;
const NON_RECURSIVE_DELETE = /\b(?:os\.remove|os\.unlink|os\.rmdir|fs\.unlinkSync|fs\.unlink|unlinkSync|File\.delete|FileUtils\.rm|unlink)\s{0,3}\(?\s{0,3}(?:glob\s{0,3}\(\s{0,3})?(['"`])([^'"`]{1,512})\1/g;
// `Path('/etc/passwd').unlink()`: a path object's delete method.
const PATH_METHOD_DELETE = /(['"`])([^'"`]{1,512})\1\s{0,3}\)\s{0,3}\.(?:unlink|rmdir|delete)\s{0,3}\(/g;
// Moving or renaming a path (its first argument leaves its place).
const MOVE_CALL = /\b(?:shutil\.move|os\.rename|os\.replace|os\.renames|fs\.renameSync|fs\.rename|fs\.promises\.rename|renameSync|FileUtils\.mv|FileUtils\.move|File\.rename|Deno\.renameSync|Deno\.rename|rename|move)\s{0,3}\(\s{0,3}(['"`])([^'"`]{1,512})\1/g;
// Writing a whole file: open(path, 'w'), writeFileSync, file_put_contents, File.write.
const WRITE_CALL = /\b(?:open\s{0,3}\(\s{0,3}(['"`])([^'"`]{1,512})\1\s{0,3},\s{0,3}(?:mode\s{0,3}=\s{0,3})?['"]w|(?:writeFileSync|writeFile|file_put_contents|File\.write|write_text|write_bytes|Deno\.writeTextFileSync|Deno\.writeFileSync)\s{0,3}\(\s{0,3}(['"`])([^'"`]{1,512})\3)|(['"`])([^'"`]{1,512})\5\s{0,3}\)\s{0,3}\.write_(?:text|bytes)\s{0,3}\(/g;
// exec/system/spawn given a list of strings: the list is a command line.
const LIST_CALL = /\b(?:System\.cmd|system|exec|execvp?|spawn|spawnSync|execFile|execFileSync|Popen|run|call|check_call|check_output)\s{0,3}\(?\s{0,3}\[?\s{0,3}(?=['"])/g;
const AWK_PRINT_TO_SHELL = /\bprintf?\s{0,3}\(?\s{0,3}"((?:\\.|[^"\\]){1,1024})"\s{0,3}\)?\s{0,3}\|\s{0,3}"(?:\/bin\/|\/usr\/bin\/)?(?:ba|z|da|k)?sh"/g;
// Anything printed into a shell (`print | "sh"`, `print "rm " $1 | "bash"`): when it is not one
// literal (judged above) it is the input's text, run as commands.
const AWK_ANY_TO_SHELL = /\bprintf?\b([^|;}]{0,200})\|\s{0,3}"(?:\/bin\/|\/usr\/bin\/)?(?:ba|z|da|k)?sh(?:\s[^"]{0,64})?"/g;
const AWK_LITERAL_ARG = /^\s*\(?\s{0,3}"(?:\\.|[^"\\])*"\s{0,3}\)?\s*$/;
const AWK_SHELL = /(['"])((?:\\.|(?!\1)[^\\]){1,1024})\1\s{0,3}\|\s{0,3}getline|\|\s{0,3}(['"])((?:\\.|(?!\3)[^\\]){1,1024})\3/g;
// (`"cmd" | getline` with a literal command is judged as that command through AWK_SHELL.)
const DYNAMIC_SYSTEM = /\bsystem\s{0,3}\(\s{0,3}(?!['")])|(?<!['"]\s{0,3})\|\s{0,3}getline|(?<!['"])\bprint[^|;}]{0,200}\|\s{0,3}(?!['"])\w/;

/** The string literals of a list starting at `from`: `"rm", "-rf", "/x"`. */
function literalList(text: string, from: number): string[] {
  const out: string[] = [];
  let i = from;
  while (out.length < 32 && i < text.length) {
    const q = text[i];
    if (q !== '"' && q !== "'") break;
    let j = i + 1;
    while (j < text.length && text[j] !== q) j += text[j] === '\\' ? 2 : 1;
    out.push(text.slice(i + 1, j).replace(/\\n/g, '\n').replace(/\\(["'\\$])/g, '$1'));
    i = j + 1;
    while (text[i] === ' ') i++;
    if (text[i] !== ',') break;
    i++;
    while (text[i] === ' ') i++;
    if (out.length === 1 && text[i] === '[') i++; // execvp("sh", ["sh", "-c", …]): the list follows the program
  }
  return out;
}

/**
 * The text of a string literal as the interpreter sees it: C-style escapes (`\\x20`, `\\040`,
 * `\\u0020`, `\\n`, `\\"`) are decoded, so `system("rm\\x20-rf\\x20/")` is judged as `rm -rf /`.
 */
export function unescapeLiteral(text: string): string {
  return text.replace(/\\(?:x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|([0-7]{1,3})|(.))/g, (m, hex?: string, uni?: string, oct?: string, ch?: string) => {
    if (hex ?? uni) return String.fromCharCode(parseInt((hex ?? uni)!, 16));
    if (oct) return String.fromCharCode(parseInt(oct, 8));
    return ch === 'n' ? '\n' : ch === 't' ? '\t' : /["'\\]/.test(ch!) ? ch! : m;
  });
}

function shellQuote(a: string): string {
  return /^[\w@%+=:,./~-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`;
}

/**
 * Every match of a global regex, collected before any is acted on: the loops below re-enter this
 * rule through inspectNested (python running python), and a shared regex's lastIndex reset by
 * the inner call would restart the outer loop forever.
 */
function allMatches(re: RegExp, text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m && out.length < 64; m = re.exec(text)) out.push(m);
  re.lastIndex = 0;
  return out;
}

// Julia interpolates an expression into a command: `run(\`rm -rf $(homedir())\`)`.
const JULIA_HOME_INTERPOLATION = /\$\(\s{0,3}"~"\s{0,3}\)/g;
// R joins strings with paste() (a space between) and paste0() (nothing between).
const R_PASTE = /\bpaste(0?)\(\s{0,3}(['"])([^'"]{0,512})\2\s{0,3},\s{0,3}(['"])([^'"]{0,512})\4\s{0,3}\)/g;

// Literals that the code decodes before using them (base64, hex, reversed, character codes,
// zlib over base64): `system(pack("H*","726d…"))`, `execSync(Buffer.from('Y3Vy…','base64')
// .toString())`, `%x(#{"hs | …".reverse})`. Each is replaced by the decoded text as a plain
// literal, so the calls that run it are judged on what they run (decoders from static-text.ts).
// (`g` is the number of the quote's group, to close the literal with the same quote.)
const B64 = (g: number): string => String.raw`b?(['"\`])([A-Za-z0-9+/=_\-\s]{4,16384})` + '\\' + g;
const HEX = (g: number): string => String.raw`b?(['"\`])([0-9a-fA-F\s]{2,16384})` + '\\' + g;
const LIT = String.raw`(['"\`])((?:\\.|(?!\1)[^\\\n]){1,4096})\1`;
const CODES = String.raw`((?:\s{0,3}\d{1,7}\s{0,3},){0,4095}\s{0,3}\d{1,7}\s{0,3})`;
const B64_CALL = String.raw`(?:[\w.:]{0,40}(?:b64decode|decodebytes|decode64|strict_decode64|urlsafe_decode64|base64_decode|decode_base64|atob|base64decode))`;
const DECODERS: { re: RegExp; how: string; decode: (m: string[]) => string | undefined }[] = [
  // zlib/gzip over base64 first: the inner base64 call would otherwise be decoded alone.
  { re: new RegExp(String.raw`(?:zlib\.decompress|decompress|inflateSync|unzipSync|gunzipSync|Zlib::Inflate\.inflate|Zlib\.inflate|gzinflate|gzuncompress|gzdecode|uncompress)\s{0,3}\(\s{0,3}(?:${B64_CALL}\s{0,3}\(\s{0,3}${B64(1)}\s{0,3}\)|Buffer\.from\(\s{0,3}${B64(3)}\s{0,3},\s{0,3}['"]base64['"]\s{0,3}\))\s{0,3}\)`, 'g'), how: 'zlib-compressed base64', decode: (m) => inflateBase64(m[2] ?? m[4]) },
  { re: new RegExp(String.raw`Buffer\.from\(\s{0,3}${LIT}\s{0,3},\s{0,3}['"](base64|base64url|hex)['"]\s{0,3}\)(?:\.toString\(\s{0,3}(?:['"][\w-]{1,10}['"])?\s{0,3}\))?`, 'g'), how: 'base64 or hex', decode: (m) => (m[3] === 'hex' ? decodeHex(m[2]) : decodeBase64(m[2])) },
  { re: new RegExp(String.raw`${B64_CALL}\s{0,3}\(\s{0,3}${B64(1)}\s{0,3}\)(?:\.decode\(\s{0,3}(?:['"][\w-]{1,10}['"])?\s{0,3}\))?`, 'g'), how: 'base64', decode: (m) => decodeBase64(m[2]) },
  { re: new RegExp(String.raw`${B64(1)}\.unpack1?\(\s{0,3}['"]m0?['"]\s{0,3}\)(?:\.first|\[0\])?`, 'g'), how: 'base64', decode: (m) => decodeBase64(m[2]) },
  { re: new RegExp(String.raw`(?:bytes\.fromhex|bytearray\.fromhex|binascii\.unhexlify|unhexlify|hex2bin)\s{0,3}\(\s{0,3}${HEX(1)}\s{0,3}\)(?:\.decode\(\s{0,3}(?:['"][\w-]{1,10}['"])?\s{0,3}\))?`, 'g'), how: 'hex', decode: (m) => decodeHex(m[2]) },
  { re: new RegExp(String.raw`\bpack\s{0,3}\(?\s{0,3}(['"])H\*\1\s{0,3},\s{0,3}${HEX(2)}\s{0,3}\)?`, 'g'), how: 'hex', decode: (m) => decodeHex(m[3]) },
  { re: new RegExp(String.raw`\[\s{0,3}${HEX(1)}\s{0,3}\]\.pack\(\s{0,3}['"]H\*['"]\s{0,3}\)`, 'g'), how: 'hex', decode: (m) => decodeHex(m[2]) },
  { re: new RegExp(String.raw`${LIT}\s{0,3}(?:\.reverse\b(?:\(\))?|\[\s{0,3}::\s{0,3}-1\s{0,3}\]|\.split\(\s{0,3}(['"])\3\s{0,3}\)\.reverse\(\)\.join\(\s{0,3}(['"])\4\s{0,3}\))`, 'g'), how: 'a reversed string', decode: (m) => reverseLines(unescapeLiteral(m[2])) },
  { re: new RegExp(String.raw`\b(?:scalar\s{1,3}reverse|strrev)\s{0,3}\(?\s{0,3}${LIT}\s{0,3}\)?`, 'g'), how: 'a reversed string', decode: (m) => reverseLines(unescapeLiteral(m[2])) },
  { re: new RegExp(String.raw`String\.fromCharCode\(${CODES}\)`, 'g'), how: 'character codes', decode: (m) => charCodes(m[1]) },
  { re: new RegExp(String.raw`(['"])\1\.join\(\s{0,3}(?:map\(\s{0,3}chr\s{0,3},\s{0,3}|chr\(\s{0,3}(\w{1,20})\s{0,3}\)\s{1,3}for\s{1,3}\2\s{1,3}in\s{1,3})[[(]${CODES}[\])]\s{0,3}\)?\s{0,3}\)`, 'g'), how: 'character codes', decode: (m) => charCodes(m[3]) },
  { re: new RegExp(String.raw`\[${CODES}\]\.pack\(\s{0,3}['"][cCU]\*['"]\s{0,3}\)`, 'g'), how: 'character codes', decode: (m) => charCodes(m[1]) },
  // `chr(114).chr(109)…`, `chr(114)+chr(109)…`: at least two, joined.
  { re: /\bchr\(\s{0,3}\d{1,7}\s{0,3}\)(?:\s{0,3}[.+]\s{0,3}chr\(\s{0,3}\d{1,7}\s{0,3}\)){1,4095}/g, how: 'character codes', decode: (m) => charCodes(m[0].replace(/chr|[()\s]/g, '').replace(/[.+]/g, ',')) },
];
// Every DECODERS pattern holds one of these words: code without them skips the scans.
const DECODER_HINT = /decompress|inflate|gzdecode|uncompress|Buffer\.from|64|atob|unpack|hex|pack|reverse|::-1|strrev|fromCharCode|chr/;
// Code that runs text as code or as a command: the sinks a decoded literal is handed to.
// (Backticks and %x() run commands in Ruby and Perl; in JavaScript a backtick is a template string.)
const EXEC_SINK = /\b(?:exec|eval|system|popen|execSync|spawnSync|execFileSync|spawn|Function|instance_eval|shell_exec|passthru|proc_open|Popen|check_output|getoutput|os\.execute|qx)\b|%x[({[]|`/;
const JS_EXEC_SINK = /\b(?:exec|eval|execSync|spawnSync|execFileSync|spawn|Function)\b/;
// A decoding call whose input is not a literal (`b64decode(sys.argv[1])`, `Buffer.from(data, 'base64')`).
const DECODE_CALL = /\b(?:b64decode|decodebytes|decode64|base64_decode|decode_base64|atob|fromhex|unhexlify|hex2bin|decompress|inflateSync|gzinflate|fromCharCode)\s{0,3}\(|Buffer\.from\([^)]{0,200}['"](?:base64|hex)['"]|\bpack\s{0,3}\(?\s{0,3}['"]H\*|\.reverse\b|\[::-1\]/;
// A sink whose argument, on the same statement, holds a decoding call.
const SINK_THEN_DECODE = new RegExp(String.raw`(?:${EXEC_SINK.source})[^;\n]{0,200}?(?:${DECODE_CALL.source})`);
const IMPORT_CALL = /__import__\(\s{0,3}(['"])([\w.]{1,40})\1\s{0,3}\)/g;
const RUBY_LITERAL_INTERPOLATION = /#\{\s{0,3}(['"])((?:\\.|(?!\1)[^\\]){0,4096})\1\s{0,3}\}/g;

function charCodes(list: string): string | undefined {
  const codes = list.split(',').map((c) => Number(c.trim()));
  return codes.every((c) => Number.isInteger(c) && c >= 0 && c < 0x110000) ? String.fromCodePoint(...codes) : undefined;
}

/** A double-quoted literal holding `text` (unescapeLiteral reads it back). */
function asLiteral(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

interface DecodedCode {
  text: string;
  /** What was decoded, for the reason (`base64`, `hex`, …); empty when nothing was. */
  how: string[];
  /** The decoded texts, scanned as code too (`exec(<decoded python>)`). */
  decoded: string[];
}

/** `code` with every literal it decodes put in place as the decoded text (a few rounds, for nesting). */
export function decodeLiterals(code: string): DecodedCode {
  const out: DecodedCode = { text: code, how: [], decoded: [] };
  if (!DECODER_HINT.test(code)) return out;
  // `__import__('zlib').decompress(…)` is `zlib.decompress(…)`.
  if (code.includes('__import__')) out.text = out.text.replace(IMPORT_CALL, '$2');
  for (let round = 0; round < 3; round++) {
    let changed = false;
    for (const d of DECODERS) {
      out.text = out.text.replace(d.re, (...args: unknown[]) => {
        const m = args.slice(0, -2).map((x) => (typeof x === 'string' ? x : undefined)) as string[];
        const text = d.decode(m);
        if (text === undefined || text.length === 0) return m[0];
        changed = true;
        if (!out.how.includes(d.how)) out.how.push(d.how);
        out.decoded.push(text);
        return asLiteral(text);
      });
    }
    if (!changed) break;
  }
  // Ruby interpolates a literal into a command string: `%x(#{"cmd"})`, `` `#{'cmd'}` ``.
  if (out.how.length && out.text.includes('#{')) out.text = out.text.replace(RUBY_LITERAL_INTERPOLATION, (_m, _q, body: string) => unescapeLiteral(body));
  return out;
}

/** Reasons of findings about decoded code name the decoding. */
class DecodedContext extends ContextView {
  constructor(
    inner: RuleContext,
    private readonly how: string,
  ) {
    super(inner);
  }
  emit(f: Finding): void {
    const r = f.reason.endsWith('.') ? f.reason.slice(0, -1) : f.reason;
    this.inner.emit({ ...f, reason: `${r} (the code decodes it from ${this.how} at run time).` });
  }
}

/** `"a" / "b" / "c"` joined into one literal: up to three divisions deep, stopping once nothing changes. */
function joinPathDivisions(code: string): string {
  let s = code;
  for (let k = 0; k < 3; k++) {
    const next = s.replace(PATH_DIV, '"$2/$4"');
    if (next === s) break;
    s = next;
  }
  return s;
}

function normalizeCode(code: string): string {
  const normalized = joinPathDivisions(
    code
      .replace(EXPAND_USER, '"$2"')
      .replace(HOME_LOOKUP, '"~"')
      .replace(CWD_EXPR, '"."')
      .replace(HOME_EXPR, '"~"')
      .replace(JULIA_HOME_INTERPOLATION, '~')
      .replace(R_PASTE, (_m, zero: string, _q, a: string, _r, b: string) => `"${a}${zero ? '' : ' '}${b}"`)
      .replace(PATH_JOIN, joinedPath),
  )
    .replace(PERL_ENV, (_m, a: string | undefined, _q, b: string | undefined, c: string | undefined) => '$' + (a ?? b ?? c))
    .replace(VAR_THEN_LITERAL, '$2$1')
    .replace(PERL_QUOTE, (_m, ...g: (string | undefined)[]) => `"${g[0] ?? g[1] ?? g[2] ?? g[3] ?? g[5] ?? ''}"`)
    .replace(GLOB_OF_LITERAL, '')
    .replace(CONCAT_VAR, (_m, _a, v: string, close: string | undefined) => (close ? v : `${v}${_a}`))
    .replace(MIXED_CONCAT, (_m, q: string, a: string, _q, b: string) => `${q}${a}${b}${q}`)
    .replace(CONCAT, '')
    .replace(BARE_HOME_ARG, '$1"~"')
    .replace(RUBY_COMMAND, (_m, a: string | undefined, b: string | undefined) => `system("${a ?? b}")`)
    .replace(RUBY_STRING, (_m, _o, body: string) => `"${body}"`);
  return code.includes('=') ? withNamedStrings(normalized) : normalized;
}

// `p = "~/.ssh/id_rsa"` (also `const`/`let`/`var`/`my`/`local`, `$p` in Perl and PHP), after the
// rewrites above made the value one literal: `d=os.path.expanduser('~'); shutil.rmtree(d)`.
const STRING_ASSIGNMENT = /(?:^|[;\n{]|\b(?:const|let|var|my|local))\s{0,8}(\$?[A-Za-z_]\w{0,30})\s{0,3}=(?![=~])\s{0,3}(['"`])([^'"`\n]{1,512})\2\s{0,3}(?=[;\n)}]|$)/g;

/**
 * A variable assigned one string literal and later handed to a call as a whole argument stands
 * for that literal there (`rmtree(d)`, `open(p, 'w')`, `os.execute(cmd)`), so the call is judged
 * by its path or command as if written in place. At most eight names; reassigned names are left.
 */
function withNamedStrings(code: string): string {
  const values = new Map<string, string>();
  for (const m of allMatches(STRING_ASSIGNMENT, code)) {
    if (values.size >= 8) break;
    values.set(m[1], values.has(m[1]) ? '' : `${m[2]}${m[3]}${m[2]}`);
  }
  let out = code;
  for (const [name, literal] of values) if (literal) out = replaceArgument(out, name, literal);
  return out;
}

/** `name` put in place where it is a whole call argument: after `(` or `,`, before `,` or `)`. */
function replaceArgument(code: string, name: string, literal: string): string {
  let out = '';
  let from = 0;
  for (let i = code.indexOf(name); i >= 0; i = code.indexOf(name, i + name.length)) {
    let before = i - 1;
    while (before >= 0 && code[before] === ' ') before--;
    let after = i + name.length;
    while (after < code.length && code[after] === ' ') after++;
    if ((code[before] === '(' || code[before] === ',') && (code[after] === ',' || code[after] === ')')) {
      out += code.slice(from, i) + literal;
      from = i + name.length;
    }
  }
  return from === 0 ? code : out + code.slice(from);
}

// Inline code that is only words, a program name and its options or paths (`rm -rf /`,
// `git reset --hard`): a shell command line, not Python, JavaScript, Ruby or Perl.
const SHELL_LINE = /^\s*(?:sudo\s+)?[a-z][\w.+-]*(?:\s+[\w./~$@:+-][^\s()'"`;={}]*)+\s*$/;

/**
 * A shell command line handed to an interpreter as its code. The interpreter rejects it as a
 * syntax error, so nothing runs, but the call shows what the agent is trying to do: a command the
 * shell rules rate medium or worse is warned, never denied (`node -e "rm -rf /"`).
 */
function inspectShellLineAsCode(cmd: SimpleCommand, code: string, ctx: RuleContext): void {
  let worst: ReturnType<RuleContext['inspectNested']>[number] | undefined;
  for (const f of ctx.inspectNested(code)) {
    if (severityRank(f.severity) >= severityRank('medium') && (!worst || severityRank(f.severity) > severityRank(worst.severity))) worst = f;
  }
  if (!worst) return;
  ctx.emit({ ...worst, severity: 'medium', reason: `${cmd.name} is given the shell command line "${code.trim()}" as its code; it rejects it as a syntax error, but the intent is this: ${worst.reason}` });
}

// SQLite's dot-commands that run a shell command line: `.shell CMD`, `.system CMD`.
const SQLITE_SHELL = /(?:^|\n)\s{0,8}\.(?:shell|system)\s+([^\n]{1,4096})/g;
const ANSIBLE_SHELL_MODULES = new Set(['shell', 'command', 'raw', 'ansible.builtin.shell', 'ansible.builtin.command', 'ansible.builtin.raw']);

/**
 * Shell commands other tools are told to run: sqlite3's `.shell`/`.system` dot-commands (as an
 * argument or in a here-document), an ad-hoc `ansible -m shell -a 'CMD'`, and ansible's file
 * module with `state=absent`, which deletes the path recursively (as `rm -rf`).
 */
export function toolShellCommands(cmd: SimpleCommand): { text: string; how: string }[] {
  if (cmd.name === 'sqlite3' || cmd.name === 'sqlite') {
    const out: { text: string; how: string }[] = [];
    const texts = [...cmd.args, ...cmd.redirects.filter((r) => r.op.startsWith('<<')).map((r) => r.target.text)];
    for (const t of texts) if (t.includes('.s')) for (const m of allMatches(SQLITE_SHELL, t)) out.push({ text: m[1], how: 'sqlite3 runs a shell command' });
    return out;
  }
  if (cmd.name !== 'ansible') return [];
  const module = optionValue(cmd.args, ['-m', '--module-name']);
  const moduleArgs = optionValue(cmd.args, ['-a', '--args']);
  if (module === undefined || moduleArgs === undefined) return [];
  if (ANSIBLE_SHELL_MODULES.has(module)) return [{ text: moduleArgs.replace(/^\s*(?:cmd|_raw_params)=/, ''), how: `ansible's ${module} module runs a command` }];
  if ((module === 'file' || module === 'ansible.builtin.file') && /\bstate\s{0,3}=\s{0,3}absent\b/.test(moduleArgs)) {
    const path = /\b(?:path|dest|name)\s{0,3}=\s{0,3}(?:(['"])([^'"]{1,512})\1|(\S{1,512}))/.exec(moduleArgs);
    if (path) return [{ text: `rm -rf -- ${shellQuote(path[2] ?? path[3])}`, how: "ansible's file module (state=absent) deletes recursively" }];
  }
  return [];
}

export function inspectInlineCode(cmd: SimpleCommand, ctx: RuleContext): void {
  if (cmd.name === 'sqlite3' || cmd.name === 'sqlite' || cmd.name === 'ansible') {
    for (const run of toolShellCommands(cmd)) for (const f of ctx.inspectNested(run.text)) ctx.emit({ ...f, reason: `${run.how}: ${f.reason}` });
  }
  if (SED_PROGRAMS.has(cmd.name)) return inspectSedExec(cmd, ctx);
  for (const deletion of editorDeletes(cmd)) {
    for (const f of ctx.inspectNested(deletion)) ctx.emit({ ...f, reason: `${cmd.name} evaluates code that deletes files: ${f.reason}` });
  }
  for (const escape of editorShellCommands(cmd)) {
    // emacs evaluates Lisp, whose shell calls are found like any language's; vim and gdb run the text.
    const shellText = cmd.name === 'emacs' ? allMatches(SHELL_CALL, escape).map((m) => unescapeLiteral(m[2])) : [escape];
    for (const inner of shellText) for (const f of ctx.inspectNested(inner)) ctx.emit({ ...f, reason: `${cmd.name} runs a shell command: ${f.reason}` });
  }
  const code = inlineCode(cmd);
  if (!code) return;
  const raw = code.slice(0, 16_384);
  if (raw.includes('$')) inspectLineExec(cmd, raw, ctx);
  const dec = AWK.has(cmd.name) ? undefined : decodeLiterals(raw);
  if (dec && dec.how.length) {
    const how = dec.how.join(' and ');
    const decodedCtx = new DecodedContext(ctx, how);
    // The decoded texts are scanned as code as well: what `exec()` runs is code, not a command.
    const text = `${normalizeCode(dec.text)}\n${dec.decoded.map(normalizeCode).join('\n')}`;
    if ((/^(?:node|nodejs|deno|bun)$/.test(cmd.name) ? JS_EXEC_SINK : EXEC_SINK).test(dec.text)) ctx.emit({ patternName: 'remote_code_exec.decoded_code', severity: 'medium', category: 'remote_code_exec', layer: 'builtin', reason: `${cmd.name} code runs text it decodes from ${how} at run time; obfuscated commands hide what they do.` });
    return inspectCodeText(cmd, code, text, decodedCtx);
  }
  // Text decoded at run time from data not written here (`exec(b64decode(sys.argv[1]))`) and run.
  if (dec && DECODE_CALL.test(raw) && SINK_THEN_DECODE.test(raw)) {
    emitDynamicCode(ctx, `${cmd.name} code runs text it decodes at run time from data that is not written here, so the code cannot be checked.`);
  }
  const text = normalizeCode(AWK.has(cmd.name) ? awkStrings(raw, cmd.args) : raw);
  inspectCodeText(cmd, code, text, ctx);
}

// perl/ruby -n/-p code that runs the line it read (`s/(.*)/`$1`/e`, `system($_)`, `` `$_` ``).
const LINE_EXEC = /`[^`]{0,40}\$(?:_|\d|&)|\bsystem\s{0,3}\(?\s{0,3}\$(?:_|\d|&)|\bqx\s{0,3}[({/][^)}/]{0,20}\$(?:_|\d)|\bexec\s{0,3}\(?\s{0,3}\$_|%x[({][^)}]{0,20}\$_/;

/**
 * `perl -pe 's/(.*)/`$1`/e' <<< 'CMD'`: a line-loop program that runs each input line as a shell
 * command. A literal input (here-string, here-document, `echo … |`) is judged as that command;
 * any other input is code nobody can check.
 */
function inspectLineExec(cmd: SimpleCommand, code: string, ctx: RuleContext): void {
  if (!/^(?:perl|ruby)/.test(cmd.name) || !cmd.args.some((a) => /^-[a-zA-Z]*[np]/.test(a)) || !LINE_EXEC.test(code)) return;
  const here = cmd.redirects.find((r) => r.op === '<<<' || r.op === '<<' || r.op === '<<-')?.target.text;
  const upstream = cmd.stage > 0 ? (cmd.pipeline.stages[cmd.stage - 1] ?? []).map(literalOutput) : [];
  const input = here ?? (upstream.length === 1 ? upstream[0] : undefined);
  if (input === undefined) {
    emitDynamicCode(ctx, `${cmd.name} runs each line of its input as a shell command; the input is not written here, so what runs cannot be checked.`);
    return;
  }
  for (const line of input.split('\n').slice(0, 32)) {
    if (line.trim()) for (const f of ctx.inspectNested(line)) ctx.emit({ ...f, reason: `${cmd.name} runs each line of its input as a shell command: ${f.reason}` });
  }
}

/** The rules over an interpreter's program text (normalized, decoded literals in place). */
// An env file loaded into the process (`load_dotenv()`, `require('dotenv').config()`, `import
// 'dotenv/config'`, Ruby's `Dotenv.load`) ...
const LOADS_DOTENV = /\bload_dotenv\s{0,2}\(|dotenv['"]\s{0,2}\)\s{0,2}\.config\s{0,2}\(|['"]dotenv\/config['"]|\bDotenv\.load\b|\bdotenv_values\s{0,2}\(/;
// ... and then the whole environment, or a secret-named variable of it, printed.
const PRINTS_ENV = /\b(?:print|console\.log|puts|p|pp|echo|json\.dumps)\s{0,2}\(?\s{0,2}(?:dict\s{0,2}\(\s{0,2})?(?:os\.environ|process\.env|ENV(?:\.to_h)?)\s{0,2}(?:\)|;|$|\n|\.(?:items|copy)\(|\[\s{0,2}['"][A-Za-z0-9_]*(?:SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY|ACCESS_KEY|CREDENTIALS?)[A-Za-z0-9_]*['"]|\.[A-Za-z0-9_]*(?:SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY|ACCESS_KEY|CREDENTIALS?))/i;

function inspectCodeText(cmd: SimpleCommand, code: string, text: string, ctx: RuleContext): void {
  // (Also loaded by the runtime's own options: `node -r dotenv/config`, `node --env-file=.env`, `deno eval --env`.)
  const loads = (code.includes('otenv') && LOADS_DOTENV.test(code)) || cmd.args.some((a) => a === 'dotenv/config' || /^--env(?:-file)?(?:=|$)/.test(a));
  if (loads && PRINTS_ENV.test(code)) {
    ctx.emit({ patternName: 'credential_access.env_file', severity: 'high', category: 'credential_access', layer: 'builtin', reason: `${cmd.name} code loads the project's env file and prints the environment (or a secret of it), so the file's secrets reach the agent's context.` });
  }
  if (!AWK.has(cmd.name) && SHELL_LINE.test(code) && code.length <= 1024) inspectShellLineAsCode(cmd, code, ctx);
  // (Each scan only when a cheap substring test says it can match.)
  if (/exec|spawn|run\s{0,3}\(`/.test(text)) for (const m of allMatches(COMMAND_SYNTAX, text)) {
    const inner = m[1] ?? m[2] ?? unescapeLiteral(m[4]);
    for (const f of ctx.inspectNested(inner)) ctx.emit({ ...f, reason: `${cmd.name} runs a command: ${f.reason}` });
  }
  if (AWK.has(cmd.name)) {
    for (const m of allMatches(AWK_SHELL, text)) {
      const inner = unescapeLiteral(m[2] ?? m[4]);
      for (const f of ctx.inspectNested(inner)) ctx.emit({ ...f, reason: `${cmd.name} runs a shell command: ${f.reason}` });
    }
    // `print "cmd" | "sh"`: what is printed into a shell is run by it.
    for (const m of allMatches(AWK_PRINT_TO_SHELL, text)) {
      for (const f of ctx.inspectNested(unescapeLiteral(m[1]))) ctx.emit({ ...f, reason: `${cmd.name} prints a command into a shell: ${f.reason}` });
    }
    if (DYNAMIC_SYSTEM.test(text) || allMatches(AWK_ANY_TO_SHELL, text).some((m) => !AWK_LITERAL_ARG.test(m[1]))) ctx.emit({ patternName: 'remote_code_exec.dynamic_code', severity: 'high', category: 'remote_code_exec', layer: 'builtin', reason: `${cmd.name} runs shell commands built from its input or variables, which cannot be checked before they run.` });
  }
  // (Every NON_RECURSIVE_DELETE name holds one of these words.)
  NON_RECURSIVE_DELETE.lastIndex = 0;
  if (text.includes('remove') || text.includes('unlink') || text.includes('rmdir') || text.includes('delete') || text.includes('FileUtils.rm')) for (let m = NON_RECURSIVE_DELETE.exec(text); m; m = NON_RECURSIVE_DELETE.exec(text)) {
    const risk = deletionRisk(m[2].replace(/\/\*$/, ''), ctx.cwd);
    if (risk && severityRank(risk.severity) >= severityRank('high')) {
      ctx.emit({ patternName: 'destructive_fs.delete_system_file', severity: 'high', category: 'destructive_fs', layer: 'builtin', reason: `${cmd.name} code deletes ${m[2].includes('*') ? `everything in ${risk.label}` : risk.label}.`, paths: [m[2]] });
      break;
    }
  }
  if (/\.(?:unlink|rmdir|delete)/.test(text)) for (const m of allMatches(PATH_METHOD_DELETE, text)) {
    const risk = deletionRisk(m[2], ctx.cwd);
    if (risk && severityRank(risk.severity) >= severityRank('high') && !/outside the/.test(risk.label)) {
      ctx.emit({ patternName: 'destructive_fs.delete_system_file', severity: 'high', category: 'destructive_fs', layer: 'builtin', reason: `${cmd.name} code deletes ${risk.label}.`, paths: [m[2]] });
      break;
    }
  }
  if (/move|rename|mv/.test(text)) for (const m of allMatches(MOVE_CALL, text)) {
    const bad = moveAwayRisk(undefined, m[2], ctx);
    if (bad) {
      ctx.emit({ patternName: 'destructive_fs.move_precious', severity: 'high', category: 'destructive_fs', layer: 'builtin', reason: `${cmd.name} code moves ${bad.risk.label} away, deleting it from its place.`, paths: [m[2]] });
      break;
    }
  }
  if (/open|write|file_put/i.test(text)) for (const m of allMatches(WRITE_CALL, text)) judgeOverwrite(m[2] ?? m[4] ?? m[6], ctx, `${cmd.name} code`);
  for (const m of allMatches(LIST_CALL, text)) {
    const list = literalList(text, m.index + m[0].length);
    if (list.length < 2) continue;
    const c = list.findIndex((x) => x === '-c');
    const inner = c > 0 && /(?:^|\/)(?:ba|z|da|k)?sh$/.test(list[0]) ? list[c + 1] ?? '' : list.map(shellQuote).join(' ');
    for (const f of ctx.inspectNested(inner)) ctx.emit({ ...f, reason: `${cmd.name} runs a command: ${f.reason}` });
  }
  if (text.includes('recursive')) for (const m of allMatches(KEYWORD_RECURSIVE_DELETE, text)) {
    const risk = deletionRisk(m[2], ctx.cwd);
    if (risk) {
      ctx.emit({ patternName: 'destructive_fs.recursive_delete', severity: risk.severity, category: 'destructive_fs', layer: 'builtin', reason: `${cmd.name} code recursively deletes ${risk.label}.`, paths: [m[2]] });
      break;
    }
  }
  // (Every DELETE_CALL name holds one of these words.)
  DELETE_CALL.lastIndex = 0;
  if (/rm|remove|Remove|rimraf|delete|unlink/.test(text)) for (let m = DELETE_CALL.exec(text); m; m = DELETE_CALL.exec(text)) {
    const risk = deletionRisk(m[2], ctx.cwd);
    if (risk) {
      ctx.emit({ patternName: 'destructive_fs.recursive_delete', severity: risk.severity, category: 'destructive_fs', layer: 'builtin', reason: `${cmd.name} code recursively deletes ${risk.label}.`, paths: [m[2]] });
      break;
    }
  }
  for (const m of allMatches(SHELL_CALL, text)) {
    const inner = unescapeLiteral(m[2]);
    for (const f of ctx.inspectNested(inner)) ctx.emit({ ...f, reason: `${cmd.name} runs a shell command: ${f.reason}` });
  }
  if (FETCH.test(text) && EVAL_CODE.test(text)) {
    ctx.emit({ patternName: 'remote_code_exec.inline_download_exec', severity: 'critical', category: 'remote_code_exec', layer: 'builtin', reason: `${cmd.name} code downloads code and runs it without review.`, hosts: urlHosts(text) });
  }
  // A walk matters only in code that also deletes: that test first, the walk scan after it.
  if (ANY_DELETE.test(text)) for (const m of allMatches(WALK, text)) {
    const root = m[2] ?? m[4];
    // Walking the project to delete what matches (`Path('.').glob('**/__pycache__')`) is a clean-up.
    if (root === '.' || root === './') continue;
    const risk = deletionRisk(root.endsWith('/') ? `${root}*` : `${root}/*`, ctx.cwd);
    if (risk) {
      ctx.emit({ patternName: 'destructive_fs.recursive_delete', severity: risk.severity, category: 'destructive_fs', layer: 'builtin', reason: `${cmd.name} code walks ${root} and deletes ${risk.label}.`, paths: [root] });
      break;
    }
  }
  if (SEND.test(text) && WHOLE_ENV.test(text)) {
    const hosts = urlHosts(text);
    if (!hosts.length || hosts.some((h) => !isLocalHost(h))) {
      ctx.emit({ patternName: 'exfiltration.secret_upload', severity: 'critical', category: 'exfiltration', layer: 'builtin', reason: `${cmd.name} code sends the whole environment, with every token it holds, to ${hosts.length ? hosts.join(', ') : 'a remote host'}.`, hosts });
    }
  }
  if (SOCKET.test(text) && CONNECT.test(text) && SPAWN_SHELL.test(text)) {
    ctx.emit({ patternName: 'exfiltration.reverse_shell', severity: 'critical', category: 'exfiltration', layer: 'builtin', reason: `${cmd.name} code connects a shell to a remote socket (a reverse shell).` });
  }
  // `Path.home().glob('.aws/*')` whose files the code reads: the glob under that directory (the walk
  // above judged it as a deletion root when the code deletes).
  if (READS_FILES.test(text)) for (const m of allMatches(PATH_GLOB_METHOD, text)) {
    const glob = `${m[2].replace(/\/+$/, '')}/${m[4]}`;
    const risk = /^[~/]/.test(glob) ? credentialRiskOfPattern(glob) : null;
    if (risk) {
      emitCredentialRead(ctx, risk, glob, `${cmd.name} code opens`);
      if (SEND.test(text)) ctx.emit({ patternName: 'exfiltration.credential_upload', severity: 'critical', category: 'exfiltration', layer: 'builtin', reason: `${cmd.name} code reads ${risk.label} and sends data to a remote host.`, paths: [glob], hosts: urlHosts(text) });
      return;
    }
  }
  STRING.lastIndex = 0;
  for (let m = STRING.exec(text); m; m = STRING.exec(text)) {
    // (A glob in code is mostly handed to a delete or a listing, judged above, not opened.)
    // A glob of home or a credential directory whose files the code reads (`Path.home().glob('.aws/*')`
    // then `read_text()`) reads what it matches.
    const glob = /[*?[{]/.test(m[2]);
    const risk = !/[/~\\]|^\.env/.test(m[2]) ? null : !glob ? credentialRisk(m[2]) : /^[~/]/.test(m[2]) && READS_FILES.test(text) ? credentialRiskOfPattern(m[2]) : null;
    if (risk) {
      emitCredentialRead(ctx, risk, m[2], `${cmd.name} code opens`);
      if (SEND.test(text)) ctx.emit({ patternName: 'exfiltration.credential_upload', severity: 'critical', category: 'exfiltration', layer: 'builtin', reason: `${cmd.name} code reads ${risk.label} and sends data to a remote host.`, paths: [m[2]], hosts: urlHosts(text) });
      break;
    }
  }
}

/** sed's `e` command and `s///e` flag run shell commands (sed-code.ts). */
function inspectSedExec(cmd: SimpleCommand, ctx: RuleContext): void {
  const run = sedExec(cmd.args);
  if (!run) return;
  for (const c of run.commands) for (const f of ctx.inspectNested(c)) ctx.emit({ ...f, reason: `${cmd.name} runs a shell command: ${f.reason}` });
  if (run.fromInput) ctx.emit({ patternName: 'remote_code_exec.dynamic_code', severity: 'high', category: 'remote_code_exec', layer: 'builtin', reason: `${cmd.name} runs lines of its input as shell commands (the e command or the s///e flag), which cannot be checked before they run.` });
}
