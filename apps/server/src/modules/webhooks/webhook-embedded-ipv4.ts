// The IPv6 forms that carry an IPv4 address inside them (docs/webhooks.md, SSRF). A packet to one
// of them can end at that IPv4 address — through the own stack (IPv4-mapped), a translator (SIIT,
// NAT64) or a tunnel (6to4, ISATAP) — so the address is judged by the IPv4 it embeds. Forms that
// are deprecated or cannot be judged reliably are refused whatever they embed.

/** How an IPv6 address embeds an IPv4 address, and whether the IPv4 decides. */
export interface EmbeddedIpv4 {
  form: EmbeddedForm;
  /** The embedded IPv4 address, dotted. */
  ipv4: string;
  /** True when the form is refused whatever it embeds. */
  alwaysRefused: boolean;
}

export type EmbeddedForm =
  'ipv4Mapped' | 'ipv4Translated' | 'ipv4Compatible' | 'nat64' | 'nat64LocalUse' | '6to4' | 'teredo' | 'isatap';

function dotted(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function zero(parts: readonly number[], from: number, to: number): boolean {
  return parts.slice(from, to).every((part) => part === 0);
}

/** The IPv4 address inside an IPv6 address (eight 16-bit parts), or null when it has none. */
export function embeddedIpv4(parts: readonly number[]): EmbeddedIpv4 | null {
  const [p0 = 0, p1 = 0, p2 = 0, , p4 = 0, p5 = 0, p6 = 0, p7 = 0] = parts;
  const last = dotted(p6, p7);
  // ::ffff:a.b.c.d — the own stack connects to a.b.c.d over IPv4.
  if (zero(parts, 0, 5) && p5 === 0xffff) return { form: 'ipv4Mapped', ipv4: last, alwaysRefused: false };
  // ::ffff:0:a.b.c.d — SIIT (RFC 6145) translates it to a.b.c.d.
  if (zero(parts, 0, 4) && p4 === 0xffff && p5 === 0) {
    return { form: 'ipv4Translated', ipv4: last, alwaysRefused: false };
  }
  // ::a.b.c.d — deprecated (RFC 4291) and routed nowhere; :: and ::1 are IPv6's own addresses.
  if (zero(parts, 0, 6) && !(p6 === 0 && p7 <= 1)) {
    return { form: 'ipv4Compatible', ipv4: last, alwaysRefused: true };
  }
  // 64:ff9b::/96 — NAT64 well-known prefix (RFC 6052): a translator connects to a.b.c.d.
  if (p0 === 0x64 && p1 === 0xff9b && zero(parts, 2, 6)) return { form: 'nat64', ipv4: last, alwaysRefused: false };
  // 64:ff9b:1::/48 — NAT64 local use (RFC 8215): a private translation domain, and the prefix
  // length that places the IPv4 address is the operator's choice; refused.
  if (p0 === 0x64 && p1 === 0xff9b && p2 === 1) return { form: 'nat64LocalUse', ipv4: last, alwaysRefused: true };
  // 2002:AABB:CCDD::/48 — 6to4 (RFC 3056): the relay tunnels to AA.BB.CC.DD.
  if (p0 === 0x2002) return { form: '6to4', ipv4: dotted(p1, p2), alwaysRefused: false };
  // 2001:0::/32 — Teredo (RFC 4380): the client's IPv4 is obfuscated and behind a NAT; refused.
  if (p0 === 0x2001 && p1 === 0) {
    return { form: 'teredo', ipv4: dotted(~p6 & 0xffff, ~p7 & 0xffff), alwaysRefused: true };
  }
  // Interface id 0:5efe:a.b.c.d or 200:5efe:a.b.c.d — ISATAP (RFC 5214) tunnels to a.b.c.d.
  if ((p4 & ~0x0300) === 0 && p5 === 0x5efe) return { form: 'isatap', ipv4: last, alwaysRefused: false };
  return null;
}
