// A route whose response schema is marked fastJsonResponse answers the same JSON as zod's encoder
// would, leaves out what the contract does not name, and still fails on a missing field.
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { liftListResponseSchema, type Lift, type LiftListResponse } from '@liftwacht/contracts/lifts';
import { fastJsonResponse, responseSerializerCompiler } from './response-serializer.ts';

const details = {
  liftname: 'Lift Één "A"',
  address: 'Weg 1\nUtrecht',
  postalCode: null,
  city: 'Zeist',
  buildingName: null,
  sbclId: 'S-1',
  serialNumber: null,
  ownerNumber: null,
  inspectionNumber: null,
  installerNumber: null,
  telephoneNumber: '+31 30 123',
  manufacturerNumber: null,
  updatedAt: '2026-03-10T09:00:00.000Z',
};
const lift: Lift = {
  id: 7,
  organisationId: 2,
  details,
  liftType: 'personenlift',
  hasFlow: true,
  maintenanceIntervalDays: 90,
  serviceRideThreshold: 20_000,
  commissionedOn: '2019-05-01',
  decommissionedOn: null,
  version: 3,
  inspectionValidUntil: '2027-01-01',
  lastInspection: { inspectedOn: '2025-07-01', result: 'approved', validUntil: '2027-01-01' },
  module: { esNumber: 'ES-1', firmware: null, lastSeenAt: '2026-03-10T08:59:00.000Z', connected: true },
};
const bare: Lift = {
  ...lift,
  id: 8,
  details: { ...details, liftname: undefined, address: null },
  liftType: null,
  commissionedOn: null,
  decommissionedOn: '2026-01-01',
  inspectionValidUntil: null,
  lastInspection: null,
  module: null,
};
const page: LiftListResponse = { data: { items: [lift, bare], pagination: { limit: 20, offset: 0 }, total: 2 } };

async function answer(body: unknown) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  const marked = fastJsonResponse(z.object({ data: liftListResponseSchema.shape.data }));
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/fast', { schema: { response: { 200: marked } } }, () => body as LiftListResponse);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/zod', { schema: { response: { 200: liftListResponseSchema } } }, () => body as LiftListResponse);
  const [fast, zod] = await Promise.all([app.inject('/fast'), app.inject('/zod')]);
  await app.close();
  return { fast, zod };
}

describe('fastJsonResponse', () => {
  it('answers what the zod encoder answers', async () => {
    const { fast, zod } = await answer(page);
    expect(zod.statusCode).toBe(200);
    expect(fast.statusCode).toBe(200);
    expect(fast.headers['content-type']).toBe(zod.headers['content-type']);
    expect(JSON.parse(fast.body)).toEqual(JSON.parse(zod.body));
    expect(liftListResponseSchema.parse(JSON.parse(fast.body))).toEqual(page);
  });

  it('leaves out properties the contract does not name', async () => {
    const leaky = {
      data: { ...page.data, items: [{ ...lift, passwordHash: 'x', details: { ...details, secret: 1 } }] },
    };
    const { fast } = await answer(leaky);
    expect(fast.body).not.toContain('passwordHash');
    expect(fast.body).not.toContain('secret');
  });

  it('fails on a missing required field, as zod does', async () => {
    const withoutModule: Partial<Lift> = { ...lift };
    delete withoutModule.module;
    const broken = { data: { ...page.data, items: [withoutModule] } };
    const { fast, zod } = await answer(broken);
    expect(zod.statusCode).toBe(500);
    expect(fast.statusCode).toBe(500);
  });
});
