// Reads the import upload: one `file` part and the `organisationId` field of a multipart/form-data
// request, within the limits registered for this module (lib/multipart-form.ts reads the parts).
import type { FastifyRequest } from 'fastify';
import {
  liftImportLimits,
  liftImportOrganisationField,
  liftImportOrganisationSchema,
} from '@liftwacht/contracts/lift-spreadsheets';
import { badRequest } from '../../lib/app-error.ts';
import { readMultipartForm } from '../../lib/multipart-form.ts';
import type { Upload } from './lift-imports.service.ts';

const megabytes = liftImportLimits.maxBytes / (1024 * 1024);

/** The request body as OpenAPI shows it (plugins/openapi.ts publishes config.multipartBody). */
export const multipartUploadDoc = {
  type: 'object',
  required: ['file', liftImportOrganisationField],
  properties: {
    file: { type: 'string', format: 'binary', description: `.csv or .xlsx, at most ${megabytes} MB` },
    [liftImportOrganisationField]: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  },
};

export async function readUpload(request: FastifyRequest): Promise<Upload> {
  const { file, fields } = await readMultipartForm(request, {
    fileField: 'file',
    fieldNames: [liftImportOrganisationField],
    maxBytes: liftImportLimits.maxBytes,
    fallbackName: 'import',
    tooManyParts: `Send one file and the ${liftImportOrganisationField} field, nothing more`,
  });
  if (!file) throw badRequest('validation_failed', 'file: a .csv or .xlsx file is required', 'file');
  const organisationId = liftImportOrganisationSchema.safeParse(Number(fields[liftImportOrganisationField] ?? ''));
  if (!organisationId.success) {
    throw badRequest(
      'validation_failed',
      `${liftImportOrganisationField}: must be the id of an organisation`,
      liftImportOrganisationField,
    );
  }
  return { organisationId: organisationId.data, ...file };
}
