// A fresh, migrated database per test file: PGlite in memory always, or a throwaway database on
// the PostgreSQL server named by TEST_DATABASE_URL, so CI proves both dialects. Both are copies of
// the run's migrated template (test-database-template.ts); the migrations then find nothing to do.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { databaseUrl, runOnServer } from './postgres-admin.ts';

let pgliteTemplate: { file: string; blob: Blob } | undefined;

export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.LIFTWACHT_TEST_DB !== 'postgres' || !adminUrl) {
    const file = inject('pgliteTemplateFile');
    if (file === null) throw new Error('no PGlite template in a PostgreSQL project');
    // Read once per worker, not per file: the files share a module registry, and the tarball is 43 MB.
    if (pgliteTemplate?.file !== file) {
      pgliteTemplate = { file, blob: new Blob([readFileSync(file)], { type: 'application/x-tar' }) };
    }
    return openDatabase({ memory: true, template: pgliteTemplate.blob });
  }

  const name = `lw_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await runOnServer(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);

  const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
  return {
    ...database,
    close: async () => {
      await database.close();
      await runOnServer(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
