// Less common destructive or persistent families a default policy should at least warn on
// (issue #16, class 6): repository and CI-secret deletion through platform CLIs, secrets-manager
// deletions, container force-removal, backup pruning, file capabilities, user services, DNS
// lookups that carry data. Judged by what the command does, not by a list of full spellings.
import type { SimpleCommand } from '../shell/types.js';
import type { Severity } from '../types.js';
import type { RuleContext } from './context.js';
import { hasShort, optionValues, positionals } from './facts.js';

function emit(ctx: RuleContext, category: string, rule: string, severity: Severity, reason: string): void {
  ctx.emit({ patternName: `${category}.${rule}`, severity, category, layer: 'builtin', reason });
}

const FORCE = (args: readonly string[]): boolean => hasShort(args, 'f') || args.some((a) => a === '--force' || a.startsWith('--force='));

// HTTP clients: a DELETE sent straight to a code host's API does what `gh api -X DELETE` does.
const HTTP_CLIENTS = ['curl', 'wget', 'http', 'https', 'xh', 'xhs', 'invoke-restmethod', 'irm', 'invoke-webrequest', 'iwr'];
const HTTP_CLIENT_SET: ReadonlySet<string> = new Set(HTTP_CLIENTS);
// GitHub (and Enterprise's /api/v3 repos and orgs), GitLab's /api/v4 projects and groups, Bitbucket.
const CODE_HOST_API = /^https?:\/\/(?:[^@/]*@)?(?:api\.github\.com|api\.bitbucket\.org\/2\.0|[^/]+\/api\/v3(?=\/(?:repos|orgs)\/)|[^/]+\/api\/v4(?=\/(?:projects|groups)\/))(\/[^?#\s]*)/i;

/** The method an HTTP client sends: `-X DELETE`, `--request=DELETE`, `--method DELETE`, `http DELETE url`, `-Method Delete`. */
function httpMethod(name: string, a: readonly string[]): string | undefined {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const lower = x.toLowerCase();
    if (x === '-X' || lower === '--request' || lower === '--method' || lower === '-method') return a[i + 1];
    if (/^-X./.test(x)) return x.slice(2);
    if (/^--(?:request|method)=/i.test(x)) return x.slice(x.indexOf('=') + 1);
  }
  return (name === 'http' || name === 'https' || name === 'xh' || name === 'xhs') && /^[A-Za-z]+$/.test(a[0] ?? '') ? a[0] : undefined;
}

// A repository's own guard rails on the code host: branch protection and its parts (required
// reviews and checks, admin enforcement), rulesets, GitLab protected branches and tags and push
// rules, Bitbucket branch restrictions, environment deployment policies.
const PROTECTION_PATH = /\/(?:branches\/[^/]+\/protection|rulesets|protected_branches|protected_tags|push_rule|branch-restrictions|deployment-branch-policies|deployment_protection_rules)(?:\/|$)/;
// Fields that switch one off in a PUT/PATCH/POST: `enforce_admins=false`, `enforcement=disabled`,
// `security_and_analysis[secret_scanning_push_protection][status]=disabled`.
const PROTECTION_OFF = /^(?:enforce_admins|required_signatures|required_linear_history|allow_force_pushes|allow_deletions|enforcement|[^=]*(?:secret_scanning|push_protection|dependabot_security_updates|code_scanning)[^=]*)=(.*)$/;

/**
 * A request that takes a repository guard rail away: DELETE of a protection resource, or a write
 * whose fields turn enforcement off (or force pushes and deletions on). The branch protection of
 * `main` is what keeps force pushes and unreviewed merges out, so removing it is judged as the
 * agent turning its own guard rails off would be.
 */
function protectionRemoval(tool: string, method: string | undefined, path: string, fields: readonly string[], ctx: RuleContext): boolean {
  const m = (method ?? (fields.length ? 'POST' : 'GET')).toUpperCase();
  if (m === 'GET' || m === 'HEAD') return false;
  const scoped = PROTECTION_PATH.test(path) || /^\/?repos\/[^/]+\/[^/]+\/?$/.test(path);
  if (!scoped) return false;
  const off = fields.map((f) => PROTECTION_OFF.exec(f)).find((f) => f && (/^(?:false|disabled?|0|null|none)$/i.test(f[1]) !== /^(?:allow_force_pushes|allow_deletions)/.test(f[0])));
  if (m === 'DELETE' && PROTECTION_PATH.test(path)) {
    emit(ctx, 'guard_rail_change', 'repository_protection_removed', 'high', `${tool} ${m} ${path} removes a repository guard rail (branch protection, a ruleset or a protected branch), letting force pushes and unreviewed changes through.`);
    return true;
  }
  if (off) {
    emit(ctx, 'guard_rail_change', 'repository_protection_removed', 'high', `${tool} ${m} ${path} with ${off[0]} switches a repository guard rail off.`);
    return true;
  }
  return false;
}

const REQUEST_FIELD_OPTIONS = ['-f', '-F', '--field', '--raw-field', '-d', '--data', '--data-raw'];

/** The `-f`/`-F`/`--field`/`--raw-field` values (`key=value`) of `gh api`/`glab api`; `-d`/`--data` pairs of an HTTP client. */
function requestFields(a: readonly string[]): string[] {
  const out = optionValues(a, REQUEST_FIELD_OPTIONS).flatMap((v) => v.split('&'));
  // A JSON body (`-d '{"enforce_admins": false}'`) reads as its pairs.
  return out.flatMap((f) => (f.trimStart().startsWith('{') ? [...f.matchAll(/"([\w\][]+)"\s*:\s*"?([\w-]+)/g)].map((p) => `${p[1]}=${p[2]}`) : [f]));
}

function inspectHttpDelete(cmd: SimpleCommand, ctx: RuleContext): void {
  const method = httpMethod(cmd.name, cmd.args)?.toUpperCase();
  if (!method || method === 'GET') return;
  const url = cmd.args.find((x) => /^https?:\/\//i.test(x));
  const m = url ? CODE_HOST_API.exec(url) : null;
  if (!m) return;
  const path = m[1].replace(/\/+$/, '');
  if (protectionRemoval(cmd.name, method, path, requestFields(cmd.args), ctx) || method !== 'DELETE') return;
  if (/^\/(?:repos\/[^/]+\/[^/]+|projects\/[^/]+|repositories\/[^/]+\/[^/]+)$/.test(path)) return emit(ctx, 'cloud_destructive', 'repository_delete', 'high', `${cmd.name} DELETE ${path} deletes a hosted repository with its issues, pull requests and history.`);
  if (/\/(?:secrets|variables|keys|deploy_keys|deploy-keys)(?:\/|$)/.test(path)) return emit(ctx, 'cloud_destructive', 'ci_secret_delete', 'medium', `${cmd.name} DELETE ${path} deletes a CI secret or key through the code host's API; pipelines that need it break.`);
  return emit(ctx, 'cloud_destructive', 'platform_delete', 'medium', `${cmd.name} DELETE ${path} deletes a hosted resource through the code host's API.`);
}

// A workflow input that names production as its value (`environment=production`, `ENV:prod`).
const PRODUCTION_INPUT = /^[\w.-]*[=:](?:prod|production|prd|live)(?:[-_.]?[a-z0-9]*)?$/i;
const API_VALUE_OPTIONS: ReadonlySet<string> = new Set(['-X', '--method', '-f', '-F', '--field', '--raw-field', '-H', '--header', '--hostname', '--input', '-q', '--jq', '-t', '--template', '--cache', '-p', '--preview']);

// The programs the switch below judges (add a program to both). Any other command returns before
// its operands are listed: an `echo` of 16,000 words is not read word by word for nothing.
const PLATFORM_PROGRAMS = new Set(['gh', 'glab', 'tea', 'bb', 'vault', 'op', 'doppler', 'infisical', 'docker', 'podman', 'nerdctl', 'docker-compose', 'podman-compose', 'colima', 'limactl', 'multipass', 'vagrant', 'lxc', 'incus', 'orb', 'orbctl', 'bw', 'pass', 'gopass', 'keepassxc-cli', 'secret-tool', 'security', 'remove-secret', 'cmdkey', 'timeshift', 'snapper', 'velero', 'restic', 'borg', 'kopia', 'duplicity', 'rdiff-backup', 'tarsnap', 'duplicacy', 'bup', 'borgmatic', 'zfs', 'tmutil', 'vssadmin', 'wbadmin', 'wmic', 'bcdedit', 'setcap', 'systemctl', 'dig', 'nslookup', 'host', 'drill', 'netlify', 'heroku', 'fly', 'flyctl', 'aws', 'gcloud', ...HTTP_CLIENTS]);

export function inspectPlatformCommand(cmd: SimpleCommand, ctx: RuleContext): void {
  if (!PLATFORM_PROGRAMS.has(cmd.name)) return;
  if (HTTP_CLIENT_SET.has(cmd.name)) return inspectHttpDelete(cmd, ctx);
  const a = cmd.args;
  const pos = positionals(a);
  switch (cmd.name) {
    case 'gh':
    case 'glab':
    case 'tea':
    case 'bb': {
      const [noun, verb] = pos;
      if ((noun === 'repo' || noun === 'project') && verb === 'delete') return emit(ctx, 'cloud_destructive', 'repository_delete', 'high', `${cmd.name} ${noun} delete deletes a hosted repository with its issues, pull requests and history.`);
      // Keys that grant access to the account or a repository: removing one locks out whatever logs in with it.
      if ((noun === 'ssh-key' || noun === 'gpg-key' || noun === 'deploy-key') && (verb === 'delete' || verb === 'remove')) return emit(ctx, 'cloud_destructive', 'ci_secret_delete', 'medium', `${cmd.name} ${noun} ${verb} removes an access key; whatever signs in or deploys with it stops working.`);
      if (noun === 'repo' && verb === 'deploy-key' && (pos[2] === 'delete' || pos[2] === 'remove')) return emit(ctx, 'cloud_destructive', 'ci_secret_delete', 'medium', `${cmd.name} repo deploy-key ${pos[2]} removes a deploy key; the deployment that uses it stops working.`);
      if ((noun === 'secret' || noun === 'variable') && (verb === 'delete' || verb === 'remove')) return emit(ctx, 'cloud_destructive', 'ci_secret_delete', 'medium', `${cmd.name} ${noun} ${verb} deletes a CI secret; pipelines that need it break.`);
      if ((noun === 'release' || noun === 'environment' || noun === 'cache' || noun === 'run') && verb === 'delete') return emit(ctx, 'cloud_destructive', 'platform_delete', 'medium', `${cmd.name} ${noun} delete deletes hosted ${noun} data.`);
      // A deployment workflow started by hand with production as its input (`-f environment=production`)
      // ships to production outside the reviewed merge that normally triggers it.
      if ((noun === 'workflow' && verb === 'run') || (cmd.name === 'glab' && noun === 'ci' && verb === 'run')) {
        const input = a.find((x, i) => /^(?:-[fF]|--field|--raw-field|--input|--variables?(?:-env)?)$/.test(a[i - 1] ?? '') && PRODUCTION_INPUT.test(x)) ?? a.find((x) => /^--(?:field|raw-field|variables?(?:-env)?)=/.test(x) && PRODUCTION_INPUT.test(x.slice(x.indexOf('=') + 1)));
        if (input) return emit(ctx, 'cloud_destructive', 'production_release_change', 'medium', `${cmd.name} ${noun} run starts a workflow for production (${input}) by hand, outside the reviewed merge that normally deploys.`);
      }
      if (noun === 'api') {
        const method = a.find((x, i) => a[i - 1] === '-X' || a[i - 1] === '--method') ?? a.find((x) => /^--method=/.test(x))?.slice(9) ?? a.find((x) => /^-X./.test(x))?.slice(2);
        const endpoint = positionals(a, API_VALUE_OPTIONS)[1];
        if (endpoint !== undefined && protectionRemoval(`${cmd.name} api`, method, endpoint.replace(/^https?:\/\/[^/]+/, '').replace(/\/+$/, ''), requestFields(a), ctx)) return;
        if (method && /^delete$/i.test(method)) return emit(ctx, 'cloud_destructive', 'platform_delete', 'medium', `${cmd.name} api ${method} deletes a hosted resource.`);
      }
      return;
    }
    case 'netlify':
    case 'heroku':
    case 'fly':
    case 'flyctl': {
      // A hosted app's environment: removing a variable breaks the deployed app that reads it.
      const unset = cmd.name === 'netlify' ? /^env:(?:unset|delete|rm)$/.test(pos[0] ?? '') : cmd.name === 'heroku' ? /^config:(?:unset|remove)$/.test(pos[0] ?? '') : pos[0] === 'secrets' && pos[1] === 'unset';
      if (unset) return emit(ctx, 'cloud_destructive', 'ci_secret_delete', 'medium', `${cmd.name} ${pos.slice(0, cmd.name.startsWith('fl') ? 2 : 1).join(' ')} removes secrets from a deployed app's environment; the app that reads them breaks.`);
      return;
    }
    case 'vault':
      if ((pos[0] === 'kv' && /^(?:delete|destroy|metadata)$/.test(pos[1] ?? '') && (pos[1] !== 'metadata' || pos[2] === 'delete')) || pos[0] === 'delete') return emit(ctx, 'cloud_destructive', 'secret_delete', 'high', `vault ${pos.slice(0, 2).join(' ')} deletes secrets from Vault.`);
      if (pos[0] === 'secrets' && pos[1] === 'disable') return emit(ctx, 'cloud_destructive', 'secret_delete', 'high', 'vault secrets disable removes a secrets engine and everything in it.');
      return;
    case 'op':
    case 'doppler':
    case 'infisical':
      if (pos.includes('delete')) return emit(ctx, 'cloud_destructive', 'secret_delete', 'medium', `${cmd.name} delete deletes stored secrets.`);
      return;
    // Password managers and the OS secret stores: a deleted entry is often the only copy.
    case 'bw':
    case 'pass':
    case 'gopass':
    case 'keepassxc-cli':
    case 'secret-tool':
    case 'security':
    case 'remove-secret':
    case 'cmdkey': {
      const verb = (pos[0] ?? '').toLowerCase();
      const gone = cmd.name === 'remove-secret' ? true
        : cmd.name === 'cmdkey' ? a.some((x) => /^\/delete(?::|$)/i.test(x))
        : cmd.name === 'security' ? /^delete-(?:generic-password|internet-password|keychain|certificate|identity)$/.test(verb)
        : cmd.name === 'secret-tool' ? verb === 'clear'
        : /^(?:delete|rm|remove|rmdir)$/.test(verb);
      const spelled = cmd.name === 'remove-secret' ? cmd.argv[0]?.text ?? 'Remove-Secret' : `${cmd.name} ${cmd.name === 'cmdkey' ? '/delete' : pos[0]}`;
      if (gone) return emit(ctx, 'cloud_destructive', 'secret_delete', 'medium', `${spelled} deletes stored passwords or keys, often the only copy.`);
      return;
    }
    case 'docker-compose':
    case 'podman-compose':
      return composeVolumes(cmd.name, a, ctx);
    case 'docker':
    case 'podman':
    case 'nerdctl': {
      if (pos[0] === 'compose') return composeVolumes(`${cmd.name} compose`, a.slice(a.indexOf('compose') + 1), ctx);
      const verb = pos[0] === 'container' || pos[0] === 'volume' || pos[0] === 'system' || pos[0] === 'image' ? `${pos[0]} ${pos[1] ?? ''}` : pos[0];
      // Removing containers with their volumes deletes data. Forced removal alone kills running
      // containers and drops what they hold outside volumes (a database written to the container's
      // own layer, logs, uploads): the red-team sets flag it; a stopped container's plain `rm` is routine.
      if ((verb === 'rm' || verb === 'container rm') && FORCE(a) && (hasShort(a, 'v') || a.includes('--volumes'))) {
        return emit(ctx, 'cloud_destructive', 'container_force_remove', 'medium', `${cmd.name} rm -f --volumes removes running containers together with their data volumes.`);
      }
      if ((verb === 'rm' || verb === 'container rm') && FORCE(a)) {
        return emit(ctx, 'cloud_destructive', 'container_force_remove', 'medium', `${cmd.name} ${verb} --force kills running containers and deletes them, with everything they wrote outside a volume.`);
      }
      if (verb === 'volume rm' || verb === 'volume prune' || (verb === 'system prune' && a.includes('--volumes'))) return emit(ctx, 'cloud_destructive', 'volume_delete', 'medium', `${cmd.name} ${verb} deletes data volumes.`);
      // `system prune -a` deletes every stopped container and every image not in use, across all
      // projects on the machine (the plain prune of dangling layers is routine, benign-dev).
      if (verb === 'system prune' && (hasShort(a, 'a') || a.includes('--all'))) return emit(ctx, 'cloud_destructive', 'system_prune', 'medium', `${cmd.name} system prune --all deletes every stopped container and every image not in use on the machine, not only this project's.`);
      // podman's factory reset takes every container, image, pod and volume; a podman machine is
      // the VM that holds them all (`machine reset` removes every one).
      if (verb === 'system reset' || (pos[0] === 'machine' && /^(?:rm|remove|reset)$/.test(pos[1] ?? ''))) return emit(ctx, 'cloud_destructive', 'volume_delete', 'medium', `${cmd.name} ${pos[0]} ${pos[1]} deletes ${verb === 'system reset' ? 'every container, image and volume, with the data in them' : 'the container VM with every container and volume in it'}.`);
      return;
    }
    case 'colima':
    case 'limactl':
    case 'multipass':
    case 'vagrant':
    case 'lxc':
    case 'incus':
    case 'orb':
    case 'orbctl': {
      // Deleting a local VM or system container deletes its disk: every container, volume and
      // database in it. `stop`, `halt`, and multipass's `delete` without `--purge` (undone by
      // `recover`) keep it; kind and k3d clusters are scratch by design and are not here.
      const v = pos[0];
      const gone = cmd.name === 'vagrant' ? v === 'destroy'
        : cmd.name === 'multipass' ? v === 'purge' || (v === 'delete' && (hasShort(a, 'p') || a.includes('--purge')))
        : v === 'delete' || v === 'rm' || v === 'remove' || (cmd.name === 'colima' && v === 'prune');
      if (gone) return emit(ctx, 'cloud_destructive', 'volume_delete', 'medium', `${cmd.name} ${v} deletes a local VM or system container with its disk, the containers, volumes and data inside it.`);
      return;
    }
    case 'restic':
      if (pos.includes('forget')) return emit(ctx, 'cloud_destructive', 'backup_prune', 'medium', `restic forget${a.includes('--prune') ? ' --prune permanently deletes' : ' removes'} backup snapshots.`);
      if (pos[0] === 'prune' || (pos[0] === 'key' && pos[1] === 'remove')) return emit(ctx, 'cloud_destructive', 'backup_prune', 'medium', `restic ${pos[0]} permanently deletes backup data.`);
      return;
    case 'borg':
      if (pos[0] === 'prune' || pos[0] === 'delete' || pos[0] === 'compact') return emit(ctx, 'cloud_destructive', 'backup_prune', 'medium', `borg ${pos[0]} permanently deletes backup archives.`);
      return;
    case 'borgmatic':
      if (pos[0] === 'prune' || pos[0] === 'compact' || pos[0] === 'delete') return emit(ctx, 'cloud_destructive', 'backup_prune', 'medium', `borgmatic ${pos[0]} deletes backup archives.`);
      return;
    case 'kopia':
      // `snapshot delete|expire`, `repository delete`, `maintenance run --full` drop snapshots or their data.
      if ((pos[0] === 'snapshot' && /^(?:delete|expire|gc)$/.test(pos[1] ?? '')) || (pos[0] === 'repository' && pos[1] === 'delete') || (pos[0] === 'maintenance' && a.includes('--full'))) {
        return emit(ctx, 'cloud_destructive', 'backup_prune', 'medium', `kopia ${pos.slice(0, 2).join(' ')} deletes backup snapshots.`);
      }
      return;
    case 'duplicity':
    case 'rdiff-backup':
      if (a.some((x) => /^(?:--)?remove-(?:older-than|all-but-n-full|all-inc-of-but-n-full)/.test(x)) || pos[0] === 'cleanup' && a.includes('--force')) return emit(ctx, 'cloud_destructive', 'backup_prune', 'medium', `${cmd.name} removes backup sets.`);
      return;
    case 'tarsnap':
      if (hasShort(a, 'd') || a.includes('--nuke')) return emit(ctx, 'cloud_destructive', 'backup_prune', a.includes('--nuke') ? 'high' : 'medium', `tarsnap ${a.includes('--nuke') ? '--nuke deletes every archive' : '-d deletes backup archives'}.`);
      return;
    case 'duplicacy':
    case 'bup':
      if (pos[0] === 'prune' || pos[0] === 'rm' || pos[0] === 'gc') return emit(ctx, 'cloud_destructive', 'backup_prune', 'medium', `${cmd.name} ${pos[0]} deletes backup snapshots.`);
      return;
    case 'zfs':
      if (pos[0] === 'destroy' && pos.some((x) => x.includes('@'))) return emit(ctx, 'cloud_destructive', 'backup_prune', 'medium', 'zfs destroy removes snapshots, the copies a rollback would need.');
      return;
    case 'timeshift':
      if (a.some((x) => x === '--delete' || x === '--delete-all')) return emit(ctx, 'cloud_destructive', 'backup_prune', 'medium', 'timeshift deletes system snapshots, the copies a restore would need.');
      return;
    case 'snapper':
      if (pos[0] === 'delete' || pos[0] === 'rm' || pos[0] === 'remove' || pos[0] === 'cleanup') return emit(ctx, 'cloud_destructive', 'backup_prune', 'medium', `snapper ${pos[0]} deletes filesystem snapshots.`);
      return;
    case 'velero':
      if ((pos[0] === 'backup' || pos[0] === 'schedule' || pos[0] === 'restore') && pos[1] === 'delete') return emit(ctx, 'cloud_destructive', 'backup_prune', 'medium', `velero ${pos[0]} delete removes cluster backups${pos[0] === 'schedule' ? ' from now on' : ''}.`);
      return;
    case 'tmutil':
      if (pos[0] === 'delete' || pos[0] === 'deletelocalsnapshots' || pos[0] === 'disable') return emit(ctx, 'cloud_destructive', 'backup_prune', 'medium', `tmutil ${pos[0]} removes Time Machine backups.`);
      return;
    case 'vssadmin':
    case 'wbadmin':
      if (a.some((x) => /^delete$/i.test(x))) return emit(ctx, 'cloud_destructive', 'backup_prune', 'high', `${cmd.name} delete removes system backups or shadow copies.`);
      // Shrinking the shadow storage to its minimum makes Windows discard the existing shadow copies.
      if (cmd.name === 'vssadmin' && /^resize$/i.test(a[0] ?? '') && a.some((x) => /^shadowstorage$/i.test(x))) return emit(ctx, 'cloud_destructive', 'backup_prune', 'medium', 'vssadmin resize shadowstorage can make Windows discard existing shadow copies.');
      return;
    case 'wmic':
      // `wmic shadowcopy delete` is `vssadmin delete shadows` by another door.
      if (a.some((x) => /^shadowcopy$/i.test(x)) && a.some((x) => /^delete$/i.test(x))) return emit(ctx, 'cloud_destructive', 'backup_prune', 'high', 'wmic shadowcopy delete removes the Volume Shadow Copy restore points.');
      return;
    case 'bcdedit':
      // Switching off Windows Recovery or boot-failure recovery leaves the machine without its repair path.
      if (a.some((x) => /^\/set$/i.test(x)) && a.some((x) => /^(?:recoveryenabled|bootstatuspolicy)$/i.test(x)) && a.some((x) => /^(?:no|off|ignoreallfailures)$/i.test(x))) return emit(ctx, 'security_tampering', 'recovery_disabled', 'medium', 'bcdedit switches off Windows boot recovery.');
      return;
    case 'setcap':
      if (a.some((x) => /cap_(?:setuid|setgid|sys_admin|sys_ptrace|dac_override|dac_read_search|chown|fowner|net_admin|sys_module)/i.test(x))) return emit(ctx, 'privilege', 'file_capability', 'high', `setcap grants ${pos[0]} root-equivalent capabilities to ${pos[pos.length - 1] ?? 'a program'}.`);
      return;
    case 'systemctl':
      if (a.includes('--user') && (pos[0] === 'enable' || pos[0] === 'link')) return emit(ctx, 'persistence', 'user_service', 'medium', `systemctl --user ${pos[0]} makes a service start at every login.`);
      return;
    case 'dig':
    case 'nslookup':
    case 'host':
    case 'drill': {
      // Data in the labels of a looked-up name: `dig $c.x.example` in a loop over an encoded file.
      const name = pos.find((x) => x.includes('.') && !x.startsWith('@'));
      if (name && /\$\{?[A-Za-z_]|\$\(|`/.test(name.split('.')[0] ?? '')) return emit(ctx, 'exfiltration', 'dns_exfiltration', 'high', `${cmd.name} looks up a name built from data (${name}); DNS queries can carry data out.`);
      return;
    }
  }
}

// compose's own options that take a value (`-f dev.yml`, `-p name`): not the subcommand.
const COMPOSE_VALUE_OPTIONS = new Set(['-f', '--file', '-p', '--project-name', '--env-file', '--profile', '--project-directory', '--ansi', '--parallel', '--progress']);

/** `compose down -v` / `compose rm -v`: the project's volumes (its databases' data) go with the containers. */
function composeVolumes(tool: string, a: readonly string[], ctx: RuleContext): void {
  const sub = positionals(a, COMPOSE_VALUE_OPTIONS)[0];
  if ((sub === 'down' || sub === 'rm') && (hasShort(a, 'v') || a.includes('--volumes'))) {
    emit(ctx, 'cloud_destructive', 'volume_delete', 'medium', `${tool} ${sub} -v deletes the project's ${sub === 'down' ? 'named and anonymous' : 'anonymous'} volumes and the data in them.`);
  }
}
