// Online status (spec: States and transitions, "Workstation online status"; Limits, online window).
import { ONLINE_WINDOW_MS, toMs, within, type Now, type Timestamp, type WorkstationEvidence } from './evidence.js';

export type OnlineStatus = 'online' | 'offline' | 'over_limit';

/**
 * True while the last shield activity is younger than 15 minutes. A host is offline once 15 full
 * minutes pass without activity ("No shield activity for 15 minutes" → offline), so age exactly
 * 15 minutes is offline. This is the Live coverage stat; it ignores the plan-limit marker.
 */
export function isOnline(ev: WorkstationEvidence, now: Now): boolean {
  return within(ev.lastSeenAt, now, ONLINE_WINDOW_MS);
}

/**
 * The fleet list Status column: online, offline, or the over-plan-limit lock marker. The spec lists
 * the marker as an alternative in the same column, so it replaces the online word; hosts over a
 * reduced limit still check in and evaluate normally, and `isOnline` still reports them.
 */
export function onlineStatus(ev: WorkstationEvidence, now: Now): OnlineStatus {
  if (ev.overPlanLimit === true) return 'over_limit';
  return isOnline(ev, now) ? 'online' : 'offline';
}

/** The moment a host seen at `lastSeenAt` turns offline; null when never seen. */
export function offlineAt(lastSeenAt: Timestamp): number | null {
  const ms = toMs(lastSeenAt);
  return ms === null ? null : ms + ONLINE_WINDOW_MS;
}

/**
 * For the offline sweep: should `workstation.offline` fire now? True when the host has crossed the
 * 15-minute threshold since its last activity and no offline event was fired for this online spell
 * yet. `offlineEventAt` is either when the sweep last fired the event for the host or the
 * `last_seen_at` value it fired for (the store's `offline_emitted_for`); both work, because only a
 * heartbeat later than it starts a new spell. So the event fires once per crossing, however often
 * the sweep runs.
 */
export function crossedOffline(lastSeenAt: Timestamp, now: Now, offlineEventAt: Timestamp = null): boolean {
  const seen = toMs(lastSeenAt);
  if (seen === null) return false;
  if (within(seen, now, ONLINE_WINDOW_MS)) return false;
  const fired = toMs(offlineEventAt);
  return fired === null || fired < seen;
}
