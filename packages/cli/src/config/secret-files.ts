// Reading and writing small files that hold secrets or identity. Writes go through a
// temporary file created 0600 inside a 0700 directory and are renamed into place, so a key
// is never readable by other users, not even for the moment between create and chmod.
// Node built-ins only (the hook forwarder imports this).
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { randomBytes } from 'node:crypto';

/** Returns the trimmed file content, or null when the file is missing, empty or unreadable. */
export function readTrimmedFile(path: string): string | null {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}

export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** Atomically writes `content` to `path` with mode 0600 (the directory is created 0700). */
export function writePrivateFile(path: string, content: string): void {
  const dir = dirname(path);
  ensurePrivateDir(dir);
  const tmp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, content, { mode: 0o600, flag: 'wx' });
    // The umask cannot widen 0600, but an explicit chmod documents the intent and covers
    // filesystems that ignore the create mode.
    chmodSync(tmp, 0o600);
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** Permission bits of a file, or null when it does not exist. */
export function fileMode(path: string): number | null {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return null;
  }
}

/**
 * A key is sent in an HTTP header and written into agents' settings files, so only
 * printable ASCII without spaces is accepted: anything else would allow header or
 * config injection.
 */
export function isPlausibleKey(key: string): boolean {
  return /^[\x21-\x7e]{8,512}$/.test(key);
}
