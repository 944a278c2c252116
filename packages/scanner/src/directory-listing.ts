// Bounded, sorted directory listings shared by skill and plugin discovery.
import { Dir, Dirent, promises as fsp } from 'node:fs';
import { ConfigReader, describeFsError, isMissingError } from './config-files.js';

/** Most entries read from one directory; the rest are ignored with a warning. */
export const MAX_DIRECTORY_ENTRIES = 5000;

const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Entries of `dir`, real entries first and symlinks after, each group sorted by name, so a real
 * name wins over an alias and results do not depend on the file system's order. A missing
 * directory is an empty listing; any other failure is a warning.
 */
export async function listEntries(dir: string, reader: ConfigReader, max = MAX_DIRECTORY_ENTRIES): Promise<Dirent[]> {
  const entries: Dirent[] = [];
  let handle: Dir;
  try {
    handle = await fsp.opendir(dir);
  } catch (err) {
    if (!isMissingError(err)) reader.warn(`${dir}: skipped (${describeFsError(err)})`);
    return entries;
  }
  try {
    for await (const entry of handle) {
      if (entries.length >= max) {
        reader.warn(`${dir}: only the first ${max} entries were read`);
        break;
      }
      entries.push(entry);
    }
  } catch (err) {
    reader.warn(`${dir}: partly read (${describeFsError(err)})`);
  } finally {
    // Leaving the loop early closes the handle already; a second close only throws.
    await handle.close().catch(() => undefined);
  }
  return [...entries.filter((e) => !e.isSymbolicLink()).sort(byName), ...entries.filter((e) => e.isSymbolicLink()).sort(byName)];
}
