// Where a webhook may go (docs/webhooks.md, SSRF): an https URL whose host resolves to public
// unicast addresses only. Loopback, private (RFC 1918), shared (CGNAT 100.64/10), link-local,
// unique-local IPv6, IPv4-mapped IPv6, unspecified, multicast, broadcast and reserved ranges are
// refused — unless WEBHOOK_ALLOW_PRIVATE=true, which also allows plain http (local tests, a
// receiver inside the own network). The host is resolved at registration and again before every
// attempt, and the connection goes to the address checked then: a name that resolves elsewhere
// later (DNS rebinding) is caught at the next attempt. ipaddr.js (Fastify's proxy-addr uses it)
// knows the ranges, including the many spellings of an address.
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

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

/** Why an address is refused, or null when it is a public unicast address. */
export function nonPublicRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalid';
  const parsed = ipaddr.parse(address);
  // An IPv4-mapped IPv6 address reaches the IPv4 address inside it: it is refused as such.
  const range = parsed.range();
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).zoneId !== undefined) return 'linkLocal';
  return range === 'unicast' ? null : range;
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
      const range = nonPublicRange(address);
      if (range !== null) {
        throw new WebhookAddressError(
          `host ${url.hostname} resolves to a ${describeRange(range)} address (${address}), which webhooks may not reach`,
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
    case 'ipv4Mapped':
      return 'IPv4-mapped';
    case 'unspecified':
      return 'unspecified';
    case 'multicast':
      return 'multicast';
    default:
      return 'non-public';
  }
}
