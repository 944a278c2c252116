// Reading one skill file: its 500-byte preview and the SHA-256 of the whole file, in one pass.
// The full content is hashed chunk by chunk and never held in memory or returned.
import { createHash } from 'node:crypto';
import { constants, promises as fsp } from 'node:fs';
import { describeFsError } from './config-files.js';
import { SKILL_PREVIEW_BYTES, truncatePreview } from './preview.js';

/** Skill files larger than this are skipped with a warning; real skills are a few kilobytes. */
export const MAX_SKILL_FILE_BYTES = 4 * 1024 * 1024;

const CHUNK_BYTES = 64 * 1024;
// See config-files.ts: a FIFO planted as SKILL.md must not block the scan.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

export type SkillFileRead = { status: 'ok'; preview: string; hash: string } | { status: 'skipped'; reason: string };

export async function readSkillFile(path: string): Promise<SkillFileRead> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(path, OPEN_FLAGS);
  } catch (err) {
    return { status: 'skipped', reason: describeFsError(err) };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { status: 'skipped', reason: 'not a regular file' };
    if (info.size > MAX_SKILL_FILE_BYTES) return { status: 'skipped', reason: `larger than ${MAX_SKILL_FILE_BYTES} bytes` };
    const hash = createHash('sha256');
    const head: Buffer[] = [];
    let headBytes = 0;
    let total = 0;
    const chunk = Buffer.alloc(CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, total);
      if (bytesRead === 0) break;
      total += bytesRead;
      // The size was checked before reading, but a file can grow while it is read.
      if (total > MAX_SKILL_FILE_BYTES) return { status: 'skipped', reason: `larger than ${MAX_SKILL_FILE_BYTES} bytes` };
      const data = chunk.subarray(0, bytesRead);
      hash.update(data);
      if (headBytes < SKILL_PREVIEW_BYTES) {
        // Copy: `chunk` is reused by the next read.
        const part = Buffer.from(data.subarray(0, SKILL_PREVIEW_BYTES - headBytes));
        head.push(part);
        headBytes += part.length;
      }
    }
    return { status: 'ok', preview: truncatePreview(Buffer.concat(head)), hash: hash.digest('hex') };
  } catch (err) {
    return { status: 'skipped', reason: describeFsError(err) };
  } finally {
    await handle.close().catch(() => undefined);
  }
}
