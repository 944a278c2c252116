// Shared shapes of the install-hooks machinery.
import type { MachineIdentity } from '../config/machine-identity.js';
import type { HookSurface as Surface } from '@service/surfaces/forwarder';
import type { HookCommands } from './hook-commands.js';

export type Scope = 'user' | 'project';

export interface InstallOptions {
  scope: Scope;
  /** Normalized server base URL (no trailing slash). */
  serverUrl: string;
  /** The runtime key. Written literally only into files that are never committed. */
  key: string;
  identity: MachineIdentity;
  commands: HookCommands;
}

export interface TargetContext {
  home: string;
  projectDir: string;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

/** One file an install touches, with pure transformations of its text. */
export interface SurfaceFile {
  surface: Surface;
  path: string;
  kind: 'json' | 'toml' | 'lines';
  /** existing text (null when the file is missing) → new text. `planned` holds the new text of files planned before this one. */
  install(text: string | null, planned: ReadonlyMap<string, string>): string;
  /** existing text → the text without our entries. */
  uninstall(text: string): string;
  /** True when what uninstall left is only the skeleton we created (the file can go). */
  leftEmpty(text: string): boolean;
  /** Keep `<file>.service-backup` of the original (false for files like .git/info/exclude). */
  backup: boolean;
  /** The file holds a literal key after install: written 0600. */
  secret: boolean;
  /** Notes for the person (trust prompts); shown on install. */
  notes: string[];
  /** Warnings (a surface that needs HTTPS for what we wanted to write); shown on install. */
  warnings?: string[];
}
