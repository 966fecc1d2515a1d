import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedReportsKept, type SavedReport } from '@liftwacht/contracts/reports';
import { insertFourLifts } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let user = '';
let admin = '';
const period = { from: '2026-02-01', to: '2026-02-28' };

beforeAll(async () => {
  t = await createTestApp();
  await insertFourLifts(t.database.db, t.fixtures.org);
  user = await t.login('test-user');
  admin = await t.login('test-admin');
});
afterAll(() => t.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const create = (token: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/liftwacht/reports', headers: auth(token), payload: body });
const list = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/liftwacht/reports', headers: auth(token) })).json<{
    data: { items: SavedReport[] };
  }>().data.items;
const pdf = (token: string, id: number) =>
  t.app.inject({ method: 'GET', url: `/liftwacht/reports/${String(id)}/pdf`, headers: auth(token) });

const pdftotextMissing = spawnSync('pdftotext', ['-v']).error !== undefined;

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'saved-report-'));
  try {
    const file = path.join(dir, 'r.pdf');
    writeFileSync(file, bytes);
    return spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('saved organisation reports (POST /reports, GET /reports, GET /reports/{id}/pdf)', () => {
  let first: SavedReport;

  it('builds the report in the chosen language, keeps it and lists it', async () => {
    const res = await create(user, { organisationId: t.fixtures.org.owner, ...period, language: 'en' });
    expect(res.statusCode).toBe(201);
    first = res.json<{ data: SavedReport }>().data;
    expect(first).toMatchObject({
      organisationId: t.fixtures.org.owner,
      organisationName: 'Woonstichting Test',
      ...period,
      language: 'en',
      createdAt: t.clock.now().toISOString(),
    });
    expect(first.size).toBeGreaterThan(1000);
    expect((await list(user)).map((r) => r.id)).toEqual([first.id]);
  });

  it('hands the same PDF back to its maker', async () => {
    const res = await pdf(user, first.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('liftwacht-organisation-report-');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.byteLength).toBe(first.size);
  });

  it.skipIf(pdftotextMissing)('is written in the chosen language, whatever the user’s own', async () => {
    const english = pdfText((await pdf(user, first.id)).rawPayload);
    expect(english).toContain('Organisation report');
    expect(english).toContain('Woonstichting Test');
    const dutch = (await create(user, { organisationId: t.fixtures.org.owner, ...period, language: 'nl' })).json<{
      data: SavedReport;
    }>().data;
    expect(pdfText((await pdf(user, dutch.id)).rawPayload)).toContain('Organisatierapport');
  });

  it("answers 404 for another user's report, and lists only one's own", async () => {
    expect((await pdf(admin, first.id)).statusCode).toBe(404);
    expect(await list(admin)).toEqual([]);
    expect((await pdf(user, 999_999)).statusCode).toBe(404);
  });

  it('answers 404 for an organisation the user may not read, 403 without reports.download, 400 naming the field', async () => {
    const stranger = await create(user, { organisationId: t.fixtures.org.stranger, ...period, language: 'nl' });
    expect(stranger.statusCode).toBe(404);
    const client = await t.login('test-client');
    const light = await create(client, { organisationId: t.fixtures.org.owner, ...period, language: 'nl' });
    expect(light.statusCode).toBe(403);
    const bad = await create(user, { organisationId: t.fixtures.org.owner, ...period, language: 'de' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { field: string } }>().error.field).toBe('language');
  });

  it(`keeps the last ${String(savedReportsKept)} reports per user`, async () => {
    for (let i = 0; i < savedReportsKept + 1; i++) {
      t.clock.advance(60_000);
      const res = await create(user, { organisationId: t.fixtures.org.owner, ...period, language: 'nl' });
      expect(res.statusCode).toBe(201);
    }
    const kept = await list(user);
    expect(kept).toHaveLength(savedReportsKept);
    expect(kept.map((r) => r.id)).not.toContain(first.id);
    expect((await pdf(user, first.id)).statusCode).toBe(404);
    // Newest first.
    expect(kept[0]?.createdAt).toBe(t.clock.now().toISOString());
  });
});
