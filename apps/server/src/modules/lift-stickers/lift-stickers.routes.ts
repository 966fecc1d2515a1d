// HTTP for the sticker sheet (issue 18): POST /admin/lift-stickers answers the PDF as a streamed
// attachment, in the language the body names (the web app sends the user's).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  liftStickersFileName,
  liftStickersRequestSchema,
  liftStickersResponseSchema,
} from '@liftwacht/contracts/lift-stickers';
import { catalogue, languageOf } from '../../lib/server-i18n.ts';
import { principalOf } from '../../plugins/auth.ts';
import { LiftStickersService } from './lift-stickers.service.ts';
import { renderStickerSheet } from './sticker-sheet.ts';

/** Register after liftListPlugin: the sheet holds the lifts of app.liftList. */
export function liftStickersRoutes(app: FastifyInstance): void {
  const service = new LiftStickersService(app.access, app.liftList, app.config.publicUrl);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/admin/lift-stickers',
    {
      schema: {
        tags: ['lift-stickers'],
        summary: 'A4 sheet of QR stickers (3 × 7), one per lift of the organisation, the chosen lifts or the list',
        security: [{ bearerAuth: [] }],
        body: liftStickersRequestSchema,
        response: {
          200: {
            description: 'The PDF, as an attachment named liftwacht-stickers-{organisationId}.pdf',
            content: { 'application/pdf': { schema: liftStickersResponseSchema } },
          },
        },
      },
      ...app.guard('lifts.manage'),
    },
    async (request, reply) => {
      const { language: locale, ...selection } = request.body;
      // Scope is checked here, so refusals still answer as JSON errors.
      const { lifts, urlOf } = await service.lifts(principalOf(request), selection);
      const texts = catalogue(languageOf(locale))['lift-stickers'];
      const pdf = renderStickerSheet({ texts, locale, createdAt: app.clock.now(), lifts, urlOf });
      // The typed reply expects the OpenAPI's binary string; pdfkit's document streams those bytes.
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${liftStickersFileName(selection.organisationId)}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
}
