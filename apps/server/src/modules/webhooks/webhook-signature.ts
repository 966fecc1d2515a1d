// The signature of a delivery (docs/webhooks.md): HMAC-SHA256 with the endpoint's secret over
// "{timestamp}.{body}", hex, in the liftwacht-signature header as `t={timestamp},v1={hex}`. The
// timestamp (Unix seconds) is signed with the body, so a receiver that refuses old timestamps
// cannot be fed a recorded delivery again later.
import { createHmac } from 'node:crypto';

export function webhookSignature(secret: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secret)
    .update(`${String(timestamp)}.${body}`)
    .digest('hex');
  return `t=${String(timestamp)},v1=${digest}`;
}
