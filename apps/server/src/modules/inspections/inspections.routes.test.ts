// Issue 18: recording inspections. Roles and scope (an inspection company's user with and without
// its grant, administrators, a user of an owner or maintenance organisation 403, a stranger's lift
// 404), validation, the 18-month default, the
// certificate's type and size and its byte-identical download, and the figures and events that
// follow a rejection and an approval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inspection, LiftInspectionsResponse } from '@liftwacht/contracts/inspections';
import { and, eq, isNull } from 'drizzle-orm';
import { events, organisationAccess, organisations, roles, userRoles, users } from '../../db/schema.ts';
import { hashPassword } from '../auth/password.ts';
import { fixturePassword, insertLift, insertMaintenanceAdmin } from '../../test-support/fixtures.ts';
import { inspectionUpload, tinyPdf } from '../../test-support/inspection-calls.ts';
import { multipartBody, type MultipartParts } from '../../test-support/multipart-body.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let liftId: number;
let strangerLiftId: number;
let keuringOrg: number;
const keurder = 'test-keurder';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  liftId = await insertLift(db, t.fixtures.org.owner, 'Lift Keuring');
  strangerLiftId = await insertLift(db, t.fixtures.org.stranger, 'Lift Vreemd');
  const [org] = await db.insert(organisations).values({ name: 'Keurbedrijf Test', type: 'inspection' }).returning();
  if (!org) throw new Error('no inspection company');
  keuringOrg = org.id;
  await db
    .insert(organisationAccess)
    .values({ organisationId: org.id, accessibleOrganisationId: t.fixtures.org.owner });
  const [user] = await db
    .insert(users)
    .values({
      username: keurder,
      email: 'keurder@example.test',
      name: 'Keurder',
      passwordHash: await hashPassword(fixturePassword),
      organisationId: org.id,
      locale: 'nl',
    })
    .returning({ id: users.id });
  // A plain user: the permission table grants inspections.record to an inspection company's users.
  const userRole = (await db.select().from(roles)).find((r) => r.name === 'user');
  if (!user || !userRole) throw new Error('no keurder');
  await db.insert(userRoles).values({ userId: user.id, roleId: userRole.id });
});
afterAll(() => t.close());

async function send(
  username: string,
  method: 'GET' | 'POST',
  url: string,
  parts?: MultipartParts,
  idempotencyKey?: string,
) {
  const token = await t.login(username);
  const body = parts ? multipartBody(parts) : undefined;
  return t.app.inject({
    method,
    url: `/liftwacht${url}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': body.contentType } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    ...(body ? { payload: body.payload } : {}),
  });
}

const record = (username: string, id: number, parts: MultipartParts, idempotencyKey?: string) =>
  send(username, 'POST', `/lift/${String(id)}/inspections`, parts, idempotencyKey);

async function recorded(username: string, id: number, parts: MultipartParts): Promise<Inspection> {
  const res = await record(username, id, parts);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Inspection }>().data;
}

async function openEvents(type: string) {
  return t.database.db
    .select()
    .from(events)
    .where(and(eq(events.liftId, liftId), eq(events.type, type), isNull(events.endedAt)));
}

describe('POST /lift/{id}/inspections', () => {
  it("tells the inspection company's user its organisation type, which the web's permission table reads", async () => {
    const res = await send(keurder, 'GET', '/user');
    expect(res.json()).toMatchObject({ data: { organisation_type: 'inspection', roles: [{ name: 'user' }] } });
  });

  it('answers 403 to a role without inspections.record and 404 for a lift outside the scope', async () => {
    expect((await record('test-user', liftId, inspectionUpload())).statusCode).toBe(403);
    expect((await record('test-monteur', liftId, inspectionUpload())).statusCode).toBe(403);
    // A user of the maintenance company reaches the lift through its grant, but is no inspector.
    expect((await record('test-onderhoud', liftId, inspectionUpload())).statusCode).toBe(403);
    expect((await record('test-admin', strangerLiftId, inspectionUpload())).statusCode).toBe(404);
    expect((await record(keurder, strangerLiftId, inspectionUpload())).statusCode).toBe(404);
  });

  it('refuses an administrator of a maintenance company reaching the lift through a grant (403)', async () => {
    const res = await record(await insertMaintenanceAdmin(t), liftId, inspectionUpload());
    expect(res.statusCode, res.body).toBe(403);
  });

  it('validates the fields by name', async () => {
    const bad = await record('test-admin', liftId, inspectionUpload({ kind: 'maintenance' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'validation_failed', field: 'kind' } });
    const noFindings = await record('test-admin', liftId, inspectionUpload({ result: 'rejected' }));
    expect(noFindings.json()).toMatchObject({ error: { field: 'findings' } });
    const early = await record('test-admin', liftId, inspectionUpload({ validUntil: '2026-01-01' }));
    expect(early.json()).toMatchObject({ error: { field: 'validUntil' } });
    const json = await t.app.inject({
      method: 'POST',
      url: `/liftwacht/lift/${String(liftId)}/inspections`,
      headers: { authorization: `Bearer ${await t.login('test-admin')}` },
      payload: { inspectedOn: '2026-03-09' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses a certificate that is no PDF by its content (415) and one over 10 MB (413)', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const res = await record('test-admin', liftId, {
      ...inspectionUpload({}, null),
      files: { certificate: { fileName: 'certificaat.pdf', contentType: 'application/pdf', content: png } },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: { code: 'unsupported_media_type', field: 'certificate' } });
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await record('test-admin', liftId, inspectionUpload({}, big));
    expect(tooBig.statusCode).toBe(413);
    expect((await send('test-admin', 'GET', `/lift/${String(liftId)}/inspections`)).json()).toMatchObject({
      data: { total: 0 },
    });
  });

  it('records an approval by the inspection company with the 18-month default and serves the certificate back byte-identical', async () => {
    const pdf = tinyPdf('certificaat 1');
    const inspection = await recorded(keurder, liftId, inspectionUpload({ inspectedOn: '2025-08-31' }, pdf));
    expect(inspection).toMatchObject({
      kind: 'periodic_inspection',
      result: 'approved',
      validUntil: '2027-02-28',
      body: 'Keurbedrijf Test',
      certificate: { fileName: 'certificaat.pdf', bytes: pdf.length },
    });
    const download = await send('test-user', 'GET', `/inspections/${String(inspection.id)}/certificate`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="certificaat.pdf"/);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const list = (
      await send('test-user', 'GET', `/lift/${String(liftId)}/inspections`)
    ).json<LiftInspectionsResponse>();
    expect(list.data).toMatchObject({ total: 1, nextDue: '2027-02-28' });
    expect((await send('test-client', 'GET', `/inspections/${String(inspection.id)}/certificate`)).statusCode).toBe(
      200,
    );
  });

  it('a rejection opens approval_rejected, counts on the dashboard and the lift statuses, and an approval ends it', async () => {
    const stats = async () =>
      (await send('test-admin', 'GET', `/stats?organisationId=${String(t.fixtures.org.owner)}`)).json<{
        data: { approvalRejected: number; approvalExpired: number };
      }>().data;
    const statuses = async () =>
      (await send('test-admin', 'GET', `/lift/${String(liftId)}/statuses`))
        .json<{ data: { statuses: { status: string; active: boolean }[] } }>()
        .data.statuses.filter((s) => s.active)
        .map((s) => s.status);
    const before = await stats();
    const rejection = await recorded(
      'test-admin',
      liftId,
      inspectionUpload({ result: 'rejected', findings: 'Noodstop werkt niet', validUntil: '' }),
    );
    expect(rejection).toMatchObject({ result: 'rejected', validUntil: null, findings: 'Noodstop werkt niet' });
    expect((await stats()).approvalRejected).toBe(before.approvalRejected + 1);
    expect(await statuses()).toContain('approvalRejected');
    expect(await openEvents('approval_rejected')).toHaveLength(1);
    // A second rejection keeps the one event.
    await recorded('test-admin', liftId, inspectionUpload({ result: 'rejected', findings: 'Nog steeds' }));
    expect(await openEvents('approval_rejected')).toHaveLength(1);

    await recorded('test-system-admin', liftId, inspectionUpload({ inspectedOn: '2026-03-10' }, null));
    expect((await stats()).approvalRejected).toBe(before.approvalRejected);
    expect(await statuses()).not.toContain('approvalRejected');
    expect(await openEvents('approval_rejected')).toHaveLength(0);
  });

  it('an approval that already ran out opens approval_expired and counts as expired', async () => {
    const otherLift = await insertLift(t.database.db, t.fixtures.org.owner, 'Lift Verlopen');
    await recorded(keurder, otherLift, inspectionUpload({ inspectedOn: '2024-01-10' }, null));
    const [expired] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.liftId, otherLift), eq(events.type, 'approval_expired')));
    expect(expired?.startedAt.toISOString()).toBe('2025-07-10T22:00:00.000Z');
    const res = await send('test-admin', 'GET', `/lift/${String(otherLift)}/statuses`);
    expect(res.json<{ data: { statuses: { status: string; active: boolean }[] } }>().data.statuses).toContainEqual(
      expect.objectContaining({ status: 'approvalExpired', active: true }),
    );
  });

  it('is audited with the inspection as it was recorded', async () => {
    const res = await send('test-system-admin', 'GET', '/admin/audit-log?subjectType=inspection&limit=100');
    const items = res.json<{ data?: { items: { action: string; after: unknown }[] } }>().data?.items ?? [];
    expect(res.statusCode, res.body).toBe(200);
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items[0]).toMatchObject({ action: 'inspection.recorded', after: { liftId: expect.any(Number) as number } });
  });

  it('records a double submit with one Idempotency-Key once, and refuses the key with another certificate (422)', async () => {
    const doubleLift = await insertLift(t.database.db, t.fixtures.org.owner, 'Lift Dubbel');
    const upload = inspectionUpload({ inspectedOn: '2026-03-08' }, tinyPdf('dubbel'));
    // Both at once, as a double tap sends them: the second waits for the first and replays it.
    const [first, second] = await Promise.all([
      record(keurder, doubleLift, upload, 'keuring-tap-0001'),
      record(keurder, doubleLift, upload, 'keuring-tap-0001'),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    const list = (
      await send('test-user', 'GET', `/lift/${String(doubleLift)}/inspections`)
    ).json<LiftInspectionsResponse>();
    expect(list.data.total).toBe(1);
    // The same fields with other file bytes are another request.
    const otherPdf = await record(
      keurder,
      doubleLift,
      inspectionUpload({ inspectedOn: '2026-03-08' }, tinyPdf('anders')),
      'keuring-tap-0001',
    );
    expect(otherPdf.statusCode).toBe(422);
    expect(otherPdf.json()).toMatchObject({ error: { field: 'Idempotency-Key' } });
    expect(
      (await send('test-user', 'GET', `/lift/${String(doubleLift)}/inspections`)).json<LiftInspectionsResponse>().data
        .total,
    ).toBe(1);
  });

  it('without the grant the inspection company no longer reaches the lift (404)', async () => {
    await t.database.db.delete(organisationAccess).where(eq(organisationAccess.organisationId, keuringOrg));
    expect((await record(keurder, liftId, inspectionUpload())).statusCode).toBe(404);
  });
});
