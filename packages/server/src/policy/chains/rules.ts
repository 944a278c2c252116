// The chain rules (docs/chains.md has the table). Pure: given the current call's decision and
// effects and the session's recent events (newest first), say whether a chain completes and what
// the call's verdict becomes. A chain only raises a verdict, never lowers one.
import type { Decision, SecurityLevel, Severity, Verdict } from '../types.js';
import { SEVERITIES } from '../types.js';
import { verdictFor } from '../verdict.js';
import { decodeEffects, type SessionEffect } from './effects.js';

/** How far back a session is looked at: the last CHAIN_WINDOW_EVENTS events within CHAIN_WINDOW_MS. */
export const CHAIN_WINDOW_EVENTS = 50;
export const CHAIN_WINDOW_MS = 60 * 60 * 1000;
/** Warns on one target in one session that make the next one a deny (this one included). */
export const REPEATED_WARNS = 3;

export type ChainRule = 'secret_then_send' | 'download_then_execute' | 'guard_rail_then_dangerous' | 'repeated_warns';

export interface SessionEvent {
  id: string;
  createdAt: number;
  effects: string | null;
  verdict: string;
}

export interface ChainMatch {
  rule: ChainRule;
  severity: Severity;
  /** Earlier events that started the chain, oldest first. */
  evidence: string[];
  reason: string;
}

export interface ChainJudgement {
  decision: Decision;
  chain: ChainMatch | null;
  /** True when the chain raised the verdict. */
  raised: boolean;
}

const RANK: Record<Verdict, number> = { allow: 0, warn: 1, deny: 2 };

/** Whether a call with these effects could complete any chain (otherwise no lookup is needed). */
export function canCompleteChain(effects: readonly SessionEffect[], decision: Decision): boolean {
  return decision.verdict !== 'allow' || effects.some((e) => e.kind === 'send' || e.kind === 'execute' || e.kind === 'warn');
}

function clock(at: number): string {
  return new Date(at).toISOString().slice(11, 19);
}

function describe(ev: SessionEvent): string {
  return `call at ${clock(ev.createdAt)} UTC, event ${ev.id}`;
}

function findEarlier(history: readonly SessionEvent[], kind: SessionEffect['kind'], match?: (target: string | undefined) => boolean): { ev: SessionEvent; effect: SessionEffect } | null {
  for (const ev of history) {
    for (const effect of decodeEffects(ev.effects)) {
      if (effect.kind === kind && (!match || match(effect.target))) return { ev, effect };
    }
  }
  return null;
}

function stepUp(s: Severity): Severity {
  return SEVERITIES[Math.min(SEVERITIES.indexOf(s) + 1, SEVERITIES.length - 1)]!;
}

/** The first matching rule, in the table's order (the most harmful first). */
export function matchChain(effects: readonly SessionEffect[], decision: Decision, history: readonly SessionEvent[]): { match: ChainMatch; verdict: 'deny' | 'raise' } | null {
  for (const send of effects.filter((e) => e.kind === 'send')) {
    const read = findEarlier(history, 'read_secret');
    if (read) {
      return {
        verdict: 'deny',
        match: { rule: 'secret_then_send', severity: 'critical', evidence: [read.ev.id], reason: `Sends data to ${send.target ?? 'an outside address'} after this session read ${read.effect.target ?? 'a secret'} (${describe(read.ev)}).` },
      };
    }
  }
  for (const exec of effects.filter((e) => e.kind === 'execute' && e.target)) {
    const dl = findEarlier(history, 'download', (t) => t === exec.target);
    if (dl) {
      return {
        verdict: 'deny',
        match: { rule: 'download_then_execute', severity: 'high', evidence: [dl.ev.id], reason: `Runs ${exec.target} which this session downloaded (${describe(dl.ev)}).` },
      };
    }
  }
  if (decision.verdict !== 'allow') {
    const change = findEarlier(history, 'guard_rail_change');
    if (change) {
      return {
        verdict: 'raise',
        match: { rule: 'guard_rail_then_dangerous', severity: stepUp(decision.severity), evidence: [change.ev.id], reason: `A risky call after this session changed a guard rail (${change.effect.target ?? 'security setting'}, ${describe(change.ev)}).` },
      };
    }
  }
  const warn = effects.find((e) => e.kind === 'warn');
  if (warn) {
    const earlier: SessionEvent[] = [];
    for (const ev of history) {
      if (decodeEffects(ev.effects).some((e) => e.kind === 'warn' && e.target === warn.target)) earlier.push(ev);
      if (earlier.length >= REPEATED_WARNS - 1) break;
    }
    if (earlier.length >= REPEATED_WARNS - 1) {
      const first = earlier[earlier.length - 1]!;
      return {
        verdict: 'deny',
        match: { rule: 'repeated_warns', severity: 'high', evidence: earlier.map((e) => e.id).reverse(), reason: `The ${REPEATED_WARNS}rd warning on ${warn.target} in this session (first: ${describe(first)}).` },
      };
    }
  }
  return null;
}

/**
 * Applies a matching chain to a decision. The chain's verdict follows the policy: its severity
 * through the level table (permissive loosens one step), and with auto_block off a deny is a warn.
 */
export function judgeChain(
  effects: readonly SessionEffect[],
  decision: Decision,
  history: readonly SessionEvent[],
  policy: { level: SecurityLevel; autoBlock: boolean },
): ChainJudgement {
  const found = matchChain(effects, decision, history);
  if (!found) return { decision, chain: null, raised: false };
  const { match } = found;
  let verdict: Verdict;
  if (found.verdict === 'raise') verdict = decision.verdict === 'allow' ? 'warn' : 'deny';
  else verdict = verdictFor(policy.level, match.severity, true);
  if (verdict === 'deny' && !policy.autoBlock) verdict = 'warn';
  if (RANK[verdict] <= RANK[decision.verdict]) return { decision, chain: match, raised: false };
  const severity = SEVERITIES.indexOf(match.severity) > SEVERITIES.indexOf(decision.severity) ? match.severity : decision.severity;
  return {
    decision: { ...decision, verdict, severity, patternName: `chain.${match.rule}`, category: 'chain', detectionLayer: decision.detectionLayer === 'none' ? 'builtin' : decision.detectionLayer, reason: match.reason },
    chain: match,
    raised: true,
  };
}
