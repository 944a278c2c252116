// One server per SQLite data directory (docs/operations.md, "Stores"). Two server processes on
// one service.db each run a writer thread, and their commits collide: about 7% of mixed requests
// failed with "database is locked". So a server takes `service.lock` in the data directory before
// it opens the store: created exclusively (O_EXCL), holding the holder's pid, host and start
// time. A lock whose holder is gone (same host, pid no longer running: a crash or kill -9) is
// taken over; a live holder's lock makes the second server exit, naming the holder.
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'service.lock';

export interface LockHolder {
  pid: number;
  host: string;
  started_at: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder | null,
  ) {
    super(
      holder
        ? `Another server (pid ${holder.pid} on ${holder.host}, started ${holder.started_at}) is using the data directory; ${lockPath} is its lock. Only one server may run per SQLite data directory: stop it, use another --data-dir, or use MySQL (DATABASE_URL) to run several servers.`
        : `The data directory is locked by another server (${lockPath} could not be read); stop that server or use another --data-dir.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Paths this process holds: a lock naming our own pid is stale only if we do not hold it. */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

function readHolder(raw: string): LockHolder | null {
  try {
    const h = JSON.parse(raw) as LockHolder;
    return Number.isInteger(h.pid) && typeof h.host === 'string' ? h : null;
  } catch {
    return null;
  }
}

/** Stale: written on this host by a process that no longer runs (or by our own pid, from a previous life in a container). */
function isStale(holder: LockHolder, path: string): boolean {
  if (holder.host !== hostname()) return false; // another host's pid cannot be checked: assume alive
  if (holder.pid === process.pid) return !heldHere.has(path);
  return !isRunning(holder.pid);
}

export interface DataDirLock {
  path: string;
  release(): void;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), started_at: new Date().toISOString() } satisfies LockHolder);
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeSync(fd, mine);
      } finally {
        closeSync(fd);
      }
      heldHere.add(path);
      return {
        path,
        release() {
          heldHere.delete(path);
          try {
            if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let raw: string;
    try {
      raw = readFileSync(path, 'utf8');
    } catch {
      continue; // removed meanwhile: try again
    }
    const holder = readHolder(raw);
    // An unreadable lock may be one being written this instant: look again a few times.
    if (!holder) {
      if (attempt < 10) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
        continue;
      }
      throw new DataDirLockedError(path, null);
    }
    if (!isStale(holder, path)) throw new DataDirLockedError(path, holder);
    // Take over a stale lock without removing one that another starter wrote meanwhile: move it
    // aside (only one rename succeeds), and put it back if it is not the stale one we judged.
    const aside = `${path}.stale-${process.pid}`;
    try {
      renameSync(path, aside);
    } catch {
      continue;
    }
    try {
      if (readFileSync(aside, 'utf8') !== raw) linkSync(aside, path); // fails if a new lock exists: fine either way
    } catch {
      /* a newer lock is in place */
    }
    try {
      unlinkSync(aside);
    } catch {
      /* gone */
    }
  }
  throw new DataDirLockedError(path, null);
}
