// One real-shaped pre-tool shell payload per surface (shapes from the research notes and the
// corpus), with the command swapped in, plus the identity headers our installers write.
import type { Surface } from '../../src/policy/types.js';

export function shellPayload(surface: Surface, command: string, session = 'sess-1'): Record<string, unknown> {
  switch (surface) {
    case 'claude-code':
    case 'codex':
      return { session_id: session, cwd: '/home/dev/app', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } };
    case 'cursor':
      return { conversation_id: session, hook_event_name: 'beforeShellExecution', workspace_roots: ['/home/dev/app'], command, cwd: '/home/dev/app' };
    case 'gemini':
      return { session_id: session, cwd: '/home/dev/app', hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command } };
    case 'copilot':
      return { sessionId: session, timestamp: 1785745932735, cwd: '/home/dev/app', toolName: 'bash', toolArgs: JSON.stringify({ command }) };
    case 'windsurf':
      return { agent_action_name: 'pre_run_command', trajectory_id: session, tool_info: { command_line: command, cwd: '/home/dev/app' } };
    case 'antigravity':
      return { conversationId: session, stepIdx: 1, toolCall: { name: 'run_command', args: { CommandLine: command, Cwd: '/home/dev/app' } }, hook_event_name: 'PreToolUse' };
    default:
      return { tool_name: 'Bash', tool_input: { command }, hook_event_name: 'PreToolUse', session_id: session, cwd: '/home/dev/app' };
  }
}

export const identityHeaders = (hostname: string, machineId = `mid-${hostname}`) => ({ 'x-hostname': hostname, 'x-machine-id': machineId });
