import { test } from 'node:test';
import { runTable, shell, write, type Row } from './helpers.js';

test('destructive_fs: recursive deletes of precious targets', async (t) => {
  const rows: Row[] = [
    [shell('rm -rf /'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('sudo rm -rf --no-preserve-root /'), 'deny', 'destructive_fs.no_preserve_root'],
    [shell('rm -fr ~'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -r -f $HOME'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm --recursive --force "${HOME}/"'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -Rf /*'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf ~/*'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf .'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf ..'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf /etc'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf /usr/lib'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf /Users/alice'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf ~/.ssh'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf /home/dev/projects'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('bash -c "rm -rf ~"'), 'deny', 'destructive_fs'],
    [shell("sh -c 'cd /tmp && rm -rf /'"), 'deny', 'destructive_fs'],
    [shell('eval "rm -rf /"'), 'deny', 'destructive_fs'],
    [shell('echo "rm -rf /" | sh'), 'deny', 'destructive_fs'],
    [shell('ls -d /* | xargs sudo rm -rf'), 'deny', 'destructive_fs'],
    [shell('cat dirs.txt | xargs rm -rf'), 'deny', 'destructive_fs.recursive_delete_dynamic'],
    [shell('find / -delete'), 'deny', 'destructive_fs.find_delete'],
    [shell('find ~ -exec rm -rf {} +'), 'deny', 'destructive_fs'],
    [shell('find / -name "*.log" -delete'), 'deny', 'destructive_fs.selective_delete_outside_project'],
    [shell("python3 -c \"import shutil; shutil.rmtree('/home/dev')\""), 'deny', 'destructive_fs'],
    [shell("node -e \"require('fs').rmSync('/', {recursive: true})\""), 'deny', 'destructive_fs'],
    [shell('dd if=/dev/zero of=/dev/sda bs=1M'), 'deny', 'destructive_fs.disk_overwrite'],
    [shell('sudo mkfs.ext4 /dev/sdb1'), 'deny', 'destructive_fs.mkfs'],
    [shell('cat /dev/urandom > /dev/nvme0n1'), 'deny', 'destructive_fs.disk_overwrite'],
    [shell('diskutil eraseDisk APFS x disk2'), 'deny', 'destructive_fs.disk_wipe'],
    // shred exists to defeat recovery: denied unless every file is scratch.
    [shell('shred -u secret.txt'), 'deny', 'destructive_fs.shred'],
    [shell('eval "shred notes.md"'), 'deny', 'destructive_fs.shred'],
    [shell('shred -u /tmp/build.key'), 'warn', 'destructive_fs.shred'],
    [shell('Remove-Item -Recurse -Force C:\\'), 'deny', 'destructive_fs'],
    [shell('rm -r -fo $env:USERPROFILE'), 'deny', 'destructive_fs'],
    [shell('cmd /c rd /s /q C:\\Windows'), 'deny', 'destructive_fs'],
    [shell(':(){ :|:& };:'), 'deny', 'destructive_fs.fork_bomb'],
    [shell('rm -rf *'), 'deny', 'destructive_fs'],
    [shell('rm -rf $BUILD_DIR/'), 'warn', 'destructive_fs'],
    [shell('mv ~ /dev/null'), 'deny', 'destructive_fs'],
  ];
  await runTable(t, rows);
});

test('destructive_fs: benign look-alikes stay allowed', async (t) => {
  const rows: Row[] = [
    [shell('echo "never run rm -rf / on a shared box"'), 'allow'],
    [shell('grep -rn "rm -rf" scripts/'), 'allow'],
    [shell("git commit -m 'remove rm -rf / from deploy'"), 'allow'],
    [shell('rm -rf node_modules dist .next'), 'allow'],
    [shell('rm -rf ./build coverage/'), 'allow'],
    [shell('rm -rf /tmp/test-output-123'), 'allow'],
    [shell('rm -rf ~/.cache/pip'), 'allow'],
    [shell('rm -rf "$TMPDIR/run-42"'), 'allow'],
    [shell('rm -f ~/projects/webapp/old.log'), 'allow'],
    [shell('cd dist && rm -rf *'), 'allow'],
    [shell("find . -name '*.pyc' -delete"), 'allow'],
    [shell('find . -type d -name node_modules -prune -exec rm -rf {} +'), 'allow'],
    [shell('find . -name "*.orig" | xargs rm -f'), 'allow'],
    [shell('git ls-files --others --exclude-standard | xargs rm -rf'), 'allow'],
    [shell('docker rm $(docker ps -aq -f status=exited)'), 'allow'],
    [shell('dd if=/dev/zero of=disk.img bs=1M count=10'), 'allow'],
    [shell('man rm'), 'allow'],
    [shell('rmdir empty-dir'), 'allow'],
    [shell("python3 -c \"import shutil; shutil.rmtree('build')\""), 'allow'],
    [shell("sed -i 's#rm -rf /tmp/cache#rm -rf ./tmp/cache#' scripts/ci.sh"), 'allow'],
    [write('/home/dev/projects/webapp/scripts/clean.sh', '#!/bin/sh\nrm -rf ./dist ./tmp\n'), 'allow'],
    [write('/home/dev/projects/webapp/docs/danger.md', 'Never run `rm -rf /` or `sudo rm -rf ~`.\n'), 'allow'],
    [shell('Remove-Item -Recurse -Force .\\bin'), 'allow'],
  ];
  await runTable(t, rows);
});

test('destructive_fs: the git metadata picked by a find test, or its object store, reflog and packed refs', async (t) => {
  const rows: Row[] = [
    [shell("find . -path './.git/*' -delete"), 'deny', 'destructive_fs.find_delete'],
    [shell("find . -wholename '*/.git/objects/*' -type f -delete"), 'deny', 'destructive_fs.find_delete'],
    [shell("find . -regex '.*/\\.git/.*' -delete"), 'deny', 'destructive_fs.find_delete'],
    [shell('find . -name .git -exec rm -rf {} +'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('find . -type d -iname .git -exec rm -r {} \\;'), 'deny', 'destructive_fs.recursive_delete'],
    [shell("find . -name '.git' -print0 | xargs -0 rm -rf"), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf .git/objects'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf ./.git/logs'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm .git/packed-refs'), 'deny'],
    // look-alikes: the metadata kept out of the walk, files merely named like it, git's own leftovers
    [shell("find . -type f ! -path './.git/*' -delete"), 'allow'],
    [shell("find . -not -path './.git/*' -name '*.orig' -delete"), 'allow'],
    [shell("find . -path ./.git -prune -o -name '*.pyc' -delete"), 'allow'],
    [shell('find . -name .gitignore -delete'), 'allow'],
    [shell("find . -name '.gitkeep' -exec rm {} +"), 'allow'],
    [shell('find . -name .git -type d'), 'allow'],
    [shell('find . -name .git -exec dirname {} \\;'), 'allow'],
    [shell('rm -f .git/index.lock'), 'allow'],
    [shell('rm -rf .git/rebase-merge'), 'allow'],
    [shell('rm -rf .git/objects/pack/tmp_pack_3f2a1c'), 'allow'],
  ];
  await runTable(t, rows);
});

test('destructive_fs: an operand that is a substitution of a lister deletes what it lists; a brace list is each of its words', async (t) => {
  const rows: Row[] = [
    [shell('rm -rf $(ls)'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -fr `ls -A`'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf $(ls ~)'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf "$(ls -d $HOME/*)"'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -r --force $(find / -maxdepth 1)'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf $(fdfind . ~/work)'), 'deny', 'destructive_fs.recursive_delete'],
    [shell("rm -f $(find ~ -name '*.key')"), 'deny', 'destructive_fs.selective_delete_outside_project'],
    [shell('rm -rf {build,dist,~}'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf ~/{Documents,Pictures}'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf {,~/}.ssh'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf {tmp,/}'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf /{etc,opt}/app'), 'deny', 'destructive_fs.recursive_delete'],
    // look-alikes: listers that stay in the project, producers whose path the tool chose, lists of project dirs
    [shell('rm -rf $(ls -d build*)'), 'allow'],
    [shell("rm -f $(find . -name '*.orig')"), 'allow'],
    [shell('rm -rf $(git ls-files --others --exclude-standard)'), 'allow'],
    [shell('rm -rf $(mktemp -d)'), 'allow'],
    [shell('rm -rf "$(go env GOCACHE)"'), 'allow'],
    [shell('rm -rf $(pwd)/build'), 'allow'],
    [shell('rm -rf {dist,build,coverage}'), 'allow'],
    [shell('rm -rf node_modules/{.cache,.vite}'), 'allow'],
    [shell('rm -rf packages/*/{dist,lib}'), 'allow'],
    [shell('rm -rf /tmp/{a,b}-cache'), 'allow'],
  ];
  await runTable(t, rows);
});

test('destructive_fs: find -exec and fd -x run their command where find ran, after an earlier cd', async (t) => {
  const rows: Row[] = [
    [shell('cd ~ && find . -exec rm -rf {} +'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('cd ~ && fd -x rm -rf'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('cd / && find . -mindepth 1 -execdir rm -rf {} +'), 'deny', 'destructive_fs.recursive_delete'],
    // a scratch or project directory stays allowed
    // (before, the nested rm resolved `{}` against the call's directory: the scratch case was denied)
    [shell('cd /tmp/scratch && find . -exec rm -rf {} +'), 'allow'],
    [shell('cd /tmp/work && fd -x rm -rf'), 'allow'],
    [shell('cd build && find . -mindepth 1 -exec rm -rf {} +'), 'allow'],
  ];
  await runTable(t, rows);
});

test("destructive_fs: the user's folders below home, outside the project, are another project or the user's data", async (t) => {
  const rows: Row[] = [
    [shell('rm -rf ~/src/other-repo'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf ~/Documents/thesis'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf "$HOME/work/api"'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('rm -rf /home/dev/code/client'), 'deny', 'destructive_fs.recursive_delete'],
    [shell('find ~/Pictures/2024 -delete'), 'deny', 'destructive_fs.find_delete'],
    // look-alikes: inside the project (the call's cwd is ~/projects/webapp), tools' caches and
    // installs, home scratch folders, a single file
    [shell('rm -rf ~/projects/webapp/dist'), 'allow'],
    [shell('rm -rf /home/dev/projects/webapp/node_modules'), 'allow'],
    [shell('rm -rf ~/.local/share/virtualenvs/old'), 'allow'],
    [shell('rm -rf ~/Library/Developer/Xcode/DerivedData'), 'allow'],
    [shell('rm -rf ~/go/pkg/mod/cache'), 'allow'],
    [shell('rm -rf ~/tmp/scratch'), 'allow'],
    [shell('rm -f ~/Documents/draft.txt'), 'allow'],
    [shell('mkdir -p ~/src/new && cp -r dist ~/src/new/'), 'allow'],
  ];
  await runTable(t, rows);
});
