// Webhooks (issue 19, DESIGN §7 outbound): administrators register HTTPS endpoints per organisation
// with the kinds of event they want; Liftwacht posts a signed JSON body to each, retries with
// backoff for 24 hours, and keeps every delivery in a log that can be re-sent. `webhooks.manage`:
// an admin for its own organisation only (another organisation's endpoint answers 404), system-admin
// for every organisation. The signing secret is shown once, in the answer of a registration or a
// rotation. docs/webhooks.md describes the payloads, headers and signature.
import { z } from 'zod';
import {
  dataOf,
  idNumberSchema,
  idSchema,
  isoDateTimeSchema,
  listOf,
  pageLimitSchema,
  pageOffsetSchema,
  safeLineSchema,
} from './common.ts';

/** What an endpoint may subscribe to. */
export const webhookKinds = [
  'call.received',
  'call.acknowledged',
  'call.ended',
  'call.escalated',
  'event.opened',
  'event.closed',
] as const;
export const webhookKindSchema = z.enum(webhookKinds);
export type WebhookKind = z.infer<typeof webhookKindSchema>;

/** What a delivery carries: a subscribed kind, or `ping` (the page's test, sent to one endpoint). */
export const webhookDeliveryKinds = [...webhookKinds, 'ping'] as const;
export const webhookDeliveryKindSchema = z.enum(webhookDeliveryKinds);
export type WebhookDeliveryKind = z.infer<typeof webhookDeliveryKindSchema>;

/** The headers of every delivery (lower case, as HTTP/2 and Node spell them). */
export const webhookHeaders = {
  signature: 'liftwacht-signature',
  timestamp: 'liftwacht-timestamp',
  delivery: 'liftwacht-delivery',
  kind: 'liftwacht-kind',
} as const;

const versionSchema = z.number().int().positive().max(2_147_483_647);

/**
 * The endpoint's address: an absolute https URL (http only where the server allows private
 * addresses, for local tests), without user name or password. Whether its host resolves to a
 * public address is the server's check (400 on `url`).
 */
export const webhookUrlSchema = safeLineSchema(2000)
  .trim()
  .refine((value) => URL.canParse(value), 'must be an absolute URL such as https://example.nl/liftwacht')
  .refine((value) => {
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  }, 'must start with https://')
  .refine((value) => {
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'must not contain a user name or password');

const kindsSchema = z
  .array(webhookKindSchema)
  .min(1, 'choose at least one kind')
  .max(webhookKinds.length)
  .refine((kinds) => new Set(kinds).size === kinds.length, 'must not name a kind twice');

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  url: z.string(),
  description: z.string(),
  kinds: z.array(webhookKindSchema),
  enabled: z.boolean(),
  /** When the current secret was made (never the secret itself). */
  secretCreatedAt: isoDateTimeSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  /** The last delivery's outcome, for the list. */
  lastDeliveryAt: isoDateTimeSchema.nullable(),
  lastDeliveryStatus: z.enum(['pending', 'delivered', 'failed']).nullable(),
  version: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** GET /liftwacht/admin/webhooks: the endpoints of the organisations the caller manages. */
export const webhookListQuerySchema = z.object({
  /** system-admin: one organisation; an admin's list is its own organisation's anyway. */
  organisationId: idSchema.optional(),
  limit: pageLimitSchema(50),
  offset: pageOffsetSchema,
});
export type WebhookListQuery = z.infer<typeof webhookListQuerySchema>;
export const webhookListResponseSchema = listOf(webhookEndpointSchema);
export const webhookResponseSchema = dataOf(webhookEndpointSchema);

/** POST /liftwacht/admin/webhooks (201): the answer carries the secret, shown this once. */
export const createWebhookSchema = z.strictObject({
  /** The organisation whose events it receives (own one by default; another only for system-admin). */
  organisationId: idNumberSchema.optional(),
  url: webhookUrlSchema,
  description: safeLineSchema(200).trim().default(''),
  kinds: kindsSchema,
  enabled: z.boolean().default(true),
});
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

/** PATCH /liftwacht/admin/webhooks/{id}: the fields named change; 409 with the current endpoint when stale. */
export const updateWebhookSchema = z.strictObject({
  url: webhookUrlSchema.optional(),
  description: safeLineSchema(200).trim().optional(),
  kinds: kindsSchema.optional(),
  enabled: z.boolean().optional(),
  version: versionSchema,
});
export type UpdateWebhook = z.infer<typeof updateWebhookSchema>;

/** POST /liftwacht/admin/webhooks/{id}/secret: a new secret; the old one stops signing at once. */
export const rotateWebhookSecretSchema = z.strictObject({ version: versionSchema });
export type RotateWebhookSecret = z.infer<typeof rotateWebhookSecretSchema>;

/** The answer of a registration or a rotation: the endpoint and its secret, shown this once. */
export const webhookWithSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export const webhookWithSecretResponseSchema = dataOf(webhookWithSecretSchema);
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliveryStatusSchema = z.enum(webhookDeliveryStatuses);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** One delivery: a body for one endpoint, and the outcome of its last attempt. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The `id` of the body and the liftwacht-delivery header: the receiver's key to ignore repeats. */
  deliveryId: z.string(),
  endpointId: z.number().int(),
  kind: webhookDeliveryKindSchema,
  /** pending: waiting for its (next) attempt; delivered: a 2xx came back; failed: given up. */
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  createdAt: isoDateTimeSchema,
  /** When it is tried next (pending only). */
  nextAttemptAt: isoDateTimeSchema.nullable(),
  lastAttemptAt: isoDateTimeSchema.nullable(),
  /** The last attempt's HTTP status, or null when no answer came (refused, timed out). */
  responseStatus: z.number().int().nullable(),
  /** The last attempt's time to the answer's headers, in milliseconds. */
  responseTimeMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: isoDateTimeSchema.nullable(),
  /** The JSON body as sent (signed). */
  body: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryParamsSchema = z.object({ id: idSchema, deliveryId: idSchema });

/** GET /liftwacht/admin/webhooks/{id}/deliveries, newest first. */
export const webhookDeliveryListQuerySchema = z.object({
  status: webhookDeliveryStatusSchema.optional(),
  limit: pageLimitSchema(25),
  offset: pageOffsetSchema,
});
export type WebhookDeliveryListQuery = z.infer<typeof webhookDeliveryListQuerySchema>;
export const webhookDeliveryListResponseSchema = listOf(webhookDeliverySchema);
export const webhookDeliveryResponseSchema = dataOf(webhookDeliverySchema);
