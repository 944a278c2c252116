// privilege and security_tampering: running as root, world-writable or setuid files,
// sudoers and group changes, and switching off the machine's defences (SELinux, AppArmor,
// firewalls, audit, EDR sensors, Gatekeeper, the agent hooks themselves, shell history).
import { deletionRisk, normalizePath } from '../paths.js';
import type { Script, SimpleCommand } from '../shell/types.js';
import type { Severity } from '../types.js';
import type { RuleContext } from './context.js';
import { hasShort, literalOutput, optionValue, optionValueCI, optionValues, positionals } from './facts.js';

const PRIV = 'privilege';
const GRANT_PROGRAMS = new Set(['gcloud', 'az', 'aws', 'kubectl', 'oc', 'icacls', 'gh', 'glab']);
const TAMPER = 'security_tampering';
const SECURITY_UNITS = /^(?:apparmor|auditd?|firewalld|ufw|iptables|ip6tables|nftables|netfilter-persistent|falcon-?sensor|falcond|crowdstrike\w*|sentinel\w*|cbagentd|cbdaemon|carbonblack\w*|cb-psc-sensor|osqueryd?|wazuh-agent|ossec\w*|elastic-agent|elastic-endpoint|mdatp|wdavdaemon|windefend|sense|mpssvc|msmpeng|clamav-daemon|clamd|fail2ban|santa|santad|com\.google\.santa\S*|com\.crowdstrike\S*|jamf\w*|xagt|cylance\w*|sophos\w*|tanium\w*|qualys\w*|rapid7\w*|ir_agent|nessusagent|aide|tripwire|rsyslog|syslog-ng|systemd-journald|eset\w*|kesl|avast\w*|bdsec\w*)(?:\.service)?$/i;
const SETUID_CRITICAL = /^(?:bash|sh|zsh|dash|ksh|fish|python[0-9.]*|perl|ruby|node|php|vim?|nano|find|env|cp|mv|less|more|awk|gawk|tar|nmap|docker|busybox|sudo|su)$/;
const ROOT_GROUPS = /^(?:sudo|wheel|admin|root|adm)$/;
const WINDOWS_ADMIN_GROUPS = /^["']?(?:administrators|domain admins|enterprise admins|schema admins|remote desktop users|backup operators|hyper-v administrators)["']?$/;
const ROOT_EQUIVALENT_GROUPS = /^(?:docker|lxd|libvirt|disk|kvm)$/;
// Programs inspectTamperCommand knows; anything else skips it without allocating.
const TAMPER_PROGRAMS = new Set(['wevtutil', 'clear-eventlog', 'remove-eventlog', 'setenforce', 'systemctl', 'service', 'launchctl', 'sc', 'stop-service', 'set-service', 'kill', 'pkill', 'killall', 'taskkill', 'stop-process', 'ufw', 'iptables', 'ip6tables', 'nft', 'pfctl', 'netsh', 'set-netfirewallprofile', 'set-mppreference', 'add-mppreference', 'aa-disable', 'aa-complain', 'aa-teardown', 'apparmor_parser', 'auditctl', 'spctl', 'csrutil', 'sysctl', 'history', 'unset', 'journalctl', 'rm', 'shred', 'mv', 'truncate', 'export']);
const HOOK_CONFIG = /(?:^|\/)(?:\.claude\/settings(?:\.local)?\.json|\.cursor\/hooks\.json|\.codeium\/windsurf\/hooks\.json|\.windsurf\/hooks\.json|\.gemini\/settings\.json|\.codex\/(?:config\.toml|hooks\.json|requirements\.toml)|\.copilot\/hooks\.json|\.github\/hooks\/[^/]+\.json|\.service-plugin\/.*)$/i;

// An agent's hook scripts (`.claude/hooks/guard.sh`) and their directory: a hook whose script is
// gone, empty or not executable fails, and the agents then let the call through (fail open).
// (Copilot's hooks directory holds JSON hook files, judged by the guard-rail rules.)
const HOOK_SCRIPT = /(?:^|\/)(?:(?:\.(?:claude|cursor|gemini|codex|windsurf)|\.codeium\/windsurf)\/hooks(?:\/[^/]+)?\/?|\.github\/hooks\/[^/]+)$/i;
// A script that does nothing: empty, a shebang alone, or `exit 0` / `true` / `:`.
const NO_OP_SCRIPT = /^\s*(?:#![^\n]*\n)?\s*(?:(?:exit\s+0|true|:)\s*;?\s*)?$/;

function emit(ctx: RuleContext, category: string, severity: Severity, rule: string, reason: string): void {
  ctx.emit({ patternName: `${category}.${rule}`, severity, category, layer: 'builtin', reason });
}

const AUTH_CONFIG = /^(?:\/private)?\/etc\/(?:passwd|shadow|group|gshadow|master\.passwd|doas\.conf|pam\.d\/[^/]+|pam\.conf|ssh\/sshd_config(?:\.d\/[^/]+)?|polkit-1\/(?:rules\.d|localauthority)\/.+|security\/access\.conf)$/;
const AUTH_GRANT = /^[^:\n]+:[^:\n]*:0:\d+:|pam_permit\.so|^\s*PermitRootLogin\s+yes|^\s*PermitEmptyPasswords\s+yes|^\s*permit\s+(?:persist\s+)?nopass\b|polkit\.Result\.YES|^\s*(?:sudo|wheel|admin|root|docker):[^:\n]*:\d+:[^\n]*\w/m;

/** Agent hook configuration: editing it can switch this very policy off. */
export function isHookConfig(path: string): boolean {
  return HOOK_CONFIG.test(normalizePath(path));
}

export function inspectPrivilegedWrite(path: string, content: string | undefined, ctx: RuleContext, how = 'Writes to'): void {
  // Normalised once (it was once per check: every redirect and cp/mv target of every command comes here).
  const p = normalizePath(path);
  if (content !== undefined && NO_OP_SCRIPT.test(content) && HOOK_SCRIPT.test(p) && !p.endsWith('.json')) {
    emit(ctx, TAMPER, 'high', 'agent_hook_script', `${how} the agent hook script ${path} with a script that does nothing, so the checks the hook ran stop.`);
  }
  if (p === '/etc/sudoers' || p.startsWith('/etc/sudoers.d/')) {
    const nopasswd = !!content && /NOPASSWD/i.test(content);
    emit(ctx, PRIV, nopasswd ? 'critical' : 'high', 'sudoers_edit', `${how} ${path}${nopasswd ? ', granting password-less root' : ', changing who may become root'}.`);
  }
  // The files that decide who logs in and who is root: accounts, groups, PAM, sshd, doas, polkit.
  // Writing them from an agent grants access; a grant spelled in the content (uid 0, pam_permit,
  // root or empty-password ssh logins, `permit nopass`, polkit YES) is worse.
  if ((p.startsWith('/etc/') || p.startsWith('/private/etc/')) && AUTH_CONFIG.test(p)) {
    const grant = content ? AUTH_GRANT.exec(content.slice(0, 65_536)) : null;
    emit(ctx, PRIV, grant ? 'high' : 'medium', 'auth_config_edit', `${how} ${path}, which decides who may log in or become root${grant ? ` (\`${grant[0].trim().slice(0, 60)}\` grants access)` : ''}.`);
  }
  // A write to an agent's hook configuration is judged where its content is worked out:
  // guard-rails.ts for the file tools, guard-rails-shell.ts for the shell (inspectHookConfigWrite).
  if (p === '/etc/selinux/config' && content && /SELINUX\s*=\s*(?:disabled|permissive)/i.test(content)) {
    emit(ctx, TAMPER, 'high', 'selinux_disable', 'Disables SELinux in its configuration file.');
  }
}

/** A chmod mode after which the owner cannot run the file: an octal mode without the owner's x, or `-x` / `u-x` / `a-x` / `u=rw`. */
function ownerCannotRun(mode: string): boolean {
  if (/^[0-7]{3,4}$/.test(mode)) return (Number(mode.padStart(4, '0')[1]) & 1) === 0;
  return mode.split(',').some((c) => /^[ua]*-[rwXst]*x/.test(c) || /^[ua]*=[rwst]*$/.test(c) || /^[ugoa]*-[rwxXst]*r/.test(c));
}

function chmodModes(args: readonly string[]): { worldWritable: boolean; setuid: boolean; recursive: boolean } {
  const recursive = hasShort(args, 'R') || args.includes('--recursive');
  const mode = positionals(args)[0] ?? '';
  if (/^[0-7]{3,4}$/.test(mode)) {
    const d = mode.padStart(4, '0');
    return { worldWritable: '2367'.includes(d[3]), setuid: (Number(d[0]) & 6) !== 0, recursive };
  }
  let worldWritable = false;
  let setuid = false;
  for (const clause of mode.split(',')) {
    const m = /^([ugoa]*)([+=])([rwxXst]*)$/.exec(clause);
    if (!m) continue;
    if (/[oa]/.test(m[1]) && m[3].includes('w')) worldWritable = true;
    if (m[3].includes('s')) setuid = true;
  }
  return { worldWritable, setuid, recursive };
}

// Access grants: an owner/admin role, or any role to everyone, given on a cloud account, a
// cluster, a repository, a database or a system directory. Routine grants (a viewer role, SELECT
// on one table, read access for a service account) are not flagged.
const BROAD_ROLE = /^(?:roles\/(?:owner|editor|[\w.]*admin\w*|iam\.\w+|resourcemanager\.\w+)|owner|contributor|user access administrator|[\w ]*administrator|cluster-admin|admin|maintain|arn:aws:iam::aws:policy\/(?:administratoraccess|iamfullaccess|poweruseraccess))$/i;
const EVERYONE = /^(?:allusers|allauthenticatedusers|everyone|\*s-1-1-0|authenticated users|\*s-1-5-11|users|builtin\\users|system:(?:authenticated|unauthenticated|anonymous)|system:serviceaccounts)$/i;

function grantFinding(ctx: RuleContext, what: string, to: string | undefined, role: string): void {
  emit(ctx, PRIV, 'medium', 'access_grant', `Grants ${role} ${what}${to ? ` to ${to}` : ''}, a privilege grant that outlives the session.`);
}

/** `gcloud … add-iam-policy-binding`, `az role assignment create`, `aws iam attach-*-policy`, `kubectl create (cluster)rolebinding`, `icacls /grant`, `gh api …/collaborators`. */
function inspectAccessGrant(cmd: SimpleCommand, ctx: RuleContext): void {
  const args = cmd.args;
  switch (cmd.name) {
    case 'gcloud': {
      if (!args.includes('add-iam-policy-binding')) return;
      const role = optionValue(args, ['--role']) ?? '';
      const member = optionValue(args, ['--member']) ?? '';
      const who = member.replace(/^\w+:/, '');
      if (BROAD_ROLE.test(role) || EVERYONE.test(who)) grantFinding(ctx, `on ${args[args.indexOf('add-iam-policy-binding') + 1] ?? 'a Google Cloud resource'}`, member, role);
      return;
    }
    case 'az': {
      if (args[0] !== 'role' || args[1] !== 'assignment' || args[2] !== 'create') return;
      const role = optionValue(args, ['--role']) ?? '';
      if (BROAD_ROLE.test(role)) grantFinding(ctx, `on ${optionValue(args, ['--scope']) ?? 'an Azure scope'}`, optionValue(args, ['--assignee', '--assignee-object-id']), role);
      return;
    }
    case 'aws': {
      // An inline policy that allows every action (`"Action": "*"` or `"iam:*"`) is administrator access by another name.
      if (args[0] === 'iam' && /^(?:put-(?:user|role|group)-policy|create-policy|create-policy-version)$/.test(args[1] ?? '')) {
        const doc = optionValue(args, ['--policy-document']) ?? '';
        if (/"Effect"\s*:\s*"Allow"/i.test(doc) && /"(?:Action|NotAction)"\s*:\s*(?:\[\s*)?"(?:\*|iam:\*|\*:\*)"/i.test(doc)) grantFinding(ctx, 'on the AWS account', optionValue(args, ['--user-name', '--role-name', '--group-name', '--policy-name']), 'an inline policy allowing every action');
        return;
      }
      if (args[0] !== 'iam' || !/^(?:attach-(?:user|role|group)-policy|add-user-to-group)$/.test(args[1] ?? '')) return;
      const policy = optionValue(args, ['--policy-arn']) ?? '';
      const group = optionValue(args, ['--group-name']) ?? '';
      if (BROAD_ROLE.test(policy) || /^(?:admins?|administrators?)$/i.test(group)) grantFinding(ctx, 'on the AWS account', optionValue(args, ['--user-name', '--role-name', '--group-name']), policy || `the ${group} group`);
      return;
    }
    case 'kubectl':
    case 'oc': {
      if (args[0] !== 'create' || !/^(?:clusterrolebinding|rolebinding)$/.test(args[1] ?? '')) return;
      const role = optionValue(args, ['--clusterrole', '--role']) ?? '';
      const subjects = optionValues(args, ['--user', '--group', '--serviceaccount']);
      if (BROAD_ROLE.test(role) || subjects.some((g) => EVERYONE.test(g))) grantFinding(ctx, `in the cluster (${args[1]})`, subjects.join(', '), role);
      return;
    }
    case 'icacls': {
      const i = args.findIndex((a) => /^\/grant(?::r)?$/i.test(a));
      const grant = i >= 0 ? args[i + 1] ?? '' : '';
      const m = /^(.+):(?:\([^)]*\))*\(?([FMW])\)?/i.exec(grant);
      if (!m || !EVERYONE.test(m[1])) return;
      const target = args[0] ?? '';
      const system = /^[a-z]:[\\/](?:windows|program files)/i.test(target);
      emit(ctx, PRIV, system ? 'high' : 'medium', 'access_grant', `Grants ${m[1]} ${m[2].toUpperCase() === 'F' ? 'full control' : 'write access'} on ${target}${system ? ', a system directory' : ''}.`);
      return;
    }
    case 'glab': {
      // GitLab's API: a member added or raised to Maintainer (40) or Owner (50).
      if (args[0] !== 'api' || !args.some((a) => /\/members(?:\/|$)/.test(a))) return;
      const level = optionValues(args, ['-f', '-F', '--field', '--raw-field']).find((v) => /^access_level=/i.test(v))?.slice(13) ?? '';
      if (/^(?:40|50)$/.test(level)) grantFinding(ctx, `on the project or group (${args.find((a) => /\/members/.test(a))})`, undefined, level === '50' ? 'Owner' : 'Maintainer');
      return;
    }
    case 'gh': {
      if (args[0] !== 'api') return;
      const path = args.find((a) => /\/collaborators\/|\/teams\/[^/]+\/repos\//.test(a));
      const perm = optionValues(args, ['-f', '-F', '--field', '--raw-field']).find((v) => /^permission=/i.test(v))?.slice(11) ?? '';
      if (path && BROAD_ROLE.test(perm)) grantFinding(ctx, `on the repository (${path})`, undefined, `${perm} permission`);
      return;
    }
  }
}

/** GRANTs of everything, superuser or admin roles, or grants to PUBLIC, in SQL text. */
export function sqlGrant(sql: string): string | null {
  if (!/\b(?:grant|superuser|sysadmin|sp_addsrvrolemember)\b/i.test(sql)) return null;
  for (const stmt of sql.slice(0, 65_536).replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ').split(';')) {
    const s = stmt.trim();
    if (/^(?:alter|create)\s+(?:role|user)\b[\s\S]*\b(?:superuser|createrole|bypassrls)\b/i.test(s) && !/\bno(?:superuser|createrole|bypassrls)\b/i.test(s)) return s.slice(0, 80);
    if (/^grant\b/i.test(s) && (/^grant\s+all\b|\bon\s+\*\.\*|\bto\s+public\b|\bwith\s+(?:grant|admin)\s+option\b/i.test(s) || /^grant\s+(?:rds_superuser|cloudsqlsuperuser|azure_pg_admin|pg_(?:write_server_files|execute_server_program|read_server_files)|db_owner|sysadmin|dba|postgres)\b/i.test(s))) return s.slice(0, 80);
    if (/^(?:alter\s+server\s+role\s+sysadmin\s+add\s+member|exec(?:ute)?\s+sp_addsrvrolemember)\b/i.test(s)) return s.slice(0, 80);
  }
  return null;
}

// A role binding in a Kubernetes manifest that hands cluster-admin (or any role to everyone).
const RBAC_KIND = /\bkind:\s*["']?(?:Cluster)?RoleBinding\b/;
const RBAC_ADMIN = /\bname:\s*["']?cluster-admin\b|\bname:\s*["']?system:(?:authenticated|unauthenticated|anonymous)\b/;

/** A manifest (written, applied, or sent through an MCP tool) that binds cluster-admin or binds everyone. */
export function inspectManifestGrant(text: string, ctx: RuleContext): void {
  if (!text.includes('RoleBinding') || !RBAC_KIND.test(text) || !RBAC_ADMIN.test(text)) return;
  const everyone = /system:(?:authenticated|unauthenticated|anonymous)/.exec(text);
  emit(ctx, PRIV, everyone ? 'high' : 'medium', 'access_grant', `Binds ${/cluster-admin/.test(text) ? 'cluster-admin' : 'a role'} in a Kubernetes role binding${everyone ? ` to ${everyone[0]}, every caller of the cluster` : ''}, a privilege grant that outlives the session.`);
}

// MCP tools that add a member, collaborator or role binding: the role they hand out is an argument.
const MCP_GRANT_TOOL = /collaborator|member|permission|role|grant|access|invite|share/;
const MCP_ROLE_KEYS = new Set(['permission', 'role', 'role_name', 'rolename', 'access_level', 'accesslevel', 'level', 'clusterrole', 'policy_arn', 'policyarn']);

/** An MCP call that grants an owner/admin role (`add_collaborator {permission: admin}`) or binds cluster-admin in a manifest. */
export function inspectMcpGrant(tool: string, args: Record<string, unknown>, text: string, ctx: RuleContext): void {
  inspectManifestGrant(text, ctx);
  if (!MCP_GRANT_TOOL.test(tool.toLowerCase())) return;
  for (const [k, v] of Object.entries(args)) {
    if (typeof v !== 'string' || !MCP_ROLE_KEYS.has(k.toLowerCase()) || !BROAD_ROLE.test(v.trim())) continue;
    const to = ['username', 'user', 'member', 'assignee', 'email', 'principal', 'subject'].map((n) => args[n]).find((x): x is string => typeof x === 'string');
    return grantFinding(ctx, `through ${tool}`, to, `the ${v} role`);
  }
}

export function inspectPrivilegeCommand(cmd: SimpleCommand, ctx: RuleContext): void {
  const args = cmd.args;
  if (GRANT_PROGRAMS.has(cmd.name)) return inspectAccessGrant(cmd, ctx);
  switch (cmd.name) {
    case 'chmod': {
      const pos = positionals(args);
      const m = chmodModes(args);
      const targets = pos.slice(1);
      // A hook script its owner can no longer run (`chmod -x`, `000`, `644`): the hook fails open.
      // (`chmod -x f`: the mode reads like an option.)
      const mode = args.find((a) => /^[0-7]{3,4}$|^[ugoa]*[-+=][rwxXst]*(?:,|$)/.test(a)) ?? '';
      const hook = args.find((t) => t !== mode && !t.startsWith('-') && HOOK_SCRIPT.test(normalizePath(t)) && !t.endsWith('.json'));
      if (hook && ownerCannotRun(mode)) emit(ctx, TAMPER, 'high', 'agent_hook_script', `chmod ${mode} makes the agent hook script ${hook} unrunnable; the hook then fails and the agent lets calls through unchecked.`);
      if (m.setuid) {
        const bin = targets.find((t) => SETUID_CRITICAL.test(t.split('/').pop() ?? ''));
        emit(ctx, PRIV, bin ? 'critical' : 'high', 'setuid', bin ? `Sets the setuid bit on ${bin}, giving every local user a root ${bin.split('/').pop()}.` : `Sets the setuid/setgid bit on ${targets.join(' ')}, which runs it with its owner's rights.`);
      }
      if (m.worldWritable) {
        const risks = targets.map((t) => ({ t, r: deletionRisk(t, ctx.cwd, cmd.cwdIsSubdir) }));
        const crit = risks.find((x) => x.r?.severity === 'critical');
        const socket = targets.find((t) => /(?:docker|containerd|podman)\.sock$/.test(t));
        if (crit) emit(ctx, PRIV, 'critical', 'world_writable_system', `Makes ${crit.r!.label} world-writable${m.recursive ? ' recursively' : ''}.`);
        else if (socket) emit(ctx, PRIV, 'high', 'world_writable_socket', `Opens ${socket} to every user, which is equivalent to giving them root.`);
        else if (risks.some((x) => x.r && (x.r.severity === 'high'))) emit(ctx, PRIV, 'high', 'world_writable_system', `Makes ${targets.join(' ')} world-writable.`);
        else emit(ctx, PRIV, 'medium', 'world_writable', `Makes ${targets.join(' ')} world-writable${m.recursive ? ' recursively' : ''}; any local user or process can then change it.`);
      } else if (m.recursive && !m.setuid) {
        // Every file of a system directory at the same change: /etc/shadow readable by all, sudoers
        // and ssh host keys at modes their programs refuse (sudo and sshd stop working).
        const crit = targets.find((t) => t.startsWith('/') && deletionRisk(t, ctx.cwd, cmd.cwdIsSubdir)?.severity === 'critical');
        if (crit) emit(ctx, PRIV, 'high', 'chmod_system', `Recursively changes the permissions of every file in the system directory ${crit}: private files can become readable and programs such as sudo and sshd refuse to run with modes they were not installed with.`);
      }
      return;
    }
    case 'chown':
    case 'chgrp': {
      const crit = positionals(args).slice(1).map((t) => deletionRisk(t, ctx.cwd)).find((r) => r?.severity === 'critical');
      if (crit && hasShort(args, 'R')) emit(ctx, PRIV, 'high', 'chown_system', `Recursively changes the owner of ${crit.label}.`);
      return;
    }
    case 'usermod':
    case 'gpasswd':
    case 'adduser':
    case 'dseditgroup': {
      const groups = [...args.filter((_, i) => /^-[a-zA-Z]*G$/.test(args[i - 1] ?? '') || args[i - 1] === '-a' && cmd.name === 'gpasswd'), ...positionals(args)].flatMap((g) => g.split(','));
      if (groups.some((g) => ROOT_GROUPS.test(g))) emit(ctx, PRIV, 'high', 'admin_group', `Adds a user to an administrator group (${groups.filter((g) => ROOT_GROUPS.test(g)).join(', ')}).`);
      else if (groups.some((g) => ROOT_EQUIVALENT_GROUPS.test(g))) emit(ctx, PRIV, 'medium', 'root_equivalent_group', `Adds a user to the ${groups.find((g) => ROOT_EQUIVALENT_GROUPS.test(g))} group, which is equivalent to root.`);
      return;
    }
    // macOS Directory Service: `dscl . -append /Groups/admin GroupMembership U` (also `-merge`).
    case 'dscl': {
      const at = args.findIndex((a) => /^-(?:append|merge|create)$/i.test(a));
      const group = at >= 0 ? /^\/groups\/([^/]+)$/i.exec(args[at + 1] ?? '')?.[1] : undefined;
      if (group && ROOT_GROUPS.test(group) && /^(?:GroupMembership|GroupMembers)$/i.test(args[at + 2] ?? '')) emit(ctx, PRIV, 'high', 'admin_group', `Adds a user to an administrator group (${group}).`);
      return;
    }
    // Windows: `net localgroup administrators X /add` and `Add-LocalGroupMember -Group Administrators`
    // are `usermod -aG sudo`; `net user X P /add` / `New-LocalUser` create an account (a login
    // the agent chose the password of), which the user should see.
    case 'net':
    case 'net1': {
      const lower = args.map((a) => a.toLowerCase());
      if (!lower.includes('/add')) return;
      if (lower[0] === 'localgroup' && WINDOWS_ADMIN_GROUPS.test(lower[1] ?? '')) emit(ctx, PRIV, 'high', 'admin_group', `Adds ${args[2] ?? 'a user'} to the Windows ${args[1]} group.`);
      else if (lower[0] === 'user') emit(ctx, PRIV, 'medium', 'account_create', `Creates the Windows account ${args[1] ?? ''} with a password set on the command line.`);
      return;
    }
    case 'add-localgroupmember':
    case 'add-adgroupmember': {
      const group = optionValueCI(args, '-group') ?? optionValueCI(args, '-identity') ?? positionals(args)[0] ?? '';
      if (WINDOWS_ADMIN_GROUPS.test(group.toLowerCase())) emit(ctx, PRIV, 'high', 'admin_group', `Adds a user to the Windows ${group} group.`);
      return;
    }
    case 'new-localuser':
      emit(ctx, PRIV, 'medium', 'account_create', 'Creates a local Windows account.');
      return;
    case 'useradd':
      if (args.includes('-o') && args.some((a, i) => args[i - 1] === '-u' && a === '0')) emit(ctx, PRIV, 'critical', 'uid0_user', 'Creates a second user with uid 0 (root).');
      return;
    case 'visudo':
      if (args.includes('-f')) emit(ctx, PRIV, 'high', 'sudoers_edit', 'Edits sudoers rules.');
      return;
    case 'su':
      if (!args.includes('-c') && !args.includes('--command')) emit(ctx, PRIV, 'medium', 'root_shell', 'Opens a root shell.');
      return;
    case 'docker':
    case 'podman':
      if (args[0] === 'run' || args[0] === 'create') {
        if (args.some((a, i) => (args[i - 1] === '-v' || args[i - 1] === '--volume') && /^\/:/.test(a))) emit(ctx, PRIV, 'high', 'container_host_mount', 'Mounts the host root filesystem into a container.');
        else if (args.includes('--privileged')) emit(ctx, PRIV, 'medium', 'privileged_container', 'Runs a privileged container, which can take over the host.');
      }
      return;
  }
  inspectTamperCommand(cmd, ctx);
}

// Variables that switch certificate or checksum checks off for every later command of the session.
const INSECURE_ENV = /^(?:node_tls_reject_unauthorized=0|git_ssl_no_verify=(?:1|true|yes)|pythonhttpsverify=0|gosumdb=off|goinsecure=.+|gonosumcheck=1|goflags=.*-insecure.*)$/;
const FALSE = /^(?:false|0|no|off)$/;

/**
 * What a command switches off when it disables TLS certificate or checksum verification for later
 * fetches, set in a tool's configuration or exported to the session (`git config --global
 * http.sslVerify false`, `npm config set strict-ssl false`, `go env -w GOSUMDB=off`, `export
 * NODE_TLS_REJECT_UNAUTHORIZED=0`); undefined otherwise. `git -c http.sslVerify=false clone …`
 * (one command) is not a setting. Keys and values are compared in lower case, shown as written.
 */
function tlsVerificationOff(name: string, args: readonly string[]): string | undefined {
  // Only settings commands can switch a check off: `git config`, `npm config`, `go env`, an export
  // with an assignment. Most git and npm commands are none of these (nothing is allocated for them).
  const verb = args[0]?.toLowerCase();
  if (name === 'export' ? !args.some((a) => a.includes('=')) : name === 'go' ? verb !== 'env' : verb !== 'config') return undefined;
  const lower = args.map((a) => a.toLowerCase());
  const shown = args.filter((a) => !a.startsWith('-'));
  const pos = shown.map((a) => a.toLowerCase());
  switch (name) {
    case 'git': {
      if (lower[0] !== 'config') return undefined;
      const at = pos.findIndex((a) => /^http\.(?:.+\.)?sslverify$/.test(a));
      return at >= 0 && FALSE.test(pos[at + 1] ?? '') ? `git config sets ${shown[at]} to ${shown[at + 1]}` : undefined;
    }
    case 'npm':
    case 'pnpm':
    case 'yarn': {
      if (lower[0] !== 'config' || lower[1] !== 'set') return undefined;
      const [key, value] = shown[2]?.includes('=') ? shown[2].split('=', 2) : [shown[2], shown[3]];
      return /^(?:strict-ssl|enablestrictssl)$/i.test(key ?? '') && FALSE.test((value ?? '').toLowerCase()) ? `${name} config sets ${key} to ${value}` : undefined;
    }
    case 'pip':
    case 'pip3':
      return lower[0] === 'config' && lower[1] === 'set' && /\.trusted-host$/.test(pos[2] ?? '') ? `${name} config trusts ${shown[3] ?? 'a host'} without checking its certificate` : undefined;
    case 'conda':
      return lower[0] === 'config' && lower.includes('--set') && pos.includes('ssl_verify') && FALSE.test(pos[pos.indexOf('ssl_verify') + 1] ?? '') ? 'conda config sets ssl_verify to false' : undefined;
    case 'go': {
      // `go env -w NAME=value` sets what `export` would, for every later go command.
      const v = lower[0] === 'env' && lower.includes('-w') ? shown.find((a) => INSECURE_ENV.test(a.toLowerCase())) : undefined;
      return v ? `go env -w sets ${v}` : undefined;
    }
    case 'export': {
      const v = shown.find((a) => INSECURE_ENV.test(a.toLowerCase()));
      return v ? `export sets ${v} for the session` : undefined;
    }
  }
  return undefined;
}

// Programs whose settings can switch certificate or checksum checks off (tlsVerificationOff).
const TLS_SETTERS: ReadonlySet<string> = new Set(['git', 'npm', 'pnpm', 'yarn', 'pip', 'pip3', 'go', 'conda', 'export']);

function inspectTamperCommand(cmd: SimpleCommand, ctx: RuleContext): void {
  const args = cmd.args;
  if (TLS_SETTERS.has(cmd.name)) {
    const tls = tlsVerificationOff(cmd.name, args);
    if (tls) emit(ctx, TAMPER, 'medium', 'tls_verification_off', `${tls}: packages and code fetched afterwards are no longer checked against their certificates or checksums, so a network attacker can replace them.`);
  }
  if (!TAMPER_PROGRAMS.has(cmd.name)) {
    if (cmd.assignments.length && cmd.assignments.some((a) => /^HISTFILE=\/dev\/null$/.test(a))) emit(ctx, TAMPER, 'medium', 'history_tampering', 'Stops the shell from recording history.');
    return;
  }
  const lower = args.map((a) => a.toLowerCase());
  const t = (severity: Severity, rule: string, reason: string) => emit(ctx, TAMPER, severity, rule, reason);
  switch (cmd.name) {
    case 'setenforce':
      if (/^(?:0|permissive)$/i.test(args[0] ?? '')) t('high', 'selinux_disable', 'Switches SELinux to permissive mode, turning off mandatory access control.');
      return;
    case 'systemctl':
    case 'service':
    case 'launchctl':
    case 'sc':
    case 'stop-service':
    case 'set-service': {
      const verbs = /^(?:stop|disable|mask|kill|unload|bootout|remove|config)$/;
      const stopping = cmd.name === 'service' ? lower.includes('stop') : cmd.name === 'stop-service' || (cmd.name === 'set-service' && lower.includes('disabled')) || lower.some((a) => verbs.test(a));
      const unit = args.find((a) => SECURITY_UNITS.test(a.split('/').pop() ?? ''));
      if (stopping && unit) t('high', 'security_service_stop', `Stops or disables the security service ${unit}.`);
      return;
    }
    case 'kill':
    case 'pkill':
    case 'killall':
    case 'taskkill':
    case 'stop-process': {
      // `Stop-Process -Name *` (or `taskkill /F /IM *`) ends every process the user may end: the
      // session, editors and the agent itself.
      if (args.includes('*') && (cmd.name === 'stop-process' || cmd.name === 'taskkill')) {
        t('medium', 'kill_all_processes', `\`${cmd.name} … *\` kills every process the user owns.`);
        return;
      }
      const victim = args.find((a) => SECURITY_UNITS.test(a.replace(/\.exe$/i, '')));
      if (victim) t('high', 'security_process_kill', `Kills the security agent ${victim}.`);
      return;
    }
    case 'ufw':
      if (lower[0] === 'disable' || (lower[0] === 'default' && lower[1] === 'allow')) t('high', 'firewall_disable', 'Turns off the host firewall.');
      return;
    case 'iptables':
    case 'ip6tables':
      if (args.some((a) => a === '-F' || a === '--flush') || (args.includes('-P') && lower.includes('accept'))) t('high', 'firewall_disable', `${cmd.name} flushes the firewall rules or sets the default policy to ACCEPT.`);
      return;
    case 'nft':
      if (lower[0] === 'flush' && lower[1] === 'ruleset') t('high', 'firewall_disable', 'Flushes every nftables firewall rule.');
      return;
    case 'pfctl':
      if (args.includes('-d')) t('high', 'firewall_disable', 'Disables the pf firewall.');
      return;
    case 'netsh':
      if (lower.includes('advfirewall') && lower.includes('off')) t('high', 'firewall_disable', 'Turns off Windows Defender Firewall.');
      return;
    case 'set-netfirewallprofile':
      if (lower.some((a) => /^-enabled$/.test(a)) && lower.some((a) => /^(?:\$?false|0)$/.test(a))) t('high', 'firewall_disable', 'Turns off Windows Defender Firewall.');
      return;
    case 'set-mppreference':
    case 'add-mppreference':
      if (lower.some((a) => a.startsWith('-disable') || a.startsWith('-exclusion'))) t('high', 'antivirus_disable', `${cmd.name} switches off or exempts Microsoft Defender protection.`);
      return;
    case 'aa-disable':
    case 'aa-complain':
    case 'aa-teardown':
      t('high', 'apparmor_disable', `${cmd.name} removes AppArmor confinement.`);
      return;
    case 'apparmor_parser':
      if (args.includes('-R') || args.includes('--remove')) t('high', 'apparmor_disable', 'Unloads AppArmor profiles.');
      return;
    case 'auditctl':
      if ((args.includes('-e') && args[args.indexOf('-e') + 1] === '0') || args.includes('-D')) t('high', 'audit_disable', 'Turns off the Linux audit subsystem or deletes its rules.');
      return;
    case 'spctl':
      if (lower.includes('--master-disable') || lower.includes('--global-disable')) t('high', 'gatekeeper_disable', 'Disables macOS Gatekeeper.');
      return;
    case 'csrutil':
      if (lower[0] === 'disable') t('high', 'sip_disable', 'Disables macOS System Integrity Protection.');
      return;
    case 'sysctl':
      if (args.some((a) => /kernel\.(?:randomize_va_space|yama\.ptrace_scope)=0/.test(a))) t('high', 'kernel_hardening_disable', 'Turns off a kernel hardening setting.');
      return;
    case 'history':
      if (args.includes('-c')) t('medium', 'history_tampering', 'Clears the shell history, hiding what was run.');
      return;
    case 'unset':
      if (args.includes('HISTFILE')) t('medium', 'history_tampering', 'Stops the shell from recording history.');
      return;
    case 'wevtutil':
    case 'clear-eventlog':
    case 'remove-eventlog':
      // Windows event logs (Security holds logons and audit events): cleared, the trail is gone.
      if (cmd.name !== 'wevtutil' || /^(?:cl|clear-log)$/i.test(args[0] ?? '')) t('medium', 'log_tampering', `${cmd.argv[0]?.text ?? cmd.name}${cmd.name === 'wevtutil' ? ` ${args[0]}` : ''} clears the Windows event log ${cmd.name === 'wevtutil' ? (args[1] ?? '') : (optionValueCI(args, '-logname') ?? positionals(args)[0] ?? '')}, erasing the audit trail.`);
      return;
    case 'journalctl':
      if (args.some((a) => a.startsWith('--vacuum') || a === '--rotate')) t('medium', 'log_tampering', 'Deletes system journal logs.');
      return;
    case 'rm':
    case 'shred':
    case 'mv':
    case 'truncate':
      // `mv SRC DEST` removes SRC; DEST is overwritten, which is judged as a write
      // (guard-rails-shell.ts), so `jq … f > t && mv t f` is not a removal of f.
      for (const p of cmd.name === 'mv' ? positionals(args).slice(0, -1) : positionals(args)) {
        if (isHookConfig(p)) t('high', 'agent_hook_config', `Removes the agent hook configuration ${p}, switching off policy enforcement.`);
        // Emptied in place, the hook's entry stays and runs nothing. (A script deleted, or the whole
        // hooks directory, is judged by the guard-rail rules: one old script is routine clean-up.)
        else if (cmd.name === 'truncate' && HOOK_SCRIPT.test(normalizePath(p)) && !/\.json$/i.test(p)) t('high', 'agent_hook_script', `Empties the agent hook script ${p}; the hook then runs nothing and the agent lets calls through unchecked.`);
        else if (/(?:^|\/)\.(?:bash|zsh)_history$/.test(p)) t('medium', 'history_tampering', `Destroys the shell history ${p}.`);
        else if (/^\/var\/log\//.test(p)) t('medium', 'log_tampering', `Deletes the system log ${p}.`);
      }
      return;
  }
  if (cmd.name === 'export' && args.some((a) => /^HISTFILE=\/dev\/null$|^HISTSIZE=0$/.test(a))) t('medium', 'history_tampering', 'Stops the shell from recording history.');
}

/** Redirects and tee into sudoers, hook configs, the SELinux config. */
function writtenData(cmd: SimpleCommand): string {
  return literalOutput(cmd) ?? cmd.pipeline.stages.slice(0, cmd.stage).flat().map(literalOutput).filter(Boolean).join('\n');
}

/**
 * The written data for inspectPrivilegedWrite, worked out only for the files whose judgement
 * reads it (sudoers, the SELinux config); for any other path the content changes nothing.
 */
function writtenDataFor(path: string, cmd: SimpleCommand): string | undefined {
  const p = normalizePath(path);
  return p === '/etc/sudoers' || p.startsWith('/etc/sudoers.d/') || p === '/etc/selinux/config' || (HOOK_SCRIPT.test(p) && cmd.name !== 'cp' && cmd.name !== 'mv' && cmd.name !== 'install') ? writtenData(cmd) : undefined;
}

export function inspectPrivilegedRedirects(cmd: SimpleCommand, ctx: RuleContext): void {
  for (const r of cmd.redirects) if (r.op.includes('>') && r.op !== '>&') inspectPrivilegedWrite(r.target.text, writtenDataFor(r.target.text, cmd), ctx, r.op.includes('>>') ? 'Appends to' : 'Overwrites');
  if (cmd.name === 'tee' || cmd.name === 'cp' || cmd.name === 'mv' || cmd.name === 'install') {
    const pos = positionals(cmd.args);
    const targets = cmd.name === 'tee' ? pos : pos.length >= 2 ? pos.slice(-1) : [];
    for (const p of targets) inspectPrivilegedWrite(p, writtenDataFor(p, cmd), ctx);
  }
  if ((cmd.name === 'sed' || cmd.name === 'perl') && cmd.args.some((a) => a.startsWith('-i') || a.startsWith('-pi'))) {
    const pos = positionals(cmd.args);
    for (const p of pos.slice(1)) inspectPrivilegedWrite(p, pos[0], ctx, 'Edits');
  }
}

// systemctl/service verbs that only look, and those that (re)start a unit as it is configured.
const LOOK_VERBS = new Set(['status', 'is-active', 'is-enabled', 'is-failed', 'show', 'cat', 'list-units', 'list-unit-files', 'list-timers', 'list-dependencies']);
const RESTART_VERBS = new Set(['start', 'restart', 'reload', 'try-restart', 'reload-or-restart', 'try-reload-or-restart', 'force-reload', 'condrestart']);
// Units whose restart interrupts everything on the host or the way in: every container (docker,
// containerd, kubelet), the network, remote logins, the defences (SECURITY_UNITS). Still warned.
const HOST_WIDE_UNITS = /^(?:docker|containerd|podman|crio|cri-o|kubelet|k3s|k3s-agent|microk8s|snap\.microk8s\.\S+|networking|network|NetworkManager|systemd-networkd|systemd-resolved|wpa_supplicant|sshd?|dbus|polkit|systemd-logind|gdm3?|lightdm|sddm)(?:\.service|\.socket)?$/i;

/**
 * `sudo systemctl restart nginx`, `sudo service php8.2-fpm reload`, `sudo systemctl status x`:
 * looking at a unit, or restarting an application service as it is configured, is routine
 * administration. Stopping, disabling or masking is not (and the defences are judged by
 * inspectTamperCommand); a unit whose restart cuts every container or the network stays warned.
 */
function routineServiceCommand(c: SimpleCommand): boolean {
  let verb: string | undefined;
  let units: string[];
  if (c.name === 'systemctl') {
    const pos = positionals(c.args);
    verb = pos[0];
    units = pos.slice(1);
    if (c.args.some((a) => a === '--user' || a === '-H' || a.startsWith('--host') || a === '-M' || a.startsWith('--machine'))) return false;
  } else if (c.name === 'service') {
    verb = c.args[1];
    units = c.args[0] ? [c.args[0]] : [];
    if (c.args.length !== 2) return false;
  } else return false;
  if (verb === undefined) return false;
  if (LOOK_VERBS.has(verb)) return true;
  return RESTART_VERBS.has(verb) && units.length > 0 && units.every((u) => !HOST_WIDE_UNITS.test(u) && !SECURITY_UNITS.test(u) && !/[*?[$`]/.test(u));
}

// Programs that only look at the system: reading as root shows what the user cannot see, and
// changes nothing. Secret files among what they read are judged by the credential rules.
const LOOK_PROGRAMS = new Set(['ls', 'du', 'df', 'stat', 'file', 'cat', 'head', 'tail', 'less', 'more', 'wc', 'zcat', 'lsof', 'ss', 'netstat', 'ps', 'pstree', 'lsblk', 'blkid', 'lspci', 'lsusb', 'lsmod', 'dmidecode', 'id', 'whoami', 'uname', 'getfacl', 'getcap', 'findmnt', 'lvs', 'pvs', 'vgs', 'lvdisplay', 'pvdisplay', 'vgdisplay', 'lvscan', 'pvscan', 'vgscan', 'lsns', 'lscpu', 'ausearch', 'aureport', 'last', 'lastlog', 'who', 'w', 'free', 'uptime', 'iotop', 'named-checkconf', 'named-checkzone', 'unbound-checkconf']);
// Options that make a log reader change the log (journalctl --vacuum-*, dmesg --clear).
const LOG_CHANGES: Record<string, RegExp> = {
  journalctl: /^--(?:vacuum|rotate|flush|sync|relinquish-var|setup-keys|update-catalog)/,
  dmesg: /^(?:-[a-zA-Z]*[cCDEn]|--(?:clear|read-clear|console-off|console-on|console-level))/,
};
// A daemon's configuration check: it parses its configuration and exits.
const CONFIG_TESTS: Record<string, readonly string[]> = { nginx: ['-t', '-T'], sshd: ['-t', '-T'], apachectl: ['configtest', '-t'], apache2ctl: ['configtest', '-t'], httpd: ['-t'], haproxy: ['-c'], postfix: ['check'], caddy: ['validate'] };
const CONTAINER_LOOKS = new Set(['ps', 'images', 'logs', 'inspect', 'stats', 'version', 'info', 'top', 'port', 'events', 'history']);

// The invoking user, as a chown owner: `$(whoami)`, `$USER`, `$(id -un)`, with an optional group.
const SELF_OWNER = /^(?:\$\(whoami\)|`whoami`|\$\{?USER\}?|\$\(id -un\)|\$\(id -u\))(?::(?:\$\(id -gn?\)|\$\{?USER\}?|staff|\$\(whoami\))?)?$/;

/**
 * `sudo chown -R $(whoami) ~/.npm`: giving the user back files under their own home that an earlier
 * root command left owned by root, the documented repair for npm and pip caches.
 */
function ownFilesBack(c: SimpleCommand): boolean {
  const pos = positionals(c.args);
  return pos.length >= 2 && SELF_OWNER.test(pos[0]) && pos.slice(1).every((p) => /^(?:~|\$\{?HOME\}?)\/[^.]/.test(p) || /^(?:~|\$\{?HOME\}?)\/\.(?:npm|cache|yarn|pnpm-store|local|config\/yarn|nvm|cargo|rustup|gradle|m2|pip|composer|bundle|gem|cocoapods)\b/.test(p) || projectPath(p));
}

/** A path inside the working directory (`./build`, `node_modules`, `dist/`): relative, no `..`, no variable, not a hidden top-level name. */
function projectPath(p: string): boolean {
  return /^(?:\.\/)?[\w@+-][\w@+.-]*(?:\/[\w@+.-]+)*\/?$/.test(p) && !p.split('/').includes('..');
}

// System package managers installing or refreshing named packages from the repositories the
// machine is configured with: the verbs and the options that change nothing else. A local
// package file or URL (`./x.deb`, `https://…/x.rpm`), a repository added on the line, or an option
// outside these (`-o Dpkg::Pre-Invoke=…`, `--allow-unauthenticated`, `--nogpgcheck`) is not this.
const REPO_INSTALL: Readonly<Record<string, { verbs: RegExp; options: RegExp }>> = {
  apt: { verbs: /^(?:install|update|upgrade|reinstall|list|show|search|policy)$/, options: /^(?:-y|--yes|--assume-yes|-q|-qq|--quiet|--no-install-recommends|--no-install-suggests|--only-upgrade|--fix-broken|-f|--reinstall|--upgradable|--installed)$/ },
  'apt-get': { verbs: /^(?:install|update|upgrade|reinstall|dist-upgrade)$/, options: /^(?:-y|--yes|--assume-yes|-q|-qq|--quiet|--no-install-recommends|--no-install-suggests|--only-upgrade|--fix-broken|-f|--reinstall)$/ },
  dnf: { verbs: /^(?:install|update|upgrade|reinstall|makecache|check-update|groupinstall)$/, options: /^(?:-y|--assumeyes|-q|--quiet|--refresh|--setopt=install_weak_deps=(?:False|false|0))$/ },
  yum: { verbs: /^(?:install|update|upgrade|reinstall|makecache|check-update|groupinstall)$/, options: /^(?:-y|--assumeyes|-q|--quiet)$/ },
  microdnf: { verbs: /^(?:install|update|upgrade|reinstall)$/, options: /^(?:-y|--assumeyes|--nodocs)$/ },
  zypper: { verbs: /^(?:install|in|update|up|refresh|ref)$/, options: /^(?:-n|--non-interactive|-y|--no-confirm|--no-recommends|-q|--quiet)$/ },
  apk: { verbs: /^(?:add|update|upgrade)$/, options: /^(?:--no-cache|--update|-U|--quiet|-q|--virtual|-t)$/ },
  pacman: { verbs: /^(?:-S|-Sy|-Syu|-Syy|-Syyu|-Su)$/, options: /^(?:--noconfirm|--needed|-q|--quiet)$/ },
  port: { verbs: /^(?:install|selfupdate|upgrade|sync)$/, options: /^(?:-N|-q|-v)$/ },
  snap: { verbs: /^(?:install|refresh)$/, options: /^(?:--classic|--stable|--beta|--edge|--candidate|--channel=[\w./-]+)$/ },
};
const PACKAGE_NAME = /^[A-Za-z0-9][\w+.:=~@-]*(?:\/[\w.-]+)?$/;

/**
 * `sudo apt-get install -y postgresql-client`, `sudo dnf install -y git`: packages from the
 * configured repositories, signed by their maintainers, are how a workstation gets tools; the red-team
 * sets label them ordinary work. A `.deb` from a download, another source or a loosened check is not.
 */
function repositoryInstall(c: SimpleCommand): boolean {
  const spec = Object.hasOwn(REPO_INSTALL, c.name) ? REPO_INSTALL[c.name] : undefined;
  if (!spec || c.redirects.some((r) => !/^(?:2?>{1,2}|&>)$/.test(r.op) || !/^\/dev\/null$/.test(r.target.text))) return false;
  let verb: string | undefined;
  for (const a of c.args) {
    if (verb === undefined && spec.verbs.test(a)) verb = a;
    else if (a.startsWith('-')) {
      if (!spec.options.test(a) && !(c.name === 'apk' && verb === undefined && a === '--virtual')) return false;
    } else if (verb === undefined || !PACKAGE_NAME.test(a) || a.startsWith('.') || (a.includes('/') && c.name !== 'apt' && c.name !== 'apt-get')) return false;
  }
  return verb !== undefined;
}

/** A command run as root that only looks: listings, logs, process and socket tables, configuration checks. */
function lookOnlyCommand(c: SimpleCommand): boolean {
  const name = c.name;
  if (LOOK_PROGRAMS.has(name)) return true;
  if (name === 'chown') return ownFilesBack(c);
  if (repositoryInstall(c)) return true;
  if (rootDiagnostic(c)) return true;
  // launchd's own listings (`sudo launchctl list`, `print system/…`, `blame`) show the system domain's jobs.
  if (name === 'launchctl') return /^(?:list|print|print-disabled|blame|dumpstate|version|help)$/.test(c.args[0] ?? '');
  // ZFS listings and status (`zpool status`, `zfs list -t snapshot`) and SMART reports change nothing.
  if (name === 'zpool') return /^(?:status|list|iostat|history|get|events)$/.test(c.args[0] ?? '');
  if (name === 'zfs') return /^(?:list|get)$/.test(c.args[0] ?? '');
  // Firewall listings: `ufw status`, `iptables -L -n`, `iptables -S`, `nft list ruleset`.
  if (name === 'ufw') return /^(?:status|show|version)$/.test(c.args[0] ?? '');
  if (name === 'iptables' || name === 'ip6tables' || name === 'iptables-save' || name === 'ip6tables-save') return name.endsWith('-save') ? c.redirects.length === 0 : c.args.length > 0 && c.args.some((a) => /^(?:-[a-zA-Z]*[LS][a-zA-Z]*|--list(?:-rules)?)$/.test(a)) && c.args.every((a) => !/^(?:-[a-zA-Z]*[ADIRFXPNZE][a-zA-Z]*|--(?:append|delete|insert|replace|flush|delete-chain|policy|new-chain|zero|rename-chain))$/.test(a));
  if (name === 'nft') return c.args[0] === 'list' || (c.args[0] === '-a' && c.args[1] === 'list');
  if (name === 'smartctl') return c.args.length > 0 && c.args.every((a) => /^(?:-[aiHxAcl]+|--(?:all|info|health|xall|attributes|scan)|\/dev\/\S+)$/.test(a));
  if (name === 'journalctl' || name === 'dmesg') return !c.args.some((a) => LOG_CHANGES[name].test(a));
  // `fdisk -l`, `parted -l`, `parted /dev/sda print` list partitions; anything else edits them.
  if (name === 'fdisk' || name === 'sfdisk' || name === 'parted') {
    const listing = c.args.some((a) => a === '-l' || a === '--list' || (name === 'parted' && a === 'print'));
    return listing && c.args.every((a) => a === '-l' || a === '--list' || a === 'print' || a.startsWith('/dev/'));
  }
  const tests = Object.hasOwn(CONFIG_TESTS, name) ? CONFIG_TESTS[name] : undefined;
  if (tests) return c.args.length > 0 && c.args.every((a) => tests.includes(a) || a === '-q');
  if (name === 'docker' || name === 'podman' || name === 'nerdctl') {
    const pos = positionals(c.args);
    return CONTAINER_LOOKS.has(pos[0]) || (pos[0] === 'compose' && (pos[1] === 'ps' || pos[1] === 'logs' || pos[1] === 'config' || pos[1] === 'ls')) || (name === 'docker' && daemonDoesTheWork(c.args, pos));
  }
  return false;
}

// Audits that only read the host (`lynis audit system`, `rkhunter --check`, `chkrootkit`), security
// status reports and live traffic or process views. rkhunter's --update/--propupd rewrite its database.
const AUDIT_PROGRAMS = new Set(['lynis', 'chkrootkit', 'aa-status', 'apparmor_status', 'sestatus', 'getenforce', 'iftop', 'nethogs', 'htop', 'top', 'btop']);

/**
 * Root-only diagnostics that change nothing: a host audit, a loopback capture with `tcpdump` (not
 * `-z`, which runs a command as root after each file), a firewall or rule listing (`ufw status`,
 * `iptables -L`, `nft list`), reading kernel settings with `sysctl`. Changes stay warned, even
 * routine ones (`ufw allow 8080`, `sysctl -w vm.max_map_count=…`, `modprobe`), as do `ufw reset`,
 * `insmod ./x.ko`, `rkhunter --propupd`, `lynis update`, `tcpdump -z`, `sysctl -p file`.
 */
function rootDiagnostic(c: SimpleCommand): boolean {
  const name = c.name;
  const args = c.args;
  if (AUDIT_PROGRAMS.has(name)) return name !== 'lynis' || args[0] === 'audit' || args[0] === 'show';
  if (name === 'rkhunter') return args.length > 0 && args.every((a) => /^(?:-c|--check|--sk|--skip-keypress|--rwo|--report-warnings-only|--list|--versioncheck|-q|--quiet)$/.test(a));
  // Loopback only: the developer's own services talking to each other. Any other interface can
  // carry other users' plaintext traffic and stays warned.
  if (name === 'tcpdump') return /^(?:lo0?|loopback)$/.test(optionValue(args, ['-i', '--interface']) ?? '') && !args.some((a) => /^-[a-yA-Z]*z/.test(a));
  if (name === 'ufw') return args.length > 0 && /^(?:status|show|version)$/.test(args[0]);
  if (name === 'iptables' || name === 'ip6tables') return args.some((a) => /^-[a-zA-Z]*[LS]|^--list/.test(a)) && args.every((a) => /^-(?:[LSnvxt]+|-list|-list-rules|-numeric|-verbose|-line-numbers|-exact)$/.test(a) || /^[A-Za-z][A-Za-z0-9_-]*$/.test(a));
  if (name === 'nft') return args[0] === 'list';
  if (name === 'sysctl') return args.every((a) => /^-[anN]+$/.test(a) || (!a.startsWith('-') && !a.includes('=')));
  return false;
}

// docker subcommands whose client writes files on this machine, or root's own settings, as the
// user who runs it: `cp` out of a container, `save`/`export -o`, a build's `--output`, `login`
// (root's credential store), `context`, `plugin`, `trust`.
const DOCKER_CLIENT_WRITES = new Set(['cp', 'save', 'export', 'login', 'logout', 'context', 'plugin', 'trust', 'config', 'swarm', 'secret']);

/**
 * `sudo docker compose up -d --build`, `sudo docker run …`: the docker daemon does the work, as
 * root, whether or not the client runs under sudo (the socket is root-equivalent: the public
 * corpus flags `usermod -aG docker`, not each docker command). What the containers do is judged
 * by the container rules (privileged containers, volume deletes) either way. Rootful podman and
 * nerdctl differ from their rootless modes and are not covered; nor are client-side writes.
 */
function daemonDoesTheWork(args: readonly string[], pos: readonly string[]): boolean {
  const sub = pos[0] === 'compose' || pos[0] === 'container' || pos[0] === 'image' || pos[0] === 'buildx' || pos[0] === 'builder' ? pos[1] : pos[0];
  if (!sub || DOCKER_CLIENT_WRITES.has(pos[0]) || DOCKER_CLIENT_WRITES.has(sub)) return false;
  return !args.some((a) => a === '-o' || a.startsWith('--output') || (a.startsWith('-o') && pos[0] !== 'compose') || a === '-H' || a.startsWith('--host') || a === '--config' || a.startsWith('--config='));
}

/** Anything run through sudo/doas is worth a confirmation, once per command line. */
export function inspectElevation(script: Script, ctx: RuleContext): void {
  // Commands sent to another host over ssh run there, not on this workstation.
  // Routine service management, commands that only look (logs, listings, `nginx -t`) and
  // `visudo -c` (a syntax check) are not worth a confirmation.
  const first = script.commands.find((c) => c.elevated && c.name !== '' && c.origin !== 'remote' && c.wrappers.some((w) => w === 'sudo' || w === 'doas' || w === 'pkexec' || w === 'run0') && !routineServiceCommand(c) && !lookOnlyCommand(c) && !(c.name === 'visudo' && c.args.length > 0 && c.args.every((a) => a === '-c' || a === '--check' || a === '-q' || a === '--quiet')));
  if (first) emit(ctx, PRIV, 'medium', 'elevated_command', `Runs \`${[first.name, ...first.args].join(' ').slice(0, 80)}\` as root.`);
}
