// Host names for webhook tests, instead of DNS: the tests decide what a name resolves to (to
// change it between registration and delivery, as DNS rebinding would), and nothing a test
// registers — nor anything the fuzz invents — can make the server connect beyond this machine:
// an address literal resolves only when it is loopback, any other name not in the table not at all.
import { isIP } from 'node:net';
import type { HostLookup, ResolvedAddress } from '../modules/webhooks/webhook-address.ts';

const loopback = (address: string) => address.startsWith('127.') || address === '::1';

/**
 * The names and their addresses (`localhost` → 127.0.0.1 from the start). Map a name to a public
 * address only to see it accepted or refused, never to deliver to it.
 */
export type WebhookHosts = Map<string, string[]>;

export function testWebhookHosts(): { hosts: WebhookHosts; lookup: HostLookup } {
  const hosts: WebhookHosts = new Map([['localhost', ['127.0.0.1']]]);
  const lookup: HostLookup = (hostname) => {
    const family = (address: string): ResolvedAddress => ({ address, family: isIP(address) === 6 ? 6 : 4 });
    const named = hosts.get(hostname.toLowerCase());
    if (named) return Promise.resolve(named.map(family));
    if (isIP(hostname) !== 0 && loopback(hostname)) return Promise.resolve([family(hostname)]);
    return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
  };
  return { hosts, lookup };
}
