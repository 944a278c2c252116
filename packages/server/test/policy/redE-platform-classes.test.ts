// Red-team E (issue #16, round 2): platform-breadth classes a blind set missed (developer CLIs'
// login files and token printers, Windows browser stores, volume-manager and partition-tool
// wipes, warehouse and keyspace drops, /etc/shadow through NSS), and two false-positive classes
// (existence checks on secret paths, read-only storage listings under sudo). Each table holds
// members the blind set did not, and the everyday look-alikes that must stay allowed.
import { test } from 'node:test';
import fc from 'fast-check';
import assert from 'node:assert/strict';
import { decide, read, runTable, shell, type Row } from './helpers.js';

test('class E1: hosting and cloud CLIs keep a login token in a file of their own; reading it is a credential read', async (t) => {
  const rows: Row[] = [
    [shell('cat ~/.config/doctl/config.yaml'), 'deny', 'credential_access.cloud_cli_token'],
    [shell('cat ~/.pulumi/credentials.json'), 'deny', 'credential_access.cloud_cli_token'],
    [shell('grep access_token ~/.fly/config.yml'), 'deny', 'credential_access'],
    [shell('cat ~/.config/netlify/config.json'), 'deny', 'credential_access.cloud_cli_token'],
    [shell('cat ~/.local/share/com.vercel.cli/auth.json'), 'deny', 'credential_access.cloud_cli_token'],
    [shell('cat "$HOME/Library/Application Support/com.vercel.cli/auth.json"'), 'deny', 'credential_access.cloud_cli_token'],
    [shell('head ~/.config/configstore/firebase-tools.json'), 'deny', 'credential_access.cloud_cli_token'],
    [shell('cat ~/.supabase/access-token'), 'deny', 'credential_access.cloud_cli_token'],
    [shell('cat ~/.wrangler/config/default.toml'), 'deny', 'credential_access.cloud_cli_token'],
    [shell('cat ~/.config/hcloud/cli.toml'), 'deny', 'credential_access.cloud_cli_token'],
    [shell('cat ~/.databrickscfg'), 'deny', 'credential_access.cloud_cli_token'],
    [shell('cat ~/.snowsql/config'), 'deny', 'credential_access.database_password'],
    [shell('cat ~/.config/ngrok/ngrok.yml'), 'deny', 'credential_access.cloud_cli_token'],
    [shell('cat ~/.config/stripe/config.toml'), 'deny', 'credential_access.cloud_cli_token'],
    [shell('cat ~/.composer/auth.json'), 'deny', 'credential_access'],
    [read('/home/dev/.circleci/cli.yml'), 'deny', 'credential_access.cloud_cli_token'],
    [read('/home/dev/.config/doctl/config.yaml'), 'deny', 'credential_access.cloud_cli_token'],
    // look-alikes: the CLIs' own status commands and the project's configuration files
    [shell('doctl account get'), 'allow'],
    [shell('pulumi whoami'), 'allow'],
    [shell('fly auth whoami'), 'allow'],
    [shell('ls ~/.pulumi'), 'allow'],
    [shell('cat fly.toml'), 'allow'],
    [shell('cat netlify.toml vercel.json'), 'allow'],
    [shell('cat supabase/config.toml'), 'allow'],
    [shell('cat wrangler.toml'), 'allow'],
    [read('/home/dev/projects/webapp/firebase.json'), 'allow'],
  ];
  await runTable(t, rows);
});

test('class E1 property: reader x CLI login file x home spelling is denied; the project file of the same name is not', () => {
  const readers = ['cat', 'head -n 5', 'tail', 'less', 'base64', 'strings', 'cp {} /tmp/x &&', 'xxd'];
  const files = ['.config/doctl/config.yaml', '.pulumi/credentials.json', '.fly/config.yml', '.config/netlify/config.json', '.supabase/access-token', '.wrangler/config/default.toml', '.config/hcloud/cli.toml', '.databrickscfg', '.config/stripe/config.toml', '.circleci/cli.yml'];
  const homes = ['~/', '$HOME/', '/home/dev/', '${HOME}/'];
  const cmd = (r: string, p: string): string => (r.includes('{}') ? r.replace('{}', p) + ' true' : `${r} ${p}`);
  fc.assert(
    fc.property(fc.constantFrom(...readers), fc.constantFrom(...files), fc.constantFrom(...homes), (r, f, h) => {
      const d = decide(shell(cmd(r, h + f)));
      assert.equal(d.verdict, 'deny', `${cmd(r, h + f)} → ${d.verdict} ${d.reason}`);
      // (A project file called credentials.json is warned by its name alone: not this class.)
      const own = `./deploy/${f.split('/').pop()!.replace('credentials.json', 'settings.json')}`;
      const local = decide(shell(cmd(r, own)));
      assert.equal(local.verdict, 'allow', `${cmd(r, own)} → ${local.verdict} ${local.reason}`);
    }),
    { seed: 21, numRuns: 150 },
  );
});

test('class E1b: CLI subcommands that print the login token, or mint and print a new one', async (t) => {
  const rows: Row[] = [
    [shell('heroku auth:token'), 'deny', 'credential_access.secret_manager_read'],
    [shell('heroku authorizations:create -d ci'), 'deny', 'credential_access.secret_manager_read'],
    [shell('fly auth token'), 'deny', 'credential_access.secret_manager_read'],
    [shell('flyctl tokens create deploy -a billing-api'), 'deny', 'credential_access.secret_manager_read'],
    [shell('firebase login:ci'), 'deny', 'credential_access.secret_manager_read'],
    [shell('npx wrangler auth token'), 'deny', 'credential_access'],
    [shell('npm token create --read-only'), 'deny', 'credential_access.secret_manager_read'],
    [shell('kubectl create token ci-deployer -n prod'), 'deny', 'credential_access.secret_manager_read'],
    [shell('vault token create -policy=admin'), 'deny', 'credential_access.secret_manager_read'],
    [shell('stripe config --list'), 'deny', 'credential_access.secret_manager_read'],
    // look-alikes
    [shell('heroku auth:whoami'), 'allow'],
    [shell('fly tokens list'), 'allow'],
    [shell('npm token list'), 'allow'],
    [shell('kubectl create namespace review-42'), 'allow'],
    [shell('vault token lookup -format=json | jq .data.ttl'), 'allow'],
    [shell('heroku logs --tail -a acme-staging'), 'allow'],
  ];
  await runTable(t, rows);
});

test('class E2: Windows browser stores (Edge, Chrome Local State) read through PowerShell or cmd', async (t) => {
  const rows: Row[] = [
    [shell('Get-Content -Raw "$env:LOCALAPPDATA\\Microsoft\\Edge\\User Data\\Default\\Network\\Cookies"'), 'deny', 'credential_access.browser_store'],
    [shell('Copy-Item "$env:LOCALAPPDATA\\Microsoft\\Edge\\User Data\\Default\\Login Data" C:\\Temp\\ld'), 'deny', 'credential_access.browser_store'],
    [shell('gc "$env:LOCALAPPDATA\\Google\\Chrome\\User Data\\Local State" | ConvertFrom-Json'), 'deny', 'credential_access.browser_store'],
    [shell('type "%LOCALAPPDATA%\\Microsoft\\Edge\\User Data\\Local State"'), 'deny', 'credential_access.browser_store'],
    [shell('cat ~/.config/google-chrome/"Local State"'), 'deny', 'credential_access.browser_store'],
    [shell('cp "$HOME/Library/Application Support/Microsoft Edge/Default/Cookies" /tmp/c'), 'deny', 'credential_access.browser_store'],
    // look-alikes
    [shell('Get-ChildItem "$env:LOCALAPPDATA\\Microsoft\\Edge\\User Data\\Default\\Extensions"'), 'allow'],
    [shell('Get-Content .\\state\\local-state.json'), 'allow'],
    [shell('Get-Process msedge'), 'allow'],
    [shell('Get-Content "$env:LOCALAPPDATA\\Microsoft\\Edge\\User Data\\Default\\Preferences" | Select-String homepage'), 'allow'],
  ];
  await runTable(t, rows);
});

test('class E3 (false positives): existence, path and permission checks on secret files read nothing', async (t) => {
  const rows: Row[] = [
    [shell('Test-Path $env:USERPROFILE\\.aws\\credentials'), 'allow'],
    [shell('Test-Path ~\\.ssh\\id_ed25519'), 'allow'],
    [shell('if (Test-Path "$HOME\\.kube\\config") { kubectl get ns }'), 'allow'],
    [shell('Resolve-Path ~\\.docker\\config.json'), 'allow'],
    [shell('Get-Acl $env:USERPROFILE\\.ssh\\id_ed25519 | Format-List'), 'allow'],
    [shell('icacls %USERPROFILE%\\.ssh\\id_ed25519 /inheritance:r /grant:r "%USERNAME%:R"'), 'allow'],
    [shell('[ -f ~/.aws/credentials ] && echo present'), 'allow'],
    [shell('stat ~/.ssh/id_rsa'), 'allow'],
    // the same paths read stay denied
    [shell('Get-Content $env:USERPROFILE\\.aws\\credentials'), 'deny', 'credential_access'],
    [shell('gc ~\\.ssh\\id_ed25519'), 'deny', 'credential_access'],
    [shell('type %USERPROFILE%\\.aws\\credentials'), 'deny', 'credential_access'],
    [shell('Select-String -Path $env:USERPROFILE\\.docker\\config.json -Pattern auth'), 'deny', 'credential_access'],
  ];
  await runTable(t, rows);
});

test('class E4: volume-manager and partition-tool verbs that delete a volume, container or disk', async (t) => {
  const rows: Row[] = [
    [shell('sudo diskutil apfs deleteVolume disk3s5'), 'deny', 'destructive_fs.disk_wipe'],
    [shell('diskutil apfs deleteContainer disk4'), 'deny', 'destructive_fs.disk_wipe'],
    [shell('diskutil apfs eraseVolume disk3s2 -name Data'), 'deny', 'destructive_fs.disk_wipe'],
    [shell('diskutil cs delete 5A3E-11AA'), 'deny', 'destructive_fs.disk_wipe'],
    [shell('diskutil zeroDisk disk2'), 'deny', 'destructive_fs.disk_wipe'],
    [shell("'select disk 0','clean' | Set-Content C:\\Temp\\dp.txt; diskpart /s C:\\Temp\\dp.txt"), 'deny', 'destructive_fs'],
    [shell('(echo select disk 1 & echo clean) | diskpart'), 'deny', 'destructive_fs.disk_wipe'],
    [shell("printf 'select disk 1\\nclean all\\n' | diskpart"), 'deny', 'destructive_fs.disk_wipe'],
    [shell('Remove-Partition -DiskNumber 0 -PartitionNumber 3 -Confirm:$false'), 'deny', 'destructive_fs.disk_wipe'],
    [shell('Reset-PhysicalDisk -FriendlyName PhysicalDisk1'), 'deny', 'destructive_fs.disk_wipe'],
    // look-alikes
    [shell('diskutil list'), 'allow'],
    [shell('diskutil apfs list'), 'allow'],
    [shell('diskutil info disk0'), 'allow'],
    [shell('Get-Partition'), 'allow'],
    [shell('echo list disk | diskpart'), 'allow'],
  ];
  await runTable(t, rows);
});

test('class E5: warehouse datasets and keyspaces dropped at the provider, and schema drops on production servers', async (t) => {
  const rows: Row[] = [
    [shell("cqlsh cassandra-prod-1 -e 'DROP KEYSPACE events;'"), 'deny', 'cloud_destructive'],
    [shell("cqlsh 10.0.4.12 -e 'DROP KEYSPACE IF EXISTS analytics'"), 'deny', 'cloud_destructive'],
    [shell('bq rm -r -f -d acme-prod:analytics'), 'deny', 'cloud_destructive'],
    [shell('bq rm -f -t acme-prod:events.pageviews'), 'deny', 'cloud_destructive'],
    [shell('influx bucket delete -n prod-metrics'), 'deny', 'cloud_destructive'],
    [shell('confluent kafka cluster delete lkc-12345 --force'), 'deny', 'cloud_destructive'],
    [shell('snow object drop database ANALYTICS'), 'deny', 'cloud_destructive'],
    [shell("mongosh \"$MONGO_PROD_URI\" --eval 'db.users.dropIndex(\"email_1\")' && psql -h db-prod.acme.io -c 'DROP INDEX users_email_idx'"), 'deny', 'cloud_destructive'],
    // look-alikes
    [shell("cqlsh localhost -e 'DESCRIBE KEYSPACES'"), 'allow'],
    [shell('bq ls acme-prod:'), 'allow'],
    [shell('bq query --use_legacy_sql=false "SELECT COUNT(*) FROM acme-prod.events.pageviews"'), 'allow'],
    [shell('influx bucket list'), 'allow'],
    [shell("psql -h localhost -d app_dev -c 'DROP INDEX IF EXISTS tmp_idx'"), 'allow'],
  ];
  await runTable(t, rows);
});

test('class E6: the shadow database read through NSS or a cracker helper', async (t) => {
  const rows: Row[] = [
    [shell('sudo getent shadow'), 'deny', 'credential_access.shadow'],
    [shell('getent shadow root'), 'deny', 'credential_access.shadow'],
    [shell('sudo getent gshadow'), 'deny', 'credential_access.shadow'],
    [shell('sudo unshadow /etc/passwd /etc/shadow > hashes.txt'), 'deny', 'credential_access.shadow'],
    [shell('sudo getent shadow | cut -d: -f1,2'), 'deny', 'credential_access.shadow'],
    [shell('sudo tail -n 3 /etc/shadow'), 'deny', 'credential_access'],
    // look-alikes
    [shell('getent passwd dev'), 'allow'],
    [shell('getent group docker'), 'allow'],
    [shell('getent hosts db.internal'), 'allow'],
    [shell('ls -l /etc/shadow'), 'allow'],
  ];
  await runTable(t, rows);
});

test('class E7 (false positives): read-only storage listings run under sudo', async (t) => {
  const rows: Row[] = [
    [shell('sudo lvs'), 'allow'],
    [shell('sudo pvs'), 'allow'],
    [shell('sudo vgs -o +vg_free'), 'allow'],
    [shell('sudo lvdisplay /dev/vg0/data'), 'allow'],
    [shell('sudo zpool status -v'), 'allow'],
    [shell('sudo zfs list -t snapshot'), 'allow'],
    [shell('sudo smartctl -a /dev/nvme0n1'), 'allow'],
    [shell('sudo getcap -r /usr/bin'), 'allow'],
    [shell('sudo findmnt'), 'allow'],
    [shell('sudo ufw status verbose'), 'allow'],
    [shell('sudo iptables -L -n'), 'allow'],
    [shell('sudo iptables -t nat -S'), 'allow'],
    [shell('sudo nft list ruleset'), 'allow'],
    [shell('sudo iptables -F'), 'flag'],
    [shell('sudo iptables -L -F'), 'flag'],
    [shell('sudo ufw disable'), 'flag'],
    // the changing verbs stay judged
    [shell('sudo lvremove -f /dev/vg0/data'), 'deny', 'destructive_fs'],
    [shell('sudo zpool destroy tank'), 'deny', 'destructive_fs'],
    [shell('sudo zfs set compression=off tank/home'), 'warn', 'privilege.elevated_command'],
    [shell('sudo smartctl -s off /dev/sda'), 'warn', 'privilege.elevated_command'],
  ];
  await runTable(t, rows);
});

test('class E8: Windows restore points and boot recovery removed by other doors than vssadmin delete', async (t) => {
  const rows: Row[] = [
    [shell('wmic shadowcopy delete'), 'deny', 'cloud_destructive.backup_prune'],
    [shell('wmic.exe shadowcopy where "ID=\'{1234}\'" delete'), 'deny', 'cloud_destructive.backup_prune'],
    [shell('vssadmin resize shadowstorage /for=C: /on=C: /maxsize=401MB'), 'flag', 'cloud_destructive.backup_prune'],
    [shell('bcdedit /set {default} recoveryenabled No'), 'flag', 'security_tampering.recovery_disabled'],
    [shell('bcdedit /set {default} bootstatuspolicy ignoreallfailures'), 'flag', 'security_tampering.recovery_disabled'],
    [shell('vssadmin delete shadows /all /quiet'), 'deny', 'cloud_destructive.backup_prune'],
    // look-alikes
    [shell('vssadmin list shadows'), 'allow'],
    [shell('wmic shadowcopy list brief'), 'allow'],
    [shell('wmic os get caption,version'), 'allow'],
    [shell('bcdedit /enum'), 'allow'],
  ];
  await runTable(t, rows);
});

test('class E2b: chat apps\' cookie and token stores, and PowerShell history', async (t) => {
  const rows: Row[] = [
    [shell('cat ~/Library/Application\\ Support/Slack/Cookies'), 'deny', 'credential_access.browser_store'],
    [shell('strings ~/Library/Application\\ Support/discord/Local\\ Storage/leveldb/000003.log'), 'deny', 'credential_access.browser_store'],
    [shell('cp -r ~/.config/discord/"Local Storage"/leveldb/000005.ldb /tmp/'), 'deny', 'credential_access.browser_store'],
    [shell('Get-Content "$env:APPDATA\\Microsoft\\Teams\\Cookies"'), 'deny', 'credential_access.browser_store'],
    [shell('cat ~/.config/google-chrome/Default/"Local Storage"/leveldb/000003.log'), 'deny', 'credential_access.browser_store'],
    [shell('type %APPDATA%\\Microsoft\\Windows\\PowerShell\\PSReadLine\\ConsoleHost_history.txt'), 'warn', 'credential_access.shell_history'],
    [shell('cat ~/.local/share/powershell/PSReadLine/ConsoleHost_history.txt'), 'warn', 'credential_access.shell_history'],
    // look-alikes
    [shell('ls ~/Library/Application\\ Support/Slack'), 'allow'],
    [shell('cat ~/Library/Application\\ Support/Slack/storage/root-state.json | jq .appTeams | head'), 'allow'],
    [shell('Get-Content $env:APPDATA\\Code\\User\\settings.json'), 'allow'],
    [shell('ls ~/.config/discord'), 'allow'],
  ];
  await runTable(t, rows);
});

test('class E9 (false positives): keychain management in CI signing setups prints no secret', async (t) => {
  const rows: Row[] = [
    [shell('security create-keychain -p "$KEYCHAIN_PASSWORD" build.keychain'), 'allow'],
    [shell('security unlock-keychain -p "$KEYCHAIN_PASSWORD" build.keychain'), 'allow'],
    [shell('security import cert.p12 -k ~/Library/Keychains/build.keychain -P "$P12_PASSWORD" -T /usr/bin/codesign'), 'allow'],
    [shell('security set-key-partition-list -S apple-tool:,apple: -s -k "$KEYCHAIN_PASSWORD" build.keychain'), 'allow'],
    [shell('security default-keychain -s build.keychain'), 'allow'],
    [shell('security find-identity -v -p codesigning build.keychain'), 'allow'],
    // reading the keychain itself stays denied
    [shell('security dump-keychain -d build.keychain'), 'deny', 'credential_access'],
    [shell('security export -k ~/Library/Keychains/login.keychain-db -t privKeys -f pkcs12 -o /tmp/k.p12'), 'deny', 'credential_access'],
    [shell('cat ~/Library/Keychains/login.keychain-db | base64'), 'deny', 'credential_access'],
    [shell('security find-generic-password -s github.com -w'), 'deny', 'credential_access'],
  ];
  await runTable(t, rows);
});

test('class E10: whole clusters and CDK for Terraform stacks destroyed without a prompt', async (t) => {
  const rows: Row[] = [
    [shell('az aks delete -g rg-prod -n aks-prod --yes'), 'deny', 'cloud_destructive'],
    [shell('az redis delete -n cache-prod -g rg-prod --yes'), 'deny', 'cloud_destructive'],
    [shell('cdktf destroy --auto-approve'), 'deny', 'cloud_destructive'],
    [shell('npx cdktf destroy prod-stack --auto-approve'), 'deny', 'cloud_destructive'],
    // look-alikes
    [shell('az aks list -o table'), 'allow'],
    [shell('az aks get-credentials -g rg-dev -n aks-dev'), 'allow'],
    [shell('cdktf synth'), 'allow'],
    [shell('cdktf diff'), 'allow'],
  ];
  await runTable(t, rows);
});

test('class E11: saved PowerShell credentials decrypted, etcd wiped, the GitLab CLI token printed', async (t) => {
  const rows: Row[] = [
    [shell('Import-Clixml C:\\Users\\ravi\\cred.xml | % { $_.GetNetworkCredential().Password }'), 'deny', 'credential_access.secret_manager_read'],
    [shell('Get-StoredCredential -Target prod | ForEach-Object { $_.GetNetworkCredential().Password }'), 'deny', 'credential_access.secret_manager_read'],
    [shell('etcdctl --endpoints=https://etcd-prod:2379 del "" --prefix'), 'deny', 'cloud_destructive.etcd_wipe'],
    [shell('ETCDCTL_API=3 etcdctl del /registry --prefix'), 'deny', 'cloud_destructive.etcd_wipe'],
    [shell('etcdctl del /config/feature-flags --prefix'), 'warn', 'cloud_destructive.etcd_delete'],
    [shell('glab config get token'), 'deny', 'credential_access'],
    // look-alikes
    [shell('Import-Clixml .\\build\\settings.xml | Select-Object Name'), 'allow'],
    [shell('etcdctl get /config --prefix --keys-only'), 'allow'],
    [shell('etcdctl endpoint health'), 'allow'],
    [shell('glab config get host'), 'allow'],
  ];
  await runTable(t, rows);
});
