// Contract-shaped webhook data and a signed-in session whose mocked API serves it.
import type { RoleName } from '@liftwacht/contracts/auth';
import type { WebhookDelivery, WebhookEndpoint } from '@liftwacht/contracts/webhooks';
import { userWithRole } from '../../../test/fixtures.ts';
import type { MockResponse, RecordedRequest } from '../../../test/mock-api.ts';
import { storedSession } from '../../../test/session.ts';

type Route = MockResponse | ((request: RecordedRequest) => MockResponse);

export function webhookEndpoint(id: number, overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id,
    organisationId: 1,
    organisationName: 'Liftwacht Vastgoed',
    url: `https://meldkamer.example.nl/hooks/${String(id)}`,
    description: 'Meldkamer',
    kinds: ['call.received', 'call.ended'],
    enabled: true,
    secretCreatedAt: '2026-11-20T09:00:00Z',
    createdAt: '2026-11-20T09:00:00Z',
    updatedAt: '2026-11-20T09:00:00Z',
    lastDeliveryAt: null,
    lastDeliveryStatus: null,
    version: 1,
    ...overrides,
  };
}

export function webhookDelivery(id: number, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id,
    deliveryId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    endpointId: 7,
    kind: 'call.received',
    status: 'delivered',
    attempts: 1,
    createdAt: '2026-11-20T09:15:00Z',
    nextAttemptAt: null,
    lastAttemptAt: '2026-11-20T09:15:01Z',
    responseStatus: 204,
    responseTimeMs: 42,
    lastError: null,
    deliveredAt: '2026-11-20T09:15:01Z',
    body: '{}',
    ...overrides,
  };
}

/** `{ data: { items, pagination, total } }` for one page. */
export const listBody = <T>(items: T[], total = items.length) => ({
  body: { data: { items, pagination: { limit: 25, offset: 0 }, total } },
});

/** Signs `role` in (user 1, organisation 1). */
export function webhookSession(role: RoleName, routes: Record<string, Route> = {}) {
  return storedSession(userWithRole(role), {
    extra: {
      'GET /liftwacht/admin/webhooks': listBody([]),
      ...routes,
    },
  });
}
