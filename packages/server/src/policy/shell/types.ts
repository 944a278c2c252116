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
export type CommandOrigin = 'top' | 'shell-c' | 'eval' | 'substitution' | 'find-exec' | 'xargs' | 'remote' | 'inline-code';

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
  /** For `find … -exec cmd {} ;` the find command whose matches become the arguments. */
  parent?: SimpleCommand;
  origin: CommandOrigin;
  depth: number;
  /** The pipeline this command belongs to and its stage index there. */
  pipeline: Pipeline;
  stage: number;
  /** Set when a `cd` into a project-relative directory ran earlier in the same list. */
  cwdIsSubdir: boolean;
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
}
