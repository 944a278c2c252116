// What the forwarder prints for each surface. The server already renders the surface's own
// response shape; these rules only cover what a process must do around it:
//  - Windsurf has no JSON decision protocol: a deny is exit 2 with the reason on stderr
//    (mirrors the server's exitCodeForResponseBody, which this module must not import).
//  - Antigravity treats `{}` or an empty decision as DENY and an explicit allow as "skip the
//    user's own approval", so anything but a real decision prints nothing.
//  - Gemini hangs a headless run forever on `ask`, so an ask is never passed through.
//  - Failing open prints nothing (every surface reads an empty, exit-0 hook as "go on"),
//    except Cursor's prompt hook, whose documented answer is {"continue": true}.
import type { Surface } from './surfaces.js';

export interface HookOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
}

const EXIT_CODE_ONLY: ReadonlySet<Surface> = new Set(['windsurf']);

type Body = Record<string, unknown>;

function reasonOf(body: Body): string {
  for (const key of ['reason', 'message', 'permissionDecisionReason', 'user_message', 'agent_message']) {
    const value = body[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return 'Blocked by your organization\'s agent policy.';
}

export function failOpenOutput(surface: Surface, event: string | undefined): HookOutput {
  if (surface === 'cursor' && event === 'beforeSubmitPrompt') return { stdout: '{"continue":true}\n', stderr: '', exitCode: 0 };
  return { stdout: '', stderr: '', exitCode: 0 };
}

export function renderServerResponse(surface: Surface, body: Body): HookOutput {
  const decision = typeof body.decision === 'string' ? body.decision : undefined;
  if (EXIT_CODE_ONLY.has(surface)) {
    if (decision === 'deny' || decision === 'block') return { stdout: '', stderr: `${reasonOf(body)}\n`, exitCode: 2 };
    return { stdout: `${JSON.stringify(body)}\n`, stderr: '', exitCode: 0 };
  }
  if (surface === 'antigravity') {
    if (decision === 'deny' || decision === 'ask' || decision === 'force_ask') return { stdout: `${JSON.stringify(body)}\n`, stderr: '', exitCode: 0 };
    return { stdout: '', stderr: '', exitCode: 0 };
  }
  if (surface === 'gemini' && decision === 'ask') {
    // No one can answer a confirmation in a headless run; the server asked for a human, so
    // the safe reading is "not without one".
    const denied = { ...body, decision: 'deny', reason: `${reasonOf(body)} (needs approval, which a Gemini hook cannot ask for)` };
    return { stdout: `${JSON.stringify(denied)}\n`, stderr: '', exitCode: 0 };
  }
  return { stdout: `${JSON.stringify(body)}\n`, stderr: '', exitCode: 0 };
}
