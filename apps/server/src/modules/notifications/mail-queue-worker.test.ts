import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { lifts, mailQueue, subscriptions } from '../../db/schema.ts';
import type { Mail, Mailer } from '../../plugins/mail.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { MailQueueRepository } from './mail-queue.repository.ts';
import { defaultMailQueueSettings, MailQueueWorker, retryDelayMs } from './mail-queue-worker.ts';

// The mail server is an outside party, so it is the one thing faked here: a wrapper around the
// test app's outbox mailer that fails a given number of times first.
let t: TestApp;
let liftId = 0;

function flakyMailer(inner: Mailer, failures: number) {
  const state = { calls: 0, failuresLeft: failures };
  const mailer: Mailer = {
    send: async (mail: Mail) => {
      state.calls++;
      if (state.failuresLeft > 0) {
        state.failuresLeft--;
        throw new Error('421 mail server busy');
      }
      await inner.send(mail);
    },
    close: () => undefined,
  };
  return { mailer, state };
}

function fakeLogger() {
  const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn(), trace: vi.fn(), fatal: vi.fn() };
  return { log, logger: log as unknown as FastifyBaseLogger };
}

const queueRow = async (id: number) => {
  const [row] = await t.database.db.select().from(mailQueue).where(eq(mailQueue.id, id));
  return row;
};

beforeAll(async () => {
  t = await createTestApp();
  // The app's own worker would race the workers under test for the same rows.
  await t.app.mailQueue.stop();
  const [lift] = await t.database.db
    .insert(lifts)
    .values({ organisationId: t.fixtures.org.owner, name: 'Lift Noord', address: 'Noordweg 1' })
    .returning({ id: lifts.id });
  liftId = lift?.id ?? 0;
  await t.database.db
    .insert(subscriptions)
    .values({ userId: t.fixtures.user.user.id, eventType: 'unavailable', liftId: null });
});
afterAll(async () => {
  await t.close();
});

describe('mail queue worker', () => {
  it('backs off exponentially up to the cap', () => {
    const s = { retryBaseMs: 60_000, retryMaxMs: 3_600_000 };
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => retryDelayMs(n, s))).toEqual([
      60_000, 120_000, 240_000, 480_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });

  it('retries a failed send with backoff and logs it, the event being stored regardless', async () => {
    const { mailer, state } = flakyMailer(t.app.mailer, 2);
    const { log, logger } = fakeLogger();
    const worker = new MailQueueWorker(new MailQueueRepository(t.app.db), mailer, t.clock, logger);

    const event = await t.app.liftEvents.recordEvent({ liftId, type: 'unavailable', startedAt: t.clock.now() });
    expect(event.created).toBe(true);
    const [queued] = await t.database.db.select().from(mailQueue);
    if (!queued) throw new Error('no mail queued');
    expect(queued).toMatchObject({
      recipient: t.fixtures.user.user.email,
      dedupeKey: `event:${String(event.id)}:user:${String(t.fixtures.user.user.id)}`,
      attempts: 0,
      sentAt: null,
    });

    expect(await worker.drain()).toEqual({ sent: 0, failed: 1 });
    expect(t.outbox()).toHaveLength(0);
    expect(await queueRow(queued.id)).toMatchObject({
      attempts: 1,
      lastError: '421 mail server busy',
      sentAt: null,
      nextAttemptAt: new Date(t.clock.now().getTime() + 60_000),
    });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ mailId: queued.id, attempts: 1 }),
      'mail could not be sent; will retry',
    );

    // Not due yet: nothing is tried.
    t.clock.advance(59_000);
    expect(await worker.drain()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(1_000);
    expect(await worker.drain()).toEqual({ sent: 0, failed: 1 });
    expect(await queueRow(queued.id)).toMatchObject({
      attempts: 2,
      nextAttemptAt: new Date(t.clock.now().getTime() + 120_000),
    });

    t.clock.advance(120_000);
    expect(await worker.drain()).toEqual({ sent: 1, failed: 0 });
    expect(state.calls).toBe(3);
    const outbox = t.outbox();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toContain(`To: ${t.fixtures.user.user.email}`);
    expect(await queueRow(queued.id)).toMatchObject({ attempts: 3, sentAt: t.clock.now() });

    // Sent is final: more passes and a later clock send nothing again.
    t.clock.advance(24 * 3600_000);
    expect(await worker.drain()).toEqual({ sent: 0, failed: 0 });
    expect(t.outbox()).toHaveLength(1);
  });

  it('gives up after maxAttempts, logging an error, and keeps the row with its last error', async () => {
    const { mailer, state } = flakyMailer(t.app.mailer, 1000);
    const { log, logger } = fakeLogger();
    const worker = new MailQueueWorker(new MailQueueRepository(t.app.db), mailer, t.clock, logger, {
      ...defaultMailQueueSettings,
      maxAttempts: 3,
    });
    const event = await t.app.liftEvents.recordEvent({ liftId, type: 'unavailable', startedAt: t.clock.now() });
    for (let i = 0; i < 5; i++) {
      await worker.drain();
      t.clock.advance(3600_000);
    }
    expect(state.calls).toBe(3);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ attempts: 3 }),
      'mail could not be sent; giving up',
    );
    const [row] = await t.database.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.dedupeKey, `event:${String(event.id)}:user:${String(t.fixtures.user.user.id)}`));
    expect(row).toMatchObject({ attempts: 3, sentAt: null, lastError: '421 mail server busy' });
  });

  it('never sends a mail twice when two workers drain at once', async () => {
    const repository = new MailQueueRepository(t.app.db);
    // The mail given up above would be due again under the default maxAttempts.
    await t.database.db.delete(mailQueue);
    const before = t.outbox().length;
    const queued = await repository.enqueue(
      Array.from({ length: 60 }, (_, i) => ({
        recipient: `r${String(i)}@example.test`,
        subject: `mail ${String(i)}`,
        body: 'body',
        dedupeKey: `parallel:${String(i)}`,
      })),
      t.clock.now(),
    );
    expect(queued).toBe(60);
    const slow: Mailer = {
      send: async (mail) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        await t.app.mailer.send(mail);
      },
      close: () => undefined,
    };
    const a = new MailQueueWorker(repository, slow, t.clock, fakeLogger().logger);
    const b = new MailQueueWorker(repository, slow, t.clock, fakeLogger().logger);
    const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
    expect(ra.sent + rb.sent).toBe(60);
    const subjects = t
      .outbox()
      .slice(before)
      .map((m) => /^Subject: (.*)$/m.exec(m)?.[1]);
    expect(new Set(subjects).size).toBe(60);
    expect(
      await repository.enqueue(
        [{ recipient: 'x@example.test', subject: 's', body: 'b', dedupeKey: 'parallel:1' }],
        t.clock.now(),
      ),
    ).toBe(0);
  });

  it('starts on a timer, wakes on demand and stops cleanly', async () => {
    const { mailer } = flakyMailer(t.app.mailer, 0);
    const worker = new MailQueueWorker(new MailQueueRepository(t.app.db), mailer, t.clock, fakeLogger().logger, {
      ...defaultMailQueueSettings,
      intervalMs: 20,
    });
    const before = t.outbox().length;
    await new MailQueueRepository(t.app.db).enqueue(
      [{ recipient: 'timer@example.test', subject: 'timer', body: 'b', dedupeKey: 'timer:1' }],
      t.clock.now(),
    );
    worker.start();
    await vi.waitFor(() => expect(t.outbox().length).toBe(before + 1), { timeout: 5000 });
    await worker.stop();
    await new MailQueueRepository(t.app.db).enqueue(
      [{ recipient: 'timer@example.test', subject: 'after stop', body: 'b', dedupeKey: 'timer:2' }],
      t.clock.now(),
    );
    worker.wake();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.outbox().length).toBe(before + 1);
  });
});
