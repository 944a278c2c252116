// Pure delivery rules: retry classification and schedule, signing and verification, route
// matching, and how receiver answers are stored.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { nextState, outcomeOfError, outcomeOfStatus, retryDelayMs } from '../../src/notifications/schedule.js';
import { generateSigningSecret, signatureFor, verifySignature } from '../../src/notifications/signing.js';
import { routeMatches, displayUrl } from '../../src/notifications/destinations.js';
import { excerptOf } from '../../src/notifications/sender.js';
import { EVENT_TYPES, EVENT_TYPES_WITHOUT_SOURCE, isEventSelector } from '../../src/notifications/event-types.js';

describe('retry classification (spec: Retries)', () => {
  const table: [number, string][] = [
    [200, 'success'],
    [202, 'success'],
    [204, 'success'],
    [301, 'permanent'],
    [302, 'permanent'],
    [400, 'permanent'],
    [401, 'permanent'],
    [403, 'permanent'],
    [404, 'permanent'],
    [408, 'retryable'],
    [409, 'retryable'],
    [410, 'permanent'],
    [422, 'permanent'],
    [429, 'retryable'],
    [500, 'retryable'],
    [502, 'retryable'],
    [503, 'retryable'],
    [504, 'retryable'],
  ];
  for (const [status, outcome] of table) test(`${status} → ${outcome}`, () => assert.equal(outcomeOfStatus(status), outcome));
  test('timeouts and network errors are retried; refused addresses are not', () => {
    assert.equal(outcomeOfError('timeout'), 'retryable');
    assert.equal(outcomeOfError('network_error'), 'retryable');
    assert.equal(outcomeOfError('dns_error'), 'retryable');
    assert.equal(outcomeOfError('blocked_address'), 'permanent');
  });
});

describe('schedule (0, ~60 s, ~120 s × scale)', () => {
  test('delays with and without jitter extremes', () => {
    assert.equal(retryDelayMs(1, 1, () => 0.5), 60_000);
    assert.equal(retryDelayMs(2, 1, () => 0.5), 120_000);
    assert.equal(retryDelayMs(1, 0.01, () => 0.5), 600);
    assert.equal(retryDelayMs(1, 1, () => 0), 54_000);
    assert.equal(retryDelayMs(2, 1, () => 1), 132_000);
  });
  test('state after each attempt', () => {
    const now = 1_000_000;
    assert.deepEqual(nextState(1, 'success', now, 1), { status: 'sent', nextAttemptAt: null });
    assert.deepEqual(nextState(1, 'permanent', now, 1), { status: 'failed_permanent', nextAttemptAt: null });
    assert.deepEqual(nextState(1, 'retryable', now, 1, () => 0.5), { status: 'retrying', nextAttemptAt: now + 60_000 });
    assert.deepEqual(nextState(2, 'retryable', now, 1, () => 0.5), { status: 'retrying', nextAttemptAt: now + 120_000 });
    assert.deepEqual(nextState(3, 'retryable', now, 1), { status: 'failed_exhausted', nextAttemptAt: null });
    assert.deepEqual(nextState(3, 'success', now, 1), { status: 'sent', nextAttemptAt: null });
  });
});

describe('signing (spec: Signing)', () => {
  const secret = generateSigningSecret();
  const timestamp = '2026-06-03T10:00:00.123Z';
  const body = '{"schema_version":"service.event.v1"}';
  test('v1= lowercase hex HMAC-SHA256 of "<timestamp>.<body>"', () => {
    const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
    assert.equal(signatureFor(secret, timestamp, body), `v1=${expected}`);
    assert.match(signatureFor(secret, timestamp, body), /^v1=[0-9a-f]{64}$/);
  });
  test('secrets are 32 random bytes with a maskable prefix', () => {
    assert.match(secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.notEqual(generateSigningSecret(), secret);
  });
  test('verification: valid, tampered, wrong secret, outside tolerance both ways, malformed', () => {
    const now = Date.parse(timestamp);
    const signature = signatureFor(secret, timestamp, body);
    assert.deepEqual(verifySignature({ secret, timestamp, signature, rawBody: body, now }), { ok: true });
    assert.deepEqual(verifySignature({ secret, timestamp, signature, rawBody: body + ' ', now }), { ok: false, reason: 'mismatch' });
    assert.deepEqual(verifySignature({ secret: 'whsec_other', timestamp, signature, rawBody: body, now }), { ok: false, reason: 'mismatch' });
    assert.deepEqual(verifySignature({ secret, timestamp, signature, rawBody: body, now: now + 5 * 60_000 + 1 }), { ok: false, reason: 'timestamp_outside_tolerance' });
    assert.deepEqual(verifySignature({ secret, timestamp, signature, rawBody: body, now: now - 5 * 60_000 - 1 }), { ok: false, reason: 'timestamp_outside_tolerance' });
    assert.deepEqual(verifySignature({ secret, timestamp, signature, rawBody: body, now: now + 4 * 60_000 }), { ok: true });
    assert.deepEqual(verifySignature({ secret, timestamp: '1717408800', signature, rawBody: body, now }), { ok: false, reason: 'malformed' });
    assert.deepEqual(verifySignature({ secret, timestamp, signature: 'sha256=abc', rawBody: body, now }), { ok: false, reason: 'malformed' });
    assert.deepEqual(verifySignature({ secret, timestamp, signature: `v1=${'0'.repeat(64)} ${signature}`, rawBody: body, now }), { ok: true });
  });
});

describe('route matching', () => {
  const event = { event_type: 'activity.blocked', severity: 'high', hostname: 'Dev-Mac-01', workstation_id: 'WS1', surface: 'claude-code' };
  const route = (over: object) => ({ id: 'r', events: ['*'], min_severity: 'info', host: null, surface: null, ...over });
  const cases: [object, boolean][] = [
    [{}, true],
    [{ events: ['activity.blocked'] }, true],
    [{ events: ['activity.*'] }, true],
    [{ events: ['mcp.*', 'policy.changed'] }, false],
    [{ min_severity: 'high' }, true],
    [{ min_severity: 'critical' }, false],
    [{ host: 'dev-mac-01' }, true],
    [{ host: 'WS1' }, true],
    [{ host: 'other' }, false],
    [{ surface: 'claude-code' }, true],
    [{ surface: 'cursor' }, false],
  ];
  for (const [over, expected] of cases) test(`${JSON.stringify(over)} → ${expected}`, () => assert.equal(routeMatches(route(over), event), expected));
  test('selectors', () => {
    assert.ok(isEventSelector('*'));
    assert.ok(isEventSelector('exception.*'));
    assert.ok(isEventSelector('notification.test'));
    assert.ok(!isEventSelector('activity.blockd'));
    assert.ok(!isEventSelector('nope.*'));
    assert.equal(EVENT_TYPES.length, 26);
    assert.deepEqual([...EVENT_TYPES_WITHOUT_SOURCE], [], 'every event type of the spec has a source');
  });
});

describe('stored receiver answers', () => {
  test('JSON-escaped, control characters inert, truncated to 1 KiB', () => {
    assert.equal(excerptOf(Buffer.from('ok'), false), '"ok"');
    const nasty = excerptOf(Buffer.from('\u001b[31mred\u009b\u2028<script>'), false);
    assert.equal(nasty, '"\\u001b[31mred\\u009b\\u2028<script>"');
    assert.equal(JSON.parse(nasty), '\u001b[31mred\u009b\u2028<script>');
    const long = excerptOf(Buffer.alloc(5000, 'a'), true);
    assert.equal(JSON.parse(long), `${'a'.repeat(1024)}…`);
  });
  test('listed URLs never show the path secret of chat webhooks', () => {
    assert.equal(displayUrl('https://hooks.slack.com/services/T000/B000/XXXXSECRET'), 'https://hooks.slack.com/services/…');
    assert.equal(displayUrl('https://siem.example.com/'), 'https://siem.example.com');
    assert.equal(displayUrl('https://x.example.com/hook?token=abc'), 'https://x.example.com/hook/…');
  });
});
