// Issue 17, modules: register (key shown once, ES number unique, unregistered ones claimed), fit in
// a lift, move and take out with the links' dates, key rotation against POST /ingest, scope and
// roles, and ingest's share: readings stay with the lift they were measured on, unregistered ES
// numbers are counted, the latest provisioning message is kept.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  ModuleWithKey,
  SenseModule,
  SenseModuleDetail,
  UnregisteredModule,
} from '@liftwacht/contracts/sense-modules';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertLift } from '../../test-support/fixtures.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';
import { adminClient, dataOf } from '../administration/administration-test-support.ts';
import { moduleMessage, provisioningMessage, send } from '../ingest/ingest-test-support.ts';

const t = useTestApp();
const api = adminClient(t);

const sys = 'test-system-admin';
const admin = 'test-admin';
type List<T> = { items: T[]; total: number };

let lifts = 0;
/** A lift of the organisation (the owner's by default) without a module. */
const newLift = (organisationId = t.fixtures.org.owner) =>
  insertLift(t.database.db, organisationId, `Modulelift ${String(++lifts)}`);

async function register(body: Record<string, unknown>, username = admin): Promise<ModuleWithKey> {
  const res = await api.send(username, 'POST', '/modules', body);
  expect(res.statusCode, res.body).toBe(201);
  return dataOf<ModuleWithKey>(res);
}

const link = (id: number, liftId: number | null, version: number, username = admin) =>
  api.send(username, 'POST', `/modules/${String(id)}/link`, { liftId, version });

const ingest = (key: string, messages: unknown[]) =>
  t.app.inject({ method: 'POST', url: '/liftwacht/ingest', headers: { 'x-module-key': key }, payload: { messages } });

const minutesAgo = (n: number) => new Date(t.clock.now().getTime() - n * 60_000);

describe('registering', () => {
  it('answers 201 with the module and its key, which POST /ingest accepts; the key is never shown again', async () => {
    const liftId = await newLift();
    const { module, key } = await register({ esNumber: ' ES-REG-1 ', liftId, firmware: '4.2.1' });
    expect(module).toMatchObject({
      esNumber: 'ES-REG-1',
      organisationId: t.fixtures.org.owner,
      lift: { id: liftId, organisationId: t.fixtures.org.owner },
      firmware: '4.2.1',
      hasKey: true,
      keyCreatedAt: t.clock.now().toISOString(),
      connected: false,
      version: 1,
      links: [{ lift: { id: liftId }, linkedAt: t.clock.now().toISOString(), unlinkedAt: null }],
      lastProvisioning: null,
    });
    expect(key).toMatch(/^ES-REG-1\./);
    const res = await ingest(key, [{ kind: 'module', ...moduleMessage(minutesAgo(1), { rides: 1 }) }]);
    expect(res.json()).toMatchObject({ data: { accepted: 1 } });
    const shown = await api.get(admin, `/modules/${String(module.id)}`);
    expect(shown.body).not.toContain(key.split('.')[1]);
  });

  it('answers 409 for an ES number registered already, and 400 naming the field for a bad one', async () => {
    await register({ esNumber: 'ES-REG-2' });
    const again = await api.send(sys, 'POST', '/modules', { esNumber: 'ES-REG-2' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'conflict', field: 'esNumber' } });
    for (const esNumber of ['ES 1', 'ES/1', '', '-ES']) {
      const bad = await api.send(admin, 'POST', '/modules', { esNumber });
      expect(bad.statusCode, esNumber).toBe(400);
      expect(bad.json<{ error: { field: string } }>().error.field).toBe('esNumber');
    }
  });

  it('fits it only in a free lift of the scope: 409 for a lift with a module, 404 for another organisation', async () => {
    const liftId = await newLift();
    await register({ esNumber: 'ES-REG-3', liftId });
    const taken = await api.send(admin, 'POST', '/modules', { esNumber: 'ES-REG-4', liftId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { field: 'liftId' } });
    const strangerLift = await newLift(t.fixtures.org.stranger);
    expect((await api.send(admin, 'POST', '/modules', { esNumber: 'ES-REG-4', liftId: strangerLift })).statusCode).toBe(
      404,
    );
    const strangerOrg = { esNumber: 'ES-REG-4', organisationId: t.fixtures.org.stranger };
    expect((await api.send(admin, 'POST', '/modules', strangerOrg)).statusCode).toBe(404);
    // Nothing of the refused attempts stayed.
    expect((await api.get(sys, '/modules?search=ES-REG-4')).json()).toMatchObject({ data: { total: 0 } });
  });
});

describe('scope and roles', () => {
  it('shows a module through its registering organisation or its lift; another organisation answers 404', async () => {
    const strangerLift = await newLift(t.fixtures.org.stranger);
    const { module: foreign } = await register(
      { esNumber: 'ES-SCOPE-1', organisationId: t.fixtures.org.stranger, liftId: strangerLift },
      sys,
    );
    const { module: own } = await register({ esNumber: 'ES-SCOPE-2' });
    expect((await api.get(admin, `/modules/${String(foreign.id)}`)).statusCode).toBe(404);
    expect((await link(foreign.id, null, foreign.version)).statusCode).toBe(404);
    expect((await api.send(admin, 'POST', `/modules/${String(foreign.id)}/key`, { version: 1 })).statusCode).toBe(404);
    expect((await link(own.id, strangerLift, own.version)).statusCode).toBe(404);
    expect((await api.get(admin, `/modules?organisationId=${String(t.fixtures.org.stranger)}`)).statusCode).toBe(404);
    const mine = dataOf<List<SenseModule>>(await api.get(admin, '/modules?search=ES-SCOPE&limit=100'));
    expect(mine.items.map((m) => m.esNumber)).toEqual(['ES-SCOPE-2']);
    expect((await api.get(sys, `/modules/${String(foreign.id)}`)).statusCode).toBe(200);

    // Registered by the stranger, fitted in the owner's lift: the owner's admin sees it through the lift.
    const ownLift = await newLift();
    const { module: lent } = await register(
      { esNumber: 'ES-SCOPE-3', organisationId: t.fixtures.org.stranger, liftId: ownLift },
      sys,
    );
    expect(dataOf<SenseModuleDetail>(await api.get(admin, `/modules/${String(lent.id)}`)).lift?.id).toBe(ownLift);
  });

  it('answers 403 to user, client-light and monteur on every route', async () => {
    for (const username of ['test-user', 'test-client', 'test-monteur']) {
      expect((await api.get(username, '/modules')).statusCode).toBe(403);
      expect((await api.get(username, '/modules/1')).statusCode).toBe(403);
      expect((await api.get(username, '/unregistered-modules')).statusCode).toBe(403);
      expect((await api.send(username, 'POST', '/modules', { esNumber: 'ES-ROLE' })).statusCode).toBe(403);
      expect((await link(1, null, 1, username)).statusCode).toBe(403);
      expect((await api.send(username, 'POST', '/modules/1/key', { version: 1 })).statusCode).toBe(403);
    }
  });

  it('lists with search over ES number, lift name and address, linked filter, sort and paging', async () => {
    const liftId = await newLift();
    await register({ esNumber: 'ES-LIST-B', liftId });
    await register({ esNumber: 'ES-LIST-A' });
    await register({ esNumber: 'ES-LIST-C' });
    const names = async (query: string) =>
      dataOf<List<SenseModule>>(await api.get(admin, `/modules?${query}`)).items.map((m) => m.esNumber);
    expect(await names('search=es-list')).toEqual(['ES-LIST-A', 'ES-LIST-B', 'ES-LIST-C']);
    expect(await names('search=es-list&direction=desc&limit=2')).toEqual(['ES-LIST-C', 'ES-LIST-B']);
    expect(await names('search=es-list&linked=unlinked')).toEqual(['ES-LIST-A', 'ES-LIST-C']);
    expect(await names(`search=${encodeURIComponent(`Modulelift ${String(lifts)}`)}`)).toEqual(['ES-LIST-B']);
    expect(await names(`search=${encodeURIComponent(`Modulelift ${String(lifts)}weg`)}&linked=linked`)).toEqual([
      'ES-LIST-B',
    ]);
    const page = dataOf<List<SenseModule>>(await api.get(admin, '/modules?search=ES-LIST&limit=1&offset=1'));
    expect(page).toMatchObject({ total: 3, items: [{ esNumber: 'ES-LIST-B' }] });
  });
});

async function liftTotals(liftId: number) {
  const [row] = await sqlRows<{ rides: number; events: number; senseKeys: number }>(
    t.database.db,
    sql`select (select coalesce(sum(value), 0)::int from counters where lift_id = ${liftId} and kind = 'rides') as rides,
               (select count(*)::int from events where lift_id = ${liftId}) as events,
               (select count(*)::int from sense_data where lift_id = ${liftId} and key = 'f1') as "senseKeys"`,
  );
  return row;
}

describe('linking', () => {
  it('moves a module: readings before the move stay with the old lift, later ones go to the new one', async () => {
    const first = await newLift();
    const second = await newLift();
    const { module } = await register({ esNumber: 'ES-MOVE-1', liftId: first });
    const registeredAt = t.clock.now().toISOString();
    await send(t.app, 'ES-MOVE-1', moduleMessage(minutesAgo(3), { rides: 2, f: { f1: 4 }, faults: ['cannot_start'] }));
    await t.app.ingest.flush();

    t.clock.advance(60_000);
    const movedAt = t.clock.now().toISOString();
    const moved = await link(module.id, second, module.version);
    expect(moved.statusCode, moved.body).toBe(200);
    const after = dataOf<SenseModuleDetail>(moved);
    expect(after).toMatchObject({ lift: { id: second }, version: 2 });
    expect(after.links.map((l) => [l.lift.id, l.linkedAt, l.unlinkedAt])).toEqual([
      [first, registeredAt, movedAt],
      [second, movedAt, null],
    ]);

    await send(t.app, 'ES-MOVE-1', moduleMessage(minutesAgo(0), { rides: 3, f: { f1: 1 } }));
    await t.app.ingest.flush();
    expect(await liftTotals(first)).toEqual({ rides: 2, events: 1, senseKeys: 1 });
    expect(await liftTotals(second)).toEqual({ rides: 3, events: 0, senseKeys: 1 });

    // Taken out: the link ends, and what it sends now is stored against no lift.
    t.clock.advance(60_000);
    const out = dataOf<SenseModuleDetail>(await link(module.id, null, 2));
    expect(out.lift).toBeNull();
    expect(out.links.at(-1)).toMatchObject({ lift: { id: second }, unlinkedAt: t.clock.now().toISOString() });
    await send(t.app, 'ES-MOVE-1', moduleMessage(minutesAgo(0), { rides: 5 }));
    await t.app.ingest.flush();
    expect((await liftTotals(second))?.rides).toBe(3);

    const audit = await sqlRows<{ action: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select action, before, after from audit_log where subject_type = 'module' and subject_id = ${String(module.id)}
          order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['module.registered', 'module.moved', 'module.unlinked']);
  });

  it('answers 409 for a lift that holds another module and for a stale version; the same lift is a no-op', async () => {
    const held = await newLift();
    await register({ esNumber: 'ES-LINK-1', liftId: held });
    const { module } = await register({ esNumber: 'ES-LINK-2' });
    const taken = await link(module.id, held, module.version);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'conflict', field: 'liftId' }, current: { id: module.id } });

    const free = await newLift();
    expect((await link(module.id, free, module.version)).statusCode).toBe(200);
    const stale = await link(module.id, null, module.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { field: 'version' }, current: { version: 2, lift: { id: free } } });
    const same = dataOf<SenseModuleDetail>(await link(module.id, free, 2));
    expect(same).toMatchObject({ version: 2, links: [{ lift: { id: free }, unlinkedAt: null }] });
    expect((await link(module.id, 2_000_000_001, 2)).statusCode).toBe(404);
  });
});

describe('keys', () => {
  it('rotates the key: the old one answers 401 at once, the new one is accepted; the audit holds no key', async () => {
    const { module, key } = await register({ esNumber: 'ES-KEY-1', liftId: await newLift() });
    const message = () => ({ kind: 'module', ...moduleMessage(minutesAgo(1)) });
    expect((await ingest(key, [message()])).statusCode).toBe(200);
    t.clock.advance(1000);
    const res = await api.send(admin, 'POST', `/modules/${String(module.id)}/key`, { version: module.version });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = dataOf<ModuleWithKey>(res);
    expect(rotated.module).toMatchObject({ version: 2, hasKey: true, keyCreatedAt: t.clock.now().toISOString() });
    expect(rotated.key).not.toBe(key);
    expect((await ingest(key, [message()])).statusCode).toBe(401);
    expect((await ingest(rotated.key, [message()])).statusCode).toBe(200);
    expect((await api.send(admin, 'POST', `/modules/${String(module.id)}/key`, { version: 1 })).statusCode).toBe(409);

    const audit = await sqlRows<{ action: string; text: string }>(
      t.database.db,
      sql`select action, coalesce(before::text, '') || coalesce(after::text, '') as text from audit_log
          where subject_type = 'module' and subject_id = ${String(module.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['module.registered', 'module.key_rotated']);
    for (const { text } of audit) {
      expect(text).not.toContain(key.split('.')[1]);
      expect(text).not.toContain(rotated.key.split('.')[1]);
    }
  });
});

describe('ingest of modules', () => {
  it('counts messages of unregistered ES numbers per batch, and registering claims them', async () => {
    const outcomes = await send(
      t.app,
      'ES-UNREG-1',
      moduleMessage(minutesAgo(2)),
      moduleMessage(minutesAgo(1)),
      provisioningMessage(minutesAgo(1), { e: { e0: 'ES-UNREG-1' } }),
    );
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    const firstSeen = t.clock.now().toISOString();
    t.clock.advance(5000);
    await send(t.app, 'ES-UNREG-1', moduleMessage(minutesAgo(0)));
    const list = dataOf<List<UnregisteredModule>>(await api.get(admin, '/unregistered-modules?search=unreg'));
    expect(list.items).toEqual([
      {
        esNumber: 'ES-UNREG-1',
        firstSeenAt: firstSeen,
        lastSeenAt: t.clock.now().toISOString(),
        messages: 4,
        lastKind: 'module',
      },
    ]);

    const { module } = await register({ esNumber: 'ES-UNREG-1' });
    expect(dataOf<List<UnregisteredModule>>(await api.get(admin, '/unregistered-modules?search=unreg')).total).toBe(0);
    const [entry] = await sqlRows<{ after: { claimed: { messages: number } | null } }>(
      t.database.db,
      sql`select after from audit_log where action = 'module.registered' and subject_id = ${String(module.id)}`,
    );
    expect(entry?.after.claimed?.messages).toBe(4);
    // Registered, its messages are the module's now, even while it is in no lift.
    const [accepted] = await send(t.app, 'ES-UNREG-1', moduleMessage(minutesAgo(0)));
    expect(accepted?.status).toBe('accepted');
  });

  it('keeps the latest provisioning message by its time, and the firmware it reports', async () => {
    const { module } = await register({ esNumber: 'ES-PROV-1', liftId: await newLift() });
    const newer = provisioningMessage(minutesAgo(1), { firmware: '4.3.0', e: { e1: '4.3.0', e2: 8 } });
    const older = provisioningMessage(minutesAgo(5), { firmware: '4.2.0', e: { e1: '4.2.0', e2: 6 } });
    await send(t.app, 'ES-PROV-1', newer);
    await send(t.app, 'ES-PROV-1', older);
    const detail = dataOf<SenseModuleDetail>(await api.get(admin, `/modules/${String(module.id)}`));
    expect(detail.lastProvisioning).toEqual(newer);
    expect(detail.lastProvisioningAt).toBe(new Date(newer.t).toISOString());
    expect(detail.connected).toBe(true);
    // Provisioning is what the module says, not an administrative change: the version stays.
    expect(detail.version).toBe(1);
  });
});
