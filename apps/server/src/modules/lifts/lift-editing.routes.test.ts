// Issue 17: the lift form — POST /admin/lifts and PATCH /admin/lifts/{id}. Field errors, scope
// (404 outside it, 403 for roles and for an organisation reached through a grant), the version
// check (409 with the current lift), owner numbers unique per organisation, and the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@liftwacht/contracts/administration';
import type { Lift } from '@liftwacht/contracts/lifts';
import { insertMaintenanceAdmin } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { dataOf, liftClient } from './lift-editing-test-support.ts';

let t: TestApp;
let api: ReturnType<typeof liftClient>;
let maintenanceAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  api = liftClient(t);
  maintenanceAdmin = await insertMaintenanceAdmin(t);
});
afterAll(() => t.close());

const admin = 'test-admin';
const sys = 'test-system-admin';

const form = {
  name: 'Lift Oost',
  address: 'Oostweg 12',
  postalCode: '3511 AB',
  city: 'Utrecht',
  buildingName: '  ',
  sbclId: 'SBCL-123',
  serialNumber: 'SN-9',
  ownerNumber: 'WT-0001',
  inspectionNumber: 'K-77',
  installerNumber: null,
  telephoneNumber: '+31 (0)30 123 45 67',
  manufacturerNumber: 'F-1',
  liftType: 'personenlift',
  hasFlow: true,
  maintenanceIntervalDays: 60,
  serviceRideThreshold: 15_000,
  commissionedOn: '2019-05-01',
};

async function created(username: string, body: Record<string, unknown>): Promise<Lift> {
  const res = await api.create(username, body);
  expect(res.statusCode, res.body).toBe(201);
  return dataOf<Lift>(res);
}

async function auditOf(liftId: number): Promise<AuditEntry[]> {
  const res = await api.get(sys, `/admin/audit-log?subjectType=lift&limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<{ items: AuditEntry[] }>(res)
    .items.filter((e) => e.subjectId === String(liftId))
    .reverse();
}

describe('POST /admin/lifts', () => {
  it('creates a lift of the own organisation, answers it as GET /lift/{id} does, and audits it', async () => {
    const lift = await created(admin, { ...form, organisationId: t.fixtures.org.owner });
    expect(lift).toMatchObject({
      organisationId: t.fixtures.org.owner,
      details: {
        liftname: 'Lift Oost',
        postalCode: '3511 AB',
        buildingName: null,
        installerNumber: null,
        telephoneNumber: '+31 (0)30 123 45 67',
        updatedAt: '2026-03-10T09:00:00.000Z',
      },
      liftType: 'personenlift',
      hasFlow: true,
      maintenanceIntervalDays: 60,
      serviceRideThreshold: 15_000,
      commissionedOn: '2019-05-01',
      decommissionedOn: null,
      version: 1,
      module: null,
    });
    expect(dataOf<Lift>(await api.get(admin, `/lift/${String(lift.id)}`))).toEqual(lift);
    const [entry] = await auditOf(lift.id);
    expect(entry).toMatchObject({
      action: 'lift.created',
      organisationId: t.fixtures.org.owner,
      username: admin,
      before: null,
      after: { name: 'Lift Oost', buildingName: null, ownerNumber: 'WT-0001', hasFlow: true },
    });
  });

  it('fills the defaults and treats blank optional text as not known', async () => {
    const lift = await created(admin, {
      organisationId: t.fixtures.org.owner,
      name: 'Lift Kaal',
      address: 'Kaalweg 1',
      city: '',
      liftType: '',
    });
    expect(lift).toMatchObject({
      details: { city: null },
      liftType: null,
      hasFlow: false,
      maintenanceIntervalDays: 90,
      serviceRideThreshold: 20_000,
      commissionedOn: null,
    });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: undefined }, 'name'],
    [{ address: 'x'.repeat(201) }, 'address'],
    [{ telephoneNumber: 'bel me' }, 'telephoneNumber'],
    [{ maintenanceIntervalDays: 0 }, 'maintenanceIntervalDays'],
    [{ serviceRideThreshold: 1.5 }, 'serviceRideThreshold'],
    [{ commissionedOn: '2019-02-30' }, 'commissionedOn'],
    [{ hasFlow: 'ja' }, 'hasFlow'],
    [{ city: 'Utrecht\u0000' }, 'city'],
  ])('refuses %o with a field error on %s', async (change, field) => {
    const res = await api.create(admin, {
      ...form,
      ownerNumber: null,
      organisationId: t.fixtures.org.owner,
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_failed', field } });
  });

  it('refuses an unknown field and a decommission day on create', async () => {
    const owner = t.fixtures.org.owner;
    for (const extra of [{ colour: 'red' }, { decommissionedOn: '2026-01-01' }, { version: 1 }]) {
      const res = await api.create(admin, { ...form, ownerNumber: null, organisationId: owner, ...extra });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('refuses an owner number another lift of the organisation has (409 on ownerNumber); others may reuse it', async () => {
    const res = await api.create(admin, { ...form, name: 'Lift Dubbel', organisationId: t.fixtures.org.owner });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'conflict', field: 'ownerNumber' } });
    await created(sys, { ...form, organisationId: t.fixtures.org.stranger });
  });

  it('answers 404 outside the scope and 403 for an organisation reached through a grant', async () => {
    const { owner, stranger, client, maintenance } = t.fixtures.org;
    const body = (organisationId: number) => ({ ...form, ownerNumber: null, organisationId });
    expect((await api.create(admin, body(stranger))).statusCode).toBe(404);
    expect((await api.create(admin, body(maintenance))).statusCode).toBe(404);
    expect((await api.create(sys, body(2_000_000_001))).statusCode).toBe(404);
    expect((await api.create(maintenanceAdmin, body(owner))).statusCode).toBe(403);
    expect((await api.create(maintenanceAdmin, body(client))).statusCode).toBe(403);
    expect((await api.create(maintenanceAdmin, body(stranger))).statusCode).toBe(404);
    expect((await api.create(maintenanceAdmin, body(maintenance))).statusCode).toBe(201);
    expect((await api.create(sys, body(client))).statusCode).toBe(201);
  });

  it.each(['test-user', 'test-client', 'test-monteur', 'test-onderhoud'])('answers 403 to %s', async (username) => {
    const res = await api.create(username, { ...form, ownerNumber: null, organisationId: t.fixtures.org.owner });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
  });
});

describe('PATCH /admin/lifts/{id}', () => {
  it('changes the given fields, bumps the version, sets "last change" and audits before/after of what changed', async () => {
    const lift = await created(admin, { ...form, ownerNumber: 'WT-0100', organisationId: t.fixtures.org.owner });
    t.clock.advance(60_000);
    try {
      const res = await api.edit(admin, lift.id, { version: 1, city: 'Amersfoort', hasFlow: true, postalCode: '' });
      expect(res.statusCode, res.body).toBe(200);
      const edited = dataOf<Lift>(res);
      expect(edited).toMatchObject({
        version: 2,
        hasFlow: true,
        details: { city: 'Amersfoort', postalCode: null, liftname: 'Lift Oost', updatedAt: '2026-03-10T09:01:00.000Z' },
      });
      expect(dataOf<Lift>(await api.get(admin, `/lift/${String(lift.id)}`))).toEqual(edited);
      const updated = (await auditOf(lift.id)).find((e) => e.action === 'lift.updated');
      expect(updated).toMatchObject({
        before: { city: 'Utrecht', postalCode: '3511 AB' },
        after: { city: 'Amersfoort', postalCode: null },
      });
    } finally {
      t.clock.advance(-60_000);
    }
  });

  it('answers a stale version with 409 and the current lift, and changes nothing', async () => {
    const lift = await created(admin, { ...form, ownerNumber: null, organisationId: t.fixtures.org.owner });
    expect((await api.edit(admin, lift.id, { version: 1, name: 'Eerste' })).statusCode).toBe(200);
    const res = await api.edit(admin, lift.id, { version: 1, name: 'Tweede' });
    expect(res.statusCode).toBe(409);
    const body = res.json<{ error: { code: string; field: string }; current: Lift }>();
    expect(body.error).toMatchObject({ code: 'conflict', field: 'version' });
    expect(body.current).toMatchObject({ id: lift.id, version: 2, details: { liftname: 'Eerste' } });
    expect(dataOf<Lift>(await api.get(admin, `/lift/${String(lift.id)}`)).details.liftname).toBe('Eerste');
  });

  it('decommissions and recommissions, each audited; not before the commissioning day', async () => {
    const lift = await created(admin, { ...form, ownerNumber: null, organisationId: t.fixtures.org.owner });
    const early = await api.edit(admin, lift.id, { version: 1, decommissionedOn: '2019-04-30' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ error: { code: 'validation_failed', field: 'decommissionedOn' } });
    // Moving the commissioning day past an existing decommissioning day is refused the same way.
    const out = await api.edit(admin, lift.id, { version: 1, decommissionedOn: '2026-03-01' });
    expect(dataOf<Lift>(out)).toMatchObject({ decommissionedOn: '2026-03-01', version: 2 });
    const late = await api.edit(admin, lift.id, { version: 2, commissionedOn: '2026-03-02' });
    expect(late.json()).toMatchObject({ error: { field: 'decommissionedOn' } });
    const back = await api.edit(admin, lift.id, { version: 2, decommissionedOn: null });
    expect(dataOf<Lift>(back)).toMatchObject({ decommissionedOn: null, version: 3 });
    expect((await auditOf(lift.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['lift.created', null, expect.objectContaining({ name: 'Lift Oost' })],
      ['lift.decommissioned', { decommissionedOn: null }, { decommissionedOn: '2026-03-01' }],
      ['lift.recommissioned', { decommissionedOn: '2026-03-01' }, { decommissionedOn: null }],
    ]);
  });

  it('refuses field errors, an owner number taken in the organisation, and a missing version', async () => {
    const a = await created(admin, { ...form, ownerNumber: 'WT-0200', organisationId: t.fixtures.org.owner });
    const b = await created(admin, { ...form, ownerNumber: 'WT-0201', organisationId: t.fixtures.org.owner });
    for (const [body, field] of [
      [{ version: 1, name: ' ' }, 'name'],
      [{ version: 1, maintenanceIntervalDays: 4000 }, 'maintenanceIntervalDays'],
      [{ version: 1, decommissionedOn: '01-03-2026' }, 'decommissionedOn'],
      [{ name: 'Zonder versie' }, 'version'],
      [{ version: 1, organisationId: t.fixtures.org.stranger }, ''],
    ] as const) {
      const res = await api.edit(admin, a.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(res.json()).toMatchObject({ error: { field } });
    }
    const taken = await api.edit(admin, b.id, { version: 1, ownerNumber: 'WT-0200' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'conflict', field: 'ownerNumber' } });
  });

  it('answers 404 outside the scope and 403 to roles and organisations that may not edit the lift', async () => {
    const own = await created(admin, { ...form, ownerNumber: null, organisationId: t.fixtures.org.owner });
    const foreign = await created(sys, { ...form, ownerNumber: null, organisationId: t.fixtures.org.stranger });
    const edit = (username: string, id: number) => api.edit(username, id, { version: 1, name: 'Gewijzigd' });
    expect((await edit(admin, foreign.id)).statusCode).toBe(404);
    expect((await edit(admin, 2_000_000_001)).statusCode).toBe(404);
    expect((await edit(maintenanceAdmin, foreign.id)).statusCode).toBe(404);
    expect((await edit(maintenanceAdmin, own.id)).statusCode).toBe(403);
    for (const username of ['test-user', 'test-client', 'test-monteur', 'test-onderhoud']) {
      expect((await edit(username, own.id)).statusCode, username).toBe(403);
    }
    expect(dataOf<Lift>(await api.get(admin, `/lift/${String(own.id)}`)).version).toBe(1);
    expect((await edit(sys, foreign.id)).statusCode).toBe(200);
  });
});
