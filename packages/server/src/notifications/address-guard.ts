// SSRF defence for webhook destinations (OWASP API7). A destination URL is checked when it is
// saved (scheme, literal addresses) and, what matters, again at connect time: the hostname is
// resolved by us, every resolved address is classified, and the socket is opened to an address
// that passed the check. So a name that resolves to 10.0.0.5 (or is rebound to it after it was
// saved) is refused too. SERVICE_WEBHOOK_ALLOW_PRIVATE=1 lifts the check for local tests.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';

export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'cgnat'
  | 'unique_local'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'reserved';

interface Range {
  bytes: number[];
  bits: number;
  cls: AddressClass;
}

const v4 = (cidr: string, cls: AddressClass): Range => {
  const [addr, bits] = cidr.split('/');
  return { bytes: addr.split('.').map(Number), bits: Number(bits), cls };
};
const v6 = (cidr: string, cls: AddressClass): Range => {
  const [addr, bits] = cidr.split('/');
  return { bytes: parseIPv6(addr)!, bits: Number(bits), cls };
};

const V4_RANGES: Range[] = [
  v4('0.0.0.0/8', 'unspecified'),
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'cgnat'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link_local'),
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'reserved'),
  v4('192.0.2.0/24', 'documentation'),
  v4('192.88.99.0/24', 'reserved'),
  v4('192.168.0.0/16', 'private'),
  v4('198.18.0.0/15', 'reserved'),
  v4('198.51.100.0/24', 'documentation'),
  v4('203.0.113.0/24', 'documentation'),
  v4('224.0.0.0/4', 'multicast'),
  v4('255.255.255.255/32', 'broadcast'),
  v4('240.0.0.0/4', 'reserved'),
];

const V6_RANGES: Range[] = [
  v6('::/128', 'unspecified'),
  v6('::1/128', 'loopback'),
  v6('100::/64', 'reserved'),
  v6('2001::/32', 'reserved'), // Teredo: tunnels to an address we cannot check
  v6('2001:db8::/32', 'documentation'),
  v6('fc00::/7', 'unique_local'),
  v6('fe80::/10', 'link_local'),
  v6('fec0::/10', 'link_local'), // deprecated site-local
  v6('ff00::/8', 'multicast'),
];

function inRange(bytes: number[], range: Range): boolean {
  let bits = range.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((bytes[i] & mask) !== (range.bytes[i] & mask)) return false;
  }
  return true;
}

/** 16 bytes of an IPv6 address (with `::` and a trailing dotted quad), or null. */
export function parseIPv6(text: string): number[] | null {
  let s = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(s) !== 6) return null;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    tail.push(...dotted[1].split('.').map(Number));
    s = s.slice(0, -dotted[1].length) + '0:0';
  }
  const [head, rest] = s.includes('::') ? s.split('::') : [s, null];
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = groups(head);
  const right = rest === null ? [] : groups(rest);
  const all = [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  const bytes = all.flatMap((g) => [g >> 8, g & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

/**
 * What kind of address this is. IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d),
 * NAT64 (64:ff9b::/96) and 6to4 (2002::/16) addresses are judged by the IPv4 address they carry,
 * so `[::ffff:127.0.0.1]` is loopback.
 */
export function classifyAddress(address: string): AddressClass {
  const family = isIP(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  if (family === 4) {
    const bytes = address.split('.').map(Number);
    return V4_RANGES.find((r) => inRange(bytes, r))?.cls ?? 'public';
  }
  if (family !== 6) return 'reserved';
  const b = parseIPv6(address)!;
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const embedded = (at: number) => classifyAddress(b.slice(at, at + 4).join('.'));
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return embedded(12); // ::ffff:0:0/96
  if (zeros(0, 12) && !zeros(12, 16) && !(zeros(12, 15) && b[15] === 1)) {
    // Deprecated IPv4-compatible form (::a.b.c.d): never a legitimate destination.
    const inner = embedded(12);
    return inner === 'public' ? 'reserved' : inner;
  }
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return embedded(12); // NAT64
  if (b[0] === 0x20 && b[1] === 0x02) return embedded(2); // 6to4
  return V6_RANGES.find((r) => inRange(b, r))?.cls ?? 'public';
}

export class BlockedAddressError extends Error {
  readonly code = 'BLOCKED_ADDRESS';
  constructor(
    readonly host: string,
    readonly cls: AddressClass,
  ) {
    super(`Refused to connect to ${host}: it is a ${cls.replace('_', '-')} address (set SERVICE_WEBHOOK_ALLOW_PRIVATE=1 only for local tests).`);
  }
}

/** Resolves `hostname` and returns the first address that may be connected to. */
export async function resolveAllowedAddress(hostname: string): Promise<string> {
  const literal = hostname.replace(/^\[|\]$/g, '');
  const candidates = isIP(literal) ? [literal] : (await lookup(literal, { all: true, verbatim: true })).map((a) => a.address);
  let firstRefusal: AddressClass = 'reserved';
  for (const address of candidates) {
    const cls = classifyAddress(address);
    if (cls === 'public') return address;
    if (firstRefusal === 'reserved') firstRefusal = cls;
  }
  throw new BlockedAddressError(hostname, firstRefusal);
}

/**
 * An undici dispatcher for webhook attempts: every new socket goes through the address check
 * (a kept-alive socket was checked when it was opened), connects time out, and redirects are
 * never followed (undici follows none unless a redirect interceptor is added).
 */
export function createWebhookAgent(options: { allowPrivate: boolean; connectTimeoutMs: number }): Agent {
  const connectDirect = buildConnector({ timeout: options.connectTimeoutMs });
  if (options.allowPrivate) return new Agent({ connect: connectDirect, keepAliveTimeout: 4_000 });
  const guarded: buildConnector.connector = (opts, callback) => {
    resolveAllowedAddress(opts.hostname).then(
      // Connect to the checked address; TLS still verifies the certificate for the original
      // name (servername comes from `host`, which is left unchanged).
      (address) => connectDirect({ ...opts, hostname: address }, callback),
      (err: Error) => callback(err, null),
    );
  };
  return new Agent({ connect: guarded, keepAliveTimeout: 4_000 });
}

export type UrlProblem = string | null;

/**
 * Checks a destination URL when it is saved: https only (http with the private override),
 * no embedded credentials, and no literal address or name that is obviously internal. The
 * connect-time check above is the real defence; this one gives the admin an early answer.
 */
export function checkDestinationUrl(raw: string, allowPrivate: boolean): UrlProblem {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute URL such as https://hooks.example.com/path';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return 'url must use https:// (plain http is accepted only with SERVICE_WEBHOOK_ALLOW_PRIVATE=1)';
  }
  if (url.username || url.password) return 'url must not contain a user name or password; use the credential field';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const cls = classifyAddress(host);
    if (cls !== 'public') return `url points to a ${cls.replace('_', '-')} address, which webhooks may not reach`;
  } else if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) {
    return 'url must name a public host (localhost and single-label names are internal)';
  }
  return null;
}
