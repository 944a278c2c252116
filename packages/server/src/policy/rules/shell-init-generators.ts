// Programs that print shell setup code for the calling shell to run: agents, version managers,
// prompt and directory tools, completion scripts. `eval "$(ssh-agent -s)"`, `eval "$(pyenv init
// -)"` and `source <(kubectl completion bash)` run code produced at run time, but code that these
// programs generate for themselves: they are allowed in their plain form (runtime-code.ts).
//
// The table is deliberately small and exact. Each entry is a program and the argument lists with
// which it only prints setup code; anything else (another subcommand, an unknown argument, a
// variable, a nested substitution, a wrapper, a pipe, a second command) is no longer the
// generator's own output as shipped, and falls back to the class rule.
import type { Script, SimpleCommand } from '../shell/types.js';

const SHELL = '(?:bash|zsh|fish|sh|ksh|posix|tcsh|csh|elvish|nu|xonsh|powershell|pwsh)';

function exact(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`);
}

// The arguments, joined by single spaces, for each generator.
const INIT = exact(`init -(?: ${SHELL})?(?: --no-rehash)?`); // rbenv, nodenv, goenv, …
const COMPLETION = exact(`completions? (?:(?:-s|--shell) )?${SHELL}`);
const GENERATORS = new Map<string, RegExp>([
  // ssh-agent with options only: with an operand it runs that command instead of printing setup.
  ['ssh-agent', exact('(?:(?:-[cskDd]|-[atEOP] [\\w.:/,*-]+)(?: |$))*')],
  ['direnv', exact(`(?:hook|export) ${SHELL}`)],
  ['brew', exact(`shellenv(?: ${SHELL})?`)],
  ['pyenv', exact(`(?:init|virtualenv-init) -(?: ${SHELL})?(?: --no-rehash)?|init --path`)],
  ['rbenv', INIT],
  ['nodenv', INIT],
  ['goenv', INIT],
  ['jenv', INIT],
  ['plenv', INIT],
  ['phpenv', INIT],
  ['zoxide', exact(`init ${SHELL}(?: --cmd [\\w-]+| --hook (?:none|prompt|pwd)| --no-cmd)*`)],
  ['starship', exact(`init ${SHELL}(?: --print-full-init)?`)],
  ['atuin', exact(`init ${SHELL}(?: --disable-(?:up-arrow|ctrl-r))*`)],
  ['mise', exact(`activate ${SHELL}(?: --shims| -q| --quiet)*`)],
  ['rtx', exact(`activate ${SHELL}(?: --shims| -q| --quiet)*`)],
  ['minikube', exact(`(?:docker|podman)-env(?: --shell[ =]${SHELL}| -p [\\w.-]+| --profile[ =][\\w.-]+| -u| --unset)*|completion ${SHELL}`)],
  ['luarocks', exact('path(?: --bin| --lr-path| --lr-cpath| --lr-bin)*')],
  ['keychain', exact('--eval(?: --quiet| -q| --noask| --agents [\\w,]+)*(?: [\\w.-]+)*')],
  ['fnm', exact(`env(?: --use-on-cd| --corepack-enabled| --resolve-engines| --shell[ =]${SHELL}| --version-file-strategy[ =](?:local|recursive))*`)],
  ['opam', exact(`env(?: --shell[ =]${SHELL}| --set-switch| --switch[ =][\\w.-]+)*`)],
  ['conda', exact(`shell\\.${SHELL} hook`)],
  ['micromamba', exact(`shell hook (?:-s|--shell) ${SHELL}`)],
  ['dircolors', exact('(?:-b|--sh|--bourne-shell)?')],
  ['thefuck', exact('--alias(?: [\\w-]+)?')],
  // Completion scripts: `X completion bash`, `gh completion -s zsh`, `rustup completions bash`.
  ['kubectl', COMPLETION],
  ['helm', COMPLETION],
  ['gh', COMPLETION],
  ['docker', COMPLETION],
  ['podman', COMPLETION],
  ['kind', COMPLETION],
  ['k3d', COMPLETION],
  ['kubeadm', COMPLETION],
  ['kustomize', COMPLETION],
  ['flux', COMPLETION],
  ['argocd', COMPLETION],
  ['oc', COMPLETION],
  ['istioctl', COMPLETION],
  ['hugo', COMPLETION],
  ['rclone', COMPLETION],
  ['pnpm', COMPLETION],
  ['rustup', COMPLETION],
  ['poetry', COMPLETION],
  ['deno', COMPLETION],
  ['npm', exact('completion')],
  ['pip', exact('completion --(?:bash|zsh|fish|powershell)')],
  ['pip3', exact('completion --(?:bash|zsh|fish|powershell)')],
  ['uv', exact(`generate-shell-completion ${SHELL}`)],
]);

// A generator named by path must live in a bin directory that is not world-writable scratch
// (`/opt/homebrew/bin/brew`, `~/.cargo/bin/zoxide`; not `/tmp/x/bin/brew` or `./brew`).
const BIN_PATH = /^(?:\/|~\/|\$HOME\/|\$\{HOME\}\/)(?:[\w.+-]+\/)*bin\/[\w.+-]+$/;
const SCRATCH = /(?:^|\/)(?:tmp|dev\/shm)\/|\/\.\.?\//;

/** True when `cmd` is a listed generator, spelled plainly, with arguments that only print setup. */
function isGeneratorCommand(cmd: SimpleCommand): boolean {
  const head = cmd.argv[0];
  if (!head || head.subs.length || cmd.wrappers.length || cmd.assignments.length) return false;
  if (head.text.includes('/') && (!BIN_PATH.test(head.text) || SCRATCH.test(head.text))) return false;
  const spec = GENERATORS.get(cmd.name);
  if (!spec) return false;
  for (let k = 1; k < cmd.argv.length; k++) {
    const w = cmd.argv[k];
    if (w.subs.length > 0 || w.text.includes('$') || w.text.includes('`')) return false;
  }
  // Only stderr may be redirected (`2>/dev/null`); the output is the code.
  if (cmd.redirects.some((r) => !/^2>{1,2}$/.test(r.op))) return false;
  return spec.test(cmd.args.join(' '));
}

/** True when the substitution `sub` is exactly one listed generator: no list, no pipe, nothing nested. */
export function isShellInitGenerator(sub: Script): boolean {
  if (sub.truncated || sub.commands.length !== 1 || sub.pipelines.length !== 1 || sub.pipelines[0].stages.length !== 1) return false;
  return isGeneratorCommand(sub.commands[0]);
}

/** The programs of the generator table: they print shell setup, so the words after them are their own operands. */
export const GENERATOR_PROGRAMS: readonly string[] = [...GENERATORS.keys()].filter((p) => p !== 'ssh-agent'); // ssh-agent CMD runs CMD
