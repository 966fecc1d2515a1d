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
    ['fec0::1', 'deprecatedSiteLocal'],
    ['4000::1', 'reserved'],
    ['100::1', 'discard'],
    ['2001:db8::1', 'reserved'],
    ['fe80::1%eth0', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
  ])('refuses %s (%s)', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  // Every IPv6 form that embeds an IPv4 address, each with a loopback, private, metadata and
  // unspecified IPv4 address, in the spellings a resolver or a URL may use (docs/webhooks.md).
  it.each([
    // IPv4-mapped ::ffff:a.b.c.d
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:7F00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['0000:0000:0000:0000:0000:FFFF:7F00:0001', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:a01:203', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:0:0', 'unspecified'],
    // IPv4-compatible ::a.b.c.d (deprecated)
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::7F00:0001', 'loopback'],
    ['0:0:0:0:0:0:7f00:1', 'loopback'],
    ['::10.1.2.3', 'private'],
    ['::a01:203', 'private'],
    ['::169.254.169.254', 'linkLocal'],
    ['::a9fe:a9fe', 'linkLocal'],
    ['::A9FE:A9FE', 'linkLocal'],
    ['::0.0.0.0', 'unspecified'],
    ['::0.0.0.2', 'unspecified'],
    ['::8.8.8.8', 'ipv4Compatible'],
    // IPv4-translated ::ffff:0:a.b.c.d (SIIT)
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['0:0:0:0:FFFF:0:7F00:1', 'loopback'],
    ['::ffff:0:10.1.2.3', 'private'],
    ['::ffff:0:a9fe:a9fe', 'linkLocal'],
    ['::ffff:0:0.0.0.0', 'unspecified'],
    // NAT64 well-known prefix 64:ff9b::/96
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['0064:FF9B:0000:0000:0000:0000:7F00:0001', 'loopback'],
    ['64:ff9b::10.1.2.3', 'private'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['64:ff9b::', 'unspecified'],
    // NAT64 local-use prefix 64:ff9b:1::/48, refused whatever it embeds
    ['64:ff9b:1::7f00:1', 'loopback'],
    ['64:ff9b:1::808:808', 'nat64LocalUse'],
    // 6to4 2002:AABB:CCDD::/48
    ['2002:7f00:1::', 'loopback'],
    ['2002:7F00:0001::1', 'loopback'],
    ['2002:a01:203::1', 'private'],
    ['2002:a9fe:a9fe::1', 'linkLocal'],
    ['2002::1', 'unspecified'],
    // Teredo 2001:0::/32 (client address inverted), refused whatever it embeds
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
    ['2001::f5fe:fdfc', 'private'],
    ['2001::5601:5601', 'linkLocal'],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'teredo'],
    // ISATAP interface ids ::0:5efe:a.b.c.d and ::200:5efe:a.b.c.d in a public prefix
    ['2a00:1450::5efe:127.0.0.1', 'loopback'],
    ['2a00:1450::5efe:7f00:1', 'loopback'],
    ['2a00:1450::200:5efe:10.1.2.3', 'private'],
    ['2A00:1450::200:5EFE:A9FE:A9FE', 'linkLocal'],
    ['fe80::5efe:8.8.8.8', 'linkLocal'],
  ])('judges %s by the IPv4 address it embeds (%s)', async (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
    // A URL spells it as the URL parser normalises it, and is refused all the same.
    if (!address.includes('%')) {
      await expect(resolveWebhookTarget(`https://[${address}]/hook`, literal, false)).rejects.toThrow(
        'webhooks may not reach',
      );
    }
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '2a00:1450:4001:80b::200e',
    '2001:4860:4860::8888',
    // An embedded public IPv4 address reaches that public address: allowed like it.
    '::ffff:8.8.8.8',
    '::ffff:0:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    '2a00:1450::5efe:8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(nonPublicRange(address)).toBeNull();
  });

  it('names the embedded IPv4 address in the reason', async () => {
    await expect(resolveWebhookTarget('https://[::127.0.0.1]/hook', literal, false)).rejects.toThrow(
      'loopback address (::7f00:1, which embeds 127.0.0.1)',
    );
    await expect(resolveWebhookTarget('https://[::8.8.8.8]/hook', literal, false)).rejects.toThrow(
      'IPv4-compatible (deprecated) address',
    );
  });

  it.each([
    ['https://2130706433/hook', 'loopback'],
    ['https://0x7f.1/hook', 'loopback'],
    ['https://[::ffff:7f00:1]/hook', 'loopback'],
    ['https://[::a9fe:a9fe]/latest/meta-data', 'link-local'],
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
    await expect(resolveWebhookTarget('https://[::127.0.0.1]/x', literal, true)).resolves.toMatchObject({
      address: { address: '::7f00:1' },
    });
    await expect(resolveWebhookTarget('ftp://127.0.0.1/x', literal, true)).rejects.toThrow('https://');
    await expect(resolveWebhookTarget('https://user:pw@93.184.215.14/x', literal, false)).rejects.toThrow('password');
  });
});
