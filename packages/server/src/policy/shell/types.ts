// The parsed form of a shell command line. Rules look at these structures (program,
// flags, targets, pipeline neighbours), never at the raw text, so quoted data such as
// `echo "rm -rf /"` cannot trigger a rule and quoting tricks such as `r''m` cannot evade one.

/** One shell word after quote removal. Variables are kept literally (`$HOME`), never expanded. */
export interface Word {
  text: string;
  /** True when any part of the word was quoted. */
  quoted: boolean;
  /** Command and process substitutions inside the word (`$(…)`, backticks, `<(…)`), parsed. */
  subs: readonly Script[];
}

export interface Redirect {
  /** `>`, `>>`, `<`, `<<` (heredoc; target is the body), `<<<`, `>&`, `<&`, `&>`, `&>>`, `>|`, `<>`. */
  op: string;
  target: Word;
}

/** How a command was reached: directly, or unwrapped from another command's argument. */
export type CommandOrigin = 'top' | 'shell-c' | 'eval' | 'substitution' | 'find-exec' | 'xargs' | 'remote' | 'inline-code' | 'heredoc' | 'function' | 'script-file' | 'parallel';

export interface SimpleCommand {
  /** argv after prefixes such as `sudo`, `env VAR=x`, `nohup`, `xargs` were unwrapped. */
  argv: Word[];
  /** Lower-cased basename of argv[0] without `.exe` (`/usr/bin/RM` → `rm`); '' when empty. */
  name: string;
  /** argv[1..] as plain strings. */
  args: string[];
  redirects: Redirect[];
  assignments: string[];
  /** Run through sudo, doas, su -c, pkexec or run0. */
  elevated: boolean;
  /** The prefixes that were unwrapped, outermost first (`['sudo', 'xargs']`). */
  wrappers: string[];
  /** Extra arguments arrive at run time (xargs, find -exec): targets are not all visible. */
  dynamicArgs: boolean;
  /** Under xargs/parallel, the string each input replaces (`-I X`); undefined when inputs are appended. */
  replaceString?: string;
  /** Under xargs/parallel, the inputs are read from a file (`-a F`, `--arg-file F`), not from the pipe. */
  inputFromFile?: boolean;
  /** Under `parallel --env NAME`, the names each job's shell takes from the caller's environment. */
  callerEnv?: readonly string[];
  /** Scheduled by a wrapper's timer option (`systemd-run --on-calendar=hourly`): runs later and again. */
  timer?: string;
  /**
   * This shell's startup file (BASH_ENV, ENV, --init-file/--rcfile) was written earlier in the
   * same line with all of its content visible; its commands are judged as a nested script.
   */
  startupWritten?: boolean;
  /**
   * The program an interpreter runs from a file written earlier in the same line with its text
   * visible (`cat > /tmp/c.py <<EOF … EOF; python3 /tmp/c.py`): judged as inline code is.
   */
  programText?: string;
  /**
   * An env file loaded into the environment earlier in the line (`set -a; source .env`, `. ./.env`)
   * or by a `dotenv` wrapper: a later dump of the environment prints its secrets.
   */
  envLoaded?: string;
  /** For `find … -exec cmd {} ;` the find command whose matches become the arguments. */
  parent?: SimpleCommand;
  /**
   * Inside a script run by a command that xargs/parallel feed with a replace string
   * (`… | parallel sh -c 'rm -rf {}'`), that command: words of the script holding its replace
   * string are the input.
   */
  fedBy?: SimpleCommand;
  origin: CommandOrigin;
  depth: number;
  /** The pipeline this command belongs to and its stage index there. */
  pipeline: Pipeline;
  stage: number;
  /** Set when a `cd` into a project-relative directory ran earlier in the same list. */
  cwdIsSubdir: boolean;
  /**
   * Where earlier `cd`/`pushd` in the same line moved, relative to the call's working directory
   * (`..`, `../..`) or absolute (`/`, `~`); undefined when it did not move or moved into a project
   * subdirectory. Relative targets resolve against it.
   */
  cwdShift?: string;
  /** The wrappers this command was reached through, outermost first, in words ("a here-document run by sh"). */
  via?: string[];
}

export interface Pipeline {
  /** Each stage holds every simple command inside it (a `( … )` group has several). */
  stages: SimpleCommand[][];
}

export interface Script {
  /** Every simple command, including those inside substitutions and `sh -c` strings. */
  commands: SimpleCommand[];
  pipelines: Pipeline[];
  /** The parser stopped early (size or depth bound); rules should not assume completeness. */
  truncated: boolean;
  /**
   * Why part of the input could not be analysed within the parser's bounds (nesting, length,
   * command count), e.g. `nesting deeper than 64 levels cannot be analysed`; unset when the
   * whole input was parsed. The commands before the point of failure are still in `commands`.
   */
  unanalysable?: string;
}
