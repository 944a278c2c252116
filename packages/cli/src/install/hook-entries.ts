// Merging our handlers into the two shapes agents use for hook lists, without touching
// anyone else's:
//   grouped  hooks[event] = [{ matcher?, hooks: [handler, …] }, …]   Claude Code, Codex, Gemini, Antigravity
//   flat     hooks[event] = [handler, …]                              Cursor, Copilot, Windsurf
// `desired` maps each event to our one group (or handler). Our existing entry is replaced
// in place, so re-running an install is a no-op and other entries keep their positions
// (which matters for Codex, whose hook trust is keyed by position). Events we no longer
// install lose our entry; an event list we emptied is removed.
import { carriesMarker } from './hook-commands.js';
import { isJsonObject, type JsonObject } from './json-document.js';

type Shape = 'grouped' | 'flat';

function isOurs(entry: unknown, shape: Shape): boolean {
  if (shape === 'flat') return carriesMarker(entry);
  if (!isJsonObject(entry) || !Array.isArray(entry.hooks) || entry.hooks.length === 0) return false;
  return entry.hooks.every((h) => carriesMarker(h));
}

/** A group someone else edited to hold their handler beside ours: keep theirs only. */
function withoutOurHandlers(entry: unknown, shape: Shape): unknown {
  if (shape === 'flat' || !isJsonObject(entry) || !Array.isArray(entry.hooks)) return entry;
  if (!entry.hooks.some((h) => carriesMarker(h))) return entry;
  return { ...entry, hooks: entry.hooks.filter((h) => !carriesMarker(h)) };
}

export function mergeHookEntries(hooks: JsonObject, desired: ReadonlyMap<string, unknown>, shape: Shape): void {
  for (const event of Object.keys(hooks)) {
    const list = hooks[event];
    if (!Array.isArray(list)) continue;
    const next: unknown[] = [];
    let placed = false;
    for (const entry of list) {
      if (isOurs(entry, shape)) {
        if (desired.has(event) && !placed) {
          next.push(desired.get(event));
          placed = true;
        }
      } else {
        next.push(withoutOurHandlers(entry, shape));
      }
    }
    if (desired.has(event) && !placed) next.push(desired.get(event));
    if (next.length === 0 && list.length > 0) delete hooks[event];
    else hooks[event] = next;
  }
  for (const [event, entry] of desired) {
    if (!(event in hooks)) hooks[event] = [entry];
  }
}

/** Ensures root[key] is an object (created at the end of the root when absent) and returns it. */
export function objectAt(root: JsonObject, key: string, label: string): JsonObject {
  const existing = root[key];
  if (existing === undefined) {
    const created: JsonObject = {};
    root[key] = created;
    return created;
  }
  if (!isJsonObject(existing)) throw new Error(`"${key}" in ${label} is not an object; fix it by hand, then run the command again.`);
  return existing;
}

/** Removes root[key] when it is an empty object (after our entries were taken out). */
export function dropIfEmpty(root: JsonObject, key: string): void {
  const value = root[key];
  if (isJsonObject(value) && Object.keys(value).length === 0) delete root[key];
}
