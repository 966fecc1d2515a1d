// Routes validate with their zod schemas (fastify-type-provider-zod) and serialize with zod, or
// fast-json-stringify where a hot read is marked (lib/response-serializer.ts). Given to Fastify as
// its compilers factory rather than set on the instance afterwards, so Fastify never loads its
// default compilers (ajv and fast-json-stringify) at start: requiring them was the largest single
// piece of a restart (bench:start).
import type { FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { responseSerializerCompiler } from '../lib/response-serializer.ts';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

// Fastify types the factories for ajv's schema and option shapes; at run time it only calls each
// factory for the compiler it hands every route, which is what these return.
export const zodCompilersFactory: CompilersFactory = {
  buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
  buildSerializer: (() => responseSerializerCompiler) as unknown as CompilersFactory['buildSerializer'],
};
