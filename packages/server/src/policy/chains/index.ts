// Chains of events (docs/chains.md): session effects of a call and the rules that join them.
export { sessionEffectsOf, encodeEffects, decodeEffects, isLocalHost, hostOf, type SessionEffect, type EffectKind } from './effects.js';
export { judgeChain, matchChain, canCompleteChain, CHAIN_WINDOW_EVENTS, CHAIN_WINDOW_MS, REPEATED_WARNS, type ChainRule, type ChainMatch, type ChainJudgement, type SessionEvent } from './rules.js';
