// Bounded, failure-tolerant reads of agent configuration files.
//
// Every agent keeps its settings in files the user (or a malicious repository) controls, so a read
// must never hang (FIFOs, devices), never load an unbounded file, and never crash the scan: a file
// that cannot be used is skipped and named in the scan's warnings. Warnings carry the path and a
// fixed reason, never parser messages, because those quote file content (which may hold secrets).
import { constants, promises as fsp } from 'node:fs';

/** Largest settings file read. ~/.claude.json keeps per-project history and can reach megabytes. */
export const MAX_CONFIG_FILE_BYTES = 16 * 1024 * 1024;

// O_NONBLOCK makes open() of a FIFO return at once instead of waiting for a writer; fstat then
// rejects it. It is a no-op for regular files and does not exist on Windows.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

export type TextRead =
  | { status: 'missing' }
  | { status: 'ok'; text: string }
  | { status: 'error'; reason: string };

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
}

export function describeFsError(err: unknown): string {
  switch (errorCode(err)) {
    case 'ELOOP':
      return 'symlink loop';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    default:
      return 'unreadable';
  }
}

export function isMissingError(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Reads a whole text file of at most `maxBytes`, following symlinks. */
export async function readBoundedText(path: string, maxBytes = MAX_CONFIG_FILE_BYTES): Promise<TextRead> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(path, OPEN_FLAGS);
  } catch (err) {
    return isMissingError(err) ? { status: 'missing' } : { status: 'error', reason: describeFsError(err) };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { status: 'error', reason: 'not a regular file' };
    if (info.size > maxBytes) return { status: 'error', reason: `larger than ${maxBytes} bytes` };
    const buffer = Buffer.alloc(Math.min(info.size, maxBytes) + 1);
    let length = 0;
    // The file may grow between fstat and read; reading one byte past the limit detects that.
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) return { status: 'error', reason: `larger than ${maxBytes} bytes` };
    return { status: 'ok', text: buffer.subarray(0, length).toString('utf8') };
  } catch (err) {
    return { status: 'error', reason: describeFsError(err) };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Index of the first character at or after `i` that is neither whitespace nor inside a comment. */
function skipSpaceAndComments(text: string, i: number): number {
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else return i;
  }
}

/**
 * Removes // and /* comments and trailing commas outside strings. VS Code's mcp.json and Gemini's
 * settings.json are JSON with comments; plain JSON passes through unchanged.
 */
export function stripJsonComments(text: string): string {
  const parts: string[] = [];
  let copied = 0;
  let i = 0;
  const drop = (from: number, to: number, replacement = '') => {
    parts.push(text.slice(copied, from), replacement);
    copied = to;
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      const end = skipSpaceAndComments(text, i);
      drop(i, end, ' ');
      i = end;
    } else if (c === ',') {
      const next = skipSpaceAndComments(text, i + 1);
      if (text[next] === '}' || text[next] === ']') drop(i, i + 1);
      i++;
    } else i++;
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type JsonRead = { status: 'missing' } | { status: 'ok'; value: Record<string, unknown> } | { status: 'invalid' };

export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    // Only files that are not plain JSON pay for the comment-stripping pass.
    try {
      value = JSON.parse(stripJsonComments(body));
    } catch {
      return undefined;
    }
  }
  return isRecord(value) ? value : undefined;
}

/**
 * Reads configuration files once per scan and collects the scan's warnings. Several parts of a
 * scan look at the same file (Claude Code's settings hold MCP servers, enabled plugins, hooks and
 * sandbox settings), so reads are cached by path and each problem is reported once.
 */
export class ConfigReader {
  readonly warnings: string[] = [];
  private readonly texts = new Map<string, Promise<TextRead>>();
  private readonly memos = new Map<string, Promise<unknown>>();

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  readText(path: string): Promise<TextRead> {
    let read = this.texts.get(path);
    if (!read) {
      read = readBoundedText(path);
      this.texts.set(path, read);
    }
    return read;
  }

  /** A missing file is silent; anything unusable is `invalid` plus one warning naming the file. */
  readJson(path: string): Promise<JsonRead> {
    return this.memo(`json:${path}`, () => this.parseJsonFile(path));
  }

  /** Computes a value derived from files once per scan (e.g. a parsed TOML file). */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    let value = this.memos.get(key) as Promise<T> | undefined;
    if (!value) {
      value = compute();
      this.memos.set(key, value);
    }
    return value;
  }

  private async parseJsonFile(path: string): Promise<JsonRead> {
    const read = await this.readText(path);
    if (read.status === 'missing') return read;
    if (read.status === 'error') {
      this.warn(`${path}: skipped (${read.reason})`);
      return { status: 'invalid' };
    }
    const value = parseJsonObject(read.text);
    if (!value) {
      this.warn(`${path}: skipped (not a valid JSON object)`);
      return { status: 'invalid' };
    }
    return { status: 'ok', value };
  }

  async readJsonObject(path: string): Promise<Record<string, unknown> | undefined> {
    const read = await this.readJson(path);
    return read.status === 'ok' ? read.value : undefined;
  }
}
