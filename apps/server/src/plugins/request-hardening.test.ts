// The rules every request meets before and around its route (issue 15, "Input"): control
// characters and impossible dates are refused with the field, periods are bounded, errors before
// routing keep the envelope and never echo more than an excerpt, and 401 comes before 400.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLift } from '../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

let t: TestApp;
let token: string;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('test-admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

const auth = () => ({ authorization: `Bearer ${token}` });

/** Sends bytes on a fresh connection and returns the status and body the server wrote. */
function raw(request: string | Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body: rest.join('\r\n\r\n') });
    });
  });
}

function envelope(body: string): { code: string; message: string; field?: string } {
  return (JSON.parse(body) as { error: { code: string; message: string; field?: string } }).error;
}

describe('text input', () => {
  it('refuses NUL and other control characters with the field, also without a token (login)', async () => {
    for (const username of ['a\u0000b', 'demo\u0007', 'x\u009b']) {
      const res = await t.app.inject({ method: 'POST', url: '/liftwacht/auth', payload: { username, password: 'x' } });
      expect(res.statusCode).toBe(400);
      expect(envelope(res.body)).toMatchObject({ code: 'validation_failed', field: 'username' });
    }
    const search = await t.app.inject({ url: '/liftwacht/lift?search=a%00b', headers: auth() });
    expect(search.statusCode).toBe(400);
    expect(envelope(search.body).field).toBe('search');
    const criteria = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/lift',
      headers: auth(),
      payload: { city: 'Utrecht\u0000' },
    });
    expect(criteria.statusCode).toBe(400);
    expect(envelope(criteria.body).field).toBe('city');
  });

  it('refuses a lone surrogate (no UTF-8 text holds one; PostgreSQL refuses it in JSON)', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/liftwacht/user',
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: '{"name":"\\ud800"}',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res.body).field).toBe('name');
  });

  it('still accepts accents, emoji and other printable text', async () => {
    const res = await t.app.inject({
      url: `/liftwacht/lift?search=${encodeURIComponent('Hôtel 🛗 ß')}`,
      headers: auth(),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('dates and periods', () => {
  it('refuses impossible and far-off dates without throwing', async () => {
    const org = t.fixtures.org.owner;
    for (const [from, to, field] of [
      ['../../etc/passwd', '2026-01-31', 'from'],
      ['2026-02-30', '2026-03-01', 'from'],
      ['0001-01-01', '9999-12-31', 'from'],
    ] as const) {
      const stats = await t.app.inject({
        url: `/liftwacht/stats?organisationId=${String(org)}&from=${from}&to=${to}`,
        headers: auth(),
      });
      expect(stats.statusCode, `${from}..${to}`).toBe(400);
      expect(envelope(stats.body).field).toBe(field);
      const report = await t.app.inject({
        method: 'POST',
        url: '/liftwacht/report/pdf',
        headers: auth(),
        payload: { subjectId: org, report: 'organisation', from, to },
      });
      expect(report.statusCode, `report ${from}..${to}`).toBe(400);
      expect(envelope(report.body).field).toBe(field);
    }
  });

  it('bounds every period to about ten years, naming the field', async () => {
    const org = String(t.fixtures.org.owner);
    const tooLong = 'from=2010-01-01&to=2020-12-31';
    for (const url of [
      `/liftwacht/stats?organisationId=${org}&${tooLong}`,
      `/liftwacht/stats/details?type=liftUnavailable&organisationId=${org}&${tooLong}`,
      `/liftwacht/events?organisationId=${org}&${tooLong}`,
      `/liftwacht/calls?organisationId=${org}&${tooLong}`,
    ]) {
      const res = await t.app.inject({ url, headers: auth() });
      expect(res.statusCode, url).toBe(400);
      expect(envelope(res.body).field, url).toBe('to');
    }
    const lift = await insertLift(t.database.db, t.fixtures.org.owner, 'Lift Periode');
    for (const url of [
      `/liftwacht/lift/${String(lift)}/logbook?${tooLong}`,
      `/liftwacht/lift/${String(lift)}/visits?${tooLong}`,
      `/liftwacht/lift/${String(lift)}/counters?interval=month&from=1950-01-01&to=2040-12-31`,
      `/liftwacht/lift/${String(lift)}/counters?interval=15m&from=2025-01-01&to=2026-03-01`,
    ]) {
      const res = await t.app.inject({ url, headers: auth() });
      expect(res.statusCode, url).toBe(400);
      expect(envelope(res.body).field, url).toBe('to');
    }
    const tenYears = await t.app.inject({
      url: `/liftwacht/events?organisationId=${org}&from=2016-01-01&to=2025-12-31`,
      headers: auth(),
    });
    expect(tenYears.statusCode).toBe(200);
  });

  it('bounds page sizes, offsets, id lists and ids', async () => {
    const org = String(t.fixtures.org.owner);
    const ids = Array.from({ length: 1001 }, (_, i) => String(i + 1)).join(',');
    for (const [url, field] of [
      [`/liftwacht/events?organisationId=${org}&limit=1001`, 'limit'],
      [`/liftwacht/events?organisationId=${org}&offset=1000001`, 'offset'],
      [`/liftwacht/events?organisationId=${org}&liftIds=${ids}`, 'liftIds'],
      [`/liftwacht/lift?organisationId=99999999999`, 'organisationId'],
      [`/liftwacht/lift/99999999999`, 'id'],
    ] as const) {
      const res = await t.app.inject({ url, headers: auth() });
      expect(res.statusCode, url).toBe(400);
      expect(envelope(res.body).field, url).toBe(field);
    }
    const senseToken = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/auth/sense-liftwacht',
      headers: auth(),
      payload: { identifier: 'liftwacht-9999999999', identifierType: 'ext' },
    });
    expect(senseToken.statusCode).toBe(400);
    expect(envelope(senseToken.body).field).toBe('identifier');
  });
});

describe('order of checks', () => {
  it('answers 401 before validating anything an anonymous caller sent', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/lift',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(malformed.statusCode).toBe(401);
    const invalid = await t.app.inject({ url: '/liftwacht/stats?organisationId=abc&from=x' });
    expect(invalid.statusCode).toBe(401);
    const ingest = await t.app.inject({ method: 'POST', url: '/liftwacht/ingest', payload: { messages: 'nope' } });
    expect(ingest.statusCode).toBe(401);
  });

  it('answers 404 for another organisation in an advanced search, even with empty criteria', async () => {
    for (const payload of [{}, { city: 'Utrecht' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/liftwacht/lift?organisationId=${String(t.fixtures.org.stranger)}`,
        headers: auth(),
        payload,
      });
      expect(res.statusCode).toBe(404);
      expect(envelope(res.body).code).toBe('not_found');
    }
  });
});

describe('errors before and outside the routes', () => {
  it('a 404 quotes only an excerpt of a long path', async () => {
    const res = await t.app.inject({ url: `/liftwacht/${'a'.repeat(10_000)}` });
    expect(res.statusCode).toBe(404);
    expect(res.body.length).toBeLessThan(400);
    expect(envelope(res.body).code).toBe('not_found');
  });

  it('a path parameter over 100 characters is a 414 in the envelope, quoting nothing', async () => {
    const res = await t.app.inject({ url: `/liftwacht/lift/${'9'.repeat(5000)}`, headers: auth() });
    expect(res.statusCode).toBe(414);
    expect(envelope(res.body).code).toBe('uri_too_long');
    expect(res.body).not.toContain('9999');
  });

  it('a validation message quotes only an excerpt of an unknown key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/lift',
      headers: auth(),
      payload: { ['k'.repeat(50_000)]: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(2000);
  });

  it('a malformed URL, oversized headers, a body over the limit and garbage get the envelope', async () => {
    const badUrl = await raw('GET /liftwacht/%% HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(badUrl.status).toBe(400);
    expect(envelope(badUrl.body).code).toBe('malformed_request');

    const headers = await raw(`GET /liftwacht/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(headers.status).toBe(431);
    expect(envelope(headers.body).code).toBe('headers_too_large');

    const longUrl = await raw(`GET /liftwacht/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(longUrl.status).toBe(431);
    expect(longUrl.body.length).toBeLessThan(400);

    const body = 'x'.repeat(1024 * 1024 + 10);
    const tooLarge = await raw(
      `POST /liftwacht/lift HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${String(body.length)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(tooLarge.status).toBe(413);
    expect(envelope(tooLarge.body).code).toBe('payload_too_large');

    const garbage = await raw('HELLO\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(envelope(garbage.body).code).toBe('malformed_request');
  });
});
