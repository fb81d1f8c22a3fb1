/**
 * Response validation for the test suite: JSON Schema 2020-12 (ajv, strict mode) compiled from
 * the components of the service's own OpenAPI document, so every test that checks a body
 * against it also checks that the published document tells the truth.
 *
 *   assertMatchesSchema(body, 'ContingencyResponse')
 *   assertResponseMatches('/api/v1/chi-square', 'GET', 200, body, res.headers)
 */
import { AssertionError } from 'node:assert';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { openApiDocument } from '../../src/docs/openapi.js';
import { SCHEMA_REF_PREFIX } from '../../src/docs/schemas.js';

type Json = Record<string, unknown>;

/** The document the validators are compiled from (the base address only appears in examples). */
export const openApi = openApiDocument('http://127.0.0.1:8080') as {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json>; headers: Record<string, Json> };
};

const ID_PREFIX = 'urn:contingency-api:schema:';

/** Rewrites `#/components/schemas/X` references to the ids the schemas are registered under. */
function withRegisteredRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withRegisteredRefs);
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof inner === 'string' && inner.startsWith(SCHEMA_REF_PREFIX)
        ? ID_PREFIX + inner.slice(SCHEMA_REF_PREFIX.length)
        : withRegisteredRefs(inner);
  }
  return out;
}

const ajv = new Ajv2020({ strict: true, strictTuples: false, allowUnionTypes: true, allErrors: true });
formats.default(ajv);
for (const [name, schema] of Object.entries(openApi.components.schemas)) {
  ajv.addSchema({ ...(withRegisteredRefs(schema) as Json), $id: ID_PREFIX + name });
}

/** Names of the component schemas. */
export const schemaNames: readonly string[] = Object.keys(openApi.components.schemas);

function validatorFor(name: string): ValidateFunction {
  const validate = ajv.getSchema(ID_PREFIX + name);
  if (validate === undefined) throw new Error(`No component schema named ${JSON.stringify(name)}; known: ${schemaNames.join(', ')}`);
  return validate;
}

function describeErrors(errors: readonly ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((e) => `  ${e.instancePath === '' ? '(root)' : e.instancePath}: ${e.message ?? e.keyword} ${JSON.stringify(e.params)} [${e.schemaPath}]`)
    .join('\n');
}

function preview(body: unknown): string {
  const text = JSON.stringify(body);
  return text === undefined ? String(body) : text.length > 1500 ? `${text.slice(0, 1500)}…` : text;
}

function check(validate: ValidateFunction, body: unknown, what: string): void {
  if (validate(body)) return;
  throw new AssertionError({
    message: `${what}: the body does not match its schema\n${describeErrors(validate.errors)}\nbody: ${preview(body)}`,
    actual: body,
    expected: what,
    operator: 'matchesSchema',
  });
}

/** The ajv errors of `body` against component `schemaName` (empty when it matches). */
export function schemaErrors(body: unknown, schemaName: string): ErrorObject[] {
  const validate = validatorFor(schemaName);
  return validate(body) ? [] : [...(validate.errors ?? [])];
}

/** Throws an AssertionError listing every ajv error unless `body` matches component `schemaName`. */
export function assertMatchesSchema(body: unknown, schemaName: string): void {
  check(validatorFor(schemaName), body, schemaName);
}

function resolve(section: 'responses' | 'headers', value: Json): Json {
  const target = value['$ref'];
  if (typeof target !== 'string') return value;
  const prefix = `#/components/${section}/`;
  const resolved = target.startsWith(prefix) ? openApi.components[section][target.slice(prefix.length)] : undefined;
  if (resolved === undefined) throw new Error(`Unresolvable reference ${target}`);
  return resolved;
}

/** The documented response of an operation; 404 and 405 fall back to the shared component responses. */
function documentedResponse(pathname: string, method: string, status: number): { response: Json; where: string } {
  const pathItem = openApi.paths[pathname];
  const where = `${method.toUpperCase()} ${pathname} -> ${status}`;
  if (pathItem === undefined) {
    if (status === 404 && pathname.startsWith('/api')) return { response: resolve('responses', { $ref: '#/components/responses/NotFound' }), where };
    throw new AssertionError({ message: `${where}: the path is not in the OpenAPI document` });
  }
  const operation = pathItem[method.toLowerCase()] as { responses: Record<string, Json> } | undefined;
  if (operation === undefined) {
    if (status === 405) return { response: resolve('responses', { $ref: '#/components/responses/MethodNotAllowed' }), where };
    throw new AssertionError({ message: `${where}: the method is not documented for this path` });
  }
  const response = operation.responses[String(status)];
  if (response === undefined) {
    const documented = Object.keys(operation.responses).join(', ');
    throw new AssertionError({ message: `${where}: status not documented (documented: ${documented})` });
  }
  return { response: resolve('responses', response), where };
}

const responseValidators = new Map<string, ValidateFunction>();

function responseValidator(where: string, schema: Json): ValidateFunction {
  let validate = responseValidators.get(where);
  if (validate === undefined) {
    validate = ajv.compile(withRegisteredRefs(schema) as Json);
    responseValidators.set(where, validate);
  }
  return validate;
}

type HeaderBag = Record<string, string | string[] | number | undefined> | Headers;

function headerValue(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | number | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);
}

function checkHeaders(where: string, documented: Record<string, Json>, headers: HeaderBag): void {
  for (const [name, header] of Object.entries(documented)) {
    const spec = resolve('headers', header);
    const raw = headerValue(headers, name);
    if (raw === undefined) {
      if (spec['required'] === true) throw new AssertionError({ message: `${where}: required header ${name} is missing` });
      continue;
    }
    const schema = (spec['schema'] ?? {}) as Json;
    const value = schema['type'] === 'integer' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
    check(responseValidator(`${where} header ${name}`, schema), value, `${where} header ${name}`);
  }
}

/**
 * Throws unless `body` is what the OpenAPI document promises for `method path -> status`:
 * the JSON schema of the response, an HTML string for text/html, and no body (undefined,
 * null or '') where the response has no content and for every HEAD request. With `headers` (a node:http or fetch header
 * collection), every documented required header must be present and match its schema; leave
 * `headers` out for a server started with the rate limiter off (no RateLimit-* headers).
 * A query string on `path` is ignored.
 */
export function assertResponseMatches(path: string, method: string, status: number, body: unknown, headers?: HeaderBag): void {
  const pathname = path.split('?', 1)[0] ?? path;
  const { response, where } = documentedResponse(pathname, method, status);
  const content = response['content'] as Record<string, { schema?: Json }> | undefined;
  if (content === undefined || method.toUpperCase() === 'HEAD') {
    if (body !== undefined && body !== null && body !== '') {
      throw new AssertionError({ message: `${where}: expected no body, got ${preview(body)}` });
    }
  } else if (content['application/json'] !== undefined) {
    check(responseValidator(where, content['application/json'].schema ?? {}), body, where);
  } else if (content['text/html'] !== undefined) {
    if (typeof body !== 'string' || !/^<!doctype html>/i.test(body)) {
      throw new AssertionError({ message: `${where}: expected an HTML document, got ${preview(body)}` });
    }
  } else {
    throw new Error(`${where}: no validator for media types ${Object.keys(content).join(', ')}`);
  }
  if (headers !== undefined) checkHeaders(where, (response['headers'] ?? {}) as Record<string, Json>, headers);
}
