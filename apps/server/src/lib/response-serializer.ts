// The response serializer of every route: fastify-type-provider-zod's (the contract's zod schema
// encodes and checks the answer, then JSON.stringify), except for response schemas marked with
// fastJsonResponse, which are written by fast-json-stringify from the JSON Schema the same zod
// schema converts to. The zod contract stays the one source of the types: the handler's answer is
// typed by it, and the JSON Schema is derived from it.
//
// Why: a page of 20 lifts took ~160 µs to encode through zod and ~30 µs through fast-json-stringify
// (a fifth of the server's CPU per GET /lift under bench:http). What is given up on a marked route
// is the run-time check of the answer's values (formats, enums); missing required fields still
// fail, and properties the schema does not name are still left out. Mark only plain data schemas:
// zod transforms, codecs and refinements have no JSON Schema and make its first answer fail.
//
// fast-json-stringify (and the ajv it brings) is loaded, and a marked schema compiled, on the first
// answer that needs it rather than at start, where loading it cost a restart ~0.2 s.
import type fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lazyModule } from './lazy-module.ts';

const fastJson = lazyModule<typeof fastJsonStringify>('fast-json-stringify');

const marked = new WeakSet<z.ZodType>();

/**
 * Marks a response schema (the object itself, so every route answering with it) to be serialized
 * by fast-json-stringify; answers the same schema, so the route keeps its zod types.
 */
export function fastJsonResponse<T extends z.ZodType>(schema: T): T {
  marked.add(schema);
  return schema;
}

type JsonSchema = Record<string, unknown>;

/** Keywords that only validate: fast-json-stringify writes values, it does not check them. */
const validationOnly = new Set(['$schema', 'pattern', 'format', 'minimum', 'maximum', 'minLength', 'maxLength']);

/**
 * Drops validation-only keywords and turns zod's `anyOf: [X, {type: "null"}]` into X with
 * `nullable` (fast-json-stringify picks an anyOf branch by validating the value with ajv at run
 * time; nullable is a plain null check).
 */
function simplified(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplified);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as JsonSchema;
  const anyOf = node.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const [first, second] = anyOf as JsonSchema[];
    const isNull = (s: JsonSchema | undefined) => s?.type === 'null' && Object.keys(s).length === 1;
    const other = isNull(second) ? first : isNull(first) ? second : undefined;
    if (other) {
      const rest = Object.fromEntries(Object.entries(node).filter(([key]) => key !== 'anyOf'));
      return { ...(simplified(other) as JsonSchema), ...(simplified(rest) as JsonSchema), nullable: true };
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (validationOnly.has(key)) continue;
    // `properties` maps names to schemas: a property may be called like a keyword.
    out[key] =
      key === 'properties' && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([name, property]) => [name, simplified(property)]))
        : simplified(value);
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles for a marked zod schema (exported for its test). */
export function fastJsonSchemaOf(schema: z.ZodType): JsonSchema {
  return simplified(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }),
  ) as JsonSchema;
}

type ZodSerializerRoute = Parameters<typeof zodSerializerCompiler>[0];

export const responseSerializerCompiler: FastifySerializerCompiler<ZodSerializerRoute['schema']> = (route) => {
  const { schema } = route;
  if (schema instanceof z.ZodType && marked.has(schema)) {
    let write: ((value: unknown) => string) | undefined;
    return (value) =>
      (write ??= fastJson()(fastJsonSchemaOf(schema) as unknown as Parameters<typeof fastJsonStringify>[0]))(value);
  }
  return zodSerializerCompiler(route);
};
