// Chain judgement on the hot path (docs/chains.md). A call's effects are derived in memory; only a
// call that could complete a chain (a send, an execution, a warn or deny) reads its session's
// recent events, with one query on the (org_id, session_key, created_at) index. Most calls skip it.
//
// There is deliberately no per-process cache of "this session has nothing that starts a chain":
// with several servers on one database, the call that started a chain may have been recorded by
// another process a moment ago, and a negative cache would miss it. The store is the one truth;
// the group-commit writer acknowledges a call only once its row (and effects) is committed, so the
// next call of the session, on any server, sees it.
import type { CompiledPolicy } from '../policy/compile.js';
import {
  canCompleteChain,
  CHAIN_WINDOW_EVENTS,
  CHAIN_WINDOW_MS,
  encodeEffects,
  judgeChain,
  sessionEffectsOf,
  type ChainMatch,
  type SessionEvent,
} from '../policy/chains/index.js';
import type { Decision, ToolCall } from '../policy/types.js';
import type { RuntimeEventsRepo } from '../store/runtime-events-repo.js';

export interface ChainOutcome {
  decision: Decision;
  /** Encoded effects to store on the event row (null: none). */
  effects: string | null;
  chain: ChainMatch | null;
}

export class ChainJudge {
  /** Session lookups made (for tests and the benchmark's curiosity). */
  lookups = 0;

  constructor(
    private readonly events: Pick<RuntimeEventsRepo, 'sessionEvents'>,
    readonly enabled: boolean,
  ) {}

  async judge(orgId: string, call: ToolCall, decision: Decision, policy: CompiledPolicy, now: number): Promise<ChainOutcome> {
    if (!this.enabled) return { decision, effects: null, chain: null };
    const effects = sessionEffectsOf(call, decision);
    const encoded = encodeEffects(effects);
    const session = call.sessionId?.slice(0, 200);
    if (!session || !canCompleteChain(effects, decision)) return { decision, effects: encoded, chain: null };
    const history = await this.sessionHistory(orgId, session, now);
    if (history.length === 0) return { decision, effects: encoded, chain: null };
    const judged = judgeChain(effects, decision, history, policy);
    return { decision: judged.decision, effects: encoded, chain: judged.chain };
  }

  /** The session's recent events that carry effects, newest first, within the window. */
  async sessionHistory(orgId: string, session: string, now: number): Promise<SessionEvent[]> {
    this.lookups++;
    const rows = await this.events.sessionEvents(orgId, session, now - CHAIN_WINDOW_MS, CHAIN_WINDOW_EVENTS);
    const out: SessionEvent[] = [];
    for (const r of rows) if (r.effects) out.push({ id: r.id, createdAt: r.created_at, effects: r.effects, verdict: r.verdict });
    return out;
  }
}
