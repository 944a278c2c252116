// Small typed readers for hook bodies. Each names the field it failed on, because the message
// reaches a person debugging a hook configuration (spec: Errors; brief: precise messages).
import { SurfaceInputError } from './surface-input-error.js';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How a wrong value is described in an error message: its JSON type, never its content. */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/**
 * The first of `fields` that is present (not undefined or null) in `obj`, as a string.
 * Empty strings count as absent. A present non-string value throws, naming the field.
 */
export function readString(obj: JsonObject, fields: readonly string[], where: string, prefix = ''): string | undefined {
  for (const field of fields) {
    const value = obj[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') {
      const label = prefix + field;
      throw new SurfaceInputError(`${where}: "${label}" must be a string, but it is ${describeType(value)}.`, label);
    }
    if (value.trim() === '') continue;
    return value;
  }
  return undefined;
}

/** Like `readString` but never throws: for fields whose type we do not rely on. */
export function peekString(obj: JsonObject, fields: readonly string[]): string | undefined {
  for (const field of fields) {
    const value = obj[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/** The first string in an array field (Cursor `workspace_roots`, Antigravity `workspacePaths`). */
export function firstArrayString(obj: JsonObject, field: string): string | undefined {
  const value = obj[field];
  if (!Array.isArray(value)) return undefined;
  return value.find((item): item is string => typeof item === 'string' && item.trim() !== '');
}

/**
 * Tool arguments as an object. Absent means no arguments. Some surfaces send the arguments as a
 * JSON-encoded string (Copilot `toolArgs`, Cursor `beforeMCPExecution` `tool_input`), so a string
 * is parsed; anything that does not end up an object throws, naming the field.
 */
export function readArguments(obj: JsonObject, key: string, where: string, prefix = ''): JsonObject {
  const value = obj[key];
  const field = prefix + key;
  if (value === undefined || value === null) return {};
  if (isObject(value)) return value;
  if (typeof value === 'string') {
    if (value.trim() === '') return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new SurfaceInputError(`${where}: "${field}" is a string but not valid JSON; send the tool arguments as a JSON object.`, field);
    }
    if (isObject(parsed)) return parsed;
    throw new SurfaceInputError(`${where}: "${field}" must be a JSON object, but the string decodes to ${describeType(parsed)}.`, field);
  }
  throw new SurfaceInputError(`${where}: "${field}" must be an object of tool arguments, but it is ${describeType(value)}.`, field);
}

/** A nested object field (`tool_info`, `toolCall`): absent → undefined, wrong type → throws. */
export function readObject(obj: JsonObject, key: string, where: string, prefix = ''): JsonObject | undefined {
  const value = obj[key];
  const field = prefix + key;
  if (value === undefined || value === null) return undefined;
  if (isObject(value)) return value;
  throw new SurfaceInputError(`${where}: "${field}" must be an object, but it is ${describeType(value)}.`, field);
}

/** A string field the event cannot do without (Cursor `command`, Windsurf `tool_info.command_line`). */
export function requireString(obj: JsonObject, field: string, where: string, what: string, prefix = ''): string {
  const value = readString(obj, [field], where, prefix);
  const label = prefix + field;
  if (value === undefined) {
    throw new SurfaceInputError(`${where}: "${label}" is missing; send ${what} as a non-empty string.`, label);
  }
  return value;
}
