// The operations the app publishes in /liftwacht/openapi.json, as the security harness reads them:
// method, path, access level (x-liftwacht-access), parameters and body schema; and how a RouteCall
// of the operation table becomes an inject request.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { multipartBody } from '../test-support/multipart-body.ts';
import type { RouteCall } from './operation-calls.ts';

/** The part of JSON Schema the harness reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  nullable?: boolean;
}

export interface OperationParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** `METHOD path` as in openapi.json, e.g. `GET /liftwacht/lift/{id}`: the operation table's key. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** public, module-key, authenticated or a permission of packages/contracts/src/permissions.ts. */
  access: string;
  parameters: OperationParameter[];
  body?: JsonSchema;
  /** The parts of a multipart/form-data body (an upload), instead of a JSON body. */
  multipart?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { 'x-liftwacht-access'?: string; parameters?: unknown[]; requestBody?: unknown }>
  >;
}

export async function readOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/liftwacht/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json answered ${res.statusCode}`);
  const doc = res.json<OpenApiDocument>();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Operation['method'];
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
      const body = content?.['application/json']?.schema;
      const multipart = content?.['multipart/form-data']?.schema;
      operations.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        // An operation without the extension is a route that skipped app.guard: the matrix treats
        // it as public and so expects it to answer anonymous callers, which shows it up.
        access: op['x-liftwacht-access'] ?? 'public',
        parameters: (op.parameters ?? []) as OperationParameter[],
        ...(body ? { body } : {}),
        ...(multipart ? { multipart } : {}),
      });
    }
  }
  return operations;
}

/** The path with its `{name}` parameters filled in (URL-encoded). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function queryString(query: RouteCall['query'] = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const v of value as (string | number)[]) search.append(name, String(v));
    else search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The call's body as bytes or JSON, and the content type a multipart body needs. */
export function callPayload(call: RouteCall): { payload?: InjectOptions['payload']; contentType?: string } {
  if (call.multipart) return multipartBody(call.multipart);
  return call.body !== undefined ? { payload: call.body as InjectOptions['payload'] } : {};
}

/** An inject request for the call, with the caller's headers (credentials) on top of the call's own. */
export function injectOptions(
  operation: Operation,
  call: RouteCall,
  headers: Record<string, string> = {},
): InjectOptions {
  const { payload, contentType } = callPayload(call);
  return {
    method: operation.method,
    url: fillPath(operation.path, call.params) + queryString(call.query),
    headers: { ...call.headers, ...(contentType ? { 'content-type': contentType } : {}), ...headers },
    ...(payload !== undefined ? { payload } : {}),
  };
}
