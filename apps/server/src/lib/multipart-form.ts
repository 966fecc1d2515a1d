// Reads a multipart/form-data upload (one file and a few text fields) within the limits the route's
// scope registered @fastify/multipart with. Shared by the lift import and the inspection
// certificate; @fastify/multipart's limit errors become the API's envelope with a message that
// states the limit.
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './app-error.ts';
import { excerpt } from './excerpt.ts';

export interface UploadedFile {
  /** Only shown (and offered back as a download name), never used as a path. */
  fileName: string;
  content: Buffer;
}

export interface MultipartForm {
  file: UploadedFile | undefined;
  /** The named text fields that came; a truncated value reads as ''. */
  fields: Partial<Record<string, string>>;
}

export interface MultipartFormSpec {
  fileField: string;
  fieldNames: readonly string[];
  maxBytes: number;
  /** The name a file without one gets. */
  fallbackName: string;
  /** What to send instead, for a body with more parts than the limits allow. */
  tooManyParts: string;
}

export async function readMultipartForm(request: FastifyRequest, spec: MultipartFormSpec): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'unsupported_media_type', 'Send the file as multipart/form-data');
  }
  let file: UploadedFile | undefined;
  const fields: Partial<Record<string, string>> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === spec.fileField) {
          file = { fileName: fileNameOf(part.filename, spec.fallbackName), content: await part.toBuffer() };
        } else part.file.resume();
      } else if (spec.fieldNames.includes(part.fieldname)) {
        fields[part.fieldname] = part.valueTruncated ? '' : String(part.value);
      }
    }
  } catch (err) {
    throw uploadError(err, spec);
  }
  return { file, fields };
}

/** The name without any path, control characters or excess length. */
function fileNameOf(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- exactly these characters are dropped
  const shown = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return excerpt(shown || fallback, 200);
}

function uploadError(err: unknown, spec: MultipartFormSpec): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const megabytes = spec.maxBytes / (1024 * 1024);
    return new AppError(
      413,
      'payload_too_large',
      `The file is larger than the limit of ${String(megabytes)} MB`,
      spec.fileField,
    );
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError(413, 'payload_too_large', spec.tooManyParts);
  }
  // Busboy's complaints about a malformed body (no boundary, an unexpected end).
  return badRequest('malformed_request', 'The multipart/form-data body could not be read');
}
