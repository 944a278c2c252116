// The common shape of a JSON settings-file edit (parse, mutate, write back only what changed,
// comments kept), and the "is this file back to what we found" tests uninstall uses.
import { isJsonObject, jsonEqual, readJsonc, type JsonObject } from './json-document.js';

export { editJsonDocument as editJson } from './json-document.js';

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
  const before = readJsonc(a);
  const after = readJsonc(b);
  return before !== undefined && after !== undefined && jsonEqual(withoutEmptyHooks(before), withoutEmptyHooks(after));
}

/** True when the document holds nothing but the given skeleton keys (e.g. Cursor's "version"). */
export function jsonLeftEmpty(text: string, skeletonKeys: readonly string[] = []): boolean {
  const value = withoutEmptyHooks(readJsonc(text));
  return isJsonObject(value) && Object.keys(value).every((k) => skeletonKeys.includes(k));
}
