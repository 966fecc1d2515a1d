// The register/edit form of a webhook as values, checked with the contract's own schemas before it
// is sent, so the browser names the same fields the server would.
import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookKinds,
  type CreateWebhook,
  type UpdateWebhook,
  type WebhookEndpoint,
  type WebhookKind,
} from '@liftwacht/contracts/webhooks';
import { invalidFields } from '../../../lib/form-errors.ts';

export interface WebhookFormValues {
  url: string;
  description: string;
  kinds: readonly WebhookKind[];
  enabled: boolean;
  /** '' until a system-admin picks one; unused for others (their own organisation). */
  organisationId: string;
}

export type WebhookField = 'url' | 'description' | 'kinds' | 'organisationId';

export const emptyWebhookForm: WebhookFormValues = {
  url: 'https://',
  description: '',
  kinds: ['call.received', 'call.acknowledged', 'call.ended'],
  enabled: true,
  organisationId: '',
};

export const formOf = (endpoint: WebhookEndpoint): WebhookFormValues => ({
  url: endpoint.url,
  description: endpoint.description,
  kinds: endpoint.kinds,
  enabled: endpoint.enabled,
  organisationId: String(endpoint.organisationId),
});

/** The kinds in the order the form lists them. */
export function toggleKind(kinds: readonly WebhookKind[], kind: WebhookKind, on: boolean): WebhookKind[] {
  return webhookKinds.filter((k) => (k === kind ? on : kinds.includes(k)));
}

type Checked<T> = { ok: true; body: T } | { ok: false; invalid: Set<WebhookField> };

export function createBody(values: WebhookFormValues, chooseOrganisation: boolean): Checked<CreateWebhook> {
  const checked = createWebhookSchema.safeParse({
    url: values.url.trim(),
    description: values.description,
    kinds: [...values.kinds],
    enabled: values.enabled,
    ...(chooseOrganisation && values.organisationId !== '' ? { organisationId: Number(values.organisationId) } : {}),
  });
  const invalid = invalidFields(checked) as Set<WebhookField>;
  if (chooseOrganisation && values.organisationId === '') invalid.add('organisationId');
  return checked.success && invalid.size === 0 ? { ok: true, body: checked.data } : { ok: false, invalid };
}

export function updateBody(values: WebhookFormValues, version: number): Checked<UpdateWebhook> {
  const checked = updateWebhookSchema.safeParse({
    url: values.url.trim(),
    description: values.description,
    kinds: [...values.kinds],
    enabled: values.enabled,
    version,
  });
  return checked.success
    ? { ok: true, body: checked.data }
    : { ok: false, invalid: invalidFields(checked) as Set<WebhookField> };
}
