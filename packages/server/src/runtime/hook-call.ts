// One agent hook call, end to end (DESIGN: "The hot path"): normalize the surface's payload,
// decide with the org's compiled policy (pure, in memory), register/heartbeat the workstation,
// record the decision (the response waits for its commit), and render the surface's answer.
import type { KeyPrincipal } from '../accounts/key-cache.js';
import { hostIdentity } from '@service/surfaces';
import { normalizeHookCall, renderAuditAck, renderDecision, type HeaderBag } from './surfaces.js';
import { decideToolCall, findOutputRisks } from '../policy/index.js';
import type { Decision, Surface, ToolCall } from '../policy/types.js';
import { SEVERITIES } from '../policy/types.js';
import { summarizeCall, type ShieldEventKind } from './recorder.js';
import type { Activity } from '../fleet/heartbeats.js';
import { exceptionHint } from '../exceptions/active-set.js';
import { newId } from '../ids.js';
import type { ChainJudge, ChainOutcome } from './chains.js';
import type { FleetRegistry } from '../fleet/registry.js';
import type { ActiveExceptions } from '../exceptions/active-set.js';
import type { PolicyStore } from './policy-store.js';
import type { ObservedInterest } from './observed-interest.js';
import type { DecisionRecorder } from './recorder.js';
import type { InvestigationService } from './investigations.js';

/** What a hook call reaches on its way: every piece of the hot path, and nothing else. */
export interface HookCallDeps {
  fleet: Pick<FleetRegistry, 'touch'>;
  policies: Pick<PolicyStore, 'get'>;
  chains: Pick<ChainJudge, 'judge'>;
  exceptions: Pick<ActiveExceptions, 'apply'>;
  observedInterest: Pick<ObservedInterest, 'wants'>;
  recorder: Pick<DecisionRecorder, 'record'>;
  investigations: Pick<InvestigationService, 'wants' | 'observe'>;
  notifications: { wake(): void };
}

/** Surfaces whose hooks we install as HTTP hooks; the others reach us through `service hook`. */
const HTTP_HOOK_SURFACES: ReadonlySet<Surface> = new Set(['claude-code']);

/** Audit never blocks: output findings become a warn record (or allow when there are none). */
export function auditDecision(call: ToolCall, policyVersion: number): Decision {
  const findings = call.toolOutput ? findOutputRisks(call.toolOutput) : [];
  if (findings.length === 0) {
    return { verdict: 'allow', patternName: null, severity: 'info', detectionLayer: 'none', category: null, reason: 'Completed action recorded.', policyVersion };
  }
  const worst = findings.reduce((a, b) => (SEVERITIES.indexOf(b.severity) > SEVERITIES.indexOf(a.severity) ? b : a));
  return {
    verdict: 'warn',
    patternName: worst.patternName,
    severity: worst.severity,
    detectionLayer: 'builtin',
    category: worst.category,
    reason: `Tool output: ${worst.summary}`,
    policyVersion,
  };
}

export interface HookCallOutcome {
  call: ToolCall;
  decision: Decision;
  body: unknown;
  workstationId: string | null;
  planLimited: boolean;
}

export async function handleHookCall(
  deps: HookCallDeps,
  principal: KeyPrincipal,
  surface: Surface,
  rawBody: unknown,
  headers: HeaderBag,
  route: 'evaluate' | 'audit',
  extraContext?: Record<string, unknown>,
): Promise<HookCallOutcome> {
  // A malformed payload throws SurfaceInputError, a BadRequestError: the envelope answers 400.
  const call = normalizeHookCall(surface, rawBody, { headers, route });
  const now = Date.now();
  const policy = await deps.policies.get(principal.orgId, now);
  let decision = route === 'evaluate' ? decideToolCall(policy.compiled, call) : auditDecision(call, policy.version);
  // Chains (docs/chains.md): the call judged in its session's recent effects; may raise the verdict.
  const chained = route === 'evaluate' ? await deps.chains.judge(principal.orgId, call, decision, policy.compiled, now) : undefined;
  if (chained) decision = chained.decision;
  // Issue #21: an approved exception turns a matching deny/warn into an allow (never a chain's
  // verdict); a deny/warn the agent sees names its own event id, so the developer can ask for an
  // exception to it.
  const eventId = newId(now);
  if (route === 'evaluate') decision = await deps.exceptions.apply(principal.orgId, call, decision, now);
  // Only calls an exception's scope can name (a command, a path, a URL) get the hint.
  const exceptionable = route === 'evaluate' && decision.verdict !== 'allow' && (call.command ?? call.filePath ?? call.url) !== undefined;
  const shown = exceptionable ? { ...decision, reason: decision.reason + exceptionHint(eventId) } : decision;
  return recordHookDecision(deps, principal, call, decision, route === 'evaluate' ? 'evaluate' : 'audit', now, () =>
    route === 'evaluate' ? renderDecision(surface, call, shown) : renderAuditAck(surface, call),
    extraContext,
    chained,
    eventId,
  );
}

/** An MCP gateway's pre-execution call: decided with the org's policy and recorded like a hook call. */
export async function evaluateMcpCall(deps: HookCallDeps, principal: KeyPrincipal, call: ToolCall): Promise<HookCallOutcome> {
  const now = Date.now();
  const policy = await deps.policies.get(principal.orgId, now);
  const decision = decideToolCall(policy.compiled, call);
  return recordHookDecision(deps, principal, call, decision, 'mcp_evaluate', now, () => ({
    decision: decision.verdict,
    reason: decision.reason,
    pattern_name: decision.patternName,
    severity: decision.severity,
    policy_version: decision.policyVersion,
  }));
}

/**
 * The workstation a call belongs to, registered or heartbeated through the fleet registry.
 * A call without any identity is not attributed to a host; a new machine past the plan limit
 * gets no host record. Either way the call itself is still decided and recorded.
 */
export async function workstationForCall(
  deps: HookCallDeps,
  principal: KeyPrincipal,
  identity: ToolCall['identity'],
  activity: Activity,
): Promise<{ workstationId: string | null; planLimited: boolean }> {
  const hostname = identity.hostname ?? null;
  const machineId = identity.machineId ?? null;
  if (!hostname && !machineId) return { workstationId: null, planLimited: false };
  const reg = await deps.fleet.touch({ id: principal.orgId, plan: principal.plan }, hostIdentity(identity)!, activity);
  return reg.ok ? { workstationId: reg.workstationId, planLimited: false } : { workstationId: null, planLimited: true };
}

/** Registers/heartbeats the workstation of a hook call and records its decision. */
export async function recordHookDecision(
  deps: HookCallDeps,
  principal: KeyPrincipal,
  call: ToolCall,
  decision: Decision,
  kind: ShieldEventKind,
  now: number,
  render: () => unknown,
  extraContext?: Record<string, unknown>,
  chained?: ChainOutcome,
  eventId?: string,
): Promise<HookCallOutcome> {
  const hostname = call.identity.hostname ?? null;
  const { workstationId, planLimited } = await workstationForCall(deps, principal, call.identity, {
    at: now,
    surface: call.surface,
    hookType: HTTP_HOOK_SURFACES.has(call.surface) ? 'http' : 'command',
    agentActivity: call.phase === 'pre_tool' || call.phase === 'prompt' || call.phase === 'post_tool',
    enforceEvent: kind === 'evaluate' && call.phase === 'pre_tool',
    blocked: decision.verdict === 'deny',
    // Spec (Session): other surfaces create or update a session when the payload names one.
    session: call.sessionId ? { id: call.sessionId, cwd: call.cwd ?? null, userHint: call.userHint ?? null } : undefined,
  });
  const emitObserved = decision.verdict !== 'allow' || (await deps.observedInterest.wants(principal.orgId, now));
  const id = eventId ?? newId(now);
  await deps.recorder.record([{ id, orgId: principal.orgId, workstationId, hostname, kind, call, decision, at: now, emitObserved, effects: chained?.effects, extraContext: planLimited ? { ...extraContext, plan_limited: true } : extraContext }]);
  // Chains and investigations are recorded after the answer, off the hot path (runtime/investigations.ts).
  if (deps.investigations.wants(principal.orgId, call.sessionId, decision.verdict, chained?.chain ?? null)) {
    deps.investigations.observe({ orgId: principal.orgId, session: call.sessionId!.slice(0, 200), eventId: id, at: now, verdict: decision.verdict, severity: decision.severity, reason: decision.reason, summary: summarizeCall(call), workstationId, hostname, surface: call.surface, chain: chained?.chain ?? null });
  }
  // A block is what receivers most want to hear about at once: skip the worker's poll wait.
  if (decision.verdict === 'deny') deps.notifications.wake();
  return { call, decision, body: render(), workstationId, planLimited };
}
