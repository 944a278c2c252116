// Reading and re-writing agents' JSON settings files so that a merge changes as little as
// JSON allows: key order is kept (JSON.parse keeps insertion order), the indentation and
// line endings found in the file are reused, and a trailing newline is kept or left out as
// it was. A file we create gets 2-space indentation and a trailing newline.

export type JsonObject = Record<string, unknown>;

export interface JsonFormat {
  indent: string;
  eol: '\n' | '\r\n';
  trailingNewline: boolean;
}

export const DEFAULT_JSON_FORMAT: JsonFormat = { indent: '  ', eol: '\n', trailingNewline: true };

export class UnreadableSettingsError extends Error {}

export function isJsonObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function detectFormat(text: string): JsonFormat {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indentMatch = /\n([ \t]+)\S/.exec(text);
  return { indent: indentMatch ? indentMatch[1] : '  ', eol, trailingNewline: /\n$/.test(text) };
}

/** Parses a settings file; null or whitespace-only text is an empty object in the default format. */
export function parseJsonDocument(text: string | null, fileLabel: string): { value: JsonObject; format: JsonFormat } {
  if (text === null || text.trim() === '') return { value: {}, format: DEFAULT_JSON_FORMAT };
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    // Some agents accept comments in their settings; rewriting such a file would drop them,
    // so we leave it to the person to merge by hand.
    throw new UnreadableSettingsError(`${fileLabel} is not plain JSON (comments or a syntax error); fix or remove the comments, or add the hooks by hand as shown in docs/cli-workstation.md.`);
  }
  if (!isJsonObject(value)) throw new UnreadableSettingsError(`${fileLabel} does not hold a JSON object; move it aside and run the command again.`);
  return { value, format: detectFormat(text) };
}

export function formatJsonDocument(value: JsonObject, format: JsonFormat): string {
  let text = JSON.stringify(value, null, format.indent);
  if (format.eol === '\r\n') text = text.replace(/\n/g, '\r\n');
  return format.trailingNewline ? text + format.eol : text;
}

/** Deep equality of two JSON values, treating key order as irrelevant. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (isJsonObject(a) && isJsonObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}
