// Which moment of the agent loop each surface's event name belongs to. Event names do not collide
// across surfaces, so one table serves all of them (research/agent-hook-formats.md §1–§7).
import type { HookPhase } from './types.js';

const PHASES: Record<string, HookPhase> = {
  // Claude Code, Codex, VS Code / Copilot PascalCase, Antigravity
  UserPromptSubmit: 'prompt',
  PreToolUse: 'pre_tool',
  PostToolUse: 'post_tool',
  PostToolUseFailure: 'post_tool',
  SessionStart: 'session_start',
  SessionEnd: 'session_end',
  PreInvocation: 'prompt',
  // Cursor
  beforeSubmitPrompt: 'prompt',
  preToolUse: 'pre_tool',
  beforeShellExecution: 'pre_tool',
  beforeMCPExecution: 'pre_tool',
  beforeReadFile: 'pre_tool',
  beforeTabFileRead: 'pre_tool',
  postToolUse: 'post_tool',
  postToolUseFailure: 'post_tool',
  afterShellExecution: 'post_tool',
  afterMCPExecution: 'post_tool',
  afterFileEdit: 'post_tool',
  afterTabFileEdit: 'post_tool',
  sessionStart: 'session_start',
  sessionEnd: 'session_end',
  // Gemini CLI
  BeforeAgent: 'prompt',
  BeforeTool: 'pre_tool',
  AfterTool: 'post_tool',
  // Copilot CLI camelCase (preToolUse, postToolUse, sessionStart, sessionEnd shared with Cursor above)
  userPromptSubmitted: 'prompt',
  // Windsurf Cascade
  pre_user_prompt: 'prompt',
  pre_run_command: 'pre_tool',
  pre_read_code: 'pre_tool',
  pre_write_code: 'pre_tool',
  pre_mcp_tool_use: 'pre_tool',
  post_run_command: 'post_tool',
  post_read_code: 'post_tool',
  post_write_code: 'post_tool',
  post_mcp_tool_use: 'post_tool',
};

export function phaseOfEvent(event: string): HookPhase {
  return Object.hasOwn(PHASES, event) ? PHASES[event] : 'other';
}

/** Phases whose hook can stop the action; on the others a deny can only be reported. */
export function canBlock(phase: HookPhase): boolean {
  return phase === 'pre_tool' || phase === 'prompt';
}
