import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogController } from './request-log.ts';

/** A Fastify app logging JSON lines at `level` into an array. */
function appWithLog(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (text) lines.push(JSON.parse(text) as Record<string, unknown>);
      }
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLogController() });
  app.get('/items/:id', () => Promise.resolve({ ok: true }));
  app.get('/broken', () => Promise.reject(new Error('boom')));
  return { app, lines };
}

describe('request log', () => {
  it('writes one line per request at info: method, URL, status, milliseconds', async () => {
    const { app, lines } = appWithLog('info');
    await app.inject({ method: 'GET', url: '/items/7?x=1' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    const requestLines = lines.filter((l) => l.reqId !== undefined);
    expect(requestLines).toHaveLength(2);
    expect(requestLines[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/items/7?x=1',
      status: 200,
    });
    expect(typeof requestLines[0]?.ms).toBe('number');
    expect(requestLines[0]).not.toHaveProperty('req');
    expect(requestLines[0]).not.toHaveProperty('res');
    expect(requestLines[1]).toMatchObject({ msg: 'request', url: '/nowhere', status: 404 });
    await app.close();
  });

  it('keeps errors at error level and writes nothing per request at warn', async () => {
    const { app, lines } = appWithLog('warn');
    await app.inject({ method: 'GET', url: '/items/7' });
    await app.inject({ method: 'GET', url: '/broken' });
    expect(lines.filter((l) => l.msg === 'request')).toEqual([]);
    expect(lines.some((l) => l.level === 50 && (l.err as { message?: string } | undefined)?.message === 'boom')).toBe(
      true,
    );
    await app.close();
  });
});
