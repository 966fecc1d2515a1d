// Issue 42 findings 1–3 as attacks: uploads that stalled the server (rows, cells, headers), zips
// that inflate without bound, and previews that echoed megabytes. What each must answer is in
// docs/fleet-onboarding.md and liftImportLimits (contracts): refused with 400 validation_failed or
// 413 payload_too_large naming the limit, or a bounded preview.
import { liftImportLimits } from '@liftwacht/contracts/lift-spreadsheets';
import type { LiftImportPreview, LiftImportResult } from '@liftwacht/contracts/lift-spreadsheets';
import { multipartBody } from '../multipart-body.ts';
import type { Attack, AttackContext, AttackOutcome } from './attack.ts';
import { call, expectAnswer, shown, signIn, type Answer } from './corpus-http.ts';
import { sized } from './corpus-target.ts';
import {
  commaLineCsv,
  giantCellCsv,
  giantHeaderCsv,
  inflateBombXlsx,
  manyHeadersCsv,
  manyRowsCsv,
  manyRowsXlsx,
  manySharedStringsXlsx,
  manyPartsXlsx,
  blankLinesCsv,
  maximalValidXlsx,
  paddedSheetXlsx,
  sharedStringBombXlsx,
} from './import-files.ts';

const mebibyte = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / mebibyte).toFixed(1)} MiB`;

function upload(context: AttackContext, file: Buffer, fileName: string): Promise<Answer> {
  const body = multipartBody({
    fields: { organisationId: String(context.target.organisationId) },
    files: { file: { fileName, contentType: 'application/octet-stream', content: file } },
  });
  return call(context.target, 'POST', '/admin/lift-imports', { token: context.tokens.admin, body });
}

/** An upload that must be refused: the status and code of a limit, the limit named in the message. */
function refusedUpload(
  name: string,
  finding: number,
  documented: string,
  make: (context: AttackContext) => Promise<{ file: Buffer; fileName: string; what: string }>,
  expected: { statuses: readonly number[]; codes: readonly string[]; names?: readonly string[] },
): Attack {
  return {
    name,
    finding,
    documented,
    prepare: async (context) => {
      const { file, fileName, what } = await make(context);
      return async (): Promise<AttackOutcome> => {
        const answer = await upload(context, file, fileName);
        const problems = expectAnswer(answer, expected.statuses, { code: expected.codes });
        if (
          problems.length === 0 &&
          expected.names &&
          !expected.names.some((words) => answer.message?.includes(words))
        ) {
          problems.push(`message "${answer.message?.slice(0, 160) ?? ''}" names none of ${expected.names.join(', ')}`);
        }
        // The refusal quotes at most an excerpt of what was sent.
        if (answer.bytes > 4096) problems.push(`a ${String(answer.bytes)}-byte answer to a refused upload`);
        return { outcome: `${what} (${mb(file.length)}): ${shown(answer)}`, problems };
      };
    },
  };
}

const rowLimit = liftImportLimits.maxRows.toLocaleString('en');
/** How sheet-limits.ts names a size in MiB ("100 MiB"). */
const mib = (bytes: number) => `${String(bytes / mebibyte)} MiB`;
const partLimit = {
  statuses: [413],
  codes: ['payload_too_large'],
  names: [mib(liftImportLimits.maxPartBytes)],
} as const;
const invalid = { statuses: [400], codes: ['validation_failed'] } as const;

export const importAttacks: Attack[] = [
  refusedUpload(
    'CSV of 4,990,000 rows',
    1,
    `400 validation_failed naming ${rowLimit} rows, as soon as row ${rowLimit} + 1 is read`,
    (c) => {
      const rows = sized(liftImportLimits.maxRows + 10_000, 4_990_000, c.scale);
      return Promise.resolve({
        file: manyRowsCsv(rows),
        fileName: 'rows.csv',
        what: `${rows.toLocaleString('en')} rows`,
      });
    },
    { ...invalid, names: [rowLimit] },
  ),
  refusedUpload(
    'XLSX of 1,000,000 rows',
    1,
    `400 validation_failed naming ${rowLimit} rows`,
    async (c) => {
      const rows = sized(liftImportLimits.maxRows + 10_000, 1_000_000, c.scale);
      return { file: await manyRowsXlsx(rows), fileName: 'rows.xlsx', what: `${rows.toLocaleString('en')} rows` };
    },
    { ...invalid, names: [rowLimit] },
  ),
  refusedUpload(
    'CSV with a 19 MB cell',
    1,
    `400 validation_failed naming the ${liftImportLimits.cellLength.toLocaleString('en')}-character cell limit (the ${liftImportLimits.recordLength.toLocaleString('en')}-character record limit when the cell is longer than that)`,
    (c) => {
      const bytes = sized(100_000, 19 * mebibyte, c.scale);
      return Promise.resolve({ file: giantCellCsv(bytes), fileName: 'cell.csv', what: `a cell of ${mb(bytes)}` });
    },
    {
      ...invalid,
      names: [liftImportLimits.cellLength.toLocaleString('en'), liftImportLimits.recordLength.toLocaleString('en')],
    },
  ),
  refusedUpload(
    'CSV with a 19 MB header',
    3,
    `400 validation_failed naming the ${String(liftImportLimits.headerLength)}-character header limit (never echoed)`,
    (c) => {
      const bytes = sized(100_000, 19 * mebibyte, c.scale);
      return Promise.resolve({ file: giantHeaderCsv(bytes), fileName: 'header.csv', what: `a header of ${mb(bytes)}` });
    },
    { ...invalid, names: [String(liftImportLimits.headerLength)] },
  ),
  refusedUpload(
    'CSV with a 19 MB line of commas',
    1,
    `400 validation_failed naming the ${String(liftImportLimits.maxColumns)}-column (or record length) limit`,
    (c) => {
      const bytes = sized(300_000, 19 * mebibyte, c.scale);
      return Promise.resolve({ file: commaLineCsv(bytes), fileName: 'commas.csv', what: `${mb(bytes)} of commas` });
    },
    // "more than 200 columns" or "longer than 200,000 characters", whichever the reader meets first.
    { ...invalid, names: [String(liftImportLimits.maxColumns)] },
  ),
  refusedUpload(
    'CSV with 2,000,000 header names',
    3,
    `400 validation_failed naming the ${String(liftImportLimits.maxColumns)}-column limit`,
    (c) => {
      const count = sized(20_000, 2_000_000, c.scale);
      return Promise.resolve({
        file: manyHeadersCsv(count),
        fileName: 'headers.csv',
        what: `${count.toLocaleString('en')} header names`,
      });
    },
    { ...invalid, names: [String(liftImportLimits.maxColumns)] },
  ),
  refusedUpload(
    'XLSX whose extra part inflates to 400 MiB',
    2,
    `413 payload_too_large naming the ${mib(liftImportLimits.maxPartBytes)} part limit, from the declared size`,
    async (c) => {
      const bytes = sized(liftImportLimits.maxPartBytes + 4 * mebibyte, 400 * mebibyte, c.scale);
      return { file: await inflateBombXlsx(bytes), fileName: 'bomb.xlsx', what: `a part of ${mb(bytes)}` };
    },
    partLimit,
  ),
  refusedUpload(
    'XLSX whose worksheet inflates to 400 MiB but declares 1 KiB',
    2,
    `413 payload_too_large naming ${mib(liftImportLimits.maxPartBytes)} (the bytes count, not the header)`,
    async (c) => {
      const bytes = sized(liftImportLimits.maxPartBytes + 4 * mebibyte, 400 * mebibyte, c.scale);
      return {
        file: await paddedSheetXlsx(bytes, 1024),
        fileName: 'lying-sheet.xlsx',
        what: `a worksheet of ${mb(bytes)} declared as 1 KiB`,
      };
    },
    partLimit,
  ),
  refusedUpload(
    'XLSX of parts under the part limit, over the total',
    2,
    `413 payload_too_large naming the ${mib(liftImportLimits.maxInflatedBytes)} total limit`,
    async (c) => {
      const bytes = sized(liftImportLimits.maxInflatedBytes + 16 * mebibyte, 480 * mebibyte, c.scale);
      const parts = Math.ceil(bytes / (liftImportLimits.maxPartBytes * 0.9));
      return {
        file: await inflateBombXlsx(bytes, { parts }),
        fileName: 'parts-bomb.xlsx',
        what: `${String(parts)} parts, ${mb(bytes)} in all`,
      };
    },
    { statuses: [413], codes: ['payload_too_large'], names: [mib(liftImportLimits.maxInflatedBytes)] },
  ),
  refusedUpload(
    'XLSX of 100 rows pointing at one 10 MiB shared string',
    2,
    `400 validation_failed naming the ${liftImportLimits.cellLength.toLocaleString('en')}-character cell limit, the string read once, not once per row`,
    async (c) => {
      const bytes = sized(256 * 1024, 10 * mebibyte, c.scale);
      return {
        file: await sharedStringBombXlsx(bytes, 100),
        fileName: 'shared-string.xlsx',
        what: `100 rows × a string of ${mb(bytes)}`,
      };
    },
    { ...invalid, names: [liftImportLimits.cellLength.toLocaleString('en')] },
  ),
  refusedUpload(
    'XLSX with 2,000,000 shared strings',
    2,
    `400 validation_failed naming the ${liftImportLimits.maxSharedStrings.toLocaleString('en')}-string limit`,
    async (c) => {
      const count = sized(liftImportLimits.maxSharedStrings + 1000, 2_000_000, c.scale);
      return {
        file: await manySharedStringsXlsx(count),
        fileName: 'strings.xlsx',
        what: `${count.toLocaleString('en')} shared strings`,
      };
    },
    { ...invalid, names: [liftImportLimits.maxSharedStrings.toLocaleString('en')] },
  ),
  refusedUpload(
    'XLSX of 20,000 parts',
    2,
    `413 payload_too_large naming the ${liftImportLimits.maxZipEntries.toLocaleString('en')}-part limit`,
    async (c) => {
      const count = sized(liftImportLimits.maxZipEntries + 10, 20_000, c.scale);
      return { file: await manyPartsXlsx(count), fileName: 'parts.xlsx', what: `${count.toLocaleString('en')} parts` };
    },
    { statuses: [413], codes: ['payload_too_large'], names: [liftImportLimits.maxZipEntries.toLocaleString('en')] },
  ),
  refusedUpload(
    'CSV of one lift and 5,000,000 blank lines',
    1,
    `400 validation_failed naming the last row number of a CSV, ${liftImportLimits.maxCsvRowNumber.toLocaleString('en')}`,
    (c) => {
      const count = sized(liftImportLimits.maxCsvRowNumber + 1000, 5_000_000, c.scale);
      return Promise.resolve({
        file: blankLinesCsv(count),
        fileName: 'blank.csv',
        what: `${count.toLocaleString('en')} blank lines`,
      });
    },
    { ...invalid, names: [liftImportLimits.maxCsvRowNumber.toLocaleString('en')] },
  ),
  {
    name: 'Unknown headers at the limits',
    finding: 3,
    documented: `201 with at most ${String(liftImportLimits.maxColumns)} unknown columns of at most ${String(liftImportLimits.headerLength)} characters: a bounded answer`,
    prepare: (context) => {
      // The most a preview may echo: every column but the two required ones unknown, each header as long as allowed.
      const headers = Array.from({ length: liftImportLimits.maxColumns - 2 }, (_, i) =>
        `${String(i)}-`.padEnd(liftImportLimits.headerLength, 'h'),
      );
      const file = Buffer.from(`Naam;Adres;${headers.join(';')}\nLift;Straat 1\n`);
      return Promise.resolve(async () => {
        const answer = await upload(context, file, 'unknown-headers.csv');
        const problems = expectAnswer(answer, [201]);
        const preview = (answer.json as { data?: LiftImportPreview } | undefined)?.data;
        if (preview) {
          if (preview.unknownColumns.length !== headers.length) {
            problems.push(
              `${String(preview.unknownColumns.length)} unknown columns listed, ${String(headers.length)} sent`,
            );
          }
          const longest = Math.max(...preview.unknownColumns.map((u) => u.header.length));
          if (longest > liftImportLimits.headerLength)
            problems.push(`a header echoed with ${String(longest)} characters`);
        }
        if (answer.bytes > 512 * 1024) problems.push(`a ${String(answer.bytes)}-byte preview`);
        return { outcome: `${shown(answer)}, ${(answer.bytes / 1024).toFixed(0)} KiB answer`, problems };
      });
    },
  },
  {
    name: 'The largest valid file: 50,000 rows × 17 columns, preview and apply',
    finding: 1,
    documented: '201 preview with every row to create, then 200 apply creating them all, /health answering throughout',
    prepare: async (context) => {
      const rows = sized(500, liftImportLimits.maxRows, context.scale);
      const file = await maximalValidXlsx(rows, `corpus-${Date.now().toString(36)}`);
      return async () => {
        const preview = await upload(context, file, 'maximal.xlsx');
        const problems = expectAnswer(preview, [201]);
        const data = (preview.json as { data?: LiftImportPreview } | undefined)?.data;
        if (!data) return { outcome: shown(preview), problems };
        if (data.counts.create !== rows)
          problems.push(`${String(data.counts.create)} rows to create of ${String(rows)}`);
        const applied = await call(context.target, 'POST', `/admin/lift-imports/${data.id}/apply`, {
          token: context.tokens.admin,
          json: {},
        });
        problems.push(...expectAnswer(applied, [200]));
        const result = (applied.json as { data?: LiftImportResult } | undefined)?.data;
        if (result && result.created !== rows) problems.push(`${String(result.created)} created of ${String(rows)}`);
        return {
          outcome:
            `${rows.toLocaleString('en')} rows (${mb(file.length)}): preview ${shown(preview)} in ${(preview.ms / 1000).toFixed(1)} s, ` +
            `apply ${shown(applied)} in ${(applied.ms / 1000).toFixed(1)} s`,
          problems,
        };
      };
    },
  },
  {
    name: 'Ten uploads of the largest valid file left unapplied',
    finding: 3,
    documented: 'each 201, kept 24 hours, then gone: a preview of it answers 404 not_found',
    prepare: async (context) => {
      const rows = sized(20, liftImportLimits.maxRows, context.scale);
      const file = await maximalValidXlsx(rows, `abandoned-${Date.now().toString(36)}`);
      return async () => {
        const { target } = context;
        const before = target.dataBytes?.();
        const ids: string[] = [];
        for (let i = 0; i < 10; i++) {
          const answer = await upload(context, file, 'abandoned.xlsx');
          const id = (answer.json as { data?: { id: string } } | undefined)?.data?.id;
          if (answer.status !== 201 || !id) return { outcome: shown(answer), problems: [`upload ${shown(answer)}`] };
          ids.push(id);
        }
        const after = target.dataBytes?.();
        const uploaded = `10 × ${rows.toLocaleString('en')} rows (${mb(file.length)}) 201${
          before === undefined || after === undefined ? '' : `, data folder +${mb(after - before)} as written so far`
        }`;
        if (!target.advanceClock)
          return { outcome: `${uploaded}; expiry not checked (needs the server clock)`, problems: [] };
        target.advanceClock(25 * 3_600_000);
        // A day later the session of the run may have ended too: a fresh one reads the imports.
        const token = await signIn(target, target.users.admin);
        const answers = await Promise.all(ids.map((id) => call(target, 'GET', `/admin/lift-imports/${id}`, { token })));
        const kept = answers.filter((a) => a.status !== 404).map(shown);
        return {
          outcome: `${uploaded}; after 25 h: ${[...new Set(answers.map(shown))].join(', ')}`,
          problems: kept.length === 0 ? [] : [`${String(kept.length)} of 10 still answer (${kept.join(', ')})`],
        };
      };
    },
  },
];
