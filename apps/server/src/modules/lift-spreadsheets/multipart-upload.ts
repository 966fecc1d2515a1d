// Reads the import upload: one `file` part and the `organisationId` field of a multipart/form-data
// request, within the limits registered for this module. @fastify/multipart's limit errors become
// the API's envelope with a message that states the limit.
import type { FastifyRequest } from 'fastify';
import {
  liftImportLimits,
  liftImportOrganisationField,
  liftImportOrganisationSchema,
} from '@liftwacht/contracts/lift-spreadsheets';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { excerpt } from '../../lib/excerpt.ts';
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
  if (!request.isMultipart()) {
    throw new AppError(415, 'unsupported_media_type', 'Send the file as multipart/form-data');
  }
  let file: { fileName: string; content: Buffer } | undefined;
  let organisation: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') file = { fileName: fileNameOf(part.filename), content: await part.toBuffer() };
        else part.file.resume();
      } else if (part.fieldname === liftImportOrganisationField) {
        organisation = part.valueTruncated ? '' : String(part.value);
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (!file) throw badRequest('validation_failed', 'file: a .csv or .xlsx file is required', 'file');
  const organisationId = liftImportOrganisationSchema.safeParse(Number(organisation ?? ''));
  if (!organisationId.success) {
    throw badRequest(
      'validation_failed',
      `${liftImportOrganisationField}: must be the id of an organisation`,
      liftImportOrganisationField,
    );
  }
  return { organisationId: organisationId.data, ...file };
}

/** The name without any path, control characters or excess length (it is only shown, never used). */
function fileNameOf(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- exactly these characters are dropped
  const shown = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return excerpt(shown || 'import', 200);
}

function uploadError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, 'payload_too_large', `The file is larger than the limit of ${megabytes} MB`, 'file');
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError(
      413,
      'payload_too_large',
      `Send one file and the ${liftImportOrganisationField} field, nothing more`,
    );
  }
  // Busboy's complaints about a malformed body (no boundary, an unexpected end).
  return badRequest('malformed_request', 'The multipart/form-data body could not be read');
}
