// Reading and editing agents' JSON settings files. Several agents accept comments and trailing
// commas in them (JSONC), and people keep notes there, so an edit goes through jsonc-parser as a
// set of minimal text edits: comments, key order, indentation and line endings outside the keys
// we change stay as they were. A file we create gets 2-space indentation and a trailing newline.
import { applyEdits, modify, parse, printParseErrorCode, type FormattingOptions, type JSONPath, type ParseError } from 'jsonc-parser';

export type JsonObject = Record<string, unknown>;

export class UnreadableSettingsError extends Error {}

export function isJsonObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const BOM = '\uFEFF';
const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false };

/** The value of a settings file's text, comments allowed; undefined when it is not JSON(C). */
export function readJsonc(text: string): unknown {
  const errors: ParseError[] = [];
  const value: unknown = parse(text.startsWith(BOM) ? text.slice(1) : text, errors, PARSE_OPTIONS);
  return errors.length === 0 ? value : undefined;
}

function formattingOf(text: string): FormattingOptions {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return { insertSpaces: !indent.startsWith('\t'), tabSize: indent.startsWith('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
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

type Change = { path: JSONPath; value: unknown; insert?: boolean };

/** Indexes of `before` that `after` keeps, when `after` is `before` with elements removed. */
function keptIndexes(before: unknown[], after: unknown[]): number[] | null {
  const kept: number[] = [];
  let i = 0;
  for (const item of after) {
    while (i < before.length && !jsonEqual(before[i], item)) i++;
    if (i === before.length) return null;
    kept.push(i++);
  }
  return kept;
}

/** The smallest set of path edits that turns `before` into `after`, in an order safe to apply one by one. */
function changes(before: unknown, after: unknown, path: JSONPath, out: Change[] = []): Change[] {
  if (jsonEqual(before, after)) return out;
  if (isJsonObject(before) && isJsonObject(after)) {
    for (const key of Object.keys(before)) if (!(key in after)) out.push({ path: [...path, key], value: undefined });
    for (const [key, value] of Object.entries(after)) {
      if (key in before) changes(before[key], value, [...path, key], out);
      else out.push({ path: [...path, key], value });
    }
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (after.length > before.length && before.every((x, i) => jsonEqual(x, after[i]))) {
      for (let i = before.length; i < after.length; i++) out.push({ path: [...path, i], value: after[i], insert: true });
      return out;
    }
    const kept = after.length < before.length ? keptIndexes(before, after) : null;
    if (kept) {
      for (let i = before.length - 1; i >= 0; i--) if (!kept.includes(i)) out.push({ path: [...path, i], value: undefined });
      return out;
    }
    if (after.length === before.length) {
      after.forEach((x, i) => changes(before[i], x, [...path, i], out));
      return out;
    }
  }
  out.push({ path, value: after });
  return out;
}

/**
 * Applies `mutate` to a settings file's object and returns the new text, changed only where the
 * object changed. Null or whitespace-only text is an empty object.
 */
export function editJsonDocument(text: string | null, fileLabel: string, mutate: (root: JsonObject) => void): string {
  if (text === null || text.trim() === '') {
    const value: JsonObject = {};
    mutate(value);
    return JSON.stringify(value, null, 2) + '\n';
  }
  const bom = text.startsWith(BOM) ? BOM : '';
  const body = text.slice(bom.length);
  const errors: ParseError[] = [];
  const before: unknown = parse(body, errors, PARSE_OPTIONS);
  if (errors.length > 0) {
    const line = body.slice(0, errors[0].offset).split('\n').length;
    throw new UnreadableSettingsError(`${fileLabel} is not valid JSON (${printParseErrorCode(errors[0].error)} on line ${line}); fix it and run the command again.`);
  }
  if (!isJsonObject(before)) throw new UnreadableSettingsError(`${fileLabel} does not hold a JSON object; move it aside and run the command again.`);
  const after = structuredClone(before);
  mutate(after);
  const formattingOptions = formattingOf(body);
  let out = body;
  for (const change of changes(before, after, [])) {
    out = applyEdits(out, modify(out, change.path, change.value, { formattingOptions, isArrayInsertion: change.insert }));
  }
  return bom + out;
}
