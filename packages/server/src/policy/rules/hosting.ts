// cloud_destructive through hosting and PaaS CLIs: `flyctl apps destroy`, `doctl compute
// droplet delete`, `supabase db reset --linked`, `hcloud server delete`, `aliyun ecs
// DeleteInstance`. What they destroy lives at the provider (apps, servers, databases, volumes),
// with no local copy to restore from, so a known provider CLI with a destroying subcommand is
// denied (high; critical for production-looking names). Any other CLI with a destroying
// subcommand and a flag that skips its confirmation (`--yes`, `--force`, `--confirm`) cannot
// be verified from here and is warned.
//
// The subcommand is found as words: `apps:destroy`, `service-instance-delete` and
// `DeleteInstance` all hold a destroying verb. aws, gcloud, az, terraform, kubectl, helm and the
// database clients have their own rules in cloud.ts; gh/glab, vault/op and containers in platform.ts.
import { shiftSeverity } from '../findings.js';
import type { SimpleCommand } from '../shell/types.js';
import type { RuleContext } from './context.js';
import { hasLong, positionals } from './facts.js';

const CATEGORY = 'cloud_destructive';

/** Provider CLIs (program name → provider, for reasons). */
const PROVIDERS: Readonly<Record<string, string>> = {
  flyctl: 'Fly.io', fly: 'Fly.io', doctl: 'DigitalOcean', heroku: 'Heroku', vercel: 'Vercel', netlify: 'Netlify', 'netlify-cli': 'Netlify',
  railway: 'Railway', render: 'Render', supabase: 'Supabase', neonctl: 'Neon', neon: 'Neon', pscale: 'PlanetScale',
  'linode-cli': 'Linode', linode: 'Linode', 'vultr-cli': 'Vultr', vultr: 'Vultr', hcloud: 'Hetzner Cloud', scw: 'Scaleway',
  upctl: 'UpCloud', upcloud: 'UpCloud', oci: 'Oracle Cloud', ibmcloud: 'IBM Cloud', ic: 'IBM Cloud', aliyun: 'Alibaba Cloud',
  exo: 'Exoscale', exoscale: 'Exoscale', civo: 'Civo', wrangler: 'Cloudflare', turso: 'Turso', atlas: 'MongoDB Atlas',
  mongocli: 'MongoDB Atlas', cf: 'Cloud Foundry', aptible: 'Aptible', koyeb: 'Koyeb', northflank: 'Northflank',
  openstack: 'OpenStack', ionosctl: 'IONOS', tccli: 'Tencent Cloud', eksctl: 'Amazon EKS', eb: 'AWS Elastic Beanstalk',
  sam: 'AWS SAM', serverless: 'Serverless Framework', sls: 'Serverless Framework', amplify: 'AWS Amplify',
  databricks: 'Databricks', 'fastly': 'Fastly', 'akamai': 'Akamai', 'ovhcloud': 'OVHcloud', stackit: 'STACKIT',
  'upsun': 'Upsun', 'cloudflared': 'Cloudflare', 'deployctl': 'Deno Deploy', 'convex': 'Convex', 'nhost': 'Nhost',
  'appwrite': 'Appwrite', 'porter': 'Porter', 'qovery': 'Qovery', 'zeabur': 'Zeabur', 'dokku': 'Dokku', 'caprover': 'CapRover',
  // Hosted data stores: a dataset, bucket, cluster or keyspace removed at the provider takes its data with it.
  bq: 'BigQuery', influx: 'InfluxDB', confluent: 'Confluent Cloud', avn: 'Aiven', astra: 'DataStax Astra', ticloud: 'TiDB Cloud',
  xata: 'Xata', upstash: 'Upstash', snow: 'Snowflake',
};

export const HOSTING_CLIS: ReadonlyMap<string, string> = new Map(Object.entries(PROVIDERS));

export const DESTROY_VERBS: ReadonlySet<string> = new Set(['destroy', 'delete', 'del', 'rm', 'remove', 'purge', 'terminate', 'drop', 'reset', 'wipe', 'prune', 'erase', 'nuke', 'teardown']);

// Subcommands about the CLI's own local state: removing a login or a plugin destroys nothing remote.
const LOCAL_NOUNS = new Set(['auth', 'login', 'logout', 'context', 'contexts', 'config', 'configs', 'configuration', 'profile', 'profiles', 'plugin', 'plugins', 'cache', 'completion', 'completions', 'local', 'telemetry', 'autocomplete', 'keyring', 'link', 'alias-local', 'dev']);

// Flags that answer the tool's own "are you sure?" in advance.
const CONFIRM_SKIPPED: ReadonlySet<string> = new Set(['-y', '-f', '--yes', '--force', '--confirm', '--no-confirm', '--noconfirm', '--no-prompt', '--assume-yes', '--non-interactive', '--auto-approve', '-auto-approve', '--skip-confirmation', '--noinput', '--no-input']);
const DRY_RUN: ReadonlySet<string> = new Set(['--dry-run', '--dryrun', '--what-if']);
const DRY = 1;
const CONFIRM = 2;

/** One pass over the options (this runs for every command): DRY when a dry run, CONFIRM when the prompt is skipped. */
function optionFlags(args: readonly string[]): number {
  let out = 0;
  for (const a of args) {
    if (a.charCodeAt(0) !== 45 /* - */) continue;
    if (a === '--') break;
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (DRY_RUN.has(name)) out |= DRY;
    else if (CONFIRM_SKIPPED.has(name)) out |= CONFIRM;
  }
  return out;
}

const PROD = /(?:^|[-_./:\s])(?:prod|production|prd|live)(?:$|[-_./:\s\d])/i;

/** A subcommand's words: `apps:destroy` → apps, destroy; `DeleteInstance` → delete, instance. */
function words(token: string): string[] {
  return token.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

// Options whose value is a separate word (app names, regions, projects), so it is not read as a subcommand.
const VALUE_OPTIONS: ReadonlySet<string> = new Set([
  '-a', '--app', '-r', '--region', '--project', '--project-ref', '--project-id', '--context', '-o', '--output', '--format', '--config',
  '-c', '--org', '--team', '--scope', '--token', '--access-token', '--db-url', '--env', '-e', '--environment', '--service', '-s',
  '--profile', '--zone', '--account', '--cluster', '--name', '-n', '--workspace', '--stage', '--database', '--branch',
]);

interface Destroying {
  verb: string;
  /** The subcommand words up to and including the verb (`compute droplet delete`). */
  command: string;
  targets: string[];
}

/** The destroying subcommand among the leading command words, before any operand that is a path or URL. */
function destroyingSubcommand(args: readonly string[], maxDepth: number): Destroying | null {
  const pos = positionals(args, VALUE_OPTIONS);
  for (let i = 0; i < Math.min(pos.length, maxDepth); i++) {
    const p = pos[i];
    if (/[/.@=$]/.test(p)) return null;
    const ws = words(p);
    if (ws.some((w) => LOCAL_NOUNS.has(w))) return null;
    const verb = ws.find((w) => DESTROY_VERBS.has(w));
    if (verb) return { verb, command: pos.slice(0, i + 1).join(' '), targets: pos.slice(i + 1) };
  }
  return null;
}

/** Supabase works on the local stack unless told to use the linked or a remote project. */
function supabaseLocal(args: readonly string[], d: Destroying): boolean {
  return d.command.startsWith('db ') && !hasLong(args, '--linked', '--db-url', '--project-ref');
}

// Programs a generic "destroying subcommand + --yes" reading must not judge: package managers
// (`apt-get purge -y`), local containers and VMs, version control, shells and interpreters
// (their operands are scripts), and the programs other rules already judge.
const NOT_GENERIC = new Set([
  'apt', 'apt-get', 'aptitude', 'dpkg', 'dnf', 'yum', 'zypper', 'pacman', 'yay', 'paru', 'apk', 'brew', 'port', 'snap', 'flatpak', 'pip', 'pip3',
  'pipx', 'uv', 'poetry', 'pdm', 'hatch', 'conda', 'mamba', 'micromamba', 'npm', 'pnpm', 'yarn', 'bun', 'deno', 'cargo', 'gem', 'go', 'rustup',
  'nvm', 'asdf', 'mise', 'rbenv', 'pyenv', 'choco', 'winget', 'scoop', 'nix', 'nix-env', 'opam', 'cabal', 'stack', 'composer', 'dotnet', 'nuget',
  'docker', 'docker-compose', 'podman', 'podman-compose', 'nerdctl', 'git-lfs', 'buildah', 'ctr', 'crictl', 'kind', 'minikube', 'k3d', 'colima', 'vagrant', 'multipass', 'lxc', 'ollama',
  'git', 'gh', 'glab', 'tea', 'bb', 'hg', 'svn', 'jj', 'vault', 'op', 'doppler', 'infisical', 'restic', 'borg', 'kopia', 'tmutil', 'duplicity',
  'rdiff-backup', 'tarsnap', 'duplicacy', 'bup', 'borgmatic', 'zfs', 'prisma',
  'aws', 'gcloud', 'gsutil', 'az', 'kubectl', 'oc', 'helm', 'terraform', 'tofu', 'terragrunt', 'pulumi', 'cdk', 'sst', 'firebase', 'rclone', 's3cmd',
  'systemctl', 'launchctl', 'service', 'rm', 'find', 'fd', 'fdfind', 'xargs', 'trash', 'make', 'just', 'task', 'sudo', 'doas', 'env', 'time', 'nice', 'timeout',
  'python', 'python3', 'node', 'ruby', 'perl', 'php', 'sh', 'bash', 'zsh', 'npx', 'pnpx', 'bunx', 'uvx', 'echo', 'printf', 'tmux', 'screen',
]);

export function inspectHostingCommand(cmd: SimpleCommand, ctx: RuleContext): void {
  const args = cmd.args;
  // Cheap rejections first: this runs for every simple command.
  if (args.length === 0) return;
  const provider = HOSTING_CLIS.get(cmd.name);
  if (!provider && NOT_GENERIC.has(cmd.name)) return;
  const flags = optionFlags(args);
  if (flags & DRY || (!provider && (!(flags & CONFIRM) || !/^[a-z][a-z0-9_-]*$/.test(cmd.name)))) return;
  if (provider) {
    const d = destroyingSubcommand(args, 4);
    if (!d || (cmd.name === 'supabase' && supabaseLocal(args, d))) return;
    const prod = d.targets.some((t) => PROD.test(t)) || args.some((a) => PROD.test(a) && !a.startsWith('-'));
    const what = d.targets.length ? ` ${d.targets.slice(0, 4).join(' ')}` : '';
    ctx.emit({ patternName: `${CATEGORY}.paas_destroy`, severity: shiftSeverity('high', prod ? 1 : 0), category: CATEGORY, layer: 'builtin', reason: `${cmd.name} ${d.command}${what} destroys ${provider} resources at the provider; they cannot be restored from this machine.` });
    return;
  }
  const d = destroyingSubcommand(args, 2);
  if (!d) return;
  ctx.emit({ patternName: `${CATEGORY}.unverified_destroy`, severity: 'medium', category: CATEGORY, layer: 'builtin', reason: `${cmd.name} ${d.command} runs a destroying subcommand with its confirmation skipped; what it removes cannot be verified from here.` });
}
