import type { LiftStickersRequest } from '@liftwacht/contracts/lift-stickers';
import { downloadFile } from '../../../lib/download-file.ts';

/** POST /liftwacht/admin/lift-stickers: the sticker sheet PDF, saved under the server's file name. */
export function printStickers(request: LiftStickersRequest): Promise<string> {
  return downloadFile('POST', '/admin/lift-stickers', {
    body: request,
    fallbackName: `liftwacht-stickers-${String(request.organisationId)}.pdf`,
  });
}
