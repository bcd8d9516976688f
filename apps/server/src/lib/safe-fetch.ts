import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';

/**
 * Fetching a URL a user typed (inspiration's `image_url`) without letting them reach what only this server can:
 * http(s) only, and every address connected to must be public. The check runs inside the socket's own DNS
 * lookup, so the address checked is the address connected to (no second lookup for a rebinding DNS server to
 * answer differently), and again on each redirect (at most 3). Size, time and content are bounded too.
 */
export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

/** Where no user-given URL may lead: loopback, private, link-local (cloud metadata), shared, multicast, reserved. */
const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
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
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:127.0.0.1`, `::ffff:7f00:1`), else null. */
function mappedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const high = Number.parseInt(hex[1], 16);
    const low = Number.parseInt(hex[2], 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

/** Whether an IP address is one a user-given URL may reach. */
export function isPublicAddress(address: string): boolean {
  const mapped = mappedIpv4(address);
  if (mapped) return isPublicAddress(mapped);
  const family = net.isIP(address);
  if (family === 4) return !BLOCKED.check(address, 'ipv4');
  if (family === 6) return !BLOCKED.check(address, 'ipv6');
  return false;
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface SafeFetchOptions {
  /** `host:port` pairs allowed although not public: a documented test-only setting, empty in production. */
  allowHosts?: readonly string[];
  /** DNS, replaceable in tests (a name that resolves to 127.0.0.1). */
  resolve?: Resolver;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /** Headers for the request (an Accept for images). */
  headers?: Record<string, string>;
}

const PRIVATE_ADDRESS = 'The image URL points to a private or local address, which is not allowed.';

/** Fetches a user-given URL under the rules above; UnsafeUrlError (a 400's reason) when any is broken. */
export async function fetchPublicUrl(rawUrl: string, options: SafeFetchOptions): Promise<Buffer> {
  const resolve = options.resolve ?? systemResolver;
  const allow = new Set((options.allowHosts ?? []).map((host) => host.toLowerCase()));
  const maxRedirects = options.maxRedirects ?? 3;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = rawUrl;
  for (let hop = 0; hop <= maxRedirects; hop += 1) {
    let url: URL;
    try {
      url = new URL(current);
    } catch {
      throw new UnsafeUrlError('The image URL is not a valid URL.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new UnsafeUrlError('The image URL must start with http:// or https://.');
    }
    if (url.username || url.password) throw new UnsafeUrlError('The image URL must not contain a user name or password.');
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const allowed = allow.has(`${hostname.toLowerCase()}:${port}`);
    // An address written in the URL is never looked up: check it here.
    if (net.isIP(hostname) && !allowed && !isPublicAddress(hostname)) throw new UnsafeUrlError(PRIVATE_ADDRESS);
    const response = await request(url, { ...options, signal, lookup: checkedLookup(resolve, allowed) });
    if (response.location !== null) {
      if (hop === maxRedirects) throw new UnsafeUrlError(`The image URL redirected more than ${maxRedirects} times.`);
      current = new URL(response.location, url).toString();
      continue;
    }
    return response.body;
  }
  throw new UnsafeUrlError(`The image URL redirected more than ${maxRedirects} times.`);
}

/** A socket lookup that refuses a name with any non-public address (unless its host is allowed for tests). */
function checkedLookup(resolve: Resolver, allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((addresses) => {
        if (addresses.length === 0) throw new UnsafeUrlError('The image URL’s host name could not be found.');
        if (!allowed && addresses.some(({ address }) => !isPublicAddress(address))) throw new UnsafeUrlError(PRIVATE_ADDRESS);
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        const usable = wanted.length > 0 ? wanted : addresses;
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      })
      .catch((error: unknown) => {
        const failure =
          error instanceof UnsafeUrlError ? error : new UnsafeUrlError('The image URL’s host name could not be found.');
        callback(Object.assign(failure, { code: 'EUNSAFE' }) as NodeJS.ErrnoException, '', 0);
      });
  };
}

interface Fetched {
  /** The redirect target, when the answer was a redirect. */
  location: string | null;
  body: Buffer;
}

function request(url: URL, options: SafeFetchOptions & { signal: AbortSignal; lookup: LookupFunction }): Promise<Fetched> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Fetched>((resolvePromise, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      if (error instanceof UnsafeUrlError) reject(error);
      else if (options.signal.aborted) {
        reject(new UnsafeUrlError(`The image URL did not answer within ${Math.round(options.timeoutMs / 1000)} seconds.`));
      } else if (error instanceof Error && error.cause instanceof UnsafeUrlError) reject(error.cause);
      else reject(new UnsafeUrlError('The image could not be downloaded from that URL.'));
    };
    const outgoing = client.get(
      url,
      { lookup: options.lookup, signal: options.signal, headers: { 'user-agent': 'Stagecraft image fetch', ...options.headers } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          settled = true;
          resolvePromise({ location: response.headers.location, body: Buffer.alloc(0) });
          return;
        }
        if (status !== 200) {
          response.resume();
          fail(new UnsafeUrlError(`The image URL answered ${status} instead of an image.`));
          return;
        }
        const tooLarge = () =>
          new UnsafeUrlError(`The image at that URL is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB.`);
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          response.destroy();
          fail(tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > options.maxBytes) {
            response.destroy();
            fail(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => {
          if (settled) return;
          settled = true;
          resolvePromise({ location: null, body: Buffer.concat(chunks) });
        });
        response.on('error', fail);
      },
    );
    outgoing.on('error', fail);
  });
}
