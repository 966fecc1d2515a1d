// HTTP for inspections (issue 18): a lift's inspections, recording one with its certificate
// (multipart, registered in this module's scope only, with the certificate's limits), and the
// certificate back as it was uploaded.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  inspectionCertificateField,
  inspectionIdParamSchema,
  inspectionLimits,
  inspectionResponseSchema,
  liftInspectionsQuerySchema,
  liftInspectionsResponseSchema,
  recordInspectionFieldsSchema,
  type RecordInspectionFields,
} from '@liftwacht/contracts/inspections';
import { liftIdParamSchema } from '@liftwacht/contracts/lifts';
import { badRequest } from '../../lib/app-error.ts';
import { readMultipartForm, type UploadedFile } from '../../lib/multipart-form.ts';
import { principalOf } from '../../plugins/auth.ts';
import { idempotencyHeaders } from '../../plugins/idempotency.ts';
import { InspectionsRepository } from './inspections.repository.ts';
import { InspectionsService } from './inspections.service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['inspections'];
const fieldNames = ['inspectedOn', 'kind', 'result', 'findings', 'validUntil'] as const;

/** The request body as OpenAPI shows it (plugins/openapi.ts publishes config.multipartBody). */
const recordBodyDoc = {
  type: 'object',
  required: ['inspectedOn', 'kind', 'result'],
  properties: {
    inspectedOn: { type: 'string', format: 'date' },
    kind: {
      type: 'string',
      enum: ['commissioning_inspection', 'modification_inspection', 'periodic_inspection', 'assistance_inspection'],
    },
    result: { type: 'string', enum: ['approved', 'rejected'] },
    findings: { type: 'string', maxLength: inspectionLimits.findings },
    validUntil: { type: 'string', format: 'date' },
    [inspectionCertificateField]: { type: 'string', format: 'binary', description: 'PDF, at most 10 MB' },
  },
};

export function inspectionsRoutes(app: FastifyInstance): void {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: inspectionLimits.certificateBytes,
        files: 1,
        fields: fieldNames.length + 2,
        fieldSize: inspectionLimits.findings * 4,
        fieldNameSize: 100,
        parts: fieldNames.length + 4,
        headerPairs: 20,
      },
    });
    routes(scope);
  });
}

async function readRecording(
  request: FastifyRequest,
): Promise<{ fields: RecordInspectionFields; file?: UploadedFile }> {
  const form = await readMultipartForm(request, {
    fileField: inspectionCertificateField,
    fieldNames,
    maxBytes: inspectionLimits.certificateBytes,
    fallbackName: 'keuringscertificaat.pdf',
    tooManyParts: `Send the fields ${fieldNames.join(', ')} and one ${inspectionCertificateField}, nothing more`,
  });
  const parsed = recordInspectionFieldsSchema.safeParse(form.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.');
    const field = path === '' ? undefined : path;
    throw badRequest('validation_failed', `${field ?? 'body'}: ${issue?.message ?? 'invalid'}`, field);
  }
  return { fields: parsed.data, ...(form.file ? { file: form.file } : {}) };
}

function routes(app: FastifyInstance): void {
  const service = new InspectionsService(new InspectionsRepository(app.db), app.access, app.clock, {
    events: app.liftEvents,
    audit: app.audit,
    idempotency: app.idempotency,
    committed: (organisationId) => {
      // Stored is stored: failing to tell mail and browsers must not fail the request.
      try {
        app.mailQueue.wake();
        app.realtime.publisher.organisationChanged(organisationId, ['events']);
      } catch (err) {
        app.log.error({ err }, 'could not announce a recorded inspection');
      }
    },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const canView = app.guard('lifts.view');
  const canRecord = app.guard('inspections.record');

  r.get(
    '/lift/:id/inspections',
    {
      schema: {
        tags,
        summary: "The lift's inspections, newest first, and when the next one is due",
        security: bearer,
        params: liftIdParamSchema,
        querystring: liftInspectionsQuerySchema,
        response: { 200: liftInspectionsResponseSchema },
      },
      ...canView,
    },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await service.liftInspections(principalOf(request), request.params.id, request.query);
      return { data: { ...page, pagination: { limit, offset } } };
    },
  );

  r.post(
    '/lift/:id/inspections',
    {
      schema: {
        tags,
        summary:
          'Record an inspection (multipart: the fields and an optional certificate PDF of at most 10 MB; a repeat with the same Idempotency-Key answers the first answer)',
        security: bearer,
        params: liftIdParamSchema,
        headers: idempotencyHeaders,
        response: { 201: inspectionResponseSchema },
      },
      onRequest: canRecord.onRequest,
      // Multipart is read as a stream, not validated by a body schema: only documented.
      config: { ...canRecord.config, multipartBody: recordBodyDoc },
    },
    async (request, reply) => {
      const { fields, file } = await readRecording(request);
      const inspection = await service.record(request, reply, request.params.id, fields, file);
      return reply.send({ data: inspection });
    },
  );

  r.get(
    '/inspections/:inspectionId/certificate',
    {
      schema: {
        tags,
        summary: "An inspection's certificate PDF as it was uploaded (404 without one or outside your organisations)",
        security: bearer,
        params: inspectionIdParamSchema,
      },
      ...canView,
    },
    async (request, reply) => {
      const certificate = await service.certificate(principalOf(request), request.params.inspectionId);
      const name = certificate.fileName.replace(/[^\w. -]/g, '_');
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(certificate.fileName)}`,
        )
        .send(Buffer.from(certificate.content));
    },
  );
}
