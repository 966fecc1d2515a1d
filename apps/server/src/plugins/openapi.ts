// OpenAPI generated from the zod contracts on every route, at /liftwacht/openapi.json, with a
// browsable page at /liftwacht/docs. Each operation carries x-liftwacht-access (public,
// authenticated or the permission it needs), which the authorization matrix test is generated from.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** JSON Schema of a multipart/form-data body's parts, for the OpenAPI document only. */
    multipartBody?: Record<string, unknown>;
  }
}

export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Liftwacht API',
          description: 'Lift and alarm-phone availability portal. Errors: { error: { code, message, field? } }.',
          version: '1',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: (input) => {
        const output = jsonSchemaTransform(input);
        const access = input.route.config?.access ?? 'public';
        // A multipart route reads its parts as a stream, so it has no body schema to validate
        // with; it documents the parts instead, and the security harness reads them from here.
        const multipartBody = input.route.config?.multipartBody;
        const body = multipartBody ? { body: multipartBody, consumes: ['multipart/form-data'] } : {};
        return { ...output, schema: { ...output.schema, ...body, 'x-liftwacht-access': access } };
      },
    });
    await app.register(swaggerUi, { routePrefix: '/liftwacht/docs' });
    app.get('/liftwacht/openapi.json', { schema: { hide: true } }, () => Promise.resolve(app.swagger()));
  },
  { name: 'openapi' },
);
