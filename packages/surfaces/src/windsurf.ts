// Windsurf Cascade (research/agent-hook-formats.md §6). Command hooks only; the event is
// `agent_action_name` and the details sit in `tool_info`. There is no JSON decision protocol:
// a pre-hook blocks only by exiting 2 (stderr is the reason shown to the agent), and a warning can
// only be stdout shown with `show_output:true`. So the server answers `{decision, reason}` and the
// forwarder turns it into the exit code (see forwarder.ts).
import type { Decision, ToolCall } from './types.js';
import type { NormalizeContext, SurfaceAdapter, SurfaceReading } from './adapter.js';
import { CLAUDE_EVENTS } from './claude-code.js';
import { readClaudeShaped } from './claude-shaped.js';
import { readArguments, readObject, readString, requireString, type JsonObject } from './payload.js';
import { actionableVerdict, reasonText } from './render-text.js';
import { SurfaceInputError } from './surface-input-error.js';

/** When `agent_action_name` is absent, the `tool_info` fields tell which action it is. */
function inferAction(info: JsonObject, route: NormalizeContext['route']): string | undefined {
  const stage = route === 'audit' ? 'post_' : 'pre_';
  if ('user_prompt' in info) return 'pre_user_prompt';
  if ('command_line' in info) return `${stage}run_command`;
  if ('mcp_tool_name' in info) return `${stage}mcp_tool_use`;
  if ('edits' in info) return `${stage}write_code`;
  if ('file_path' in info) return `${stage}read_code`;
  return undefined;
}

function readWindsurf(body: JsonObject, ctx: NormalizeContext): SurfaceReading {
  const info = readObject(body, 'tool_info', 'windsurf');
  const named = readString(body, ['agent_action_name'], 'windsurf');
  // Not a Cascade body at all: accept the spec's generic body (the brief's fallback).
  if (named === undefined && info === undefined && 'tool_name' in body) {
    return readClaudeShaped(body, ctx, 'windsurf', CLAUDE_EVENTS);
  }
  const event = named ?? (info ? inferAction(info, ctx.route) : undefined);
  if (event === undefined) {
    throw new SurfaceInputError(
      'windsurf: the body has no "agent_action_name" (e.g. "pre_run_command") and no "tool_info" to tell the action from.',
      'agent_action_name',
    );
  }
  const at = `windsurf ${event}`;
  const action = event.replace(/^(pre|post)_/, '');
  const known = ['run_command', 'read_code', 'write_code', 'mcp_tool_use', 'user_prompt'].includes(action);
  if (known && info === undefined) {
    throw new SurfaceInputError(`${at}: "tool_info" is missing; Cascade sends the action's details in it.`, 'tool_info');
  }
  const details = info ?? {};
  const reading: SurfaceReading = { event, toolNameField: 'tool_info', promptField: 'tool_info.user_prompt' };
  switch (action) {
    case 'run_command':
      requireString(details, 'command_line', at, 'the command line', 'tool_info.');
      reading.toolName = 'run_command';
      reading.tool = 'shell';
      reading.toolInput = details;
      reading.toolOutput = details.output;
      break;
    case 'read_code':
    case 'write_code':
      requireString(details, 'file_path', at, 'the path of the file', 'tool_info.');
      reading.toolName = action;
      reading.tool = action === 'read_code' ? 'read' : 'edit';
      reading.toolInput = details;
      break;
    case 'mcp_tool_use': {
      const tool = requireString(details, 'mcp_tool_name', at, 'the MCP tool name', 'tool_info.');
      reading.toolName = tool;
      reading.mcp = { server: readString(details, ['mcp_server_name'], at, 'tool_info.') ?? '', tool };
      reading.toolInput = readArguments(details, 'mcp_tool_arguments', at, 'tool_info.');
      reading.toolOutput = details.mcp_result;
      break;
    }
    case 'user_prompt':
      reading.prompt = readString(details, ['user_prompt'], at, 'tool_info.');
      break;
    default:
      // post_cascade_response and friends: nothing to evaluate, keep the response for audit.
      reading.toolOutput = details.response;
  }
  reading.sessionId = readString(body, ['trajectory_id'], at);
  reading.cwd = readString(details, ['cwd'], at, 'tool_info.');
  return reading;
}

/** `{decision, reason}`: allow, warn or deny, read by the forwarder (exit 2 on deny). */
function renderWindsurf(call: ToolCall, decision: Decision): Record<string, unknown> {
  const verdict = actionableVerdict(call.phase, decision);
  if (verdict === 'allow') return { decision: 'allow' };
  return { decision: verdict, reason: reasonText(decision) };
}

export const windsurfAdapter: SurfaceAdapter = {
  mcpStyle: 'double',
  read: readWindsurf,
  render: renderWindsurf,
};
