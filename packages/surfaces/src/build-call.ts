// Turns a surface reading into the engine's ToolCall: phase, canonical tool, MCP reference,
// extracted fields, identity, with every copied value bounded (bounds.ts).
import type { CanonicalTool, Surface, ToolCall } from './types.js';
import type { NormalizeContext, SurfaceAdapter } from './adapter.js';
import { boundedCopy, cut, MAX_NAME_CHARS, MAX_PATH_CHARS, MAX_TEXT_CHARS } from './bounds.js';
import { extractFields } from './extract.js';
import { readIdentity } from './identity.js';
import { isObject, type JsonObject } from './payload.js';
import { phaseOfEvent } from './phases.js';
import { SurfaceInputError } from './surface-input-error.js';
import { canonicalToolName, parseMcpName } from './tool-names.js';

export function buildToolCall(surface: Surface, adapter: SurfaceAdapter, body: JsonObject, ctx: NormalizeContext): ToolCall {
  const reading = adapter.read(body, ctx);
  const event = cut(reading.event, MAX_NAME_CHARS);
  const phase = phaseOfEvent(reading.event);
  const where = `${surface} ${event}`;
  const toolName = reading.toolName === undefined ? undefined : cut(reading.toolName.trim(), MAX_NAME_CHARS);

  if ((phase === 'pre_tool' || phase === 'post_tool') && !toolName) {
    throw new SurfaceInputError(
      `${where}: the body has no tool name; send the tool's name as a non-empty string in "${reading.toolNameField}".`,
      reading.toolNameField,
    );
  }
  if (phase === 'prompt' && reading.prompt === undefined) {
    const field = reading.promptField ?? 'prompt';
    throw new SurfaceInputError(`${where}: the body has no prompt text; send it as a non-empty string in "${field}".`, field);
  }

  const mcp = reading.mcp ?? (toolName ? parseMcpName(toolName, adapter.mcpStyle) : undefined);
  let tool: CanonicalTool;
  if (mcp) tool = 'mcp';
  else if (reading.tool) tool = reading.tool;
  else if (toolName) tool = canonicalToolName(toolName);
  else tool = phase === 'prompt' ? 'prompt' : 'other';

  const rawInput = reading.toolInput ?? {};
  const fields = extractFields(tool, toolName ?? '', rawInput);
  const { identity, userHint } = readIdentity(body, ctx.headers, where);

  const call: ToolCall = {
    surface,
    event,
    phase,
    toolName: toolName ?? '',
    tool,
    toolInput: boundedCopy(rawInput) as Record<string, unknown>,
    identity,
  };
  if (fields.command !== undefined) call.command = cut(fields.command, MAX_TEXT_CHARS);
  if (fields.filePath !== undefined) call.filePath = cut(fields.filePath, MAX_PATH_CHARS);
  if (fields.content !== undefined) call.content = cut(fields.content, MAX_TEXT_CHARS);
  if (fields.url !== undefined) call.url = cut(fields.url, MAX_PATH_CHARS);
  if (phase === 'prompt' && reading.prompt !== undefined) call.prompt = cut(reading.prompt, MAX_TEXT_CHARS);
  if (mcp) call.mcp = { server: cut(mcp.server, MAX_NAME_CHARS), tool: cut(mcp.tool, MAX_NAME_CHARS) };
  const output = outputText(reading.toolOutput);
  if (output !== undefined) call.toolOutput = cut(output, MAX_TEXT_CHARS);
  if (reading.sessionId !== undefined) call.sessionId = cut(reading.sessionId, MAX_NAME_CHARS);
  if (reading.cwd !== undefined) call.cwd = cut(reading.cwd, MAX_PATH_CHARS);
  const hint = userHint ?? reading.userHintFallback;
  if (hint !== undefined) call.userHint = cut(hint.trim(), MAX_NAME_CHARS);
  return call;
}

/**
 * Tool output as text for output-risk scanning. Known result shapes give their text directly so
 * multi-line output stays multi-line (Gemini `llmContent`, Copilot `textResultForLlm`, Claude Bash
 * `stdout`/`stderr`); anything else is JSON-encoded.
 */
export function outputText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (isObject(value)) {
    for (const field of ['llmContent', 'textResultForLlm', 'output', 'result']) {
      if (typeof value[field] === 'string') return value[field] as string;
    }
    const streams = ['stdout', 'stderr'].map((f) => value[f]).filter((s): s is string => typeof s === 'string' && s !== '');
    if (streams.length > 0) return streams.join('\n');
  }
  return JSON.stringify(value);
}
