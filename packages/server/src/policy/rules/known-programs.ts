// The programs the engine knows what to do with: it either unwraps them (sudo, nice, chrt, npx …,
// `WRAPPER_NAMES` in shell/unwrap.ts), reads their arguments as code (shells, interpreters), or
// knows their arguments are their own operands or plain data (echo, grep, git, docker …).
// A program outside this table may be a wrapper nobody listed: its trailing words and its
// here-documents are judged as a command it may run, capped at a warning (rules/intent.ts).
// So this table decides which programs are *not* read that way: adding a program here is
// saying "its words are never a command line it runs".
import { GENERATOR_PROGRAMS } from './shell-init-generators.js';
import { WRAPPER_NAMES } from '../shell/unwrap.js';
import { INTERPRETERS, POWERSHELL, SHELLS } from './facts.js';

/** Programs that print, search, store or describe their words (and shell builtins that do). */
const DATA = [
  // print or store text
  'echo', 'printf', 'yes', 'banner', 'figlet', 'toilet', 'cowsay', 'lolcat', 'logger', 'notify-send', 'wall', 'write', 'say', 'espeak',
  'osd_cat', 'zenity', 'kdialog', 'dialog', 'whiptail', 'pbcopy', 'xclip', 'xsel', 'wl-copy', 'clip', 'mail', 'mailx', 'sendmail',
  // describe programs and commands
  'man', 'info', 'help', 'whatis', 'apropos', 'tldr', 'cheat', 'which', 'whereis', 'type', 'hash', 'compgen', 'complete', 'command',
  'alias', 'unalias', 'history', 'fc', 'bind', 'shopt', 'enable', 'declare', 'typeset', 'local', 'export', 'readonly', 'set', 'unset',
  'trap', 'let', 'read', 'readarray', 'mapfile', 'getopts', 'shift', 'exit', 'return', 'break', 'continue', 'wait', 'jobs', 'fg', 'bg',
  'disown', 'suspend', 'umask', 'ulimit', 'times', 'true', 'false', ':', 'test', '[', '[[', 'expr', 'cd', 'pushd', 'popd', 'dirs', 'pwd',
  'chdir', 'eval', 'source', '.', 'exec', 'builtin', 'caller', 'printenv', 'logout',
  // search and filter text
  'grep', 'egrep', 'fgrep', 'zgrep', 'rg', 'ag', 'ack', 'git-grep', 'sed', 'gsed', 'awk', 'gawk', 'mawk', 'nawk', 'jq', 'yq', 'gojq',
  'fzf', 'peco', 'sk', 'look', 'agrep', 'ugrep',
];

/**
 * Programs whose arguments are their own operands, options and subcommands. (Programs that run
 * the command after them and are not unwrapped, such as `ssh-agent CMD`, `mosh HOST -- CMD` or
 * Windows `start CMD`, are left out on purpose: as unknown programs their command is still warned.)
 */
const TOOLS = [
  // files, text and archives
  'ls', 'dir', 'cat', 'tac', 'head', 'tail', 'less', 'more', 'most', 'bat', 'batcat', 'wc', 'sort', 'uniq', 'cut', 'paste', 'join', 'tr',
  'fold', 'fmt', 'nl', 'column', 'comm', 'diff', 'diff3', 'sdiff', 'colordiff', 'cmp', 'patch', 'file', 'stat', 'du', 'df', 'dust', 'duf',
  'touch', 'mkdir', 'rmdir', 'rm', 'unlink', 'shred', 'srm', 'trash', 'trash-put', 'cp', 'mv', 'ln', 'install', 'chmod', 'chown', 'chgrp',
  'chattr', 'lsattr', 'setfacl', 'getfacl', 'xattr', 'truncate', 'dd', 'split', 'csplit', 'tee', 'sponge', 'rev', 'base64', 'base32',
  'basenc', 'xxd', 'od', 'hexdump', 'hd', 'strings', 'iconv', 'dos2unix', 'unix2dos', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum',
  'shasum', 'cksum', 'b2sum', 'md5', 'tar', 'gtar', 'bsdtar', 'zip', 'unzip', 'gzip', 'gunzip', 'zcat', 'bzip2', 'bunzip2', 'xz', 'unxz',
  'zstd', 'unzstd', 'lz4', '7z', '7za', 'rar', 'unrar', 'cpio', 'ar', 'find', 'gfind', 'fd', 'fdfind', 'locate', 'mlocate', 'tree', 'exa',
  'eza', 'lsd', 'realpath', 'readlink', 'basename', 'dirname', 'mktemp', 'mkfifo', 'mknod', 'sync', 'rsync', 'rclone', 'scp', 'sftp',
  'ftp', 'lftp', 'vim', 'vi', 'nvim', 'view', 'gvim', 'ex', 'nano', 'pico', 'emacs', 'micro', 'helix', 'hx', 'kak', 'ed', 'code',
  'code-insiders', 'cursor', 'subl', 'idea', 'open', 'xdg-open', 'explorer', 'sqlite3', 'sqlite', 'duckdb', 'pandoc', 'convert',
  'magick', 'ffmpeg', 'ffprobe', 'identify', 'exiftool', 'pdftotext', 'seq', 'shuf', 'factor', 'bc', 'dc', 'numfmt', 'tput', 'clear',
  'reset', 'stty', 'tty', 'date', 'cal', 'sleep', 'usleep', 'env', 'uname', 'hostname', 'hostnamectl', 'whoami', 'id', 'groups', 'users',
  'who', 'w', 'last', 'uptime', 'free', 'vmstat', 'iostat', 'lsof', 'fuser', 'ps', 'pgrep', 'top', 'htop', 'btop', 'kill', 'pkill',
  'killall', 'mount', 'umount', 'lsblk', 'blkid', 'fdisk', 'parted', 'mkfs', 'wipefs', 'lscpu', 'lspci', 'lsusb', 'dmesg', 'locale',
  'mkswap', 'swapon', 'swapoff', 'sysctl', 'modprobe', 'insmod', 'rmmod', 'lsmod', 'getent', 'passwd', 'chpasswd', 'useradd', 'userdel',
  'usermod', 'groupadd', 'groupdel', 'gpasswd', 'visudo', 'setcap', 'getcap', 'crontab', 'systemctl', 'service', 'journalctl',
  'launchctl', 'loginctl', 'timedatectl', 'shutdown', 'reboot', 'poweroff', 'halt', 'setenforce', 'ufw', 'iptables', 'ip6tables', 'nft',
  'pfctl', 'csrutil', 'spctl', 'diskutil', 'defaults', 'plutil', 'tmutil', 'softwareupdate', 'sw_vers', 'system_profiler', 'pmset',
  'osascript', 'security', 'codesign', 'xcrun', 'xcodebuild', 'xcode-select', 'pbpaste', 'auditctl', 'setfattr', 'getfattr',
  // network
  'curl', 'wget', 'fetch', 'aria2c', 'http', 'https', 'xh', 'httpie', 'lwp-request', 'lwp-download', 'get', 'ssh', 'ssh-add',
  'ssh-keygen', 'ssh-copy-id', 'ssh-keyscan', 'nc', 'ncat', 'netcat', 'socat', 'telnet', 'dig', 'nslookup', 'host', 'drill',
  'whois', 'ping', 'ping6', 'traceroute', 'tracepath', 'mtr', 'resolvectl', 'ip', 'ifconfig', 'route', 'netstat', 'ss', 'arp', 'nmap',
  'tcpdump', 'openssl', 'gpg', 'gpg2', 'age', 'certutil', 'keytool', 'htpasswd',
  // version control, platforms, secrets
  'git', 'gitk', 'tig', 'lazygit', 'hg', 'svn', 'git-lfs', 'git-filter-repo', 'bfg', 'pre-commit', 'gh', 'glab', 'tea', 'bb', 'hub',
  'vault', 'infisical', 'sops', 'pass', 'gopass', 'bw', 'lpass', 'restic', 'borg', 'duplicity',
  // builds, packages and language toolchains
  'make', 'gmake', 'cmake', 'ninja', 'meson', 'bazel', 'bazelisk', 'buck', 'buck2', 'pants', 'scons', 'autoconf', 'automake', 'configure',
  'npm', 'pnpm', 'yarn', 'corepack', 'nvm', 'n', 'tsc', 'tsx', 'ts-node', 'esbuild', 'vite', 'webpack', 'rollup', 'parcel', 'turbo', 'nx',
  'lerna', 'eslint', 'prettier', 'biome', 'jest', 'vitest', 'mocha', 'ava', 'playwright', 'cypress', 'storybook', 'next', 'nuxt', 'astro',
  'pip', 'pipx', 'pip-compile', 'pip-sync', 'virtualenv', 'venv', 'pytest', 'tox', 'nox', 'black', 'ruff', 'flake8', 'pylint', 'mypy',
  'pyright', 'isort', 'coverage', 'jupyter', 'ipython', 'django-admin', 'flask', 'uvicorn', 'gunicorn', 'celery', 'alembic', 'twine',
  'maturin', 'gem', 'rake', 'rails', 'rspec', 'rubocop', 'irb', 'cargo', 'rustc', 'rustup', 'rustfmt', 'clippy-driver', 'go', 'gofmt',
  'golangci-lint', 'gopls', 'gcc', 'g++', 'cc', 'c++', 'clang', 'clang++', 'clang-format', 'clang-tidy', 'ld', 'lldb', 'gdb', 'objdump',
  'nm', 'strip', 'readelf', 'ldd', 'otool', 'javac', 'java', 'jar', 'mvn', 'mvnw', 'gradle', 'gradlew', 'sbt', 'kotlin', 'kotlinc', 'scala',
  'dotnet', 'msbuild', 'nuget', 'swift', 'swiftc', 'flutter', 'dart', 'composer', 'phpunit', 'artisan', 'mix', 'iex', 'erl', 'rebar3',
  'ghc', 'ghci', 'cabal', 'stack', 'zig', 'nim', 'ocaml', 'opam', 'dune', 'elm', 'brew', 'port', 'apt', 'apt-get', 'apt-cache', 'dpkg',
  'yum', 'dnf', 'rpm', 'zypper', 'pacman', 'yay', 'apk', 'snap', 'flatpak', 'nix-env', 'nix-store', 'nix-build', 'winget', 'choco',
  'scoop', 'sdk', 'jenv', 'goenv', 'nodenv', 'tfenv', 'pyenv-virtualenv', 'conan', 'vcpkg', 'helm', 'kustomize', 'skaffold', 'tilt',
  // containers, clouds, databases
  'docker', 'docker-compose', 'podman', 'podman-compose', 'nerdctl', 'buildah', 'skopeo', 'crictl', 'ctr', 'kind', 'minikube', 'k3d',
  'k9s', 'kubectl', 'oc', 'kubectx', 'kubens', 'stern', 'terraform', 'tofu', 'terragrunt', 'pulumi', 'cdk', 'sst', 'serverless', 'sls',
  'aws', 'sam', 'eksctl', 'gcloud', 'gsutil', 'bq', 'az', 'azcopy', 'heroku', 'firebase', 'vercel', 'netlify', 'fly', 'flyctl', 'railway',
  'wrangler', 'doctl', 's3cmd', 'mc', 'ansible', 'ansible-playbook', 'vagrant', 'packer', 'mysql', 'mariadb', 'mysqldump', 'psql',
  'pg_dump', 'pg_restore', 'createdb', 'dropdb', 'sqlcmd', 'invoke-sqlcmd', 'mongo', 'mongosh', 'mongodump', 'redis-cli', 'cqlsh', 'clickhouse',
  'clickhouse-client', 'cockroach', 'snowsql', 'trino', 'presto',
  // agent CLIs
  'claude', 'codex', 'gemini', 'copilot', 'gh-copilot', 'cursor-agent', 'windsurf', 'agy', 'antigravity', 'aider', 'ollama', 'llm',
  // Windows and PowerShell
  'cmd', 'powershell', 'pwsh', 'reg', 'sc', 'schtasks', 'taskkill', 'tasklist', 'netsh', 'wmic', 'bitsadmin', 'mshta', 'regsvr32',
  'rundll32', 'icacls', 'takeown', 'robocopy', 'xcopy', 'del', 'erase', 'rd', 'ri', 'remove-item', 'iwr', 'irm', 'invoke-webrequest',
  'invoke-restmethod', 'invoke-expression', 'iex', 'stop-process', 'stop-service', 'set-service', 'set-itemproperty',
  'new-itemproperty', 'register-scheduledtask', 'new-scheduledtask', 'set-mppreference', 'add-mppreference', 'set-netfirewallprofile',
  'start-bitstransfer', 'get-content', 'set-content', 'out-file', 'write-output', 'write-host',
  // programs the rules name that are neither wrappers nor covered above
  'su', 'at', 'batch', 'atq', 'atrm', 'tmux', 'sg', 'newgrp', 'parallel', 'xargs', 'watch', 'entr', 'script', 'nix-shell', 'gio', 'setsid',
  'aa-disable', 'aa-complain', 'aa-teardown', 'apparmor_parser', 'dotenv', 'direnv',
];

const KNOWN = new Set<string>([...DATA, ...TOOLS, ...WRAPPER_NAMES, ...SHELLS, ...POWERSHELL, ...GENERATOR_PROGRAMS]);
// `python3.12`, `pip3`, `node20`, `gcc-13`: a version suffix does not make a program unknown.
const VERSION_SUFFIX = /[-.]?[0-9][0-9.]*$/;

/**
 * True when the engine knows what `name` (a lower-cased program basename, `SimpleCommand.name`)
 * does with its words: unwraps it, reads them as code, or knows they are its operands or data.
 */
export function isKnownProgram(name: string): boolean {
  if (KNOWN.has(name) || INTERPRETERS.test(name)) return true;
  const bare = name.replace(VERSION_SUFFIX, '');
  return bare !== name && bare !== '' && (KNOWN.has(bare) || INTERPRETERS.test(bare));
}
