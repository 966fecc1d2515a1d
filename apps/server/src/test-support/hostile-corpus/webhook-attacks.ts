// Issue 42 finding 8 as an attack: webhook URLs whose host is an IPv6 address embedding a
// loopback, private, metadata or unspecified IPv4 address, in the spellings docs/webhooks.md
// promises to refuse (and the forms it refuses whatever they embed). Each must answer 400 on `url`
// naming the embedded address — never "cannot be resolved", which would mean it was not judged.
// Only refused addresses are registered: the corpus never makes the server deliver anywhere.
import type { Attack } from './attack.ts';
import { call, shown } from './corpus-http.ts';

/** Host literals (as they sit in a URL's brackets) and what each embeds. */
export const refusedEmbeddedIpv4: readonly (readonly [host: string, embeds: string])[] = [
  ['::127.0.0.1', '127.0.0.1'],
  ['::7f00:1', '127.0.0.1'],
  ['::7F00:0001', '127.0.0.1'],
  ['::a9fe:a9fe', '169.254.169.254'],
  ['::ffff:127.0.0.1', '127.0.0.1'],
  ['0:0:0:0:0:ffff:7f00:1', '127.0.0.1'],
  ['::FFFF:A9FE:A9FE', '169.254.169.254'],
  ['::ffff:0.0.0.0', '0.0.0.0'],
  ['::ffff:0:a01:203', '10.1.2.3'],
  ['64:ff9b::7f00:1', '127.0.0.1'],
  ['64:ff9b::a9fe:a9fe', '169.254.169.254'],
  ['64:ff9b:1::808:808', '8.8.8.8'],
  ['2002:a9fe:a9fe::1', '169.254.169.254'],
  ['2002:7f00:1::1', '127.0.0.1'],
  ['2001::80ff:fffe', '127.0.0.1'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', '8.8.8.8'],
  ['2a00:1450::5efe:10.1.2.3', '10.1.2.3'],
  ['2a00:1450::200:5efe:a9fe:a9fe', '169.254.169.254'],
];

export const webhookAttacks: Attack[] = [
  {
    name: 'Webhook URLs with IPv4 embedded in IPv6',
    finding: 8,
    documented: `400 on url naming the embedded IPv4 address, for each of ${String(refusedEmbeddedIpv4.length)} spellings`,
    prepare: (context) => {
      // What a resolver is asked for a literal (the URL's canonical spelling) answers the literal itself.
      for (const [host] of refusedEmbeddedIpv4) {
        const canonical = new URL(`https://[${host}]/`).hostname.slice(1, -1);
        context.target.resolveHost?.(canonical, canonical);
      }
      return Promise.resolve(async () => {
        const problems: string[] = [];
        const statuses = new Map<string, number>();
        for (const [host, embeds] of refusedEmbeddedIpv4) {
          const answer = await call(context.target, 'POST', '/admin/webhooks', {
            token: context.tokens.admin,
            json: { url: `https://[${host}]/hook`, kinds: ['call.received'] },
          });
          statuses.set(shown(answer), (statuses.get(shown(answer)) ?? 0) + 1);
          if (answer.status !== 400 || answer.field !== 'url') problems.push(`[${host}]: ${shown(answer)}`);
          else if (!answer.message?.includes(embeds))
            problems.push(`[${host}]: "${answer.message ?? ''}" does not name ${embeds}`);
        }
        return { outcome: [...statuses].map(([s, n]) => `${String(n)} × ${s}`).join(', '), problems };
      });
    },
  },
];
