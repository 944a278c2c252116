// remote_code_exec: content fetched from the network (or decoded from an opaque blob) is
// executed without review: `curl … | sh`, `wget -O- … | bash`, `bash <(curl …)`,
// `sh -c "$(curl …)"`, `iex (iwr …)`, download-then-run, and package installs from raw
// IPs or plain-HTTP indexes.
import type { Script, SimpleCommand } from '../shell/types.js';
import type { Severity } from '../types.js';
import type { RuleContext } from './context.js';
import {
  download, executesStdin, isDecoder, isInterpreterOrShell, isIpHost, isUrl, literalOutput, optionValues, positionals, urlHosts,
} from './facts.js';

const CATEGORY = 'remote_code_exec';

function emit(ctx: RuleContext, severity: Severity, rule: string, reason: string, hosts?: string[], urls?: string[]): void {
  ctx.emit({ patternName: `${CATEGORY}.${rule}`, severity, category: CATEGORY, layer: 'builtin', reason, hosts: hosts?.length ? hosts : undefined, urls: urls?.length ? urls : undefined });
}

function fetchesToStdout(script: Script): { hosts: string[]; urls: string[] } | null {
  for (const c of script.commands) {
    const d = download(c);
    if (d?.toStdout) return d;
  }
  return null;
}

function from(hosts: string[]): string {
  return hosts.length ? ` from ${hosts.join(', ')}` : '';
}

/** Per pipeline: a downloader or decoder upstream of a stage that executes its stdin. */
export function inspectRemoteCodePipelines(script: Script, ctx: RuleContext): void {
  for (const p of script.pipelines) {
    if (p.stages.length < 2) continue;
    for (let j = 1; j < p.stages.length; j++) {
      const runner = p.stages[j].find(executesStdin);
      if (!runner) continue;
      const up = p.stages.slice(0, j).flat();
      const dl = up.map(download).find((d) => d && d.toStdout);
      const root = runner.elevated ? ' as root' : '';
      if (dl) {
        emit(ctx, 'critical', 'pipe_to_shell', `Pipes a script downloaded${from(dl.hosts)} straight into ${runner.name}${root} without review.`, dl.hosts, dl.urls);
        continue;
      }
      if (up.some(isDecoder)) {
        emit(ctx, 'critical', 'obfuscated_pipe_to_shell', `Decodes an opaque payload and executes it with ${runner.name}${root}; obfuscated commands cannot be reviewed.`);
        for (const c of up) {
          const data = literalOutput(c);
          if (data && /^[A-Za-z0-9+/=\s]{16,}$/.test(data)) {
            const decoded = Buffer.from(data.replace(/\s+/g, ''), 'base64').toString('utf8');
            for (const f of ctx.inspectNested(decoded)) ctx.emit({ ...f, reason: `Decoded payload: ${f.reason}` });
          }
        }
        continue;
      }
      // `echo "…" | sh`: the echoed text is the script; judge it as one.
      for (const c of up) {
        const data = literalOutput(c);
        if (data !== undefined) for (const f of ctx.inspectNested(data)) ctx.emit(f);
      }
    }
  }
}

export function inspectRemoteCodeCommand(cmd: SimpleCommand, script: Script, ctx: RuleContext): void {
  const name = cmd.name;
  // Executing the output of a substitution: `sh -c "$(curl …)"`, `bash <(curl …)`, `$(wget -O- …)`.
  const executes = isInterpreterOrShell(name) || cmd.argv[0]?.subs.length;
  if (executes) {
    for (const w of cmd.argv) {
      for (const sub of w.subs) {
        const dl = fetchesToStdout(sub);
        if (dl) {
          emit(ctx, 'critical', 'substitution_exec', `Executes a script downloaded${from(dl.hosts)} through ${name && !cmd.argv[0]?.subs.length ? `${name} ` : ''}command substitution without review.`, dl.hosts, dl.urls);
          return;
        }
      }
    }
  }
  // PowerShell: `iex (iwr …)`, `IEX (New-Object Net.WebClient).DownloadString(…)`.
  if (name === 'iex' || name === 'invoke-expression') {
    const dl = script.commands.map(download).find((d) => d !== null);
    const inline = cmd.args.some((a) => /downloadstring|downloadfile|net\.webclient|invoke-webrequest|invoke-restmethod|\biwr\b|\birm\b/i.test(a));
    if (dl || inline) {
      const hosts = dl?.hosts ?? cmd.args.flatMap(urlHosts);
      emit(ctx, 'critical', 'powershell_download_exec', `Invoke-Expression runs a script downloaded${from(hosts)} without review.`, hosts, dl?.urls);
    }
    return;
  }
  // Windows Installer and rundll32 load a package or DLL straight from a URL or a share: `msiexec /i
  // https://…/a.msi /qn`, `rundll32 \\host\s\a.dll,Run` run code nobody downloaded to look at.
  if (name === 'msiexec' || name === 'msiexec.exe' || name === 'rundll32' || name === 'rundll32.exe') {
    const remote = cmd.args.find((a) => /^(?:https?|ftp):\/\//i.test(a) || /^\\\\[^\\]+\\/.test(a));
    if (remote) emit(ctx, 'high', 'lolbin_download', `${name} runs ${/^\\\\/.test(remote) ? 'a program from the network share' : 'an installer or DLL fetched from'} ${remote} without review.`, urlHosts(remote));
    return;
  }
  if (name === 'mshta' || name === 'regsvr32' || name === 'bitsadmin' || name === 'certutil') {
    const hosts = cmd.args.flatMap(urlHosts);
    if (hosts.length && (name !== 'certutil' || cmd.args.some((a) => /urlcache/i.test(a)))) {
      emit(ctx, 'high', 'lolbin_download', `${name} fetches and runs remote content${from(hosts)} (a common malware technique).`, hosts);
    }
    return;
  }
  inspectPackageSource(cmd, ctx);
}

/** Download a file, then run it later in the same command line. */
export function inspectDownloadThenExecute(script: Script, ctx: RuleContext): void {
  let fetched: Map<string, string[]> | null = null; // made at the first download: most lines have none
  for (const c of script.commands) {
    const d = download(c);
    if (d?.outFile) (fetched ??= new Map()).set(baseName(d.outFile), d.hosts);
    if (!fetched) continue;
    let target: string | undefined;
    if (isInterpreterOrShell(c.name)) target = positionals(c.args)[0];
    else if (c.argv[0] && /^\.{0,2}\//.test(c.argv[0].text)) target = c.argv[0].text;
    const hosts = target !== undefined ? fetched.get(baseName(target)) : undefined;
    if (hosts) emit(ctx, 'high', 'download_then_execute', `Runs ${target}, a file just downloaded${from(hosts)}, without review.`, hosts);
  }
}

function baseName(p: string): string {
  return p.replace(/\\/g, '/').split('/').pop() ?? p;
}

// A Map: looking every command's name up in an object literal was a slow keyed property load.
const PACKAGE_TOOLS = new Map<string, Set<string>>(Object.entries({
  pip: new Set(['install', 'download']),
  pip3: new Set(['install', 'download']),
  pipx: new Set(['install', 'run']),
  uv: new Set(['pip', 'add', 'tool']),
  npm: new Set(['install', 'i', 'add', 'exec', 'x']),
  pnpm: new Set(['install', 'i', 'add', 'dlx']),
  yarn: new Set(['add', 'install', 'dlx']),
  bun: new Set(['add', 'install', 'x']),
  npx: new Set<string>(),
  pnpx: new Set<string>(),
  bunx: new Set<string>(),
  uvx: new Set<string>(),
  gem: new Set(['install']),
  cargo: new Set(['install']),
  go: new Set(['install', 'get']),
  composer: new Set(['require']),
}));

// Verbs of the package tools that run the package they fetch (npm exec/x, pnpm dlx, yarn dlx, bun x, pipx run).
const RUN_VERBS = new Set(['exec', 'x', 'dlx', 'run']);
// npm's hosted-repository shorthands.
const HOSTED_SPEC = /^(?:github|gitlab|bitbucket|gist):/;

/** Installing from a bare IP or over plain HTTP bypasses the registry and its TLS. */
function inspectPackageSource(cmd: SimpleCommand, ctx: RuleContext): void {
  let args = cmd.args;
  let tool = cmd.name;
  if (/^python[0-9.]*$/.test(tool) && args[0] === '-m' && args[1]?.startsWith('pip')) {
    tool = 'pip';
    args = args.slice(2);
  }
  // Deno runs (or installs) a module named by URL at once; with permissions granted (`-A`,
  // `--allow-run`, `--allow-write`…) it can do whatever `curl … | sh` could. Without them it runs
  // in Deno's sandbox. `jsr:` and `npm:` specs come from registries.
  if (tool === 'deno' && /^(?:run|install|x)$/.test(args[0] ?? '')) {
    const spec = args.slice(1).find((a) => isUrl(a));
    const granted = args.find((a) => /^-A$|^--allow-(?:all|run|write|env|ffi|sys|read)(?:=|$)/.test(a));
    if (spec && granted) emit(ctx, 'medium', 'package_runner_remote', `deno ${args[0]} ${granted} runs code fetched straight from ${spec} with access to this machine; nothing reviewed it.`, urlHosts(spec));
    return;
  }
  // A runner the parser unwrapped (`npx X`, `pnpm dlx X`, `npm exec -- X`) leaves the spec as the program word.
  const head = cmd.wrappers.length ? (cmd.argv[0]?.text ?? '') : '';
  if (head && (HOSTED_SPEC.test(head) || head.startsWith('git+') || isUrl(head))) {
    const hosts = urlHosts(head.replace(/^git\+/, ''));
    emit(ctx, 'medium', 'package_runner_remote', `${cmd.wrappers[cmd.wrappers.length - 1]} runs code fetched straight from ${head.replace(/^git\+/, '')}, a repository or URL rather than a registry package; its install scripts and entry point run now, unreviewed.`, hosts.length ? hosts : undefined);
    return;
  }
  const verbs = PACKAGE_TOOLS.get(tool);
  if (!verbs || (verbs.size > 0 && !verbs.has(args[0] ?? ''))) return;
  // Runners execute what they fetch at once: a repository or URL spec (`npx github:u/r`,
  // `pnpm dlx git+https://…`, `uvx --from git+https://…`) runs unpinned code no registry vetted.
  if (verbs.size === 0 || RUN_VERBS.has(args[0] ?? '')) {
    const spec = args.find((a) => HOSTED_SPEC.test(a) || /^git\+/.test(a) || isUrl(a)) ?? optionValues(args, ['--from', '--spec', '--package', '-p']).find((a) => HOSTED_SPEC.test(a) || /^git\+/.test(a) || isUrl(a));
    if (spec) {
      const hosts = urlHosts(spec.replace(/^git\+/, ''));
      emit(ctx, 'medium', 'package_runner_remote', `${tool}${verbs.size ? ` ${args[0]}` : ''} runs code fetched straight from ${spec.replace(/^git\+/, '')}, a repository or URL rather than a registry package; its install scripts and entry point run now, unreviewed.`, hosts.length ? hosts : undefined);
      return;
    }
  }
  const sources = [
    ...args.filter((a) => isUrl(a) || /^git\+/.test(a)).map((a) => a.replace(/^git\+/, '')),
    ...optionValues(args, ['--index-url', '-i', '--extra-index-url', '--find-links', '-f', '--registry', '--source']),
  ];
  const trustedHost = optionValues(args, ['--trusted-host']);
  for (const src of sources) {
    const hosts = urlHosts(src);
    const host = hosts[0];
    if (!host) continue;
    if (isIpHost(host) || /^http:\/\//i.test(src)) {
      emit(ctx, 'medium', 'untrusted_package_source', `${tool} installs code from ${src}, ${isIpHost(host) ? 'a bare IP address' : 'over unencrypted HTTP'}, bypassing the package registry; install scripts will run.`, hosts);
      return;
    }
    emit(ctx, 'low', 'package_from_url', `${tool} installs a package straight from ${host} instead of the registry.`, hosts);
    return;
  }
  if (trustedHost.length) emit(ctx, 'medium', 'untrusted_package_source', `${tool} --trusted-host disables TLS verification for ${trustedHost.join(', ')}.`, trustedHost);
}
