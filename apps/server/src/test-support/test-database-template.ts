// Vitest global setup: one migrated database per run that every test file's database is copied
// from (test-database.ts), instead of each file running initdb (PGlite) and every migration. The
// PGlite copy is an uncompressed tarball in a temporary folder (a copy starts with ~40 % less CPU
// than from gzip); the PostgreSQL one a template database on the TEST_DATABASE_URL server, dropped
// after the run.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteTemplate } from '../db/database.ts';
import { databaseUrl, runOnServer } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An uncompressed tarball of a migrated PGlite data folder; null in the PostgreSQL projects. */
    pgliteTemplateFile: string | null;
    /** A migrated database on the TEST_DATABASE_URL server to create each file's database from. */
    postgresTemplate: string | null;
  }
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  // Each project runs this setup; a PostgreSQL project's files never open PGlite (test-database.ts).
  const onPostgres = !!adminUrl && project.config.env.LIFTWACHT_TEST_DB === 'postgres';

  const folder = mkdtempSync(path.join(tmpdir(), 'liftwacht-test-template-'));
  const file = path.join(folder, 'pglite.tar');
  if (!onPostgres) writeFileSync(file, Buffer.from(await (await pgliteTemplate('none')).arrayBuffer()));
  project.provide('pgliteTemplateFile', onPostgres ? null : file);

  const template = onPostgres ? `lw_test_template_${randomBytes(6).toString('hex')}` : null;
  if (adminUrl && template) {
    await runOnServer(adminUrl, `create database ${template}`);
    const database = await openDatabase({ url: databaseUrl(adminUrl, template) });
    await database.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (adminUrl && template) await runOnServer(adminUrl, `drop database if exists ${template} with (force)`);
  };
}
