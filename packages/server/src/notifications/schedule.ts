// Retry policy (spec: Events, Retries; state table "Webhook delivery"), as pure functions.
//
// Attempt 1 is sent at once, attempt 2 about 60 s after attempt 1 failed, attempt 3 about
// 120 s after attempt 2 failed; every delay is multiplied by SERVICE_WEBHOOK_RETRY_SCALE and
// jittered by ±10 % so a receiver that was down is not hit by every retry in the same second.
// The delivery states themselves are the store's vocabulary (store/notifications-repo.ts).
import type { DeliveryStatus } from '../store/notifications-repo.js';

export const MAX_ATTEMPTS = 3;
/** Delay before attempt N+1, indexed by the attempt N that just failed (1-based). */
const RETRY_DELAYS_MS = [0, 60_000, 120_000];
const JITTER = 0.1;

export type { DeliveryStatus };

export type AttemptOutcome = 'success' | 'retryable' | 'permanent';

/** Error classes of attempts that got no HTTP answer. */
export type AttemptErrorClass = 'timeout' | 'network_error' | 'dns_error' | 'tls_error' | 'blocked_address' | 'redirect_not_followed' | 'invalid_destination';

/** 2xx succeeds; 408, 409, 429 and 5xx are retried; 3xx (redirects are not followed) and other 4xx are permanent. */
export function outcomeOfStatus(status: number): AttemptOutcome {
  if (status >= 200 && status < 300) return 'success';
  if (status === 408 || status === 409 || status === 429 || status >= 500) return 'retryable';
  return 'permanent';
}

/** Timeouts and transient network failures are retried; an address we refuse never becomes allowed by waiting. */
export function outcomeOfError(cls: AttemptErrorClass): AttemptOutcome {
  return cls === 'timeout' || cls === 'network_error' || cls === 'dns_error' || cls === 'tls_error' ? 'retryable' : 'permanent';
}

export function retryDelayMs(failedAttempt: number, scale: number, random: () => number = Math.random): number {
  const base = RETRY_DELAYS_MS[Math.min(failedAttempt, RETRY_DELAYS_MS.length - 1)] * scale;
  return Math.round(base * (1 + JITTER * (2 * random() - 1)));
}

/** The delivery's next state after attempt `attemptNo` ended with `outcome`. */
export function nextState(attemptNo: number, outcome: AttemptOutcome, now: number, scale: number, random?: () => number): { status: DeliveryStatus; nextAttemptAt: number | null } {
  if (outcome === 'success') return { status: 'sent', nextAttemptAt: null };
  if (outcome === 'permanent') return { status: 'failed_permanent', nextAttemptAt: null };
  if (attemptNo >= MAX_ATTEMPTS) return { status: 'failed_exhausted', nextAttemptAt: null };
  return { status: 'retrying', nextAttemptAt: now + retryDelayMs(attemptNo, scale, random) };
}
