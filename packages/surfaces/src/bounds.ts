// Size limits for what the adapters copy out of a hook body. The HTTP layer caps the body size;
// these caps keep every copy the engine, recorder and logs hold bounded as well, whatever shape
// the payload has (a 10 MB heredoc, a deeply nested MCP argument, an array of a million items).

/** Extracted text fields (`command`, `content`, `prompt`, `toolOutput`, …) are cut to this many UTF-16 units. */
export const MAX_TEXT_CHARS = 262_144;
/** Paths and URLs. */
export const MAX_PATH_CHARS = 4_096;
/** Names and identifiers: tool and event names, session ids, hostnames, machine ids, user hints. */
export const MAX_NAME_CHARS = 256;
/** `toolInput` copy: nesting depth, entries per object or array, and all its strings together. */
export const MAX_INPUT_DEPTH = 12;
export const MAX_INPUT_ENTRIES = 1_000;
export const MAX_INPUT_TOTAL_CHARS = 1_048_576;

/** Cuts `text` to at most `max` UTF-16 units without splitting a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/** Marker put where `boundedCopy` stopped descending, so a reader sees that something was dropped. */
export const DEPTH_MARKER = '[nested too deep: dropped]';

/**
 * A deep copy of a JSON value with every limit above applied. A `"__proto__"` key is defined
 * as an own property, so it stays data and never becomes a prototype.
 */
export function boundedCopy(value: unknown): unknown {
  const budget = { chars: MAX_INPUT_TOTAL_CHARS };
  return copy(value, 0, budget);
}

function copy(value: unknown, depth: number, budget: { chars: number }): unknown {
  if (typeof value === 'string') {
    const kept = cut(value, Math.min(MAX_TEXT_CHARS, budget.chars));
    budget.chars -= kept.length;
    return kept;
  }
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value !== 'object') return undefined; // not JSON (undefined, functions): dropped
  if (depth >= MAX_INPUT_DEPTH) return DEPTH_MARKER;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value.slice(0, MAX_INPUT_ENTRIES)) out.push(copy(item, depth + 1, budget));
    return out;
  }
  const out: Record<string, unknown> = {};
  let entries = 0;
  for (const key of Object.keys(value)) {
    if (entries++ >= MAX_INPUT_ENTRIES) break;
    const item = copy((value as Record<string, unknown>)[key], depth + 1, budget);
    if (item === undefined) continue;
    const name = cut(key, MAX_NAME_CHARS);
    if (name === '__proto__') Object.defineProperty(out, name, { value: item, enumerable: true, writable: true, configurable: true });
    else out[name] = item;
  }
  return out;
}
