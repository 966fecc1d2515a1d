// QR stickers for lifts (issue 18 point 1). POST /liftwacht/admin/lift-stickers answers an A4 PDF
// sheet of labels, one per lift of the organisation (all, the chosen `liftIds`, or what the lifts
// list shows for the same search or criteria): lift name, address, SBCL id, and a QR code of the
// lift's page URL marked as coming from a sticker. Needs `lifts.manage`: 404 for an organisation
// outside the caller's scope, 403 for one in scope but not the caller's own (system-admin: any).
import { z } from 'zod';
import { localeSchema } from './auth.ts';
import { idSchema } from './common.ts';
import { liftListQuerySchema, liftSearchCriteriaSchema } from './lifts.ts';

/** At most this many chosen lifts per request; larger selections go through search or criteria. */
export const maxChosenStickerLifts = 1000;

export const liftStickersRequestSchema = z.strictObject({
  language: localeSchema.default('nl'),
  organisationId: idSchema,
  search: liftListQuerySchema.shape.search,
  sort: liftListQuerySchema.shape.sort,
  direction: liftListQuerySchema.shape.direction,
  /** The advanced criteria, when the list shows an advanced search. */
  criteria: liftSearchCriteriaSchema.nullish(),
  /** Only these lifts (e.g. the one of the lift page), still within the organisation and selection. */
  liftIds: z.array(idSchema).min(1).max(maxChosenStickerLifts).optional(),
});
export type LiftStickersRequest = z.input<typeof liftStickersRequestSchema>;

/** The binary answer, for the OpenAPI document. */
export const liftStickersResponseSchema = z.string().meta({ format: 'binary' });

/** The query parameter that marks a lift page opened by scanning its sticker. */
export const stickerQueryParameter = 'sticker';

/** Path of the web page a sticker's QR code opens (after the public base URL). */
export function liftStickerPath(liftId: number): string {
  return `/lifts/${String(liftId)}?${stickerQueryParameter}=1`;
}

export function liftStickersFileName(organisationId: number): string {
  return `liftwacht-stickers-${String(organisationId)}.pdf`;
}
