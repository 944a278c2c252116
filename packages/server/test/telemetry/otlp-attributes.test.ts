// The stored attribute JSON of an OTLP record is built piece by piece with cached pieces and a
// redaction scan only where a piece could hold a secret (telemetry/mapping.ts). It must be the
// very text of its definition (storedAttributesPlain: one object, JSON.stringify, redaction):
// compared here on crafted records and on many generated ones mixing secrets, key collisions,
// array-index keys, long and escaped strings, huge numbers under "token" keys and nested values.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { storedAttributes, storedAttributesPlain } from '../../src/telemetry/mapping.js';
import { decodeLogs, encodeLogsRequestFromJson, type AttrValue, type Attrs } from '../../src/telemetry/otlp-wire.js';

const claude: Attrs = { 'service.name': 'claude-code', 'service.version': '2.1.197', 'os.type': 'linux', 'host.name': 'h1' };

describe('OTLP stored attributes', () => {
  test('a secret in a value is redacted; a token count is kept as is', () => {
    const secret = 'ghp_R8fK2mQ9xL4vT7wZ1nB5cH3jD6sG0pY8aE2u';
    const attrs: Attrs = { 'event.name': 'api_request', input_tokens: 1200, note: `pushed with ${secret}` };
    const text = storedAttributes(claude, attrs)!;
    assert.equal(text, storedAttributesPlain(claude, attrs));
    assert.ok(!text.includes(secret));
    assert.match(text, /\[REDACTED:github_token:/);
    assert.equal(JSON.parse(text).input_tokens, 1200);
  });

  test('a secret-looking value after a "token" key is redacted even when it is a number', () => {
    // 22 characters with letters and digits: the assignment rule's shape.
    const attrs: Attrs = { output_tokens: 1.2345678901234567e21, api_token: 'Zq8xLm3Rt7Wv2Np5Hc9K' };
    const text = storedAttributes(claude, attrs)!;
    assert.equal(text, storedAttributesPlain(claude, attrs));
    assert.ok(!text.includes('Zq8xLm3Rt7Wv2Np5Hc9K'));
  });

  test('a record attribute named like a kept resource one, and array-index keys, keep JSON.stringify order', () => {
    for (const attrs of [{ 'session.id': 's', 'service.name': 'override' }, { b: 1, 7: 'seven', a: 2 }, { '01': 'x', '1': 'y' }] as Attrs[]) {
      assert.equal(storedAttributes(claude, attrs), storedAttributesPlain(claude, attrs));
    }
  });

  test('a text over the limit becomes the truncated preview, redacted', () => {
    const attrs: Attrs = {};
    for (let i = 0; i < 20; i++) attrs[`k${i}`] = `${'v'.repeat(150)} sk_live_${'x1Y2z3'.repeat(5)}`;
    const text = storedAttributes({}, attrs)!;
    assert.equal(text, storedAttributesPlain({}, attrs));
    assert.equal(JSON.parse(text).truncated, true);
  });

  test('generated records give the same text as the definition', () => {
    let seed = 20;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const pick = <T>(a: T[]): T => a[Math.floor(rnd() * a.length)];
    const keys = ['input_tokens', 'cached_content_token_count', 'model', 'session.id', 'os.type', 'service.name', 'prompt', 'api_key', 'token', '0', '12', 'x', 'user.email', 'secret_access_key', 'k\n', 'a"b', 'é'];
    const strings = [
      '',
      'abc',
      `sk-ant-api03-${'A'.repeat(90)}`,
      `ghp_${'a1B2'.repeat(10)}`,
      'x'.repeat(300),
      `line\npm_${'Ab3'.repeat(12)}`,
      'Bearer abcdefghijklmnopqrstuvwxyz0123',
      'postgres://user:hunter2pass@db',
      'mysql://a:',
      'bcdefg@h',
      'AKIAIOSFODNN7EXAMPL3',
      'héllo \u2028 \ud800',
      '<REDACTED>',
      'token=Zq8x!Lm3#Rt7$Wv2&Np5',
      'Q9w8E7r6T5y4U3i2O1p0',
    ];
    const numbers = [0, 1200, -5, 1.5, 1e21, 1.2345678901234567e21, 12345678901234567, NaN, Infinity];
    const value = (depth: number): AttrValue => {
      const t = rnd();
      if (t < 0.45) return pick(strings) + (rnd() < 0.3 ? pick(strings) : '');
      if (t < 0.7) return pick(numbers);
      if (t < 0.8) return rnd() < 0.5;
      if (t < 0.85) return null;
      if (depth < 2 && t < 0.93) return [value(depth + 1), value(depth + 1)];
      if (depth < 2) return { [pick(keys)]: value(depth + 1) };
      return 'z';
    };
    const resources: Attrs[] = [claude, {}, { 'service.version': `v ${pick(strings)}`, 'organization.id': 'o' }];
    let redacted = 0;
    for (let i = 0; i < 20_000; i++) {
      const attrs: Attrs = {};
      const n = Math.floor(rnd() * 16);
      for (let j = 0; j < n; j++) attrs[pick(keys)] = value(0);
      const resource = pick(resources);
      const expected = storedAttributesPlain(resource, attrs);
      assert.equal(storedAttributes(resource, attrs), expected, JSON.stringify(attrs));
      if (expected?.includes('[REDACTED:')) redacted++;
    }
    assert.ok(redacted > 1000, `the generated records exercise redaction (${redacted} redacted)`);
  });
});

describe('OTLP decoding', () => {
  test('a protobuf request decodes to the same records as the same request in JSON', () => {
    const value = (i: number) =>
      [
        { stringValue: `s${i}` },
        { boolValue: i % 2 === 0 },
        { intValue: String(1200 + i) },
        { doubleValue: 0.5 + i },
        { arrayValue: { values: [{ stringValue: 'a' }, { intValue: '7' }, { kvlistValue: { values: [{ key: 'deep', value: { boolValue: true } }] } }] } },
        { kvlistValue: { values: [{ key: 'k', value: { doubleValue: 1.25 } }, { key: 'n', value: {} }] } },
        { bytesValue: Buffer.from(`bytes ${i}`).toString('base64') },
        {},
      ][i % 8];
    const request = {
      resourceLogs: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'claude-code' } }, { key: 'host.id', value: { stringValue: 'm-1' } }] },
          scopeLogs: [
            {
              scope: { name: 'com.anthropic.claude_code.events' },
              logRecords: Array.from({ length: 24 }, (_, i) => ({
                timeUnixNano: i % 3 === 0 ? undefined : `${1_800_000_000_000 + i}000000`,
                observedTimeUnixNano: `${1_800_000_000_500 + i}000000`,
                body: i % 5 === 0 ? { intValue: '3' } : { stringValue: `claude_code.event_${i}` },
                attributes: [
                  { key: 'event.name', value: { stringValue: `event_${i}` } },
                  { key: `attr_${i % 4}`, value: value(i) },
                  { key: 'again', value: value(i + 3) },
                  { key: 'again', value: value(i + 5) },
                ],
              })),
            },
            { scope: {}, logRecords: [] },
          ],
        },
        { resource: {}, scopeLogs: [{ logRecords: [{ attributes: [{ key: 'lonely', value: { stringValue: 'x' } }] }] }] },
      ],
    };
    const fromJson = decodeLogs(Buffer.from(JSON.stringify(request)), 'json');
    assert.equal(fromJson.length, 25);
    assert.deepEqual(decodeLogs(encodeLogsRequestFromJson(request), 'protobuf'), fromJson);
  });
});
