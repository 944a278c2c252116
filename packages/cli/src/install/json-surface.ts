// The common shape of a JSON settings-file edit: parse, mutate in place, re-format the way
// the file was formatted. Also the "is this file back to what we found" tests uninstall uses.
import { isJsonObject, jsonEqual, parseJsonDocument, formatJsonDocument, type JsonObject } from './json-document.js';

export function editJson(text: string | null, label: string, mutate: (root: JsonObject) => void): string {
  const { value, format } = parseJsonDocument(text, label);
  mutate(value);
  return formatJsonDocument(value, format);
}

/** A copy without empty hook lists and without an empty `hooks` object. */
function withoutEmptyHooks(value: unknown): unknown {
  if (!isJsonObject(value) || !isJsonObject(value.hooks)) return value;
  const hooks: JsonObject = { ...value.hooks };
  for (const [k, v] of Object.entries(hooks)) if (Array.isArray(v) && v.length === 0) delete hooks[k];
  const copy: JsonObject = { ...value, hooks };
  if (Object.keys(hooks).length === 0) delete copy.hooks;
  return copy;
}

/** Same settings, ignoring formatting and hook lists that are merely empty. */
export function jsonEquivalent(a: string, b: string): boolean {
  try {
    return jsonEqual(withoutEmptyHooks(JSON.parse(a)), withoutEmptyHooks(JSON.parse(b)));
  } catch {
    return false;
  }
}

/** True when the document holds nothing but the given skeleton keys (e.g. Cursor's "version"). */
export function jsonLeftEmpty(text: string, skeletonKeys: readonly string[] = []): boolean {
  try {
    const value = withoutEmptyHooks(JSON.parse(text));
    return isJsonObject(value) && Object.keys(value).every((k) => skeletonKeys.includes(k));
  } catch {
    return false;
  }
}
