// Which peers may speak for a client through X-Forwarded-For / X-Forwarded-Proto
// (SERVICE_TRUST_PROXY), and who the client is when they do. `1` trusts a proxy on loopback;
// otherwise a comma-separated list of IPv4/IPv6 addresses and CIDR ranges. The client address
// is read from the RIGHT of X-Forwarded-For: each trusted proxy appends the address it saw, so
// the rightmost entry that is not one of our proxies is the first one a proxy we trust vouched
// for; anything to its left was written by the client and proves nothing.
import { BlockList, isIP } from 'node:net';

export class TrustedProxies {
  private readonly list = new BlockList();

  constructor(readonly description: string) {}

  add(entry: string): void {
    const slash = entry.indexOf('/');
    const address = unmapped(slash === -1 ? entry : entry.slice(0, slash));
    const family = isIP(address);
    if (family === 0) throw new Error(`"${entry}" is not an IPv4 or IPv6 address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (slash === -1) {
      this.list.addAddress(address, type);
      return;
    }
    const bitsText = entry.slice(slash + 1);
    const bits = Number(bitsText);
    if (!/^\d{1,3}$/.test(bitsText) || bits > (family === 4 ? 32 : 128)) throw new Error(`"${entry}" has an invalid prefix length`);
    this.list.addSubnet(address, bits, type);
  }

  /** Whether `address` (as a socket or a proxy reports it) is one of the trusted proxies. */
  has(address: string | undefined): boolean {
    if (!address) return false;
    const a = unmapped(address.trim());
    const family = isIP(a);
    if (family === 0) return false;
    return this.list.check(a, family === 4 ? 'ipv4' : 'ipv6');
  }

  /**
   * The client's address: `peer` when it is not a trusted proxy; otherwise the rightmost
   * X-Forwarded-For entry that is not a trusted proxy (the leftmost entry when every hop is one).
   */
  clientAddress(peer: string | undefined, forwardedFor: string | undefined): string | undefined {
    if (!this.has(peer) || !forwardedFor) return peer;
    const hops = forwardedFor.split(',');
    let client: string | undefined;
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = stripPort(hops[i].trim());
      if (hop === '') continue;
      client = hop;
      if (!this.has(hop)) break;
    }
    return client ?? peer;
  }
}

/** `::ffff:192.0.2.1` (an IPv4 peer on a dual-stack socket) → `192.0.2.1`. */
function unmapped(address: string): string {
  return address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** Proxies may append `192.0.2.1:5000` or `[2001:db8::1]:5000`; the port is not part of the address. */
function stripPort(hop: string): string {
  if (hop.startsWith('[')) {
    const end = hop.indexOf(']');
    return end === -1 ? hop : hop.slice(1, end);
  }
  const colon = hop.indexOf(':');
  if (colon !== -1 && hop.indexOf(':', colon + 1) === -1) return hop.slice(0, colon); // IPv4 with a port
  return hop;
}

/**
 * Parses SERVICE_TRUST_PROXY: unset/`0`/`false` → null (no proxy trusted); `1`/`true` → a proxy
 * on loopback (127.0.0.0/8, ::1); otherwise a comma-separated list of addresses and CIDRs.
 * Throws with a sentence naming the bad entry.
 */
export function parseTrustProxy(raw: string | undefined): TrustedProxies | null {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return null;
  if (value === '1' || value.toLowerCase() === 'true') {
    const loopback = new TrustedProxies('loopback');
    loopback.add('127.0.0.0/8');
    loopback.add('::1');
    return loopback;
  }
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  const proxies = new TrustedProxies(entries.join(', '));
  for (const entry of entries) proxies.add(entry);
  return proxies;
}
