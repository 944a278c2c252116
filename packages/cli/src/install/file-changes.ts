// Planning and applying the file edits of install-hooks and uninstall-hooks.
//  - install: the original of every file we change is copied once to <file>.service-backup;
//    a file whose new text equals the old is not written at all (so running install twice
//    is byte-identical and makes no second backup).
//  - uninstall: our entries are removed; when what is left is the original (same settings,
//    ignoring formatting), the backup's bytes are put back and the backup removed; a file we
//    created and that now holds nothing else is deleted.
// Writes go to a temporary file renamed into place (through symlinks, so dotfile managers'
// links survive); files holding a key end up 0600.
import { chmodSync, copyFileSync, constants, existsSync, mkdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { tomlEquivalent } from './codex-trust.js';
import { HOOK_MARKER } from './hook-commands.js';
import { jsonEquivalent } from './json-surface.js';
import { readTextOrNull } from './surface-files.js';
import type { SurfaceFile } from './types.js';
import type { HookSurface as Surface } from '@service/surfaces/forwarder';

export const BACKUP_SUFFIX = '.service-backup';

export type ChangeAction = 'create' | 'update' | 'delete' | 'restore' | 'unchanged';

export interface FileChange {
  surface: Surface;
  path: string;
  action: ChangeAction;
  before: string | null;
  /** null when the file is deleted. */
  after: string | null;
  /** Set when this change makes the one-time backup of the original. */
  backupPath?: string;
  /** Set on restore: the backup that is put back and removed. */
  restoredFrom?: string;
  secret: boolean;
  notes: string[];
  warnings: string[];
}

export function planInstall(files: SurfaceFile[]): FileChange[] {
  const planned = new Map<string, string>();
  return files.map((file) => {
    const before = readTextOrNull(file.path);
    const after = file.install(before, planned);
    planned.set(file.path, after);
    const backup = file.path + BACKUP_SUFFIX;
    const action: ChangeAction = before === null ? 'create' : after === before ? 'unchanged' : 'update';
    return {
      surface: file.surface,
      path: file.path,
      action,
      before,
      after,
      // Only a file without our entries is an original worth keeping: a file that already
      // carries them was written by an earlier install (or created by it, when there was no
      // original at all).
      backupPath: action === 'update' && before !== null && file.backup && !before.includes(HOOK_MARKER) && !existsSync(backup) ? backup : undefined,
      secret: file.secret,
      notes: file.notes,
      warnings: file.warnings ?? [],
    };
  });
}

function equivalent(kind: SurfaceFile['kind'], a: string, b: string): boolean {
  if (kind === 'json') return jsonEquivalent(a, b);
  if (kind === 'toml') return tomlEquivalent(a, b);
  return a === b;
}

export function planUninstall(files: SurfaceFile[]): FileChange[] {
  return files.map((file) => {
    const base = { surface: file.surface, path: file.path, secret: false, notes: [] as string[], warnings: [] as string[] };
    const before = readTextOrNull(file.path);
    // A file without our marker is left alone byte for byte (re-formatting it would be a change).
    if (before === null || !before.includes(HOOK_MARKER)) return { ...base, action: 'unchanged', before, after: before };
    const after = file.uninstall(before);
    if (after === before) return { ...base, action: 'unchanged', before, after };
    const backup = file.path + BACKUP_SUFFIX;
    const original = file.backup ? readTextOrNull(backup) : null;
    if (original !== null && equivalent(file.kind, after, original)) {
      return { ...base, action: 'restore', before, after: original, restoredFrom: backup };
    }
    if (original === null && file.leftEmpty(after)) return { ...base, action: 'delete', before, after: null };
    return { ...base, action: 'update', before, after };
  });
}

function writeInPlace(path: string, text: string, secret: boolean): void {
  const target = existsSync(path) ? realpathSync(path) : path;
  const dir = dirname(target);
  mkdirSync(dir, { recursive: true });
  const oldMode = existsSync(target) ? statSync(target).mode & 0o777 : null;
  const tmp = join(dir, `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, text, { mode: secret ? 0o600 : (oldMode ?? 0o644), flag: 'wx' });
    // A file that now holds a key is narrowed to 0600; other files keep the mode they had.
    chmodSync(tmp, secret ? 0o600 : (oldMode ?? 0o644));
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

export function applyChanges(changes: FileChange[]): void {
  for (const change of changes) {
    switch (change.action) {
      case 'unchanged':
        break;
      case 'create':
      case 'update':
        if (change.backupPath) copyFileSync(change.path, change.backupPath, constants.COPYFILE_EXCL);
        writeInPlace(change.path, change.after ?? '', change.secret);
        break;
      case 'restore':
        writeInPlace(change.path, change.after ?? '', false);
        if (change.restoredFrom) {
          // Put the original's permissions back too, then drop the backup.
          chmodSync(existsSync(change.path) ? realpathSync(change.path) : change.path, statSync(change.restoredFrom).mode & 0o777);
          rmSync(change.restoredFrom, { force: true });
        }
        break;
      case 'delete':
        rmSync(change.path, { force: true });
        break;
    }
  }
}
