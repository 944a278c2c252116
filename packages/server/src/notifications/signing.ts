// Webhook signatures (spec: Events, Signing): lowercase hex HMAC-SHA256 of
// "<X-Service-Timestamp>.<raw body>" with the destination's secret, sent as `v1=<hex>`.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Receivers should refuse timestamps further than this from their clock (spec: five minutes). */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

/** 32 random bytes; the `whsec_` prefix lets the logger mask a secret that slips into a line. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function signatureFor(secret: string, timestamp: string, rawBody: string | Buffer): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(rawBody);
  return `v1=${hmac.digest('hex')}`;
}

export type VerifyResult = { ok: true } | { ok: false; reason: 'malformed' | 'mismatch' | 'timestamp_outside_tolerance' };

/**
 * Checks a delivery as a receiver should: the timestamp parses and is within the tolerance in
 * either direction, and one of the `v1=` values in the header matches (constant-time).
 */
export function verifySignature(input: { secret: string; timestamp: string; signature: string; rawBody: string | Buffer; now?: number; toleranceMs?: number }): VerifyResult {
  const at = Date.parse(input.timestamp);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(input.timestamp) || Number.isNaN(at)) return { ok: false, reason: 'malformed' };
  if (Math.abs((input.now ?? Date.now()) - at) > (input.toleranceMs ?? SIGNATURE_TOLERANCE_MS)) return { ok: false, reason: 'timestamp_outside_tolerance' };
  const expected = Buffer.from(signatureFor(input.secret, input.timestamp, input.rawBody));
  const offered = input.signature.split(/[\s,]+/).filter((s) => s.startsWith('v1='));
  if (offered.length === 0) return { ok: false, reason: 'malformed' };
  const match = offered.some((s) => {
    const b = Buffer.from(s);
    return b.length === expected.length && timingSafeEqual(b, expected);
  });
  return match ? { ok: true } : { ok: false, reason: 'mismatch' };
}
