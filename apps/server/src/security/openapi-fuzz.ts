// Bad requests for every operation of /liftwacht/openapi.json, generated from its schema and a
// valid call of the operation table: wrong types, missing and extra fields, huge and odd strings,
// bad dates, extreme numbers, deep nesting, broken JSON, wrong content types, long paths. One
// module for the bounded run in `npm test` (openapi-fuzz.test.ts) and long runs (`npm run fuzz`),
// so both send the same requests for the same seed.
import type { FastifyInstance } from 'fastify';
import type { RoleName } from '@liftwacht/contracts/auth';
import { hasPermission, rolePermissions, type Permission } from '@liftwacht/contracts/permissions';
import { multipartBody, type MultipartParts } from '../test-support/multipart-body.ts';
import { mulberry32, seedOf } from '../test-support/seeded-random.ts';
import { isErrorEnvelope } from './error-envelope.ts';
import type { QueryValue, RouteCall } from './operation-calls.ts';
import type { JsonSchema, Operation, OperationParameter } from './openapi-operations.ts';

/** Who sends a case: nobody, a role whose permissions cover the operation, or the module key (ingest). */
export type Credential = { kind: 'anonymous' } | { kind: 'role'; role: RoleName } | { kind: 'module-key' };

/** An operation and a valid call of it, without credentials (the runner adds those). */
export interface FuzzTarget {
  operation: Operation;
  call: RouteCall;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface FuzzCase {
  operation: string;
  index: number;
  mutation: string;
  credential: Credential;
  request: FuzzRequest;
  /** Long strings of the request that must not come back in full. */
  probes: string[];
}

export interface FuzzOutcome {
  fuzzCase: FuzzCase;
  status: number;
  ms: number;
  problems: string[];
}

/** No response may take longer (DESIGN: the portal stays responsive whatever a client sends). */
export const slowResponseMs = 2000;
/**
 * A request accepted with a document (a report PDF, a CSV or XLSX export) is ordinary work, timed by
 * its own benchmark (bench:report, bench:export): a 2 s bound on it measured the machine, not the
 * input (a PDF once took 2.3 s on a loaded CI machine). It still may not hang.
 */
export const slowDocumentMs = 15_000;
/** A response may quote this much of a long request value, not more. */
export const maxEchoChars = 256;

const wrongTypes = [
  'abc',
  'true',
  '1.5',
  '-1',
  '0',
  '',
  ' ',
  'NaN',
  'Infinity',
  '0x1F',
  ' 1',
  '+1',
  '１２',
  '٣',
  '1,2',
];
const extremeNumbers = [
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  '2147483648',
  '-2147483649',
  '4294967296',
  '1e309',
  '-1e309',
  '1e-400',
  '-0',
  '1e21',
];
const badDates = [
  '../../etc/passwd',
  '0001-01-01',
  '9999-12-31',
  '2026-02-30',
  '2023-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-1-1',
  '20260310',
  '2026-03-10T25:00:00Z',
  '-0001-01-01',
  '+275760-09-13',
  '1970-01-01',
  '2026-W11',
];
const oddStrings = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f',
  '\r\n\r\nX-Injected: 1',
  '\u202eevil',
  '\ud800',
  '\udfff\ud800',
  '\ufeff',
  '🛗🚨',
  'e\u0301\u0301\u0301\u0301\u0301',
  '\u2028\u2029',
  'İı',
  "' or 1=1 --",
  '"; drop table lifts; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '%00',
  '%',
  '__proto__',
  '..\\..\\windows',
];
/** Raw JSON texts put in place of a field: numbers JSON.stringify cannot write, and odd values. */
const extremeJsonNumbers = ['1e400', '-1e400', '9007199254740993', '123456789012345678901234567890', '-0', '1.0e-400'];
const badJsonValues: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  '',
  'abc',
  [],
  [1, 2, 3],
  {},
  { $gt: '' },
  { toString: 'x', valueOf: 'y' },
];
const malformedJson = [
  '{',
  '{"a":',
  '{a:1}',
  "{'a':1}",
  '[1,2',
  'nul',
  '{"a":1,}',
  '{"a":1}{"b":2}',
  '\u0000{}',
  '{"a":"\\ud800"}',
  '{"a":1e999999}',
  '01',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  ' ',
  '\ufeff{}',
];
const contentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/vnd.api+json',
  '*/*',
  'application/json, text/plain',
];

interface Draft {
  params: Record<string, string>;
  query: [string, string][];
  /** json: serialised here (with raw JSON texts in place of placeholders); raw: sent as is. */
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; payload: string | Buffer };
  raw: Map<string, string>;
  contentType: string | null;
  headers: Record<string, string>;
  pathSuffix: string;
}

interface Context {
  random: () => number;
  operation: Operation;
  draft: Draft;
  probes: string[];
}

function pick<T>(random: () => number, items: readonly T[]): T | undefined {
  return items[Math.floor(random() * items.length)];
}

function pickOr<T>(random: () => number, items: readonly T[], fallback: T): T {
  return pick(random, items) ?? fallback;
}

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A long string of the case's random letters, remembered for the echo check. */
function probe(c: Context, length: number): string {
  let chunk = '';
  for (let i = 0; i < 64; i++) chunk += letters[Math.floor(c.random() * letters.length)] ?? 'x';
  const value = chunk.repeat(Math.ceil(length / 64)).slice(0, length);
  c.probes.push(value);
  return value;
}

/** Escapes a value for a one-line description. */
function show(value: unknown): string {
  // JSON.stringify(undefined) is undefined at run time, whatever its declared type says.
  const json = JSON.stringify(value) as string | undefined;
  const text = typeof value === 'string' ? value : (json ?? 'undefined');
  const short = text.length > 40 ? `${text.slice(0, 40)}…(${text.length} chars)` : text;
  return JSON.stringify(short);
}

function rawPlaceholder(c: Context, json: string): string {
  const key = `__fuzz_raw_${c.draft.raw.size}__`;
  c.draft.raw.set(key, json);
  return key;
}

function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

function pathParameters(operation: Operation): OperationParameter[] {
  return operation.parameters.filter((p) => p.in === 'path');
}

function queryParameters(operation: Operation): OperationParameter[] {
  return operation.parameters.filter((p) => p.in === 'query');
}

const isDate = (schema: JsonSchema | undefined) => schema?.format === 'date';
/** Text a client chooses freely: no enum, format or pattern stops a control character at the door. */
const isFreeText = (schema: JsonSchema | undefined) =>
  schema?.type === 'string' && !schema.enum && !schema.format && !schema.pattern;
const isNumeric = (schema: JsonSchema | undefined) => schema?.type === 'integer' || schema?.type === 'number';

/** Bad text values suited to the parameter's type, with any other bad value now and then. */
function badText(random: () => number, schema: JsonSchema | undefined): string {
  const suited = isNumeric(schema)
    ? [...wrongTypes, ...extremeNumbers]
    : isDate(schema)
      ? badDates
      : [...oddStrings, ...wrongTypes];
  const all = [...wrongTypes, ...extremeNumbers, ...badDates, ...oddStrings];
  return pickOr(random, random() < 0.75 ? suited : all, 'abc');
}

interface Field {
  path: (string | number)[];
  schema: JsonSchema;
  required: boolean;
}

/** The body's fields from its schema, nested objects and first array items included (three levels). */
function bodyFields(schema: JsonSchema | undefined, prefix: (string | number)[] = [], depth = 0): Field[] {
  if (!schema || depth > 3) return [];
  const fields: Field[] = [];
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, name];
    fields.push({ path, schema: property, required: required.has(name) });
    fields.push(...bodyFields(property, path, depth + 1));
    if (property.items) {
      fields.push({ path: [...path, 0], schema: property.items, required: false });
      fields.push(...bodyFields(property.items, [...path, 0], depth + 1));
    }
  }
  return fields;
}

function clone(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/** Sets (or with `remove`, deletes) the value at path, creating objects and arrays on the way. */
function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  const top: unknown = typeof root === 'object' && root !== null ? root : {};
  let node = top as Record<string | number, unknown>;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      if (remove) Reflect.deleteProperty(node, key);
      else node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  return top;
}

function jsonBody(c: Context): unknown {
  return c.draft.body.kind === 'json' ? clone(c.draft.body.value) : {};
}

function setField(c: Context, field: Field, value: unknown): void {
  c.draft.body = { kind: 'json', value: setAt(jsonBody(c), field.path, value) };
}

const fieldName = (field: Field) => field.path.join('.');

interface Mutation {
  name: string;
  applies: (operation: Operation) => boolean;
  apply: (c: Context) => string;
}

const hasPathParameters = (o: Operation) => pathParameters(o).length > 0;
const hasQuery = (o: Operation) => queryParameters(o).length > 0;
const hasBody = (o: Operation) => bodyFields(o.body).length > 0;
const always = () => true;

function pickField(c: Context, filter: (field: Field) => boolean = always): Field | undefined {
  const fields = bodyFields(c.operation.body);
  return pick(c.random, fields.filter(filter).length > 0 ? fields.filter(filter) : fields);
}

function pickQuery(c: Context, filter: (p: OperationParameter) => boolean = always): OperationParameter | undefined {
  const parameters = queryParameters(c.operation);
  const suited = parameters.filter(filter);
  return pick(c.random, suited.length > 0 ? suited : parameters);
}

function setQuery(c: Context, name: string, values: string[]): void {
  c.draft.query = [...c.draft.query.filter(([n]) => n !== name), ...values.map((v): [string, string] => [name, v])];
}

/** Every kind of bad input; a case applies one to the valid call. */
export const mutations: readonly Mutation[] = [
  {
    name: 'path parameter of the wrong type or range',
    applies: hasPathParameters,
    apply: (c) => {
      const parameter = pick(c.random, pathParameters(c.operation));
      if (!parameter) return 'no path parameter';
      const value = badText(c.random, parameter.schema);
      c.draft.params[parameter.name] = value;
      return `path ${parameter.name} = ${show(value)}`;
    },
  },
  {
    name: 'path parameter of 10 KB',
    applies: hasPathParameters,
    apply: (c) => {
      const parameter = pick(c.random, pathParameters(c.operation));
      if (!parameter) return 'no path parameter';
      c.draft.params[parameter.name] = probe(c, 10_000);
      return `path ${parameter.name} = 10 KB`;
    },
  },
  {
    name: 'unknown route under the path, 10 KB long',
    applies: always,
    apply: (c) => {
      c.draft.pathSuffix = `/${probe(c, 10_000)}`;
      return 'path + /<10 KB>';
    },
  },
  {
    name: 'query parameter of the wrong type or range',
    applies: hasQuery,
    apply: (c) => {
      const parameter = pickQuery(c);
      if (!parameter) return 'no query';
      const value = badText(c.random, parameter.schema);
      setQuery(c, parameter.name, [value]);
      return `query ${parameter.name} = ${show(value)}`;
    },
  },
  {
    name: 'query parameter with a bad date',
    applies: (o) => queryParameters(o).some((p) => isDate(p.schema)),
    apply: (c) => {
      const parameter = pickQuery(c, (p) => isDate(p.schema));
      if (!parameter) return 'no query';
      const value = pickOr(c.random, badDates, '2026-02-30');
      setQuery(c, parameter.name, [value]);
      return `query ${parameter.name} = ${show(value)}`;
    },
  },
  {
    name: 'query parameter with control characters or unicode oddities',
    applies: hasQuery,
    apply: (c) => {
      const parameter = pickQuery(c);
      if (!parameter) return 'no query';
      const value = pickOr(c.random, oddStrings, '\u0000');
      setQuery(c, parameter.name, [value]);
      return `query ${parameter.name} = ${show(value)}`;
    },
  },
  {
    name: 'query parameter of 100 KB',
    applies: hasQuery,
    apply: (c) => {
      const parameter = pickQuery(c);
      if (!parameter) return 'no query';
      setQuery(c, parameter.name, [probe(c, 100_000)]);
      return `query ${parameter.name} = 100 KB`;
    },
  },
  {
    name: 'query parameter repeated (an array where a scalar is expected)',
    applies: hasQuery,
    apply: (c) => {
      const parameter = pickQuery(c, (p) => p.schema.type !== undefined);
      if (!parameter) return 'no query';
      const values = ['1', '2', badText(c.random, parameter.schema)];
      setQuery(c, parameter.name, values);
      return `query ${parameter.name} = ${show(values)}`;
    },
  },
  {
    name: 'required query parameter missing',
    applies: (o) => queryParameters(o).some((p) => p.required),
    apply: (c) => {
      const parameter = pickQuery(c, (p) => p.required);
      if (!parameter) return 'no query';
      setQuery(c, parameter.name, []);
      return `query without ${parameter.name}`;
    },
  },
  {
    name: 'unknown query parameters',
    applies: always,
    apply: (c) => {
      const extra: [string, string][] = [
        ['__proto__[isAdmin]', 'true'],
        ['constructor', 'x'],
        ['organisationId[]', '1'],
        [pickOr(c.random, oddStrings, 'x'), pickOr(c.random, oddStrings, 'y')],
      ];
      c.draft.query.push(...extra);
      return `query + ${show(extra)}`;
    },
  },
  {
    // Every free-text field at once, so the fields that reach SQL are sure to get one.
    name: 'NUL character in every free-text field',
    applies: (o) =>
      queryParameters(o).some((p) => isFreeText(p.schema)) || bodyFields(o.body).some((f) => isFreeText(f.schema)),
    apply: (c) => {
      const names: string[] = [];
      for (const parameter of queryParameters(c.operation).filter((p) => isFreeText(p.schema))) {
        setQuery(c, parameter.name, ['a\u0000b']);
        names.push(parameter.name);
      }
      for (const field of bodyFields(c.operation.body).filter((f) => isFreeText(f.schema))) {
        setField(c, field, 'a\u0000b');
        names.push(fieldName(field));
      }
      return `"a\\u0000b" in ${names.join(', ')}`;
    },
  },
  {
    name: 'every date field "../../etc/passwd"',
    applies: (o) =>
      queryParameters(o).some((p) => isDate(p.schema)) || bodyFields(o.body).some((f) => isDate(f.schema)),
    apply: (c) => {
      const names: string[] = [];
      for (const parameter of queryParameters(c.operation).filter((p) => isDate(p.schema))) {
        setQuery(c, parameter.name, ['../../etc/passwd']);
        names.push(parameter.name);
      }
      for (const field of bodyFields(c.operation.body).filter((f) => isDate(f.schema))) {
        setField(c, field, '../../etc/passwd');
        names.push(fieldName(field));
      }
      return names.join(', ');
    },
  },
  {
    name: 'body field of the wrong type',
    applies: hasBody,
    apply: (c) => {
      const field = pickField(c);
      if (!field) return 'no body field';
      const value = pick(c.random, badJsonValues);
      setField(c, field, value);
      return `body ${fieldName(field)} = ${show(value)}`;
    },
  },
  {
    name: 'body field with an extreme number',
    applies: hasBody,
    apply: (c) => {
      const field = pickField(c, (f) => isNumeric(f.schema));
      if (!field) return 'no body field';
      const raw = pickOr(c.random, extremeJsonNumbers, '1e400');
      setField(c, field, rawPlaceholder(c, raw));
      return `body ${fieldName(field)} = ${raw}`;
    },
  },
  {
    name: 'body field with a bad date or odd text',
    applies: hasBody,
    apply: (c) => {
      const field = pickField(c, (f) => f.schema.type === 'string');
      if (!field) return 'no body field';
      const value = badText(c.random, field.schema);
      setField(c, field, value);
      return `body ${fieldName(field)} = ${show(value)}`;
    },
  },
  {
    name: 'body field with control characters or unicode oddities',
    applies: hasBody,
    apply: (c) => {
      const field = pickField(c, (f) => f.schema.type === 'string');
      if (!field) return 'no body field';
      const value = pickOr(c.random, oddStrings, '\u0000');
      setField(c, field, value);
      return `body ${fieldName(field)} = ${show(value)}`;
    },
  },
  {
    name: 'body field of 100 KB',
    applies: hasBody,
    apply: (c) => {
      const field = pickField(c, (f) => f.schema.type === 'string');
      if (!field) return 'no body field';
      setField(c, field, probe(c, 100_000));
      return `body ${fieldName(field)} = 100 KB`;
    },
  },
  {
    name: 'body field as an array or object where a scalar is expected',
    applies: hasBody,
    apply: (c) => {
      const field = pickField(c, (f) => f.schema.type !== 'array' && f.schema.type !== 'object');
      if (!field) return 'no body field';
      const value = pickOr(c.random, [['a', 'b'], [[1]], { value: 1 }, [null]], []);
      setField(c, field, value);
      return `body ${fieldName(field)} = ${show(value)}`;
    },
  },
  {
    name: 'required body field missing',
    applies: (o) => bodyFields(o.body).some((f) => f.required),
    apply: (c) => {
      const field = pickField(c, (f) => f.required);
      if (!field) return 'no body field';
      c.draft.body = { kind: 'json', value: setAt(jsonBody(c), field.path, undefined, true) };
      return `body without ${fieldName(field)}`;
    },
  },
  {
    name: 'unknown body fields',
    applies: always,
    apply: (c) => {
      const body = jsonBody(c);
      const value = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
      const key = rawPlaceholder(c, '{"isAdmin":true}');
      // __proto__ as an own key: only raw JSON text can carry it.
      c.draft.body = {
        kind: 'json',
        value: { ...value, unexpected: 'x', constructor: { prototype: { isAdmin: true } }, __fuzz_proto__: key },
      };
      c.draft.raw.set('"__fuzz_proto__"', '"__proto__"');
      return 'body + unexpected, constructor.prototype, __proto__';
    },
  },
  {
    name: 'deep nesting (10,000 levels)',
    applies: always,
    apply: (c) => {
      const kind = c.random() < 0.5 ? 'array' : 'object';
      const field = hasBody(c.operation) && c.random() < 0.7 ? pickField(c) : undefined;
      const raw = deepJson(10_000, kind);
      if (field) {
        setField(c, field, rawPlaceholder(c, raw));
        return `body ${fieldName(field)} = ${kind} nested 10,000 deep`;
      }
      c.draft.body = { kind: 'raw', payload: raw };
      c.draft.contentType = 'application/json';
      return `body = ${kind} nested 10,000 deep`;
    },
  },
  {
    name: 'empty body declared as JSON',
    applies: always,
    apply: (c) => {
      c.draft.body = { kind: 'raw', payload: '' };
      c.draft.contentType = 'application/json';
      return 'empty JSON body';
    },
  },
  {
    name: 'malformed JSON',
    applies: always,
    apply: (c) => {
      const text = pickOr(c.random, malformedJson, '{');
      c.draft.body = { kind: 'raw', payload: text };
      c.draft.contentType = 'application/json';
      return `body = ${show(text)}`;
    },
  },
  {
    name: 'wrong content type',
    applies: always,
    apply: (c) => {
      const type = pickOr(c.random, contentTypes, 'text/plain');
      const text = c.draft.body.kind === 'json' ? JSON.stringify(c.draft.body.value) : 'a=1&b=2';
      c.draft.body = { kind: 'raw', payload: text };
      c.draft.contentType = type;
      return `content-type ${show(type)}`;
    },
  },
  {
    name: 'body that is not an object',
    applies: always,
    apply: (c) => {
      const text = pickOr(c.random, ['[]', '"x"', '1', 'null', 'true', '[{}]'], 'null');
      c.draft.body = { kind: 'raw', payload: text };
      c.draft.contentType = 'application/json';
      return `body = ${text}`;
    },
  },
  {
    name: 'invalid UTF-8',
    applies: always,
    apply: (c) => {
      const text = c.draft.body.kind === 'json' ? JSON.stringify(c.draft.body.value) : '{}';
      const bytes = Buffer.from(text, 'utf8');
      c.draft.body = {
        kind: 'raw',
        payload: Buffer.concat([
          bytes.subarray(0, 2),
          Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
          bytes.subarray(2),
        ]),
      };
      c.draft.contentType = 'application/json';
      return 'invalid UTF-8 bytes in the body';
    },
  },
  {
    name: 'body over the 1 MB limit',
    applies: always,
    apply: (c) => {
      c.draft.body = { kind: 'raw', payload: JSON.stringify({ filler: probe(c, 1_100_000) }) };
      c.draft.contentType = 'application/json';
      return 'body of 1.1 MB';
    },
  },
  {
    name: 'multipart upload with bad parts',
    applies: (o) => o.multipart !== undefined,
    apply: (c) => {
      const spreadsheet = { fileName: 'x.csv', contentType: 'text/csv', content: Buffer.from('Naam;Adres\nA;B\n') };
      const variants: [string, MultipartParts | string][] = [
        [
          'a file of random bytes',
          {
            fields: { organisationId: '1' },
            files: { file: { ...spreadsheet, content: Buffer.from(probe(c, 5000)) } },
          },
        ],
        [
          'a zip that is no workbook',
          {
            fields: { organisationId: '1' },
            files: { file: { ...spreadsheet, content: Buffer.from('PK\u0003\u0004junk') } },
          },
        ],
        ['organisationId of 100 KB', { fields: { organisationId: probe(c, 100_000) }, files: { file: spreadsheet } }],
        [
          'organisationId not a number',
          { fields: { organisationId: pickOr(c.random, oddStrings, 'x') }, files: { file: spreadsheet } },
        ],
        ['no file', { fields: { organisationId: '1' } }],
        ['two files', { fields: { organisationId: '1' }, files: { file: spreadsheet, other: spreadsheet } }],
        ['twenty fields', { fields: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'x'])) }],
        ['a body cut off mid-part', 'truncated'],
      ];
      const [label, parts] = pickOr(c.random, variants, ['no file', {}]);
      if (typeof parts === 'string') {
        const body = multipartBody({ files: { file: spreadsheet } });
        c.draft.body = { kind: 'raw', payload: body.payload.subarray(0, body.payload.length - 20) };
        c.draft.contentType = body.contentType;
      } else {
        const body = multipartBody(parts);
        c.draft.body = { kind: 'raw', payload: body.payload };
        c.draft.contentType = body.contentType;
      }
      return label;
    },
  },
  {
    name: 'odd headers',
    applies: always,
    apply: (c) => {
      const headers: Record<string, string> = {
        'accept-language': pickOr(
          c.random,
          ['xx-YY;q=abc', '*;q=0', 'nl'.repeat(2000), 'en-GB, ' + ','.repeat(500)],
          '*',
        ),
        accept: pickOr(c.random, ['application/xml', 'text/html;q=0', '*/*;q=NaN'], '*/*'),
        'x-forwarded-for': pickOr(
          c.random,
          ['999.999.999.999', 'not-an-ip, <script>', '::ffff:1.2.3.4, ' + '1.1.1.1, '.repeat(200)],
          '1.2.3.4',
        ),
        'x-module-key': pickOr(c.random, ['.', '..', `ES-1.${'k'.repeat(5000)}`], '.'),
      };
      Object.assign(c.draft.headers, headers);
      return `headers ${show(Object.keys(headers))}`;
    },
  },
];

function draftOf(call: RouteCall): Draft {
  const upload = call.multipart ? multipartBody(call.multipart) : undefined;
  const query: [string, string][] = [];
  for (const [name, value] of Object.entries<QueryValue>(call.query ?? {})) {
    if (Array.isArray(value)) for (const v of value as (string | number)[]) query.push([name, String(v)]);
    else query.push([name, String(value)]);
  }
  return {
    params: Object.fromEntries(Object.entries(call.params ?? {}).map(([k, v]) => [k, String(v)])),
    query,
    body: upload
      ? { kind: 'raw', payload: upload.payload }
      : call.body === undefined
        ? { kind: 'none' }
        : { kind: 'json', value: clone(call.body) },
    raw: new Map(),
    contentType: upload ? upload.contentType : call.body === undefined ? null : 'application/json',
    headers: { ...call.headers },
    pathSuffix: '',
  };
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) becomes its three WTF-8
 * bytes, percent-encoded: the invalid UTF-8 a hostile client would send.
 */
function encodePathSegment(value: string): string {
  let out = '';
  for (const char of value) {
    try {
      out += encodeURIComponent(char);
    } catch {
      const code = char.charCodeAt(0);
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
  }
  return out;
}

function requestOf(operation: Operation, draft: Draft): FuzzRequest {
  const path = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodePathSegment(draft.params[name] ?? '1'));
  const search = new URLSearchParams(draft.query).toString();
  const url = `${path}${draft.pathSuffix}${search ? `?${search}` : ''}`;
  const headers = { ...draft.headers };
  if (draft.contentType !== null) headers['content-type'] = draft.contentType;
  let payload: string | Buffer | undefined;
  if (draft.body.kind === 'raw') payload = draft.body.payload;
  if (draft.body.kind === 'json') {
    payload = JSON.stringify(draft.body.value);
    for (const [key, raw] of draft.raw) payload = payload.replaceAll(key.startsWith('"') ? key : `"${key}"`, raw);
  }
  return { method: operation.method, url, headers, ...(payload !== undefined ? { payload } : {}) };
}

/**
 * The roles whose permissions cover the operation (all of them for public and authenticated ones),
 * as the table grants them in the owner organisation, where the world's role users sit.
 */
export function permittedRoles(operation: Operation): RoleName[] {
  return (Object.keys(rolePermissions) as RoleName[]).filter(
    (role) =>
      operation.access === 'public' ||
      operation.access === 'authenticated' ||
      (operation.access !== 'module-key' && hasPermission([role], operation.access as Permission, 'owner')),
  );
}

/** The mutations that apply to the operation; a systematic pass sends each once per credential. */
export function applicableMutations(operation: Operation): Mutation[] {
  return mutations.filter((m) => m.applies(operation));
}

/**
 * The operation's cases for a run seed: first every applicable mutation, anonymously and then with
 * a credential that passes the guard (so validation is reached), then random ones without end.
 * The operation's key is mixed into the seed: one operation's cases replay without the others.
 */
export function* fuzzCases(target: FuzzTarget, seed: number): Generator<FuzzCase> {
  const { operation } = target;
  const random = mulberry32(seed ^ seedOf(operation.key));
  const applicable = applicableMutations(operation);
  const roles = permittedRoles(operation);
  for (let index = 0; ; index++) {
    const systematic = index < applicable.length * 2;
    const mutation = systematic ? applicable[Math.floor(index / 2)] : pick(random, applicable);
    if (!mutation) return;
    const anonymous = systematic ? index % 2 === 0 : random() < 0.3;
    const role = pick(random, roles);
    const credential: Credential = anonymous
      ? { kind: 'anonymous' }
      : operation.access === 'module-key'
        ? { kind: 'module-key' }
        : role
          ? { kind: 'role', role }
          : { kind: 'anonymous' };
    const context: Context = { random, operation, draft: draftOf(target.call), probes: [] };
    const description = mutation.apply(context);
    yield {
      operation: operation.key,
      index,
      mutation: `${mutation.name}: ${description}`,
      credential,
      request: requestOf(operation, context.draft),
      probes: context.probes,
    };
  }
}

export function describeCredential(credential: Credential): string {
  return credential.kind === 'role' ? credential.role : credential.kind;
}

/** Sends one case and checks the answer: no 5xx, the error envelope, in time, no long echo. */
export async function runFuzzCase(
  app: FastifyInstance,
  fuzzCase: FuzzCase,
  credentialHeaders: Record<string, string>,
): Promise<FuzzOutcome> {
  const { request } = fuzzCase;
  const problems: string[] = [];
  const started = performance.now();
  let status = 0;
  let body = '';
  let document = false;
  try {
    const res = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { ...request.headers, ...credentialHeaders },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    status = res.statusCode;
    body = res.body;
    document = status < 300 && !String(res.headers['content-type'] ?? 'application/json').includes('json');
  } catch (err) {
    problems.push(`the request failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  const ms = performance.now() - started;
  if (status >= 500) problems.push(`answered ${status}`);
  if (status >= 400 && !isErrorEnvelope(body))
    problems.push(`error body is not the { error: { code, message } } envelope`);
  if (ms > (document ? slowDocumentMs : slowResponseMs)) problems.push(`took ${Math.round(ms)} ms`);
  for (const value of fuzzCase.probes) {
    if (body.includes(value.slice(0, maxEchoChars))) {
      problems.push(`echoes more than ${maxEchoChars} characters of a ${value.length}-character request value`);
    }
  }
  if (problems.length > 0) problems.push(`body: ${JSON.stringify(body.slice(0, 300))}`);
  return { fuzzCase, status, ms, problems };
}

/** One line per failed case: enough to find it again (operation, index, credential, mutation). */
export function describeOutcome(outcome: FuzzOutcome): string {
  const { fuzzCase } = outcome;
  const url = fuzzCase.request.url.length > 160 ? `${fuzzCase.request.url.slice(0, 160)}…` : fuzzCase.request.url;
  return (
    `${fuzzCase.operation} #${fuzzCase.index} [${describeCredential(fuzzCase.credential)}] ${fuzzCase.mutation}\n` +
    `    ${fuzzCase.request.method} ${url} → ${outcome.status} in ${Math.round(outcome.ms)} ms: ${outcome.problems.join('; ')}`
  );
}
