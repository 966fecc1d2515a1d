// Contract-shaped import previews for the wizard's tests.
import type { ImportRow, LiftImportPreview } from '@liftwacht/contracts/lift-spreadsheets';

export function importRow(row: number, overrides: Partial<ImportRow> = {}): ImportRow {
  return {
    row,
    action: 'create',
    liftId: null,
    name: `Lift ${row}`,
    changes: [],
    records: [],
    problems: [],
    ...overrides,
  };
}

export function importPreview(rows: ImportRow[], overrides: Partial<LiftImportPreview> = {}): LiftImportPreview {
  const count = (action: ImportRow['action']) => rows.filter((row) => row.action === action).length;
  return {
    id: '6f1c2b1e-8a43-4c5e-9d2a-3b7c1e0f9a11',
    organisationId: 1,
    fileName: 'liften.csv',
    format: 'csv',
    createdAt: '2026-11-25T10:00:00Z',
    appliedAt: null,
    columns: ['name', 'address', 'city'],
    readOnlyColumns: [],
    unknownColumns: [],
    counts: {
      rows: rows.length,
      create: count('create'),
      update: count('update'),
      unchanged: count('unchanged'),
      error: count('error'),
      inspections: rows.filter((row) => row.records.includes('inspection')).length,
      visits: rows.filter((row) => row.records.includes('visit')).length,
    },
    rows,
    ...overrides,
  };
}
