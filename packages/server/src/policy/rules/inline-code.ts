// Inline interpreter code (`python3 -c`, `node -e`, `perl -e`, `ruby -e`, `php -r`,
// `osascript -e`, heredocs fed to an interpreter). Rules look for the same intents as in
// shell: recursive deletes of precious paths (shutil.rmtree, fs.rmSync, FileUtils.rm_rf),
// shell strings handed to os.system/subprocess/exec (re-parsed as shell), reverse shells,
// and reads of credential files.
import { deletionRisk } from '../paths.js';
import type { SimpleCommand } from '../shell/types.js';
import type { RuleContext } from './context.js';
import { credentialRisk } from './credential-paths.js';
import { emitCredentialRead } from './credentials.js';
import { INTERPRETERS, optionValue } from './facts.js';

const CODE_FLAGS = ['-c', '-e', '-E', '--eval', '-p', '--print', '-r', '--command'];
const DELETE_CALL = /\b(?:shutil\.rmtree|rmtree|rm_rf|rm_r|remove_dir_all|rmSync|rmdirSync|fs\.rm|fs\.promises\.rm|rimraf(?:\.sync)?|FileUtils\.rm_rf|File\.delete|Remove-Item|os\.RemoveAll|unlink_tree|remove_tree)\s{0,3}\(\s{0,3}(?:[a-zA-Z_.]{0,40}\(\s{0,3})?(['"`])([^'"`]{1,512})\1/g;
const SHELL_CALL = /\b(?:os\.system|os\.popen|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|child_process\.(?:exec|execSync|spawnSync)|execSync|exec|system|spawn|popen|do shell script|Runtime\.getRuntime\(\)\.exec)\s{0,3}\(?\s{0,3}(['"])((?:\\.|(?!\1)[^\\]){1,1024})\1/g;
const STRING = /(['"])((?:\\.|(?!\1)[^\\\n]){2,512})\1/g;
// Three independent linear checks instead of one regex with chained lazy gaps.
const SOCKET = /\bsocket\b|\bnet\.(?:Socket|connect)\b|TCPSocket\.(?:new|open)|fsockopen/;
const CONNECT = /\bconnect\b|\bnew\b|fsockopen|TCPSocket/;
const SPAWN_SHELL = /dup2|pty\.spawn|\/bin\/(?:ba|z)?sh\b|\bproc_open\b|\bshell_exec\b/;

/** The inline program of an interpreter command, if any. */
export function inlineCode(cmd: SimpleCommand): string | undefined {
  if (!INTERPRETERS.test(cmd.name) && cmd.name !== 'deno' && cmd.name !== 'bun') return undefined;
  if (cmd.name === 'deno' && cmd.args[0] === 'eval') return cmd.args.slice(1).join(' ');
  const flagValue = optionValue(cmd.args, CODE_FLAGS);
  if (flagValue !== undefined) return flagValue;
  const here = cmd.redirects.find((r) => r.op.startsWith('<<'));
  return here?.target.text;
}

export function inspectInlineCode(cmd: SimpleCommand, ctx: RuleContext): void {
  const code = inlineCode(cmd);
  if (!code) return;
  const text = code.slice(0, 16_384);
  DELETE_CALL.lastIndex = 0;
  for (let m = DELETE_CALL.exec(text); m; m = DELETE_CALL.exec(text)) {
    const risk = deletionRisk(m[2], ctx.cwd);
    if (risk) {
      ctx.emit({ patternName: 'destructive_fs.recursive_delete', severity: risk.severity, category: 'destructive_fs', layer: 'builtin', reason: `${cmd.name} code recursively deletes ${risk.label}.`, paths: [m[2]] });
      break;
    }
  }
  SHELL_CALL.lastIndex = 0;
  for (let m = SHELL_CALL.exec(text); m; m = SHELL_CALL.exec(text)) {
    const inner = m[2].replace(/\\(["'\\])/g, '$1');
    for (const f of ctx.inspectNested(inner)) ctx.emit({ ...f, reason: `${cmd.name} runs a shell command: ${f.reason}` });
  }
  if (SOCKET.test(text) && CONNECT.test(text) && SPAWN_SHELL.test(text)) {
    ctx.emit({ patternName: 'exfiltration.reverse_shell', severity: 'critical', category: 'exfiltration', layer: 'builtin', reason: `${cmd.name} code connects a shell to a remote socket (a reverse shell).` });
  }
  STRING.lastIndex = 0;
  for (let m = STRING.exec(text); m; m = STRING.exec(text)) {
    const risk = /[/~\\]|^\.env/.test(m[2]) ? credentialRisk(m[2]) : null;
    if (risk) {
      emitCredentialRead(ctx, risk, m[2], `${cmd.name} code opens`);
      break;
    }
  }
}
