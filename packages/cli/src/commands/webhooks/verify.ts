// Verifies a delivery the way a receiver should (spec: Events, Signing), so a receiver's
// setup can be checked from a shell: HMAC-SHA256 over "<timestamp>.<raw body>", compared in
// constant time, with the timestamp within the tolerance in either direction.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Flags } from '@oclif/core';
import { BaseCommand } from '../../output/base-command.js';
import { CliError } from '../../output/errors.js';

export function checkDelivery(input: { secret: string; timestamp: string; signature: string; body: Buffer; now: number; toleranceMs: number }): { valid: boolean; reason: string } {
  const at = Date.parse(input.timestamp);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(input.timestamp) || Number.isNaN(at)) return { valid: false, reason: 'the timestamp is not an ISO 8601 time' };
  if (Math.abs(input.now - at) > input.toleranceMs) return { valid: false, reason: `the timestamp is more than ${Math.round(input.toleranceMs / 1000)} seconds away from now` };
  const hmac = createHmac('sha256', input.secret).update(`${input.timestamp}.`).update(input.body).digest('hex');
  const expected = Buffer.from(`v1=${hmac}`);
  const offered = input.signature.split(/[\s,]+/).filter((s) => s.startsWith('v1='));
  if (offered.length === 0) return { valid: false, reason: 'the signature has no v1= value' };
  const ok = offered.some((s) => Buffer.byteLength(s) === expected.length && timingSafeEqual(Buffer.from(s), expected));
  return ok ? { valid: true, reason: 'signature matches and the timestamp is within the tolerance' } : { valid: false, reason: 'the signature does not match this secret and body' };
}

export default class WebhooksVerify extends BaseCommand {
  static override description = 'Verify a delivery: the raw body on stdin, the X-Service-Timestamp and X-Service-Signature values as flags. Exit 0 only when valid.';
  static override examples = [
    'cat body.json | <%= config.bin %> webhooks verify --secret "$SECRET" --timestamp 2026-06-03T10:00:00.000Z --signature v1=5d41…',
  ];
  static override flags = {
    secret: Flags.string({ description: 'The destination’s signing secret (env SERVICE_WEBHOOK_SECRET).', env: 'SERVICE_WEBHOOK_SECRET' }),
    timestamp: Flags.string({ description: 'The X-Service-Timestamp header value.', required: true }),
    signature: Flags.string({ description: 'The X-Service-Signature header value (v1=<hex>).', required: true }),
    tolerance: Flags.integer({ description: 'Accepted clock distance in seconds.', default: 300 }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(WebhooksVerify);
    if (!flags.secret) throw new CliError('Give the signing secret with --secret or SERVICE_WEBHOOK_SECRET.', 2);
    if (process.stdin.isTTY) throw new CliError('Pipe the raw request body on stdin, byte for byte as received.', 2);
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    const result = checkDelivery({ secret: flags.secret, timestamp: flags.timestamp, signature: flags.signature, body: Buffer.concat(chunks), now: Date.now(), toleranceMs: flags.tolerance * 1000 });
    if (flags.json) this.printJson(result);
    if (!result.valid) throw new CliError(`Invalid delivery: ${result.reason}.`, 1);
    if (!flags.json) this.log(`Valid: ${result.reason}.`);
  }
}
