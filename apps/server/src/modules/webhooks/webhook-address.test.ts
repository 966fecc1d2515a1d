// The SSRF rule on its own: which addresses a webhook may reach, in their many spellings.
import { describe, expect, it } from 'vitest';
import { nonPublicRange, resolveWebhookTarget, type HostLookup } from './webhook-address.ts';

/** Resolves a literal to itself, as the system resolver does; never the network. */
const literal: HostLookup = (host) => Promise.resolve([{ address: host, family: host.includes(':') ? 6 : 4 }]);

describe('webhook addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fd00::1', 'uniqueLocal'],
    ['::ffff:127.0.0.1', 'ipv4Mapped'],
    ['::ffff:8.8.8.8', 'ipv4Mapped'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
  ])('refuses %s (%s)', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2a00:1450:4001:80b::200e'])('allows the public address %s', (address) => {
    expect(nonPublicRange(address)).toBeNull();
  });

  it.each([
    ['https://2130706433/hook', 'loopback'],
    ['https://0x7f.1/hook', 'loopback'],
    ['https://[::ffff:7f00:1]/hook', 'IPv4-mapped'],
    ['https://[0:0:0:0:0:0:0:1]/hook', 'loopback'],
    ['https://169.254.169.254/latest/meta-data', 'link-local'],
  ])('sees through the spelling of %s', async (url, reason) => {
    await expect(resolveWebhookTarget(url, literal, false)).rejects.toThrow(reason);
  });

  it('takes https to public addresses, and http or private ones only when allowed', async () => {
    await expect(resolveWebhookTarget('https://93.184.215.14/x', literal, false)).resolves.toMatchObject({
      address: { address: '93.184.215.14', family: 4 },
    });
    await expect(resolveWebhookTarget('http://93.184.215.14/x', literal, false)).rejects.toThrow('https://');
    await expect(resolveWebhookTarget('http://127.0.0.1:9/x', literal, true)).resolves.toMatchObject({
      address: { address: '127.0.0.1' },
    });
    await expect(resolveWebhookTarget('ftp://127.0.0.1/x', literal, true)).rejects.toThrow('https://');
    await expect(resolveWebhookTarget('https://user:pw@93.184.215.14/x', literal, false)).rejects.toThrow('password');
  });
});
