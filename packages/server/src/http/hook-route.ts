// Hook-facing routes always answer 200 with a verdict in the agent's own shape (spec: Errors
// rule 1): an agent treats any other status as a hook failure and runs the call unchecked (fails
// open). After authentication, whatever goes wrong becomes a verdict instead of a status:
//
// - a body between SERVICE_BODY_LIMIT_BYTES and SERVICE_HOOK_BODY_LIMIT_BYTES is read and judged;
//   the adapters cut the bulk fields (content, prompt, output) to their analysis caps
//   (surfaces/bounds.ts) while command, path and URL are read as usual, and the recorded event is
//   marked `truncated`;
// - past SERVICE_HOOK_BODY_LIMIT_BYTES, JSON nested deeper than MAX_JSON_DEPTH, or a body that
//   does not arrive within SERVICE_BODY_TIMEOUT_MS: "could not be analysed";
// - any unexpected failure of the handler (the store, a bug): "could not be evaluated".
//
// Those verdicts are deny under the strict and balanced security levels (a call nobody looked at
// must not run silently) and warn under permissive; audit routes answer their usual `{}`.
// Client mistakes the agent can fix (a missing/unknown `?tool=`, malformed JSON, a wrong field
// type, a bad key) keep their precise 4xx, as before.
import type { AppDeps } from '../app-deps.js';
import type { Decision, SecurityLevel, Surface, ToolCall } from '../policy/types.js';
import { readJson } from './body.js';
import type { AppContext } from './context.js';
import { asAppError, ClientAbortedError, JsonTooDeepError, PayloadTooLargeError, RequestTimeoutError } from './errors.js';
import { replyJson } from './reply.js';
import type { HookRoute, RouteDef } from './route.js';
import { headerValue, HOSTNAME_HEADER, MACHINE_ID_HEADER, phaseOfEvent, resolveIdentity } from '@service/surfaces';
import { normalizeHookCall, renderAuditAck, renderDecision } from '../runtime/surfaces.js';
import { recordHookDecision } from '../runtime/hook-call.js';
import { describeError, stackFrames } from '../error-summary.js';

export type Unanalysed = 'too_large' | 'too_deep' | 'timeout' | 'failed';

const REASONS: Record<Unanalysed, string> = {
  too_large: 'Blocked: the input is too large to analyse',
  too_deep: 'Blocked: the input is nested too deep to analyse',
  timeout: 'Blocked: the input did not arrive in full, so it could not be analysed',
  failed: 'Blocked: the call could not be evaluated (server error)',
};

const PATTERNS: Record<Unanalysed, string> = {
  too_large: 'transport.input_too_large',
  too_deep: 'transport.nesting_too_deep',
  timeout: 'transport.body_timeout',
  failed: 'transport.evaluation_failed',
};

/** A verdict reached without analysing the call: deny, or warn under the permissive level. */
export function unanalysedDecision(why: Unanalysed, level: SecurityLevel, policyVersion: number): Decision {
  const verdict = level === 'permissive' ? 'warn' : 'deny';
  const reason = verdict === 'deny' ? `${REASONS[why]}.` : `${REASONS[why].replace(/^Blocked: /, 'Not checked: ')}; allowed under the permissive security level.`;
  return { verdict, patternName: PATTERNS[why], severity: 'high', detectionLayer: 'none', category: 'transport', reason, policyVersion };
}

/** Body reader, handler and last-resort answer of one hook-facing route (after authentication). */
export async function runHookRoute(ctx: AppContext, deps: AppDeps, route: RouteDef, hook: HookRoute): Promise<void> {
  // A missing or unknown ?tool= is the caller's configuration error: a 400, not a verdict.
  const surface = hook.surface(ctx);
  const { config, logger } = deps;
  let bytes: number;
  try {
    const read = await readJson(ctx, config.hookBodyLimitBytes, config.bodyTimeoutMs, { peek: true });
    ctx.state.body = read.body;
    bytes = read.bytes;
  } catch (err) {
    if (err instanceof PayloadTooLargeError) return answerUnanalysed(ctx, deps, hook, surface, 'too_large', err.head);
    if (err instanceof JsonTooDeepError) return answerUnanalysed(ctx, deps, hook, surface, 'too_deep', err.head);
    if (err instanceof RequestTimeoutError) {
      ctx.set('Connection', 'close'); // the rest of the declared body may still come: never reuse this socket
      return answerUnanalysed(ctx, deps, hook, surface, 'timeout', '');
    }
    throw err; // 415, malformed JSON, a client that went away
  }
  ctx.state.bodyTruncated = bytes > config.bodyLimitBytes;
  try {
    await route.handler(ctx, deps);
  } catch (err) {
    if (isClientError(err)) throw err;
    logger.error('hook call failed; answered with the fallback verdict', {
      requestId: ctx.state.requestId,
      path: ctx.path,
      surface,
      err: describeError(err),
      stack: stackFrames(err),
    });
    await answerUnanalysed(ctx, deps, hook, surface, 'failed', '', ctx.state.body);
  }
}

function isClientError(err: unknown): boolean {
  const known = asAppError(err);
  if (known) return known.status < 500 || known instanceof ClientAbortedError;
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

async function answerUnanalysed(ctx: AppContext, deps: AppDeps, hook: HookRoute, surface: Surface, why: Unanalysed, head: string, body?: unknown): Promise<void> {
  let level: SecurityLevel = 'balanced';
  let version = 0;
  if (why !== 'failed') {
    try {
      const policy = await deps.policies.get(ctx.state.principal.orgId);
      level = policy.policy.security_level;
      version = policy.version;
    } catch {
      /* the org's policy cannot be read: balanced (deny) */
    }
  } else {
    // The failure may be the store itself: wait for the policy only briefly.
    try {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((r) => (timer = setTimeout(() => r(null), 200)));
      const policy = await Promise.race([deps.policies.get(ctx.state.principal.orgId), late]).finally(() => clearTimeout(timer));
      if (policy) {
        level = policy.policy.security_level;
        version = policy.version;
      }
    } catch {
      /* balanced */
    }
  }
  const decision = unanalysedDecision(why, level, version);
  const call = callForAnswer(surface, hook.kind, ctx.req.headers, body, head);
  if (why !== 'failed' && hook.kind === 'evaluate') {
    // Record what happened (the call as far as it is known) so the deny shows in the audit trail.
    try {
      await recordHookDecision(deps, ctx.state.principal, call, decision, hook.recordAs ?? 'evaluate', Date.now(), () => undefined, { unanalysed: why });
    } catch (err) {
      deps.logger.warn('could not record an unanalysed hook call', { requestId: ctx.state.requestId, err: describeError(err) });
    }
  }
  if (hook.kind === 'audit') return replyJson(ctx, renderAuditAck(surface, call));
  replyJson(ctx, hook.render ? hook.render(decision) : renderDecision(surface, call, decision));
}

const EVENT_FIELD = /"(?:hook_event_name|hookEventName|agent_action_name)"\s*:\s*"([A-Za-z_]{1,64})"/;

/**
 * The call as far as it can be known, for rendering the answer in the right shape (a prompt
 * event is answered differently from a tool event): the normalized body when it normalizes,
 * otherwise only the event name read from the start of the raw body.
 */
function callForAnswer(surface: Surface, kind: HookRoute['kind'], headers: AppContext['req']['headers'], body: unknown, head: string): ToolCall {
  if (body !== undefined) {
    try {
      return normalizeHookCall(surface, body, { headers, route: kind });
    } catch {
      /* fall through to the minimal call */
    }
  }
  const event = EVENT_FIELD.exec(head)?.[1] ?? '';
  const known = phaseOfEvent(event);
  const phase = known !== 'other' ? known : kind === 'audit' ? 'post_tool' : 'pre_tool';
  const identity = resolveIdentity({ headerMachineId: headerValue(headers, MACHINE_ID_HEADER), headerHostname: headerValue(headers, HOSTNAME_HEADER) }, 'fit');
  return { surface, event: event || 'unknown', phase, toolName: '', tool: 'other', toolInput: {}, identity };
}
