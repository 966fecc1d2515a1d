// Downloads an authenticated file (an export, a template) and hands it to the browser under the
// name the server gave it, so the bearer token travels as with any other call.
import { apiRequestResponse, type HttpMethod, type QueryParameters } from './api-client.ts';
import { saveFile } from './save-file.ts';

/**
 * The file name of a Content-Disposition header: the RFC 5987 `filename*=UTF-8''…` form first
 * (names with accents), else the plain `filename="…"`; null when there is none.
 */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
  return plain === undefined || plain === '' ? null : plain;
}

interface DownloadOptions {
  body?: unknown;
  query?: QueryParameters;
  /** Used when the answer names no file. */
  fallbackName: string;
}

export async function downloadFile(method: HttpMethod, path: string, options: DownloadOptions): Promise<string> {
  const response = await apiRequestResponse(method, path, { body: options.body, query: options.query });
  const fileName = fileNameOf(response.headers.get('Content-Disposition')) ?? options.fallbackName;
  saveFile(await response.blob(), fileName);
  return fileName;
}
