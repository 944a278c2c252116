// The shape every surface module implements, and the reading it hands to `buildToolCall`.
import type { CanonicalTool, Decision, ToolCall } from './types.js';
import type { HeaderBag } from './identity.js';
import type { JsonObject } from './payload.js';
import type { McpRef } from './tool-names.js';

export interface NormalizeContext {
  headers: HeaderBag;
  /** Which endpoint received the call; used to tell pre from post when a surface omits the event. */
  route: 'evaluate' | 'audit';
}

/** What a surface module read from its body, before canonical mapping, extraction and bounding. */
export interface SurfaceReading {
  event: string;
  toolName?: string;
  /** The body field that carries the tool name, cited when it is missing (`tool_name`, `toolName`). */
  toolNameField: string;
  toolInput?: JsonObject;
  /** Set when the event itself fixes the tool (Cursor `beforeShellExecution`, Windsurf `pre_read_code`). */
  tool?: CanonicalTool;
  /** Set when the surface names server and tool in separate fields (Cursor, Windsurf, Gemini `mcp_context`). */
  mcp?: McpRef;
  prompt?: string;
  /** The body field that carries the prompt, cited when it is missing. */
  promptField?: string;
  toolOutput?: unknown;
  sessionId?: string;
  cwd?: string;
  /** The surface's own account hint (Cursor `user_email`), used when neither body nor header gives one. */
  userHintFallback?: string;
}

export interface SurfaceAdapter {
  read(body: JsonObject, ctx: NormalizeContext): SurfaceReading;
  /** How this surface spells MCP tool names (see `parseMcpName`). */
  mcpStyle: 'double' | 'single' | 'cursor' | 'copilot';
  render(call: ToolCall, decision: Decision): unknown;
}
