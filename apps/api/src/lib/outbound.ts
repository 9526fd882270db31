import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The one way the server opens a connection to an address a user's input can steer (today: push endpoints). The host
 * name is resolved once, every address is checked, and the connection goes to a checked address: the agents' `lookup`
 * is the check, so no second lookup can answer differently. TLS still verifies the certificate for the host name.
 */

const v4 = (list: BlockList, ranges: [string, number][]) => ranges.forEach(([net, bits]) => list.addSubnet(net, bits, 'ipv4'));

/** IPv4 that is not the public internet: this network, private, shared (CGN), loopback, link-local, IETF, documentation, 6to4 relay, benchmarking, multicast, reserved and broadcast. */
const reservedV4 = new BlockList();
v4(reservedV4, [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]);

/** IPv6 global unicast (2000::/3): everything outside it (::, ::1, fc00::/7, fe80::/10, ff00::/8, 64:ff9b::/96, 100::/64, …) is refused. */
const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
/** Inside 2000::/3 but not the public internet: IETF assignments (Teredo, benchmarking, ORCHID), documentation, 6to4. */
const reservedV6 = new BlockList();
for (const [net, bits] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const)
  reservedV6.addSubnet(net, bits, 'ipv6');
/** IPv4-mapped IPv6 (::ffff:a.b.c.d): judged by the IPv4 address inside (BlockList checks IPv4 rules against it). */
const mappedV6 = new BlockList();
mappedV6.addSubnet('::ffff:0:0', 96, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether the server may connect to this IP address; anything that is not an address (or carries a zone) is refused. */
export function isPublicAddress(address: string, options: { allowLoopback?: boolean } = {}): boolean {
  const family = isIP(address);
  if (family === 0 || address.includes('%')) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (options.allowLoopback && loopback.check(address, type)) return true;
  if (family === 4) return !reservedV4.check(address, 'ipv4');
  if (mappedV6.check(address, 'ipv6')) return !reservedV4.check(address, 'ipv6');
  return globalV6.check(address, 'ipv6') && !reservedV6.check(address, 'ipv6');
}

/** Whether `host` (lower case, as URL gives it) is one of `patterns`: a name exactly, or `*.name` for any name under it. */
export function hostMatches(host: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => (pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern));
}

/** The guard refused the connection; `host` is the URL's host (never its path or query, which may hold a token). */
export class OutboundRefusedError extends Error {
  constructor(
    readonly host: string,
    readonly reason: 'scheme' | 'credentials' | 'address',
  ) {
    super(`Outbound connection to ${host} refused (${reason})`);
    this.name = 'OutboundRefusedError';
  }
}

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

export interface OutboundOptions {
  /** Loopback (127.0.0.0/8, ::1) may be reached: only the tests' local peers need it, and config refuses it in production. */
  allowLoopback?: boolean;
  /** Name resolution; tests inject one (the system's `dns.lookup` by default). */
  resolve?: Resolve;
}

export interface OutboundPost {
  headers: Record<string, string>;
  body?: Uint8Array;
  timeoutMs: number;
}

export function createOutbound(options: OutboundOptions = {}) {
  const resolve = options.resolve ?? systemResolve;
  const permitted = (address: string) => isPublicAddress(address, { allowLoopback: options.allowLoopback });

  /** Every address of the name, or the address itself; refused when any one of them may not be reached. */
  async function checkedAddresses(hostname: string): Promise<LookupAddress[]> {
    const host = hostname.replace(/^\[|\]$/g, '');
    const family = isIP(host);
    const addresses = family ? [{ address: host, family }] : await resolve(host);
    if (addresses.length === 0 || !addresses.every((entry) => permitted(entry.address))) {
      throw new OutboundRefusedError(hostname, 'address');
    }
    return addresses;
  }

  /** net's `lookup`: the one resolution of a connection, checked, answering only checked addresses. */
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    checkedAddresses(hostname).then(
      (addresses) => {
        const family = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : lookupOptions.family;
        const usable = family ? addresses.filter((entry) => entry.family === family) : addresses;
        const first = usable[0];
        if (!first) callback(Object.assign(new Error(`No IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        else if (lookupOptions.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
  const agents = { http: new http.Agent({ keepAlive: true, lookup }), https: new https.Agent({ keepAlive: true, lookup }) };

  return {
    /**
     * POSTs to `url` through the guard and answers the status (the body is read and dropped; redirects are not
     * followed). Throws {@link OutboundRefusedError} before any connection when the address may not be reached.
     */
    async post(url: string, request: OutboundPost): Promise<number> {
      const target = new URL(url);
      if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new OutboundRefusedError(target.host, 'scheme');
      if (target.username || target.password) throw new OutboundRefusedError(target.host, 'credentials');
      // net never calls `lookup` for an address, so an address in the URL is checked here.
      if (isIP(target.hostname.replace(/^\[|\]$/g, ''))) await checkedAddresses(target.hostname);
      const secure = target.protocol === 'https:';
      const send = secure ? https.request : http.request;
      return new Promise((resolve, reject) => {
        const outgoing = send(
          target,
          {
            method: 'POST',
            headers: request.headers,
            agent: secure ? agents.https : agents.http,
            signal: AbortSignal.timeout(request.timeoutMs),
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        outgoing.on('error', reject);
        outgoing.end(request.body);
      });
    },
  };
}
