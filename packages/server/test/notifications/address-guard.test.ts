// The SSRF guard: address classification (table), URL checks at save time, and refusal at
// connect time for a name that resolves to loopback.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import { checkDestinationUrl, classifyAddress, createWebhookAgent, resolveAllowedAddress } from '../../src/notifications/address-guard.js';
import { startReceiver } from './support.js';

const TABLE: [string, string][] = [
  ['8.8.8.8', 'public'],
  ['1.1.1.1', 'public'],
  ['0.0.0.0', 'unspecified'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.5', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['172.32.0.1', 'public'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'link_local'],
  ['100.64.0.1', 'cgnat'],
  ['100.127.255.255', 'cgnat'],
  ['100.128.0.1', 'public'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.10', 'documentation'],
  ['198.18.0.1', 'reserved'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['fc00::1', 'unique_local'],
  ['fd12:3456:789a::1', 'unique_local'],
  ['fe80::1', 'link_local'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['2606:4700:4700::1111', 'public'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.1.2.3', 'private'],
  ['::ffff:169.254.169.254', 'link_local'],
  ['::ffff:100.64.1.1', 'cgnat'],
  ['::ffff:8.8.8.8', 'public'],
  ['::127.0.0.1', 'loopback'],
  ['::8.8.8.8', 'reserved'],
  ['64:ff9b::10.0.0.1', 'private'],
  ['2002:7f00:1::', 'loopback'],
  ['[::1]', 'loopback'],
  ['fe80::1%eth0', 'link_local'],
  ['not-an-ip', 'reserved'],
];

describe('address classifier', () => {
  for (const [address, expected] of TABLE) {
    test(`${address} is ${expected}`, () => assert.equal(classifyAddress(address), expected));
  }
});

describe('destination URL check at save time', () => {
  const cases: [string, boolean, string | null][] = [
    ['https://hooks.example.com/x', false, null],
    ['http://hooks.example.com/x', false, 'https'],
    ['http://127.0.0.1:9000/x', true, null],
    ['https://127.0.0.1/x', false, 'loopback'],
    ['https://169.254.169.254/latest/meta-data/', false, 'link-local'],
    ['https://[::ffff:127.0.0.1]/x', false, 'loopback'],
    ['https://0x7f000001/x', false, 'loopback'], // the WHATWG parser normalizes it to 127.0.0.1
    ['https://10.0.0.1/x', false, 'private'],
    ['https://localhost/x', false, 'public host'],
    ['https://intranet/x', false, 'public host'],
    ['https://user:pw@hooks.example.com/x', false, 'user name'],
    ['ftp://hooks.example.com/x', false, 'https'],
    ['not a url', false, 'absolute URL'],
  ];
  for (const [url, allowPrivate, problem] of cases) {
    test(`${url}${allowPrivate ? ' (private allowed)' : ''}`, () => {
      const result = checkDestinationUrl(url, allowPrivate);
      if (problem === null) assert.equal(result, null);
      else assert.match(result ?? '', new RegExp(problem));
    });
  }
});

describe('connect-time refusal', () => {
  test('a name that resolves to loopback is refused', async () => {
    await assert.rejects(resolveAllowedAddress('localhost'), /loopback/);
  });

  test('the guarded agent never opens a socket to a loopback receiver', async () => {
    const receiver = await startReceiver();
    const agent = createWebhookAgent({ allowPrivate: false, connectTimeoutMs: 2_000 });
    try {
      const viaName = receiver.url.replace('127.0.0.1', 'localhost');
      for (const url of [receiver.url, viaName]) {
        await assert.rejects(request(url, { method: 'POST', body: '{}', dispatcher: agent }), (err: Error & { code?: string }) => err.code === 'BLOCKED_ADDRESS' || /Refused to connect/.test(err.message));
      }
      assert.equal(receiver.received.length, 0);
    } finally {
      await agent.close();
      await receiver.close();
    }
  });

  test('with the override the same receiver is reached', async () => {
    const receiver = await startReceiver();
    const agent = createWebhookAgent({ allowPrivate: true, connectTimeoutMs: 2_000 });
    try {
      const res = await request(receiver.url, { method: 'POST', body: '{}', dispatcher: agent });
      assert.equal(res.statusCode, 200);
      await res.body.text();
      assert.equal(receiver.received.length, 1);
    } finally {
      await agent.close();
      await receiver.close();
    }
  });
});
