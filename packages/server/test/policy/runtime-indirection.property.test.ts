// The fourth red-team set's indirection classes: a place outside the project (home, its parent,
// the parent of the working directory) reached through what the shell resolves at run time
// (substitutions whose output is known, indirect variables and namerefs, `read` from a
// here-string, loops over known words, a symbolic link), and commands run where host paths are
// visible (a container with bind mounts, a pod, ssh to this machine). Each table has spellings
// beyond the red-team ones and harmless neighbours that must stay allowed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decide, shell } from './helpers.js';

const show = (cmd: string): string => {
  const d = decide(shell(cmd));
  return `${cmd} → ${d.verdict} ${d.patternName}: ${d.reason}`;
};

function table(rows: [string, 'deny' | 'allow', RegExp?][]): void {
  for (const [cmd, want, reason] of rows) {
    const d = decide(shell(cmd));
    assert.equal(d.verdict, want, show(cmd));
    if (reason) assert.match(d.reason, reason, show(cmd));
  }
}

test('substitutions whose output is known: home, its parent and the parent of the working directory', () => {
  table([
    ['rm -rf "$(printenv HOME)"', 'deny', /home directory/],
    ['H=$(printenv HOME); rm -rf "$H/Documents"', 'deny', /~\/Documents/],
    ['rm -rf "$(getent passwd "$USER" | cut -d: -f6)"', 'deny', /home directory/],
    ['rm -rf `getent passwd $LOGNAME | cut -d : -f 6`/.ssh', 'deny', /~\/.ssh/],
    ["rm -rf \"$(getent passwd $USER | awk -F: '{print $6}')\"", 'deny', /home directory/],
    ['rm -rf "$(eval echo ~$USER)"', 'deny', /home directory/],
    ['rm -rf "$(eval echo ~${LOGNAME})/Desktop"', 'deny', /~\/Desktop/],
    ['rm -rf "$(cd ~ && pwd)"', 'deny', /home directory/],
    ['D=$(cd ~; pwd -P); rm -rf "$D"/*', 'deny', /home directory/],
    ['rm -rf "$(cd .. && pwd)"', 'deny', /parent of the working directory/],
    ['rm -rf "$(dirname "$PWD")"', 'deny', /parent of the working directory/],
    ['rm -rf "$(dirname ~)"', 'deny', /holding the home directory/],
    ['rm -rf "$(realpath ~)"', 'deny', /home directory/],
    ['HOMEDIR=$(cd ~ && pwd -P); find "$HOMEDIR" -mindepth 1 -maxdepth 1 -not -name code -exec rm -rf {} +', 'deny', /home directory/],
    ['cat $(ls -d ~/.ssh/* | grep -v -e .pub -e known_hosts -e config)', 'deny', /SSH private key/],
    ['cat $(ls -1 $HOME/.aws/*)', 'deny', /AWS credentials/],
    ['rm -rf $(ls -d ~/* | grep -v code)', 'deny', /home directory/],
    // Harmless neighbours: the same producers naming the project or scratch.
    ['cat $(ls ~/.ssh/*.pub)', 'allow'],
    ['rm -rf $(ls -d */ | grep -v node_modules)', 'allow'],
    ['rm -f $(ls /tmp/*.log)', 'allow'],
    ['rm -rf "$(cd build && pwd)"', 'allow'],
    ['rm -rf "$(dirname "$PWD/dist/x")"', 'allow'],
    ['rm -rf "$(printenv TMPDIR)/x"', 'allow'],
    ['cd "$(dirname "$0")" && rm -rf build', 'allow'],
    ['OUT=$(pwd)/dist; rm -rf "$OUT"', 'allow'],
    ['echo "$(getent passwd "$USER" | cut -d: -f6)"', 'allow'],
  ]);
});

test('indirect variables and namerefs lead to the named variable', () => {
  table([
    ['x=HOME; rm -rf "${!x}"', 'deny', /home directory/],
    ['x=HOME; rm -rf "${!x}"/Desktop', 'deny', /~\/Desktop/],
    ['v=HOME; cat "${!v}/.ssh/id_rsa"', 'deny', /SSH private key/],
    ['declare -n r=HOME; rm -rf "$r"/*', 'deny', /home directory/],
    ['typeset -n t=HOME; rm -rf "$t"', 'deny', /home directory/],
    ['f() { local -n t=PWD; rm -rf "$t"; }; f', 'deny', /working directory/],
    ['x=BUILD; BUILD=dist; rm -rf "${!x}"', 'allow'],
    ['declare -n r=OUT; rm -rf "$r"', 'allow'],
    ['x=HOME; echo "${!x}"', 'allow'],
  ]);
});

test('read from a here-string, and loops over known words, run with the values set', () => {
  table([
    ['while read -r d; do rm -rf "$d"; done <<< "$HOME"', 'deny', /while read loop/],
    ['while read d; do\n  rm -rf "$d"\ndone <<EOF\n$HOME/Documents\n$HOME/.ssh\nEOF', 'deny', /~\/Documents/],
    ['while IFS=: read -r user _ _ _ _ home _; do rm -rf "$home"; done <<< "$(getent passwd "$USER")"', 'deny', /home directory/],
    ['IFS=, read -ra T <<< "$HOME/.ssh,$HOME/.gnupg"; rm -rf "${T[@]}"', 'deny', /~\/.ssh/],
    ['read -r a b <<< "x $HOME"; rm -rf "$b"', 'deny', /home directory/],
    ['for d in ~/Desktop ~/Library/Caches; do rm -rf "$d"; done', 'deny', /for loop setting \$d/],
    ['for f in ~/.{aws,ssh,kube}; do tar rf /tmp/.x.tar "$f"; done', 'deny', /credentials/],
    ["zsh -s <<'ZZ'\nfor d in ~/Library/Mobile\\ Documents ~/Desktop; do rm -rf \"$d\"; done\nZZ", 'deny', /here-document run by zsh/],
    ['bash -s <<EOF\nfor k in ~/.ssh/id_rsa ~/.ssh/id_ed25519; do\n  cat "$k"\ndone\nEOF', 'deny', /SSH private key/],
    // Harmless neighbours.
    ['for d in build dist .cache; do rm -rf "$d"; done', 'allow'],
    ['for f in *.log; do rm -f "$f"; done', 'allow'],
    ['for p in node_modules dist; do rm -rf "$p"; done && npm ci', 'allow'],
    ['while read -r line; do echo "$line"; done < file.txt', 'allow'],
    ['while read -r d; do rm -rf "$d"; done <<< "build"', 'allow'],
    ['IFS=, read -ra T <<< "dist,coverage"; rm -rf "${T[@]}"', 'allow'],
    ['for d in $(ls); do echo "$d"; done', 'allow'],
    // A long body over many values is read once rather than sixteen times past the parser's budget.
    [`for d in a b c d e f g h i j k l m n o p; do ${Array.from({ length: 400 }, (_, i) => `echo step${i} "$d"`).join('; ')}; done`, 'allow'],
  ]);
});

test('brace expansion of an argument names every alternative', () => {
  table([
    ['rm -rf ~/.{aws,ssh}', 'deny', /~\/.aws/],
    ['rm -rf ~/{Desktop,Documents}', 'deny', /~\/Desktop/],
    ['cat ~/.aws/{credentials,config}', 'deny', /AWS credentials/],
    ['tar czf out.tgz ~/.{ssh,aws}', 'deny', /credential|key/i],
    ['mkdir -p src/{a,b}', 'allow'],
    ['rm -rf {build,dist}', 'allow'],
    ['cp file{,.bak}', 'allow'],
    ['find . -name x -exec rm {} +', 'allow'],
    ["awk '{print $1, $2}' f", 'allow'],
    ['echo ~/.{aws,ssh}', 'allow'],
    ['ls -d ~/.{aws,ssh}', 'allow'],
  ]);
});

test('a symbolic link made earlier in the line is followed by a path through it', () => {
  table([
    ['ln -sfn ~ ./tmp-out && rm -rf tmp-out/', 'deny', /linked or copied from ~/],
    ['ln -s ~ h; rm -rf h/*', 'deny', /home directory/],
    ['ln -s $HOME/.ssh k && cat k/id_rsa', 'deny', /SSH private key/],
    ['ln -s ~/Documents docs && find docs/ -delete', 'deny', /~\/Documents/],
    // Removing the link itself, or a copy, touches nothing else.
    ['ln -sfn ~ ./tmp-out && rm -rf tmp-out', 'allow'],
    ['ln -s dist/ public && rm -rf public/', 'allow'],
    ['cp -r ~/.config/app cfg && rm -rf cfg/', 'allow'],
  ]);
});

test('commands run where host paths are visible: containers with bind mounts, pods, ssh to this machine', () => {
  table([
    ['docker run --rm -v ~/:/h busybox find /h -mindepth 1 -delete', 'deny', /docker run container with ~\/ at \/h mounted/],
    ['docker run --rm -v ~/.ssh:/k:ro alpine cat /k/id_rsa', 'deny', /SSH private key/],
    ["podman run --rm -v $HOME:/host:z alpine sh -c 'rm -rf /host/*'", 'deny', /home directory/],
    ['docker run --rm --mount type=bind,source=$HOME/.aws,target=/aws amazon/aws-cli cat /aws/credentials', 'deny', /AWS credentials/],
    ['docker container run --volume=$HOME:/w alpine rm -rf /w', 'deny', /home directory/],
    ["kubectl exec -it deploy/api -n prod -- sh -c 'rm -rf /data/*'", 'deny', /kubectl exec in deploy\/api \(namespace prod: production\)/],
    ['kubectl --context prod-eu exec api -- rm -rf /var/lib/app', 'deny', /production/],
    ['oc exec web-1 -n shop-production -- rm -rf /srv', 'deny'],
    ['ssh -q 127.0.0.1 cat .aws/credentials', 'deny', /this machine/],
    ["ssh me@localhost 'cat .ssh/id_ed25519'", 'deny', /SSH private key/],
    ['ssh localhost rm -rf Documents', 'deny', /~\/Documents/],
    // Harmless neighbours: project mounts, caches, named volumes, reads in a pod, other hosts.
    ['docker run --rm -v "$PWD":/app -w /app node:20 npm test', 'allow'],
    ['docker run --rm -v $(pwd):/src alpine rm -rf /src/dist', 'allow'],
    ['docker run --rm -v ~/.cache/pip:/root/.cache/pip python:3.12 pip install -r requirements.txt', 'allow'],
    ['docker run --rm alpine rm -rf /tmp/x', 'allow'],
    ['docker run -v data:/var/lib/postgresql/data postgres:16', 'allow'],
    ['kubectl exec api-7d9 -n staging -- ls /data', 'allow'],
    ['kubectl exec -it api-7d9 -- bash', 'allow'],
    ['ssh build-box cat .aws/credentials', 'allow'],
    ['ssh localhost ls -la', 'allow'],
  ]);
});

// Any spelling of home in a for list, a here-string or a bind mount reaches the same deletion;
// the same carriers around a project directory stay allowed.
test('property: carriers of home are judged as home, carriers of a project directory are not', () => {
  const home = fc.constantFrom('~', '$HOME', '${HOME}', '"$HOME"');
  const project = fc.constantFrom('build', 'dist', './out', 'node_modules/.cache');
  const v = fc.constantFrom('d', 'dir', 'target', 'x1');
  const carriers: ((path: string, name: string) => string)[] = [
    (p, n) => `for ${n} in ${p}; do rm -rf "$${n}"; done`,
    (p, n) => `while read -r ${n}; do rm -rf "$${n}"; done <<< ${p}`,
    (p, n) => `read -r ${n} <<< ${p}; rm -rf "$${n}"`,
    (p, n) => `${n}=${p}; ln -s "$${n}" lnk && rm -rf lnk/`,
  ];
  const carrier = fc.integer({ min: 0, max: carriers.length - 1 });
  fc.assert(
    fc.property(home, v, carrier, (p, n, c) => {
      const cmd = carriers[c](p, n);
      assert.equal(decide(shell(cmd)).verdict, 'deny', show(cmd));
    }),
    { seed: 4041, numRuns: 60 },
  );
  fc.assert(
    fc.property(project, v, carrier, (p, n, c) => {
      const cmd = carriers[c](p, n);
      assert.equal(decide(shell(cmd)).verdict, 'allow', show(cmd));
    }),
    { seed: 4042, numRuns: 60 },
  );
});
