// Issue 18 point 1: POST /admin/lift-stickers. Who may print which organisation's sheet (404
// outside scope, 403 for a grant or a role without lifts.manage), the selection (all, chosen,
// search), and the sheet read back: every lift's name, address and SBCL id as text, each QR code
// decoding to the lift's sticker URL, in Dutch and English, and a fleet of 500 lifts.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liftStickerPath, type LiftStickersRequest } from '@liftwacht/contracts/lift-stickers';
import { lifts } from '../../db/schema.ts';
import { insertMaintenanceAdmin } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { decodeLabelQr, pdfPageCount, pdfText, popplerMissing } from './sticker-pdf-test-support.ts';

let t: TestApp;
let maintenanceAdmin: string;
const tokens = new Map<string, string>();
const id = { kerk: 0, molen: 0, zonder: 0 };

const known = {
  kerk: { name: 'Lift Kerkplein', address: 'Kerkplein 1', postalCode: '3511 AB', city: 'Utrecht', sbclId: 'SBCL-0001' },
  molen: { name: 'Café Brüel — Ëiland', address: 'Molenweg 7', postalCode: null, city: 'Ede', sbclId: 'SBCL-0002' },
  zonder: { name: 'Lift Zonder', address: 'Stille straat 3', postalCode: null, city: null, sbclId: null },
};

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.liftwacht.test' });
  maintenanceAdmin = await insertMaintenanceAdmin(t);
  const insert = async (values: (typeof known)[keyof typeof known]) => {
    const [row] = await t.database.db
      .insert(lifts)
      .values({ organisationId: t.fixtures.org.owner, ...values })
      .returning({ id: lifts.id });
    return row?.id ?? 0;
  };
  id.kerk = await insert(known.kerk);
  id.molen = await insert(known.molen);
  id.zonder = await insert(known.zonder);
  // 500 lifts of the client organisation: a sheet of many pages.
  await t.database.db.insert(lifts).values(
    Array.from({ length: 500 }, (_, i) => ({
      organisationId: t.fixtures.org.client,
      name: `Vlootlift ${String(i + 1).padStart(3, '0')}`,
      address: `Havenkade ${String(i + 1)}`,
      sbclId: `VL-${String(i + 1)}`,
    })),
  );
}, 60_000);
afterAll(() => t.close());

async function stickers(username: string, body: LiftStickersRequest): Promise<LightMyRequestResponse> {
  const token = tokens.get(username) ?? (await t.login(username));
  tokens.set(username, token);
  return t.app.inject({
    method: 'POST',
    url: '/liftwacht/admin/lift-stickers',
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
}

async function sheet(username: string, body: LiftStickersRequest): Promise<Buffer> {
  const res = await stickers(username, body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

const url = (liftId: number) => `https://portal.liftwacht.test${liftStickerPath(liftId)}`;

describe('POST /admin/lift-stickers: who may print', () => {
  it('answers the own organisation’s sheet to its administrator, as an attachment', async () => {
    const res = await stickers('test-admin', { organisationId: t.fixtures.org.owner });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="liftwacht-stickers-${String(t.fixtures.org.owner)}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses roles without lifts.manage with 403', async () => {
    for (const username of ['test-user', 'test-client', 'test-monteur']) {
      const res = await stickers(username, { organisationId: t.fixtures.org.owner });
      expect(res.statusCode, username).toBe(403);
    }
  });

  it('answers 404 for an organisation outside the scope, 403 for one reached through a grant', async () => {
    expect((await stickers('test-admin', { organisationId: t.fixtures.org.stranger })).statusCode).toBe(404);
    expect((await stickers('test-admin', { organisationId: 2_000_000 })).statusCode).toBe(404);
    const granted = await stickers(maintenanceAdmin, { organisationId: t.fixtures.org.owner });
    expect(granted.statusCode, granted.body).toBe(403);
    expect(granted.json()).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('lets the system administrator print any organisation’s sheet', async () => {
    const res = await stickers('test-system-admin', { organisationId: t.fixtures.org.stranger });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an unknown field and an empty choice with 400', async () => {
    const org = t.fixtures.org.owner;
    expect((await stickers('test-admin', { organisationId: org, liftIds: [] })).statusCode).toBe(400);
    const extra = { organisationId: org, colour: 'red' } as LiftStickersRequest;
    expect((await stickers('test-admin', extra)).statusCode).toBe(400);
  });
});

describe.skipIf(popplerMissing)('the sheet read back (pdftotext, pdftoppm + jsQR)', () => {
  it('holds every lift’s name, address and SBCL id, and each QR code opens that lift', async () => {
    const pdf = await sheet('test-admin', { organisationId: t.fixtures.org.owner, language: 'nl' });
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    for (const lift of Object.values(known)) {
      expect(text).toContain(lift.name);
      expect(text).toContain(lift.address);
    }
    expect(text).toContain('Kerkplein 1, 3511 AB Utrecht');
    expect(text).toContain('SBCL-id: SBCL-0001');
    expect(text).toContain('SBCL-id: SBCL-0002');
    expect(text).toContain('SBCL-id: —');
    expect(text).toContain(url(id.kerk));
    // The list's order (name): Café, Kerkplein, Zonder.
    expect(decodeLabelQr(pdf, 1, 0)).toBe(url(id.molen));
    expect(decodeLabelQr(pdf, 1, 1)).toBe(url(id.kerk));
    expect(decodeLabelQr(pdf, 1, 2)).toBe(url(id.zonder));
  });

  it('prints only the chosen lifts, or the ones the list’s search finds, in English', async () => {
    const chosen = pdfText(await sheet('test-admin', { organisationId: t.fixtures.org.owner, liftIds: [id.kerk] }));
    expect(chosen).toContain(known.kerk.name);
    expect(chosen).not.toContain(known.zonder.name);
    const searched = await sheet('test-admin', {
      organisationId: t.fixtures.org.owner,
      search: 'molenweg',
      language: 'en-GB',
    });
    const text = pdfText(searched);
    expect(text).toContain('SBCL id: SBCL-0002');
    expect(text).not.toContain(known.kerk.name);
    expect(decodeLabelQr(searched, 1, 0)).toBe(url(id.molen));
  });

  it('says so when the selection holds no lift', async () => {
    const pdf = await sheet('test-admin', {
      organisationId: t.fixtures.org.owner,
      search: 'nergens',
      language: 'en-US',
    });
    expect(pdfText(pdf)).toContain('No lifts in this selection.');
  });

  it('streams 500 lifts onto 24 pages of 21 labels', async () => {
    const pdf = await sheet('test-system-admin', { organisationId: t.fixtures.org.client });
    expect(pdfPageCount(pdf)).toBe(24);
    const text = pdfText(pdf);
    for (const n of [1, 250, 500]) {
      expect(text).toContain(`Vlootlift ${String(n).padStart(3, '0')}`);
      expect(text).toContain(`SBCL-id: VL-${String(n)}`);
    }
    // Label 500 is the 17th (slot 16) of page 24.
    const last = decodeLabelQr(pdf, 24, 16);
    expect(last).toMatch(/^https:\/\/portal\.liftwacht\.test\/lifts\/\d+\?sticker=1$/);
    const firstOfLastPage = pdfText(pdf).split('\f')[23] ?? '';
    expect(firstOfLastPage).toContain('Vlootlift 484');
  }, 60_000);
});
