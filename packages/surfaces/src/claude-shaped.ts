// Reader for bodies in the Claude Code hook shape: `hook_event_name`, `tool_name`, `tool_input`,
// `tool_response`, `prompt`, `session_id`, `cwd`. Claude Code, Codex, Gemini CLI, Copilot's
// PascalCase (VS Code) flavour and the spec's generic evaluate/audit body all use it
// (research/agent-hook-formats.md §1, §3, §4, §5; spec "POST /api/v1/evaluate").
import type { NormalizeContext, SurfaceReading } from './adapter.js';
import { peekString, readArguments, readString, type JsonObject } from './payload.js';
import { phaseOfEvent } from './phases.js';
import { SurfaceInputError } from './surface-input-error.js';

/** The surface's own names for its pre-tool, post-tool and prompt events, used when the body has none. */
export interface EventNames {
  pre: string;
  post: string;
  prompt: string;
}

/**
 * The event a body belongs to. Real agents always send it, but forwarders and hand-written
 * callers of the generic endpoint may not: then the route and the fields present decide.
 */
export function inferEvent(route: NormalizeContext['route'], hasTool: boolean, hasPrompt: boolean, names: EventNames): string {
  if (route === 'audit') return names.post;
  if (!hasTool && hasPrompt) return names.prompt;
  return names.pre;
}

export function readClaudeShaped(
  body: JsonObject,
  ctx: NormalizeContext,
  where: string,
  names: EventNames,
  options: { requireToolInput?: boolean } = {},
): SurfaceReading {
  const event =
    readString(body, ['hook_event_name', 'hookEventName'], where) ??
    inferEvent(ctx.route, peekString(body, ['tool_name']) !== undefined, peekString(body, ['prompt']) !== undefined, names);
  const phase = phaseOfEvent(event);
  const reading: SurfaceReading = { event, toolNameField: 'tool_name', promptField: 'prompt' };
  const at = `${where} ${event}`;

  if (phase === 'pre_tool' || phase === 'post_tool') {
    reading.toolName = readString(body, ['tool_name'], at);
    if (options.requireToolInput && ctx.route === 'evaluate' && (body.tool_input === undefined || body.tool_input === null)) {
      throw new SurfaceInputError(`${at}: "tool_input" is required; send the tool's arguments as an object ({} when it has none).`, 'tool_input');
    }
    reading.toolInput = readArguments(body, 'tool_input', at);
    // Claude/Codex `tool_response`, the spec's audit `tool_output`, PostToolUseFailure's `error`.
    reading.toolOutput = body.tool_response ?? body.tool_output ?? body.error;
  } else if (phase === 'prompt') {
    reading.prompt = readString(body, ['prompt'], at);
  } else {
    // Session and other events: keep whatever tool context they carry, never failing on it.
    reading.toolName = peekString(body, ['tool_name']);
  }
  reading.sessionId = readString(body, ['session_id', 'sessionId'], at);
  reading.cwd = readString(body, ['cwd'], at);
  return reading;
}
