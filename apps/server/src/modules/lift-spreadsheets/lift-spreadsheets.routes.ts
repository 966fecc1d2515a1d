// HTTP for lifts in spreadsheets (issue 17): the import template, upload → preview → apply, and
// the export of the lifts list. Multipart is registered in this module's scope only, with the
// import's limits, so no other route accepts file uploads.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  liftExportRequestSchema,
  liftImportApplySchema,
  liftImportIdParamSchema,
  liftImportLimits,
  liftImportPreviewResponseSchema,
  liftImportResultResponseSchema,
  liftImportTemplateQuerySchema,
} from '@liftwacht/contracts/lift-spreadsheets';
import { localDay } from '../../lib/local-day.ts';
import { catalogue } from '../../lib/server-i18n.ts';
import { principalOf } from '../../plugins/auth.ts';
import { LiftImportsRepository } from './lift-imports.repository.ts';
import { LiftImportsService } from './lift-imports.service.ts';
import { multipartUploadDoc, readUpload } from './multipart-upload.ts';
import { spreadsheetLanguage } from './spreadsheet-layout.ts';
import { exportStream, templateFile } from './spreadsheet-writers.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['lift-spreadsheets'];

const contentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const attachment = (name: string) => `attachment; filename="${name}"`;

export function liftSpreadsheetsRoutes(app: FastifyInstance): void {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: liftImportLimits.maxBytes,
        files: 1,
        fields: 4,
        fieldSize: 1024,
        fieldNameSize: 100,
        parts: 6,
        headerPairs: 20,
      },
    });
    routes(scope);
  });
}

function routes(app: FastifyInstance): void {
  const service = new LiftImportsService(
    new LiftImportsRepository(app.db),
    app.liftWrites,
    { inspections: app.inspections.imports, visits: app.visits.imports },
    app.access,
    app.audit,
    app.clock,
    app.liftImports.workers,
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const canManage = app.guard('lifts.manage');

  r.get(
    '/admin/lift-imports/template',
    {
      schema: {
        tags,
        summary: 'The lift import template (.csv or .xlsx): the column headers in the language and an example row',
        security: bearer,
        querystring: liftImportTemplateQuerySchema,
      },
      ...canManage,
    },
    async (request, reply) => {
      const { format, language: locale } = request.query;
      const language = spreadsheetLanguage(locale);
      const name = `${catalogue(language)['lift-spreadsheets'].files.template}.${format}`;
      return reply
        .type(contentTypes[format])
        .header('content-disposition', attachment(name))
        .send(await templateFile(format, language));
    },
  );

  r.post(
    '/admin/lift-imports',
    {
      schema: {
        tags,
        summary: 'Upload a .csv or .xlsx of lifts (multipart: file, organisationId); answers the preview',
        security: bearer,
        response: { 201: liftImportPreviewResponseSchema },
      },
      onRequest: canManage.onRequest,
      // The body is not validated by a schema (multipart is read as a stream): only documented.
      config: { ...canManage.config, multipartBody: multipartUploadDoc },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      const preview = await service.upload(principalOf(request), upload);
      return reply.code(201).send({ data: preview });
    },
  );

  r.get(
    '/admin/lift-imports/:id',
    {
      schema: {
        tags,
        summary: 'The preview of an uploaded import again, checked against the lifts as they are now',
        security: bearer,
        params: liftImportIdParamSchema,
        response: { 200: liftImportPreviewResponseSchema },
      },
      ...canManage,
    },
    async (request) => ({ data: await service.preview(principalOf(request), request.params.id) }),
  );

  r.post(
    '/admin/lift-imports/:id/apply',
    {
      schema: {
        tags,
        summary:
          'Apply an import in one transaction: every row or none (422 with errors or unknown columns not ignored, 409 when stale or applied)',
        security: bearer,
        params: liftImportIdParamSchema,
        // Optional: without a body no unknown column is ignored.
        body: liftImportApplySchema.nullish(),
        response: { 200: liftImportResultResponseSchema },
      },
      ...canManage,
    },
    async (request) => ({
      data: await service.apply(request, principalOf(request), request.params.id, request.body ?? undefined),
    }),
  );

  r.post(
    '/lift/export',
    {
      schema: {
        tags,
        summary: 'The lifts list (search or advanced criteria, sort) as a .csv or .xlsx file, every matching lift',
        security: bearer,
        body: liftExportRequestSchema,
      },
      ...app.guard('lifts.list'),
    },
    async (request, reply) => {
      const { format, language: locale, ...selection } = request.body;
      const language = spreadsheetLanguage(locale);
      // Scope and criteria are checked here, so refusals still answer as JSON errors.
      const batches = await app.liftList.batchesWithRecords(principalOf(request), selection);
      const name = `${catalogue(language)['lift-spreadsheets'].files.export}-${localDay(app.clock.now())}.${format}`;
      return reply
        .type(contentTypes[format])
        .header('content-disposition', attachment(name))
        .send(exportStream(format, language, batches));
    },
  );
}
