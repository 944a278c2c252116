// What an approved exception covers (pure). An approval names exactly one thing: an exact
// command (string equality after trimming), a pattern (a glob over the whole command, run by
// the linear-time safe matcher, so an admin's pattern can never hang the hot path) or a path
// (equality with the call's file path); and, when set, the host, the user and the repository
// (the call's working directory or a folder under it). Anything else is untouched.
import { globToRegex } from '../policy/custom-patterns.js';
import { PatternSyntaxError, SafeRegex } from '../policy/safe-regex.js';
import type { ToolCall } from '../policy/types.js';

export const SCOPE_KINDS = ['exact_command', 'pattern', 'path'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

export interface ExceptionScope {
  kind: ScopeKind;
  value: string;
  host: string | null;
  user: string | null;
  repository: string | null;
}

export interface CompiledScope {
  scope: ExceptionScope;
  matches(call: ToolCall): boolean;
}

/** The call's subject for a pattern: its command, else its path, else its URL. */
function subjectOf(call: ToolCall): string | undefined {
  return call.command ?? call.filePath ?? call.url;
}

/** Null when the scope is usable, else why not (for a 400). */
export function scopeError(scope: ExceptionScope): string | null {
  if (scope.value.trim().length === 0) return 'scope value is empty';
  if (scope.kind === 'pattern') {
    if (scope.value.replace(/[*?\s]/g, '').length === 0) return 'a pattern must contain at least one literal character';
    try {
      new SafeRegex(`^${globToRegex(scope.value.trim())}$`);
    } catch (e) {
      if (e instanceof PatternSyntaxError) return e.message;
      throw e;
    }
  }
  return null;
}

function underRepository(cwd: string | undefined, repository: string): boolean {
  if (!cwd) return false;
  const root = repository.replace(/\/+$/, '');
  return cwd === root || cwd.startsWith(`${root}/`);
}

export function compileScope(scope: ExceptionScope): CompiledScope {
  const value = scope.value.trim();
  let subject: (call: ToolCall) => boolean;
  if (scope.kind === 'exact_command') subject = (call) => call.command !== undefined && call.command.trim() === value;
  else if (scope.kind === 'path') subject = (call) => call.filePath !== undefined && call.filePath === value;
  else {
    const re = new SafeRegex(`^${globToRegex(value)}$`);
    subject = (call) => {
      const s = subjectOf(call);
      return s !== undefined && re.test(s.trim());
    };
  }
  return {
    scope,
    matches(call) {
      if (scope.host !== null && call.identity.hostname !== scope.host) return false;
      if (scope.user !== null && call.userHint !== scope.user) return false;
      if (scope.repository !== null && !underRepository(call.cwd, scope.repository)) return false;
      return subject(call);
    },
  };
}
