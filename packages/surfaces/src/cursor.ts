// Cursor (research/agent-hook-formats.md §2). Command hooks only; every event has its own body:
// `beforeShellExecution` sends the bare `command`, `beforeReadFile` a `file_path` (and the file's
// `content`), `beforeMCPExecution` the tool arguments as a JSON *string* plus `mcp_server_name`,
// `preToolUse` the Claude-like `tool_name`/`tool_input`. Output keys are snake_case.
import type { Decision, ToolCall } from './types.js';
import type { NormalizeContext, SurfaceAdapter, SurfaceReading } from './adapter.js';
import { inferEvent } from './claude-shaped.js';
import { firstArrayString, peekString, readArguments, readString, requireString, type JsonObject } from './payload.js';
import { phaseOfEvent } from './phases.js';
import { actionableVerdict, reasonText } from './render-text.js';

/** Cursor names what a body without `tool_name` is about by its event. */
function inferCursorEvent(body: JsonObject, route: NormalizeContext['route']): string {
  if (peekString(body, ['tool_name']) === undefined) {
    if (peekString(body, ['command']) !== undefined) return route === 'audit' ? 'afterShellExecution' : 'beforeShellExecution';
    if (peekString(body, ['file_path']) !== undefined) return route === 'audit' ? 'afterFileEdit' : 'beforeReadFile';
  }
  return inferEvent(route, peekString(body, ['tool_name']) !== undefined, peekString(body, ['prompt']) !== undefined, {
    pre: 'preToolUse',
    post: 'postToolUse',
    prompt: 'beforeSubmitPrompt',
  });
}

/** Cursor's file events: the tool each stands for, and the body field that carries the text. */
const CURSOR_FILE_EVENTS = {
  beforeReadFile: { toolName: 'Read', tool: 'read', contentField: 'content' },
  beforeTabFileRead: { toolName: 'TabRead', tool: 'read', contentField: 'content' },
  afterFileEdit: { toolName: 'Write', tool: 'edit', contentField: 'edits' },
  afterTabFileEdit: { toolName: 'TabWrite', tool: 'edit', contentField: 'edits' },
} as const;

function readCursor(body: JsonObject, ctx: NormalizeContext): SurfaceReading {
  const event = readString(body, ['hook_event_name'], 'cursor') ?? inferCursorEvent(body, ctx.route);
  const at = `cursor ${event}`;
  const reading: SurfaceReading = { event, toolNameField: 'tool_name', promptField: 'prompt' };
  switch (event) {
    case 'beforeShellExecution':
    case 'afterShellExecution': {
      // No tool name on the wire; `Shell` is Cursor's own matcher name for it.
      const command = requireString(body, 'command', at, 'the shell command');
      reading.toolName = 'Shell';
      reading.tool = 'shell';
      reading.toolInput = { command };
      reading.toolOutput = body.output;
      break;
    }
    case 'beforeReadFile':
    case 'beforeTabFileRead':
    case 'afterFileEdit':
    case 'afterTabFileEdit': {
      const file = CURSOR_FILE_EVENTS[event];
      const filePath = requireString(body, 'file_path', at, 'the path of the file');
      reading.toolName = file.toolName;
      reading.tool = file.tool;
      reading.toolInput = { file_path: filePath, [file.contentField]: body[file.contentField] };
      break;
    }
    case 'beforeMCPExecution':
    case 'afterMCPExecution': {
      // `command`/`url` here describe how the MCP server is launched, not what the tool does,
      // so they are deliberately not read as the call's command.
      reading.toolName = readString(body, ['tool_name'], at);
      reading.toolInput = readArguments(body, 'tool_input', at);
      const server = readString(body, ['mcp_server_name'], at) ?? '';
      if (reading.toolName) reading.mcp = { server, tool: reading.toolName };
      reading.toolOutput = body.result_json;
      break;
    }
    default: {
      const phase = phaseOfEvent(event);
      if (phase === 'prompt') {
        reading.prompt = readString(body, ['prompt'], at);
        // Files attached to the prompt go to the model with it (§2: `attachments[].file_path`).
        if (Array.isArray(body.attachments)) reading.toolInput = { attachments: body.attachments };
      } else if (phase === 'pre_tool' || phase === 'post_tool') {
        reading.toolName = readString(body, ['tool_name'], at);
        reading.toolInput = readArguments(body, 'tool_input', at);
        reading.toolOutput = body.tool_output ?? body.error;
        const server = peekString(body, ['mcp_server_name']);
        const mcpTool = reading.toolName && /^MCP:\s*(.+)$/i.exec(reading.toolName);
        if (mcpTool) reading.mcp = { server: server ?? '', tool: mcpTool[1] };
      }
    }
  }
  reading.sessionId = readString(body, ['conversation_id', 'session_id'], at);
  reading.cwd = readString(body, ['cwd'], at) ?? firstArrayString(body, 'workspace_roots');
  // Cursor's common input carries the signed-in account (§2); the spec's user_hint is for exactly that.
  reading.userHintFallback = peekString(body, ['user_email']);
  return reading;
}

/**
 * - tool events: `{permission:"allow"|"deny", user_message, agent_message}` (§2; exit 2 also
 *   denies but is not needed). `ask` is not enforced on `preToolUse`, so it is never sent.
 * - `beforeSubmitPrompt`: `{continue:false, user_message}` blocks; `{continue:true}` proceeds.
 * - warn: allow with both messages; the docs only promise to show them on deny, so the warning is
 *   best-effort on Cursor and lives mainly in the recorded event.
 * - other events (after*, session*): `{}`; their output cannot stop anything.
 */
function renderCursor(call: ToolCall, decision: Decision): Record<string, unknown> {
  const verdict = actionableVerdict(call.phase, decision);
  if (call.phase === 'prompt') {
    if (verdict === 'allow') return { continue: true };
    return { continue: verdict !== 'deny', user_message: reasonText(decision) };
  }
  if (call.phase !== 'pre_tool') return {};
  if (verdict === 'allow') return { permission: 'allow' };
  const reason = reasonText(decision);
  return { permission: verdict === 'deny' ? 'deny' : 'allow', user_message: reason, agent_message: reason };
}

export const cursorAdapter: SurfaceAdapter = {
  mcpStyle: 'cursor',
  read: readCursor,
  render: renderCursor,
};
