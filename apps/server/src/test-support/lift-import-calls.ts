// Lift imports for the security harness: an upload of a one-row CSV, and imports stored directly
// (the rows read, as an upload stores them) for the routes that take an import by id.
import { stringify } from 'csv-stringify/sync';
import { liftImports } from '../db/schema.ts';
import { packSheet } from '../modules/lift-spreadsheets/stored-sheet.ts';
import type { MultipartParts } from './multipart-body.ts';
import type { SecurityWorld } from './security-world.ts';

let counter = 0;

const oneLift = () => {
  counter++;
  return [`Harnas importlift ${counter}`, `Harnasweg ${counter}`];
};

/** A CSV whose one lift no import has yet: applying it always creates (never a stale match). */
function oneLiftCsv(): Buffer {
  return Buffer.from(stringify([['Naam', 'Adres'], oneLift()]));
}

export function liftImportUpload(organisationId: number): MultipartParts {
  return {
    fields: { organisationId: String(organisationId) },
    files: { file: { fileName: 'harnas.csv', contentType: 'text/csv', content: oneLiftCsv() } },
  };
}

/** A fresh, unapplied import of the own or the stranger organisation; answers its id. */
export async function storedLiftImport(w: SecurityWorld, whose: 'own' | 'foreign'): Promise<string> {
  const { fixtures } = w.t;
  const organisationId = whose === 'own' ? w.own.organisationId : w.foreign.organisationId;
  const userId = whose === 'own' ? fixtures.user.admin.id : fixtures.user.stranger.id;
  const [row] = await w.t.database.db
    .insert(liftImports)
    .values({
      organisationId,
      userId,
      fileName: 'harnas.csv',
      format: 'csv',
      sheet: packSheet({ format: 'csv', headers: ['Naam', 'Adres'], rows: [{ row: 2, cells: oneLift() }] }),
    })
    .returning({ id: liftImports.id });
  if (!row) throw new Error('lift import not stored');
  return row.id;
}
