// Small facts about parsed commands that several rule families share: flags, URLs and
// hosts, downloaders, interpreters, pipeline neighbours.
import { shellInvocation, stdinShellOpener } from '../shell/shell-args.js';
import { printf } from '../shell/static-text.js';
import type { SimpleCommand, Word } from '../shell/types.js';

export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'fish', 'rbash', 'busybox']);
export const INTERPRETERS = /^(?:python[0-9.]*|py|pypy[0-9.]*|perl[0-9.]*|ruby[0-9.]*|node|nodejs|deno|bun|php[0-9.]*|lua[0-9.]*|luajit|rscript|r|osascript|tclsh[0-9.]*|wish|expect|julia|elixir|groovy)$/;
export const POWERSHELL = new Set(['powershell', 'pwsh']);

// The first characters INTERPRETERS' alternatives can start with, read from the regex itself
// (null when its shape is not `^(?:a|b|…)$` with plain first characters): a name starting with
// another character skips the regex, which ran for every command of a line.
const INTERPRETER_FIRST: Uint8Array | null = (() => {
  const m = /^\^\(\?:(.*)\)\$$/.exec(INTERPRETERS.source);
  if (!m || /[()]/.test(m[1]) || INTERPRETERS.flags.includes('i')) return null;
  const first = new Uint8Array(128);
  for (const alt of m[1].split('|')) {
    const c = alt.charCodeAt(0);
    if (!(c >= 97 && c <= 122) && !(c >= 48 && c <= 57)) return null;
    first[c] = 1;
  }
  return first;
})();

/** `INTERPRETERS.test(name)`, with the first character looked at before the regex runs. */
// A project's build output, the usual source of a site or asset deploy (`aws s3 sync ./dist s3://site --delete`).
export const BUILD_OUTPUT_DIR = /^(?:\.\/)?(?:dist|build|out|public|_site|site|www|storybook-static|\.output\/public|docs\/_build\/html|target\/site)(?:\/[\w.-]+)?\/?$/;
// A destination that keeps data rather than serving a site: a build synced over it deletes that data.
export const DATA_STORE_NAME = /backup|archive|snapshot|dump|\blogs?\b|[-_.]logs?\b|data|vault|secret/i;

// A repository's committed hooks directory by its conventional names, relative to its top
// (husky's `.husky`, `.githooks`, `scripts/git-hooks` …): git-config.ts and persistence.ts.
export const SHARED_HOOKS_DIR_SOURCE = String.raw`(?:\.husky(?:\/_)?|\.?git-?hooks|\.hooks|(?:scripts|tools|bin|dev|ci|config|build|etc|support)\/(?:\.?git-?hooks|hooks))`;

export function isInterpreter(name: string): boolean {
  if (INTERPRETER_FIRST !== null) {
    const c = name.charCodeAt(0);
    if (!(c < 128 && INTERPRETER_FIRST[c] === 1)) return false;
  }
  return INTERPRETERS.test(name);
}

/** Short-option clusters (`-rf`) and long options (`--force`), GNU style. */
export function hasShort(args: readonly string[], ch: string): boolean {
  for (const a of args) {
    if (a === '--') return false;
    if (a.length > 1 && a[0] === '-' && a[1] !== '-' && a.slice(1).includes(ch)) return true;
  }
  return false;
}

export function hasLong(args: readonly string[], ...names: string[]): boolean {
  for (const a of args) {
    if (a === '--') return false;
    for (const n of names) if (a === n || a.startsWith(n + '=')) return true;
  }
  return false;
}

/** Exact argument match, case-insensitive (PowerShell parameters, SQL keywords). */
export function hasArgCI(args: readonly string[], ...names: string[]): boolean {
  return args.some((a) => names.includes(a.toLowerCase()));
}

/** The value of an option given as `--opt value`, `--opt=value` or `-o value` / `-ovalue`. */
/** A PowerShell parameter's value (`-Path x`); parameter names are case-insensitive there. `names` in lower case. */
export function optionValueCI(args: readonly string[], names: string | readonly string[]): string | undefined {
  const i = args.findIndex((a) => (typeof names === 'string' ? a.toLowerCase() === names : names.includes(a.toLowerCase())));
  return i >= 0 ? args[i + 1] : undefined;
}

export function optionValue(args: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') return undefined;
    for (const n of names) {
      if (a === n) return args[i + 1];
      if (n.startsWith('--') && a.startsWith(n + '=')) return a.slice(n.length + 1);
      if (!n.startsWith('--') && n.length === 2 && a.startsWith(n) && a.length > 2 && !a.startsWith('--')) return a.slice(2);
    }
  }
  return undefined;
}

/**
 * The value of short option `-X` even inside a cluster of boolean flags (`-qO-`, `-fsSLo out`):
 * the rest of the cluster after X, or the next argument.
 */
export function clusterValue(args: readonly string[], ch: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') return undefined;
    if (a.length < 2 || a[0] !== '-' || a[1] === '-') continue;
    const at = a.indexOf(ch, 1);
    if (at < 0) continue;
    return at + 1 < a.length ? a.slice(at + 1) : args[i + 1];
  }
  return undefined;
}

export function optionValues(args: readonly string[], names: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    for (const n of names) {
      if (a === n && args[i + 1] !== undefined) out.push(args[++i]);
      else if (n.startsWith('--') && a.startsWith(n + '=')) out.push(a.slice(n.length + 1));
    }
  }
  return out;
}

/** Arguments that are not options, honouring `--` (values of `valueOptions` are skipped). */
const NO_VALUE_OPTIONS: ReadonlySet<string> = new Set();

export function positionals(args: readonly string[], valueOptions: ReadonlySet<string> = NO_VALUE_OPTIONS): string[] {
  const out: string[] = [];
  let literal = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (literal) out.push(a);
    else if (a === '--') literal = true;
    else if (valueOptions.has(a)) i++;
    else if (!a.startsWith('-') || a === '-') out.push(a);
  }
  return out;
}

const URL_RE = /\b(?:https?|ftps?|wss?):\/\/(?:[^\s/@'"]*@)?(\[[0-9a-f:.]+\]|[^\s/:'"?#)]+)/gi;

export function urlHosts(text: string): string[] {
  const out: string[] = [];
  if (!text.includes('://')) return out; // every URL_RE match has one; most arguments have none
  URL_RE.lastIndex = 0;
  for (let m = URL_RE.exec(text); m; m = URL_RE.exec(text)) out.push(m[1].toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, ''));
  return out;
}

export function isUrl(text: string): boolean {
  return /^(?:https?|ftps?):\/\//i.test(text);
}

export function isIpHost(host: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || host.includes(':');
}

/** Loopback, private ranges and mDNS names: traffic that stays on the machine or LAN. */
export function isLocalHost(host: string): boolean {
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host === 'host.docker.internal' ||
    /^127\./.test(host) ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host)
  );
}

/** `[user@]host:path` (scp/rsync remote syntax), not a URL or a Windows drive. */
export function remoteSpecHost(arg: string): string | undefined {
  const m = /^(?:[^@\s/]+@)?([A-Za-z0-9.\-]+|\[[0-9a-fA-F:]+\]):(?!\/\/)/.exec(arg);
  if (!m || /^[A-Za-z]$/.test(m[1])) return undefined;
  return m[1].toLowerCase();
}

export interface Download {
  hosts: string[];
  urls: string[];
  /** Output goes to stdout (pipeable) rather than a file. */
  toStdout: boolean;
  outFile?: string;
}

const DOWNLOADERS = new Set(['curl', 'curlie', 'wget', 'wget2', 'fetch', 'aria2c', 'lwp-download', 'http', 'https', 'xh', 'xhs', 'lwp-request', 'get', 'iwr', 'invoke-webrequest', 'irm', 'invoke-restmethod', 'start-bitstransfer']);
const PS_DOWNLOADERS = new Set(['iwr', 'invoke-webrequest', 'irm', 'invoke-restmethod', 'start-bitstransfer', 'wget', 'curl']);

/** An argument naming a download API (`DownloadString`, `Net.WebClient`); a loop, not a closure per command. */
function mentionsDownload(args: readonly string[]): boolean {
  for (const a of args) if (a.length >= 7 && (a.includes('ownload') || a.includes('ebClient'))) return true; // (most arguments are shorter than either)
  return false;
}

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);
/** HTTPie / xh options whose value is the next word. */
const HTTPIE_VALUED = new Set(['-a', '--auth', '-A', '--auth-type', '-o', '--output', '--session', '--session-read-only', '--proxy', '--verify', '--cert', '--cert-key', '--timeout', '--max-redirects', '-p', '--print', '--pretty', '-s', '--style', '--format-options', '--default-scheme', '--boundary', '--raw', '--ssl', '--ciphers']);

export const HTTPIE_CLIENTS = new Set(['http', 'https', 'xh', 'xhs']);

/** The host an HTTPie-style command (`http`, `https`, `xh`, `xhs`) talks to, with or without a scheme. */
export function httpieHost(args: readonly string[]): string | undefined {
  const target = httpieTarget(args);
  if (target === undefined) return undefined;
  return target.includes('://') ? urlHosts(target)[0] : schemelessHost(target);
}

/** The URL operand of an HTTPie-style command: the first operand that is not a method. */
function httpieTarget(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') return args.slice(i + 1).find((x) => !HTTP_METHODS.has(x.toUpperCase()));
    if (a.startsWith('-')) {
      if (HTTPIE_VALUED.has(a)) i++;
      continue;
    }
    if (HTTP_METHODS.has(a.toUpperCase()) && i + 1 < args.length) continue;
    return a;
  }
  return undefined;
}

/** The host of `example.com/x`, `user@host:8080/x` or `:3000/x` (localhost), as HTTPie reads it. */
function schemelessHost(target: string): string | undefined {
  if (target.includes('://')) return undefined; // already counted by urlHosts
  if (target.startsWith(':')) return 'localhost';
  const m = /^(?:[^@\s/]+@)?([A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*|\[[0-9a-fA-F:]+\])(?::\d+)?(?:[/?#]|$)/.exec(target);
  if (!m) return undefined;
  const host = m[1].toLowerCase().replace(/^\[|\]$/g, '');
  // A bare word without a dot (`https api`) is a host only as `localhost`.
  return host.includes('.') || host.includes(':') || host === 'localhost' ? host : undefined;
}

/**
 * False when download(cmd) is null for certain: its own first test. inspectShell asks it while a
 * command is at hand, so a line without any downloader skips the second pass over its commands.
 */
export function mayDownload(cmd: SimpleCommand): boolean {
  return DOWNLOADERS.has(cmd.name) || mentionsDownload(cmd.args);
}

/** A command that fetches remote content, and where the content goes. */
export function download(cmd: SimpleCommand): Download | null {
  const args = cmd.args;
  if (!mayDownload(cmd)) return null;
  const hosts = args.flatMap(urlHosts);
  const urls = args.filter(isUrl);
  switch (cmd.name) {
    case 'http':
    case 'https':
    case 'xh':
    case 'xhs': {
      // HTTPie and xh take the URL without a scheme (`https example.com/x`, `http :8080/x`):
      // the first operand that is not a method names the host.
      const host = httpieHost(args);
      const all = host && !hosts.includes(host) ? [...hosts, host] : hosts;
      return all.length > 0 ? { hosts: all, urls, toStdout: !hasShort(args, 'd') && !hasLong(args, '--download'), outFile: optionValue(args, ['-o', '--output']) } : null;
    }
    case 'curl':
    case 'curlie': {
      if (hosts.length === 0 && !args.some((a) => !a.startsWith('-'))) return null;
      const out = optionValue(args, ['--output']) ?? clusterValue(args, 'o');
      const remoteName = hasShort(args.filter((a) => !a.startsWith('--')), 'O') || hasLong(args, '--remote-name');
      const file = out ?? (remoteName ? args.find(isUrl)?.split(/[?#]/)[0].split('/').pop() : undefined);
      const redirect = cmd.redirects.find((r) => r.op === '>' || r.op === '>>')?.target.text;
      return { hosts, urls, toStdout: (!file || file === '-') && !redirect, outFile: file && file !== '-' ? file : redirect };
    }
    case 'wget':
    case 'wget2': {
      if (hosts.length === 0) return null;
      const out = optionValue(args, ['--output-document']) ?? clusterValue(args, 'O');
      const file = out ?? args.find(isUrl)?.split(/[?#]/)[0].split('/').pop();
      return { hosts, urls, toStdout: out === '-', outFile: out === '-' ? undefined : file };
    }
    case 'fetch':
    case 'aria2c':
    case 'lwp-download':
    case 'lwp-request':
    case 'get':
      return hosts.length > 0 ? { hosts, urls, toStdout: cmd.name !== 'aria2c' && cmd.name !== 'lwp-download', outFile: optionValue(args, ['-o', '--output']) } : null;
    default:
      if (PS_DOWNLOADERS.has(cmd.name) || args.some((a) => /downloadstring|downloadfile|net\.webclient/i.test(a))) {
        const out = optionValue(args.map((a) => a.toLowerCase()), ['-outfile', '-o']);
        return { hosts, urls, toStdout: !out, outFile: out };
      }
      return null;
  }
}

const DECODERS = /^(?:base64|base32|basenc|xxd|uudecode|openssl|certutil|rev|gunzip|zcat|gzip|bzip2|xz|unxz)$/;

/** A stage that turns opaque data into text (`base64 -d`, `xxd -r`, `openssl enc -d`). */
export function isDecoder(cmd: SimpleCommand): boolean {
  if (!DECODERS.test(cmd.name)) return false;
  if (cmd.name === 'rev') return true;
  if (cmd.name === 'openssl') return cmd.args.includes('-d') || cmd.args.includes('base64');
  if (cmd.name === 'certutil') return hasArgCI(cmd.args, '-decode', '/decode');
  if (cmd.name === 'zcat' || cmd.name === 'gunzip' || cmd.name === 'unxz') return true;
  return hasShort(cmd.args, 'd') || hasShort(cmd.args, 'r') || hasLong(cmd.args, '--decode', '--reverse') || hasShort(cmd.args, 'D');
}

/** A shell or interpreter that executes what arrives on stdin. */
export function executesStdin(cmd: SimpleCommand): boolean {
  const args = cmd.args;
  if (cmd.name === 'iex' || cmd.name === 'invoke-expression') return true;
  if (POWERSHELL.has(cmd.name)) return args.length === 0 || args.includes('-') || hasArgCI(args, '-command', '-c') && args[args.length - 1] === '-';
  if (SHELLS.has(cmd.name) && cmd.name !== 'busybox') {
    // `bash -n` only checks the syntax of what it reads; `bash -- script.sh` runs the script.
    const inv = shellInvocation(args, cmd.name);
    return inv.stdin && !inv.noexec;
  }
  if (SHELLS.has(cmd.name) || INTERPRETERS.test(cmd.name)) {
    if (args.includes('-') || hasShort(args, 's') && SHELLS.has(cmd.name)) return true;
    if (args.some((a) => /^-[a-zA-Z]*[ce]$/.test(a) || a === '--eval' || a === '-m')) return false;
    return !args.some((a) => !a.startsWith('-'));
  }
  if (cmd.name === 'source' || cmd.name === '.') return args[0] === '/dev/stdin' || args[0] === '-';
  // `… | sudo -s`, `… | su -`: the shell they open reads the pipe as its script.
  if (cmd.name === 'sudo' || cmd.name === 'su' || cmd.name === 'doas') return stdinShellOpener(cmd.name, args) !== undefined;
  // at/batch schedule the commands read from stdin (unless -f FILE or a query mode).
  if (cmd.name === 'at' || cmd.name === 'batch') return !args.some((a) => /^-[a-zA-Z]*[fldrcq]/.test(a));
  return false;
}

export function isInterpreterOrShell(name: string): boolean {
  return SHELLS.has(name) || isInterpreter(name) || POWERSHELL.has(name) || name === 'eval' || name === 'source' || name === '.' || name === 'iex' || name === 'invoke-expression';
}

/** Commands of the earlier stages of `cmd`'s pipeline. */
export function upstream(cmd: SimpleCommand): SimpleCommand[] {
  return cmd.pipeline.stages.slice(0, cmd.stage).flat();
}

export function wordsText(words: readonly Word[]): string {
  return words.map((w) => w.text).join(' ');
}

/** Literal data an echo/printf/cat-heredoc stage writes (what a following `sh` or `tee` receives). */
export function literalOutput(cmd: SimpleCommand): string | undefined {
  if (cmd.name === 'echo') return positionals(cmd.args).join(' ');
  // printf's output is its format applied to its arguments (`printf '%s\n' 'cmd'` prints cmd).
  if (cmd.name === 'printf') return cmd.args[0] === '-v' ? undefined : printf(cmd.args[0] === '--' ? cmd.args.slice(1) : cmd.args);
  const here = cmd.redirects.find((r) => r.op === '<<' || r.op === '<<-' || r.op === '<<<');
  if (here && (cmd.name === 'cat' || cmd.name === '')) return here.target.text;
  return undefined;
}
