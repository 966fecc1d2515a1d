// Where a webhook may go (docs/webhooks.md, SSRF): an https URL whose host resolves to public
// unicast addresses only. Loopback, private (RFC 1918), shared (CGNAT 100.64/10), link-local,
// unique-local IPv6, IPv6 outside global unicast (2000::/3), unspecified, multicast, broadcast and
// reserved ranges are refused, and an IPv6 address that embeds an IPv4 address (mapped, translated,
// NAT64, 6to4, ISATAP) is judged by that IPv4 address (webhook-embedded-ipv4.ts) — unless
// WEBHOOK_ALLOW_PRIVATE=true, which also allows plain http (local tests, a receiver inside the own
// network). The host is resolved at registration and again before every
// attempt, and the connection goes to the address checked then: a name that resolves elsewhere
// later (DNS rebinding) is caught at the next attempt. ipaddr.js (Fastify's proxy-addr uses it)
// knows the ranges; an IPv6 literal is first normalised by the URL parser, because ipaddr.js reads
// the IPv4-compatible "::127.0.0.1" as IPv4-mapped while the URL parser (and so a URL's host)
// reads it as "::7f00:1".
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { embeddedIpv4 } from './webhook-embedded-ipv4.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name (or an address literal) to every address it has. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemHostLookup: HostLookup = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export interface AddressVerdict {
  /** The range that refuses it: an ipaddr.js range name, or the embedding form. */
  range: string;
  /** The IPv4 address an IPv6 address embeds, when that decided. */
  embeds?: string;
}

/** The eight parts of an IPv6 address in any spelling, or null when it is none. */
function ipv6Parts(address: string): number[] | null {
  const url = `http://[${address}]/`;
  if (!URL.canParse(url)) return null;
  const canonical = new URL(url).hostname.slice(1, -1);
  return ipaddr.IPv6.isValid(canonical) ? ipaddr.IPv6.parse(canonical).parts : null;
}

function judgeIpv4(address: string): string | null {
  const range = ipaddr.IPv4.parse(address).range();
  return range === 'unicast' ? null : range;
}

/** Why an address is refused, or null when it is a public unicast address. */
export function judgeAddress(address: string): AddressVerdict | null {
  if (ipaddr.IPv4.isValid(address)) {
    const range = judgeIpv4(address);
    return range === null ? null : { range };
  }
  // A zone id ("fe80::1%eth0") names a local interface: whatever the address, it stays local.
  if (address.includes('%')) return { range: ipaddr.IPv6.isValid(address) ? 'linkLocal' : 'invalid' };
  const parts = ipv6Parts(address);
  if (parts === null) return { range: 'invalid' };
  const embedded = embeddedIpv4(parts);
  if (embedded !== null) {
    const ipv4Range = judgeIpv4(embedded.ipv4);
    if (ipv4Range !== null) return { range: ipv4Range, embeds: embedded.ipv4 };
    if (embedded.alwaysRefused) return { range: embedded.form, embeds: embedded.ipv4 };
    // An ISATAP interface id sits in any prefix: the prefix must be public too.
    if (embedded.form !== 'isatap') return null;
  }
  const range = new ipaddr.IPv6(parts).range();
  if (range !== 'unicast') return { range };
  // Only 2000::/3 is global unicast; the rest of the space is unassigned or reserved.
  return (parts[0] ?? 0) >> 13 === 1 ? null : { range: 'reserved' };
}

/** Why an address is refused (a range name), or null when it is a public unicast address. */
export function nonPublicRange(address: string): string | null {
  return judgeAddress(address)?.range ?? null;
}

export interface WebhookTarget {
  url: URL;
  /** Where to connect: one of the host's addresses, checked. */
  address: ResolvedAddress;
}

export class WebhookAddressError extends Error {
  override name = 'WebhookAddressError';
}

/** The URL's host without the brackets of an IPv6 literal. */
function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * Checks the URL and resolves its host; throws WebhookAddressError with a message for the
 * administrator (or the delivery log) when it may not be used.
 */
export async function resolveWebhookTarget(
  rawUrl: string,
  hostLookup: HostLookup,
  allowPrivate: boolean,
): Promise<WebhookTarget> {
  if (!URL.canParse(rawUrl)) throw new WebhookAddressError('is not an absolute URL');
  const url = new URL(rawUrl);
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new WebhookAddressError('must start with https://');
  }
  if (url.username !== '' || url.password !== '') {
    throw new WebhookAddressError('must not contain a user name or password');
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await hostLookup(hostOf(url));
  } catch {
    throw new WebhookAddressError(`host ${url.hostname} cannot be resolved`);
  }
  if (addresses.length === 0) throw new WebhookAddressError(`host ${url.hostname} cannot be resolved`);
  if (!allowPrivate) {
    // Every address must be public: a resolver may hand out any of them, in any order.
    for (const { address } of addresses) {
      const verdict = judgeAddress(address);
      if (verdict !== null) {
        const shown = verdict.embeds === undefined ? address : `${address}, which embeds ${verdict.embeds}`;
        throw new WebhookAddressError(
          `host ${url.hostname} resolves to a ${describeRange(verdict.range)} address (${shown}), which webhooks may not reach`,
        );
      }
    }
  }
  const [first] = addresses;
  if (!first) throw new WebhookAddressError(`host ${url.hostname} cannot be resolved`);
  return { url, address: first };
}

function describeRange(range: string): string {
  switch (range) {
    case 'private':
      return 'private';
    case 'loopback':
      return 'loopback';
    case 'linkLocal':
      return 'link-local';
    case 'uniqueLocal':
      return 'unique-local';
    case 'carrierGradeNat':
      return 'shared (CGNAT)';
    case 'ipv4Compatible':
      return 'IPv4-compatible (deprecated)';
    case 'nat64LocalUse':
      return 'NAT64 local-use';
    case 'teredo':
      return 'Teredo';
    case 'unspecified':
      return 'unspecified';
    case 'multicast':
      return 'multicast';
    default:
      return 'non-public';
  }
}
