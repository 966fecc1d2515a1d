// The spreadsheets of `npm run bench:import`: the largest valid file (liftImportLimits.maxRows rows
// by default) with 17 columns, twelve of the lift's own fields and the five record columns (last
// inspection day, kind, result, valid until, last maintenance visit), so every row creates a lift,
// an inspection and a maintenance visit. Deterministic: the same file on every run. One row in
// twenty is a rejection and one an expired approval, so the apply opens state events as well.
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { liftRecordColumns, liftSheetColumnLabels, type LiftSheetColumn } from '@liftwacht/contracts/lift-spreadsheets';

/** The columns, in the file's order, under the export's Dutch headers. */
export const maximalColumns = [
  'name',
  'address',
  'postalCode',
  'city',
  'buildingName',
  'serialNumber',
  'ownerNumber',
  'telephoneNumber',
  'liftType',
  'hasFlow',
  'maintenanceIntervalDays',
  'commissionedOn',
  ...liftRecordColumns,
] as const satisfies readonly LiftSheetColumn[];
const maximalHeader = maximalColumns.map((column) => liftSheetColumnLabels[column].nl);

const cities = ['Utrecht', 'Amersfoort', 'Zwolle', 'Den Haag', 'Leeuwarden', 'Eindhoven', 'Groningen', 'Breda'];
const types = ['Personenlift', 'Goederenlift', 'Brancardlift', 'Plateaulift'];

type Day = { year: number; month: number; day: number };
const dayOf = (year: number, i: number): Day => ({ year, month: 1 + (i % 12), day: 1 + (i % 28) });
const dutchDay = ({ year, month, day }: Day) =>
  `${String(day).padStart(2, '0')}-${String(month).padStart(2, '0')}-${String(year)}`;
const dateOf = ({ year, month, day }: Day) => new Date(Date.UTC(year, month - 1, day));

/** Row i's cells; days as Day, written per format. */
function maximalRow(prefix: string, i: number): (string | number | Day)[] {
  const rejected = i % 20 === 0;
  const expired = i % 20 === 1;
  const inspected = dayOf(expired ? 2023 : 2025, i);
  return [
    `${prefix} lift ${i}`,
    `Benchlaan ${1 + (i % 400)}-${i}`,
    `${String(1000 + (i % 9000))} AB`,
    cities[i % cities.length] ?? 'Utrecht',
    `Gebouw ${Math.floor(i / 8)}`,
    `${prefix}-SN-${i}`,
    `${prefix}-${i}`,
    `030-${String(1_000_000 + i)}`,
    types[i % types.length] ?? 'Personenlift',
    i % 2 === 0 ? 'ja' : 'nee',
    [30, 60, 90, 180][i % 4] ?? 90,
    dayOf(2000 + (i % 20), i),
    inspected,
    'periodiek',
    rejected ? 'afgekeurd' : 'goedgekeurd',
    rejected ? '' : expired ? dutchDay(dayOf(2024, i)) : dutchDay(dayOf(2027, i)),
    dayOf(2025, i + 5),
  ];
}

const isDay = (cell: string | number | Day): cell is Day => typeof cell === 'object';

export function maximalCsv(prefix: string, rows: number): Buffer {
  const data = Array.from({ length: rows }, (_, i) =>
    maximalRow(prefix, i).map((cell) => (isDay(cell) ? dutchDay(cell) : cell)),
  );
  return Buffer.from(`\ufeff${stringify([[...maximalHeader], ...data], { delimiter: ';' })}`);
}

/** As a spreadsheet program saves it: day cells as dates, numbers as numbers. */
export async function maximalXlsx(prefix: string, rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Liften');
  sheet.addRow([...maximalHeader]);
  for (let i = 0; i < rows; i++) sheet.addRow(maximalRow(prefix, i).map((cell) => (isDay(cell) ? dateOf(cell) : cell)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
