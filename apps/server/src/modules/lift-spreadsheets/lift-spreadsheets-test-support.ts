// Spreadsheets made by the tests with the same libraries a user's software would produce them
// with (csv-stringify, exceljs), and the requests of the import routes.
import type { LightMyRequestResponse } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { LiftImportApplyInput, LiftImportPreview } from '@liftwacht/contracts/lift-spreadsheets';
import { multipartBody } from '../../test-support/multipart-body.ts';
import type { TestApp } from '../../test-support/test-app.ts';

export type TestCell = ExcelJS.CellValue;

export function csvFile(rows: readonly (readonly (string | number)[])[], delimiter: ';' | ',', bom = false): Buffer {
  const text = stringify(rows as (string | number)[][], { delimiter });
  return Buffer.from((bom ? '\ufeff' : '') + text, 'utf8');
}

export async function xlsxFile(rows: readonly (readonly TestCell[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Blad1');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** POST /admin/lift-imports with the file and the organisation, as the browser's FormData sends it. */
export function uploadRequest(content: Buffer, organisationId: number | string, fileName = 'liften.csv') {
  const { payload, contentType } = multipartBody({
    fields: { organisationId: String(organisationId) },
    files: { file: { fileName, contentType: 'application/octet-stream', content } },
  });
  return {
    method: 'POST' as const,
    url: '/liftwacht/admin/lift-imports',
    payload,
    headers: { 'content-type': contentType },
  };
}

export function importClient(t: TestApp) {
  const tokens = new Map<string, string>();
  const auth = async (username: string) => {
    let token = tokens.get(username);
    if (!token) {
      token = await t.login(username);
      tokens.set(username, token);
    }
    return { authorization: `Bearer ${token}` };
  };
  return {
    auth,
    upload: async (
      username: string,
      content: Buffer,
      organisationId: number | string,
      fileName?: string,
    ): Promise<LightMyRequestResponse> => {
      const request = uploadRequest(content, organisationId, fileName);
      return t.app.inject({ ...request, headers: { ...request.headers, ...(await auth(username)) } });
    },
    preview: async (username: string, id: string) =>
      t.app.inject({ method: 'GET', url: `/liftwacht/admin/lift-imports/${id}`, headers: await auth(username) }),
    apply: async (username: string, id: string, body?: LiftImportApplyInput) =>
      t.app.inject({
        method: 'POST',
        url: `/liftwacht/admin/lift-imports/${id}/apply`,
        headers: await auth(username),
        ...(body === undefined ? {} : { payload: body }),
      }),
  };
}

export const previewOf = (res: LightMyRequestResponse): LiftImportPreview =>
  res.json<{ data: LiftImportPreview }>().data;
