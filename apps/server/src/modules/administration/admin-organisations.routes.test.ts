// Issue 16: organisations and access grants under /liftwacht/admin — system-admin manages every
// organisation and grant; an admin reads its own organisation and the grants from and to it.
import { describe, expect, it } from 'vitest';
import type { AccessGrant, AdminOrganisation } from '@liftwacht/contracts/administration';
import { organisations } from '../../db/schema.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';
import { adminClient, dataOf } from './administration-test-support.ts';

const t = useTestApp();
const api = adminClient(t);

const sys = 'test-system-admin';
const admin = 'test-admin';
type List<T> = { items: T[]; total: number };

describe('organisations', () => {
  it('system-admin lists every organisation with user counts and grants; search, type and sort narrow it', async () => {
    const { org } = t.fixtures;
    const list = dataOf<List<AdminOrganisation>>(await api.get(sys, '/organisations?limit=100'));
    expect(list.items.map((o) => o.name)).toEqual([
      'Gemeente Test',
      'Liftservice Test',
      'Vreemde Organisatie',
      'Woonstichting Test',
    ]);
    expect(list.items.find((o) => o.id === org.maintenance)).toMatchObject({
      type: 'maintenance',
      userCount: 1,
      accessibleOrganisationIds: [org.owner, org.client].sort((a, b) => a - b),
      version: 1,
    });
    expect(
      dataOf<List<AdminOrganisation>>(await api.get(sys, '/organisations?type=maintenance')).items.map((o) => o.id),
    ).toEqual([org.maintenance]);
    expect(
      dataOf<List<AdminOrganisation>>(await api.get(sys, '/organisations?search=vreemde')).items.map((o) => o.id),
    ).toEqual([org.stranger]);
    const desc = dataOf<List<AdminOrganisation>>(await api.get(sys, '/organisations?sort=name&direction=desc&limit=2'));
    expect(desc.items.map((o) => o.name)).toEqual(['Woonstichting Test', 'Vreemde Organisatie']);
    expect(desc.total).toBe(4);
    // A search term's % and _ are taken literally.
    expect(dataOf<List<AdminOrganisation>>(await api.get(sys, '/organisations?search=%25')).total).toBe(0);
  });

  it('an admin sees its own organisation only; another one answers 404', async () => {
    const { org } = t.fixtures;
    const list = dataOf<List<AdminOrganisation>>(await api.get(admin, '/organisations'));
    expect(list.items.map((o) => o.id)).toEqual([org.owner]);
    expect((await api.get(admin, `/organisations/${String(org.owner)}`)).statusCode).toBe(200);
    expect((await api.get(admin, `/organisations/${String(org.stranger)}`)).statusCode).toBe(404);
    // Its grant lets the maintenance company's people read the owner's lifts, not administer it.
    expect((await api.get(admin, `/organisations/${String(org.maintenance)}`)).statusCode).toBe(404);
    expect((await api.get(sys, `/organisations/${String(org.stranger)}`)).statusCode).toBe(200);
    expect((await api.get(sys, '/organisations/2000000001')).statusCode).toBe(404);
  });

  it('only system-admin creates and changes organisations (403 for the others)', async () => {
    for (const username of [admin, 'test-user', 'test-client', 'test-monteur']) {
      expect((await api.send(username, 'POST', '/organisations', { name: 'X', type: 'owner' })).statusCode).toBe(403);
      expect(
        (await api.send(username, 'PATCH', `/organisations/${String(t.fixtures.org.owner)}`, { name: 'X', version: 1 }))
          .statusCode,
      ).toBe(403);
    }
    for (const username of ['test-user', 'test-client', 'test-monteur']) {
      expect((await api.get(username, '/organisations')).statusCode).toBe(403);
      expect((await api.get(username, '/access-grants')).statusCode).toBe(403);
    }
  });

  it('creates, renames and retypes with the version; a stale version answers 409 with the current one', async () => {
    const created = await api.send(sys, 'POST', '/organisations', { name: '  Keuring Noord  ', type: 'inspection' });
    expect(created.statusCode).toBe(201);
    const organisation = dataOf<AdminOrganisation>(created);
    expect(organisation).toMatchObject({ name: 'Keuring Noord', type: 'inspection', userCount: 0, version: 1 });
    const path = `/organisations/${String(organisation.id)}`;
    const renamed = await api.send(sys, 'PATCH', path, { name: 'Keuring Noord BV', version: 1 });
    expect(dataOf<AdminOrganisation>(renamed)).toMatchObject({ name: 'Keuring Noord BV', version: 2 });
    const stale = await api.send(sys, 'PATCH', path, { type: 'client', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: { code: 'conflict', field: 'version' },
      current: { id: organisation.id, name: 'Keuring Noord BV', version: 2 },
    });
    expect((await api.send(sys, 'PATCH', '/organisations/2000000001', { name: 'X', version: 1 })).statusCode).toBe(404);
    const blank = await api.send(sys, 'POST', '/organisations', { name: '   ', type: 'owner' });
    expect(blank.json()).toMatchObject({ error: { code: 'validation_failed', field: 'name' } });
  });

  it('an organisation a company serves keeps a type with lifts to serve', async () => {
    const { org } = t.fixtures;
    const current = dataOf<AdminOrganisation>(await api.get(sys, `/organisations/${String(org.client)}`));
    const res = await api.send(sys, 'PATCH', `/organisations/${String(org.client)}`, {
      type: 'maintenance',
      version: current.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'conflict', field: 'type' } });
    const owner = await api.send(sys, 'PATCH', `/organisations/${String(org.client)}`, {
      type: 'owner',
      version: current.version,
    });
    expect(dataOf<AdminOrganisation>(owner).type).toBe('owner');
    await api.send(sys, 'PATCH', `/organisations/${String(org.client)}`, {
      type: 'client',
      version: current.version + 1,
    });
  });

  it('a company keeps a serving type while it holds grants', async () => {
    const { org } = t.fixtures;
    const current = dataOf<AdminOrganisation>(await api.get(sys, `/organisations/${String(org.maintenance)}`));
    const res = await api.send(sys, 'PATCH', `/organisations/${String(org.maintenance)}`, {
      type: 'owner',
      version: current.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'conflict', field: 'type' } });
    const inspection = await api.send(sys, 'PATCH', `/organisations/${String(org.maintenance)}`, {
      type: 'inspection',
      version: current.version,
    });
    expect(dataOf<AdminOrganisation>(inspection).type).toBe('inspection');
    await api.send(sys, 'PATCH', `/organisations/${String(org.maintenance)}`, {
      type: 'maintenance',
      version: current.version + 1,
    });
  });
});

describe('access grants', () => {
  it('system-admin lists every grant; an admin those from and to its organisation; another one answers 404', async () => {
    const { org } = t.fixtures;
    const all = dataOf<List<AccessGrant>>(await api.get(sys, '/access-grants'));
    expect(all.total).toBe(2);
    expect(all.items[0]).toMatchObject({
      organisationId: org.maintenance,
      organisationName: 'Liftservice Test',
      organisationType: 'maintenance',
    });
    const own = dataOf<List<AccessGrant>>(await api.get(admin, '/access-grants'));
    expect(own.items.map((g) => [g.organisationId, g.accessibleOrganisationId])).toEqual([
      [org.maintenance, org.owner],
    ]);
    expect((await api.get(admin, `/access-grants?organisationId=${String(org.client)}`)).statusCode).toBe(404);
    const client = dataOf<List<AccessGrant>>(await api.get(sys, `/access-grants?organisationId=${String(org.client)}`));
    expect(client.items.map((g) => g.accessibleOrganisationName)).toEqual(['Gemeente Test']);
    expect((await api.get(sys, '/access-grants?organisationId=2000000001')).statusCode).toBe(404);
  });

  it('grants from a maintenance or inspection company to another organisation, once', async () => {
    const { org } = t.fixtures;
    const body = { organisationId: org.maintenance, accessibleOrganisationId: org.stranger };
    expect((await api.send(admin, 'POST', '/access-grants', body)).statusCode).toBe(403);
    const res = await api.send(sys, 'POST', '/access-grants', body);
    expect(res.statusCode).toBe(201);
    expect(dataOf<AccessGrant>(res)).toMatchObject({ ...body, accessibleOrganisationName: 'Vreemde Organisatie' });
    const again = await api.send(sys, 'POST', '/access-grants', body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'conflict' }, current: body });
    const toItself = await api.send(sys, 'POST', '/access-grants', {
      organisationId: org.maintenance,
      accessibleOrganisationId: org.maintenance,
    });
    expect(toItself.statusCode).toBe(400);
    const fromOwner = await api.send(sys, 'POST', '/access-grants', {
      organisationId: org.owner,
      accessibleOrganisationId: org.client,
    });
    expect(fromOwner.statusCode).toBe(400);
    expect(fromOwner.json()).toMatchObject({ error: { field: 'organisationId' } });
    // A company serves owners' and clients' lifts, not another company.
    const [inspection] = await t.database.db
      .insert(organisations)
      .values({ name: 'Keuring Test', type: 'inspection' })
      .returning({ id: organisations.id });
    const toCompany = await api.send(sys, 'POST', '/access-grants', {
      organisationId: inspection?.id ?? 0,
      accessibleOrganisationId: org.maintenance,
    });
    expect(toCompany.statusCode).toBe(400);
    expect(toCompany.json()).toMatchObject({ error: { field: 'accessibleOrganisationId' } });
    const missing = await api.send(sys, 'POST', '/access-grants', {
      organisationId: org.maintenance,
      accessibleOrganisationId: 2_000_000_001,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { field: 'accessibleOrganisationId' } });

    const revokePath = `/access-grants/${String(org.maintenance)}/${String(org.stranger)}`;
    expect((await api.send(admin, 'DELETE', revokePath)).statusCode).toBe(403);
    const revoked = await api.send(sys, 'DELETE', revokePath);
    expect(revoked.statusCode).toBe(200);
    expect(dataOf<AccessGrant>(revoked)).toMatchObject(body);
    expect((await api.send(sys, 'DELETE', revokePath)).statusCode).toBe(404);
  });
});
