// A multipart/form-data request body for tests and the security harness, as a browser's FormData
// sends it: text fields, then files with a name and a content type.
import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface MultipartParts {
  fields?: Record<string, string>;
  files?: Record<string, MultipartFile>;
}

export function multipartBody(parts: MultipartParts): { payload: Buffer; contentType: string } {
  const boundary = `----liftwacht${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  const text = (s: string) => chunks.push(Buffer.from(s, 'utf8'));
  for (const [name, value] of Object.entries(parts.fields ?? {})) {
    text(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  for (const [name, file] of Object.entries(parts.files ?? {})) {
    text(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.fileName}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
    );
    chunks.push(file.content);
    text('\r\n');
  }
  text(`--${boundary}--\r\n`);
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
