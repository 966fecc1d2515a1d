// lift_facts (migration 0026) is kept by triggers on lifts, inspections and modules, and with it
// the day the inspection is due and the maintenance interval's start and end (migration 0033), the
// last inspection's kind (migration 0035) and the last maintenance visit the export reads. Whatever writes
// — the portal's routes (lift creation, inspections, modules fitted, moved, taken out, ingest that
// marks a module heard from), a lift import, the demo seed, plain SQL of any kind — the kept row of
// every lift must equal the from-scratch computation over the raw rows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionKinds } from '@liftwacht/contracts/inspections';
import type { ModuleWithKey } from '@liftwacht/contracts/sense-modules';
import type { Db } from '../../db/database.ts';
import { organisations } from '../../db/schema.ts';
import { seedDemoFleet } from '../../db/seed/seed-demo-fleet.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertLift } from '../../test-support/fixtures.ts';
import { inspectionUpload } from '../../test-support/inspection-calls.ts';
import { multipartBody } from '../../test-support/multipart-body.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { adminClient, dataOf } from '../administration/administration-test-support.ts';
import { moduleMessage } from '../ingest/ingest-test-support.ts';
import { csvFile, importClient, previewOf } from '../lift-spreadsheets/lift-spreadsheets-test-support.ts';

interface Facts {
  liftId: number;
  validUntil: string | null;
  inspectedOn: string | null;
  result: string | null;
  kind: string | null;
  lastValidUntil: string | null;
  moduleId: number | null;
  dueOn: string | null;
  /** lift_maintenance_rides: the last visit, the interval, where it runs from without one, when it runs out. */
  maintenance: string;
}

/** Straight from inspections and modules: the rules the lift list used to evaluate per request. */
const fromScratch = (db: Db) =>
  sqlRows<Facts>(
    db,
    sql`select l.id as "liftId", va.valid_until::text as "validUntil", li.inspected_on::text as "inspectedOn",
               li.result, li.log_type as kind, li.valid_until::text as "lastValidUntil", m.id as "moduleId",
               coalesce(va.valid_until, (l.commissioned_on + interval '12 months')::date)::text as "dueOn",
               concat_ws(' ', lm.last_at, l.maintenance_interval_days,
                 coalesce(l.commissioned_on::timestamp at time zone 'Europe/Amsterdam', l.created_at),
                 coalesce(lm.last_at, l.commissioned_on::timestamp at time zone 'Europe/Amsterdam', l.created_at)
                   + make_interval(secs => l.maintenance_interval_days * 95040::float8)) as maintenance
        from lifts l
        left join lateral (
          select max(v.started_at) as last_at from visits v
          where v.lift_id = l.id and v.type = 'maintenance' and v.state = 'finished'
        ) lm on true
        left join lateral (
          select max(i.valid_until) as valid_until from inspections i where i.lift_id = l.id and i.result = 'approved'
        ) va on true
        left join lateral (
          select i.inspected_on, i.result, i.log_type, i.valid_until from inspections i where i.lift_id = l.id
          order by i.inspected_on desc, i.id desc limit 1
        ) li on true
        left join lateral (
          select m.id from modules m where m.lift_id = l.id order by m.last_seen_at desc nulls last, m.id desc limit 1
        ) m on true
        order by l.id`,
  );

/** Every kept row (a row for a lift that is gone would show up here too). */
const kept = (db: Db) =>
  sqlRows<Facts>(
    db,
    sql`select f.lift_id as "liftId", f.inspection_valid_until::text as "validUntil",
               f.last_inspected_on::text as "inspectedOn", f.last_result as result, f.last_log_type as kind,
               f.last_valid_until::text as "lastValidUntil", f.module_id as "moduleId",
               f.inspection_due_on::text as "dueOn",
               concat_ws(' ', r.last_maintenance_at, r.maintenance_interval_days, r.maintenance_since, r.maintenance_exceeded_at) as maintenance
        from lift_facts f left join lift_maintenance_rides r on r.lift_id = f.lift_id order by f.lift_id`,
  );

async function expectKept(db: Db, step: string): Promise<void> {
  expect(await kept(db), step).toEqual(await fromScratch(db));
}

describe('lift facts through plain SQL', () => {
  it('equal the computation over inspections and modules after any sequence of writes', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.db;
      const rand = seededRandom(22);
      const pick = <T>(items: readonly T[]): T => {
        const item = items[Math.floor(rand() * items.length)];
        if (item === undefined) throw new Error('nothing to pick');
        return item;
      };
      const [org] = await db.insert(organisations).values({ name: 'Feiten', type: 'owner' }).returning();
      const organisationId = org?.id ?? 0;
      const liftIds: number[] = [];
      for (let i = 0; i < 5; i++) liftIds.push(await insertLift(db, organisationId, `Feitlift ${String(i)}`));
      await expectKept(db, 'new lifts');

      const day = () =>
        `2025-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
      const seen = () => (rand() < 0.2 ? null : `${day()}T${String(Math.floor(rand() * 24)).padStart(2, '0')}:00:00Z`);
      const orNull = <T>(value: T) => (rand() < 0.3 ? null : value);
      const lift = () => pick(liftIds);
      let es = 0;

      const steps: [string, () => Promise<unknown>][] = [
        [
          'insert inspections',
          () =>
            db.execute(sql`insert into inspections (lift_id, inspected_on, result, valid_until, log_type)
                           values (${lift()}, ${day()}, ${pick(['approved', 'rejected'])}, ${orNull(day())}, ${pick(inspectionKinds)}),
                                  (${lift()}, ${day()}, ${pick(['approved', 'rejected'])}, ${orNull(day())}, ${pick(inspectionKinds)})`),
        ],
        [
          'update an inspection (result, day, validity or lift)',
          () =>
            db.execute(sql`update inspections set result = ${pick(['approved', 'rejected'])}, inspected_on = ${day()},
                           valid_until = ${orNull(day())}, lift_id = ${lift()}
                           where id = (select id from inspections order by random() limit 1)`),
        ],
        [
          'update the kind of an inspection alone',
          () =>
            db.execute(sql`update inspections set log_type = ${pick(inspectionKinds)}
                           where id = (select id from inspections order by random() limit 1)`),
        ],
        [
          'update an inspection without a fact in it',
          () => db.execute(sql`update inspections set findings = 'x' where id = (select min(id) from inspections)`),
        ],
        [
          'delete an inspection',
          () =>
            db.execute(sql`delete from inspections where id = (select id from inspections order by random() limit 1)`),
        ],
        [
          'insert modules',
          () =>
            db.execute(sql`insert into modules (es_number, lift_id, last_seen_at)
                           values (${`ES-F-${String(++es)}`}, ${orNull(lift())}, ${seen()}),
                                  (${`ES-F-${String(++es)}`}, ${orNull(lift())}, ${seen()})`),
        ],
        [
          'move a module to another lift or out',
          () =>
            db.execute(sql`update modules set lift_id = ${orNull(lift())}
                           where id = (select id from modules order by random() limit 1)`),
        ],
        [
          'a module heard from (or its time set back)',
          () =>
            db.execute(sql`update modules set last_seen_at = ${seen()}
                           where id = (select id from modules order by random() limit 1)`),
        ],
        [
          'every module of a lift heard from at once',
          () => db.execute(sql`update modules set last_seen_at = now(), connected = true where lift_id = ${lift()}`),
        ],
        [
          'delete a module',
          () => db.execute(sql`delete from modules where id = (select id from modules order by random() limit 1)`),
        ],
        [
          'a lift commissioned, its date changed or taken away',
          () => db.execute(sql`update lifts set commissioned_on = ${orNull(day())} where id = ${lift()}`),
        ],
        [
          'the maintenance interval of a lift changed (and its commissioning with it)',
          () =>
            db.execute(sql`update lifts set maintenance_interval_days = ${30 + Math.floor(rand() * 150)},
                           commissioned_on = case when ${rand() < 0.5} then commissioned_on else ${orNull(day())}::date end
                           where id = ${lift()}`),
        ],
        [
          'a maintenance visit finished',
          () =>
            db.execute(sql`insert into visits (lift_id, type, role, state, started_at)
                           values (${lift()}, 'maintenance', 'mechanic', 'finished', ${`${day()}T10:00:00Z`})`),
        ],
        [
          'a maintenance visit moved to another day, or back to running',
          () =>
            db.execute(sql`update visits set started_at = ${`${day()}T10:00:00Z`},
                           state = ${pick(['finished', 'finished', 'progress'])}
                           where id = (select id from visits order by random() limit 1)`),
        ],
        [
          'add a lift',
          async () => {
            liftIds.push(await insertLift(db, organisationId, `Feitlift ${String(liftIds.length)}`));
          },
        ],
        [
          'delete a lift (its inspections go, its modules stay without a lift)',
          async () => {
            if (liftIds.length < 4) return;
            const id = liftIds.splice(Math.floor(rand() * liftIds.length), 1)[0];
            await db.execute(sql`delete from lifts where id = ${id ?? 0}`);
          },
        ],
      ];
      for (let i = 0; i < 120; i++) {
        const [name, write] = pick(steps);
        await write();
        await expectKept(db, `step ${String(i)}: ${name}`);
      }
      // A lift with two modules: the one heard from last is the lift's, whichever was fitted first.
      const swapLift = lift();
      await db.execute(sql`update modules set lift_id = null where lift_id = ${swapLift}`);
      await db.execute(sql`insert into modules (es_number, lift_id, last_seen_at) values
                           ('ES-SWAP-OLD', ${swapLift}, '2025-06-01T10:00:00Z'), ('ES-SWAP-NEW', ${swapLift}, null)`);
      await expectKept(db, 'two modules, one never heard from');
      await db.execute(sql`update modules set last_seen_at = '2025-06-02T10:00:00Z' where es_number = 'ES-SWAP-NEW'`);
      await expectKept(db, 'the new one heard from');
      await db.execute(sql`update modules set id = id + 100000 where es_number = 'ES-SWAP-NEW'`);
      await expectKept(db, 'the module renumbered');

      await db.execute(sql`truncate inspections`);
      await expectKept(db, 'inspections truncated');
      await db.execute(sql`truncate modules cascade`);
      await expectKept(db, 'modules truncated');
    } finally {
      await database.close();
    }
  });
});

describe('lift facts through the portal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('follow lift creation, inspections, module links, ingest and a lift import', async () => {
    const db = t.database.db;
    const owner = t.fixtures.org.owner;
    const admin = 'test-admin';
    const api = adminClient(t);
    const token = await t.login(admin);

    const created = await api.send(admin, 'POST', '/lifts', {
      organisationId: owner,
      name: 'Feiten',
      address: 'Weg 1',
    });
    expect(created.statusCode, created.body).toBe(201);
    const liftId = dataOf<{ id: number }>(created).id;
    const otherLift = await insertLift(db, owner, 'Feiten 2');
    await expectKept(db, 'lift created');

    const record = async (fields: Record<string, string>) => {
      const body = multipartBody(inspectionUpload(fields));
      const res = await t.app.inject({
        method: 'POST',
        url: `/liftwacht/lift/${String(liftId)}/inspections`,
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await record({ inspectedOn: '2026-01-05', result: 'approved' });
    await expectKept(db, 'approval recorded');
    await record({ inspectedOn: '2026-02-05', result: 'rejected', findings: 'Deur sluit niet' });
    await expectKept(db, 'rejection recorded');

    const registered = await api.send(admin, 'POST', '/modules', { esNumber: 'ES-FACTS-1', liftId });
    expect(registered.statusCode, registered.body).toBe(201);
    const { module, key } = dataOf<ModuleWithKey>(registered);
    await expectKept(db, 'module registered in the lift');

    const heard = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/ingest',
      headers: { 'x-module-key': key },
      payload: {
        messages: [{ kind: 'module', ...moduleMessage(new Date(t.clock.now().getTime() - 60_000), { rides: 1 }) }],
      },
    });
    expect(heard.json(), heard.body).toMatchObject({ data: { accepted: 1 } });
    expect(
      (
        await sqlRows<{ seen: boolean }>(
          db,
          sql`select last_seen_at is not null as seen from modules where id = ${module.id}`,
        )
      )[0],
    ).toEqual({ seen: true });
    await expectKept(db, 'module heard from');

    const moved = await api.send(admin, 'POST', `/modules/${String(module.id)}/link`, {
      liftId: otherLift,
      version: module.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectKept(db, 'module moved to another lift');
    const out = await api.send(admin, 'POST', `/modules/${String(module.id)}/link`, {
      liftId: null,
      version: dataOf<{ version: number }>(moved).version,
    });
    expect(out.statusCode, out.body).toBe(200);
    await expectKept(db, 'module taken out');

    const imports = importClient(t);
    const file = csvFile(
      [
        ['Naam', 'Adres'],
        ['Geimporteerd 1', 'Importweg 1'],
        ['Geimporteerd 2', 'Importweg 2'],
      ],
      ';',
    );
    const preview = previewOf(await imports.upload(admin, file, owner));
    const applied = await imports.apply(admin, preview.id);
    expect(applied.statusCode, applied.body).toBe(200);
    await expectKept(db, 'lift import applied');

    // What the list answers is the kept row.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/liftwacht/lift/${String(liftId)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(listed.json<{ data: unknown }>().data).toMatchObject({
      inspectionValidUntil: expect.any(String) as unknown,
      lastInspection: { inspectedOn: '2026-02-05', result: 'rejected' },
      module: null,
    });
  });
});

describe('lift facts after the demo seed', () => {
  it('are built for the seeded fleet (whose bulk load skips triggers)', async () => {
    const database = await createTestDatabase();
    try {
      await seedDemoFleet(database.db, { now: new Date('2026-03-10T09:00:00Z'), lifts: 12, months: 2 });
      const rows = await kept(database.db);
      expect(rows).toHaveLength(12);
      expect(rows.some((r) => r.moduleId !== null && r.inspectedOn !== null)).toBe(true);
      await expectKept(database.db, 'seeded');
    } finally {
      await database.close();
    }
  });
});
