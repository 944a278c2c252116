// Gemini CLI (research/agent-hook-formats.md §4; verified-gemini-codex.md §1, which wins).
// Verified on 0.61.0: only `{"decision":"deny"|"block","reason"}` blocks BeforeTool and
// BeforeAgent; Claude-shaped output is ignored; `ask` hangs a headless run forever, so it is never
// sent. JSON on stdout overrides the exit code, so the forwarder exits 0.
import type { Decision, ToolCall } from './types.js';
import type { SurfaceAdapter } from './adapter.js';
import { readClaudeShaped } from './claude-shaped.js';
import { readString, readObject } from './payload.js';
import { actionableVerdict, reasonText, warningText } from './render-text.js';

function renderGemini(call: ToolCall, decision: Decision): Record<string, unknown> {
  const verdict = actionableVerdict(call.phase, decision);
  if (verdict === 'allow') return {};
  if (verdict === 'warn') return { systemMessage: warningText(decision) };
  return { decision: 'deny', reason: reasonText(decision) };
}

export const geminiAdapter: SurfaceAdapter = {
  mcpStyle: 'single',
  read(body, ctx) {
    const reading = readClaudeShaped(body, ctx, 'gemini', { pre: 'BeforeTool', post: 'AfterTool', prompt: 'BeforeAgent' });
    // MCP tools are named `mcp_<server>_<tool>`, which is ambiguous when the server name has an
    // underscore; BeforeTool carries `mcp_context` for MCP tools (§1.6 item 4), so prefer it.
    const context = readObject(body, 'mcp_context', `gemini ${reading.event}`);
    if (context && reading.toolName) {
      const server = readString(context, ['server_name', 'serverName'], 'gemini mcp_context');
      const tool = readString(context, ['tool_name', 'toolName'], 'gemini mcp_context');
      if (server !== undefined) reading.mcp = { server, tool: tool ?? reading.toolName };
    }
    return reading;
  },
  render: renderGemini,
};
