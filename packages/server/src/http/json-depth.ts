// Nesting depth of raw JSON text, measured before JSON.parse: a body nested thousands of levels
// deep parses fine but overflows the stack of every recursive walk after it (JSON.stringify when
// it is recorded, the adapters' copies). One linear pass, no recursion, no allocation.

/** Deepest nesting of arrays/objects a request body may have (docs/configuration.md, "Limits"). */
export const MAX_JSON_DEPTH = 128;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** Whether `text` nests `[`/`{` deeper than `max` outside of strings (malformed text is left to JSON.parse). */
export function jsonDepthExceeds(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}
