// Nodes and calls for the escalation tests: an app on a given database with a clock the test moves
// and a mailer that keeps what it sends, so two nodes (or a node before and after a restart) on one
// database can be told apart by their mails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database, Db } from '../../db/database.ts';
import { calls } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mail, Mailer } from '../../plugins/mail.ts';
import { fixturePassword } from '../../test-support/fixtures.ts';

export interface EscalationNode {
  app: FastifyInstance;
  /** Mails this node sent, in order. */
  sent: Mail[];
  login(username: string): Promise<string>;
  /** Closes the app only: the database belongs to the test. */
  close(): Promise<void>;
}

export async function startEscalationNode(database: Database, clock: Clock): Promise<EscalationNode> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liftwacht-escalations-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://portal.test' });
  const sent: Mail[] = [];
  const mailer: Mailer = {
    send: (mail) => {
      sent.push(mail);
      return Promise.resolve();
    },
    close: () => undefined,
  };
  const app = await buildApp({ config, database, clock, mailer, logger: false });
  await app.ready();
  return {
    app,
    sent,
    login: async (username) => {
      const res = await app.inject({
        method: 'POST',
        url: '/liftwacht/auth',
        payload: { username, password: fixturePassword },
      });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${String(res.statusCode)} ${res.body}`);
      return res.json<{ data: { accessToken: string } }>().data.accessToken;
    },
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An alarm call as ingest stores it: received, not acknowledged, not ended (unless told otherwise). */
export async function insertCall(
  db: Db,
  liftId: number,
  startedAt: Date,
  values: Partial<{ kind: string; acknowledgedAt: Date; endedAt: Date }> = {},
): Promise<number> {
  const [row] = await db
    .insert(calls)
    .values({
      liftId,
      startedAt,
      kind: values.kind ?? 'entrapment',
      status: values.endedAt ? 'ended' : values.acknowledgedAt ? 'acknowledged' : 'received',
      acknowledgedAt: values.acknowledgedAt ?? null,
      endedAt: values.endedAt ?? null,
    })
    .returning({ id: calls.id });
  if (!row) throw new Error('call not inserted');
  return row.id;
}

export const minutes = (n: number) => n * 60_000;
