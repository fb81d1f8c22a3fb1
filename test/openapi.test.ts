/**
 * The OpenAPI 3.1.0 document and the developer reference page (src/docs): the document is valid
 * OpenAPI, describes exactly the contract's paths, statuses and headers, its error codes and the
 * page's error table match src/api/errors.ts both ways, its examples are real (they validate and
 * agree with the engine), its schemas accept every truth-corpus body and every body `analyze`
 * produces, and reject broken ones; the page has every anchor and escapes the base address.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { analyze, OPERATIONS, type Operation } from '../src/api/analyze.js';
import { ERROR_STATUS, type ErrorCode } from '../src/api/errors.js';
import {
  chiSquareExample,
  contingencyExample,
  fisherExample,
  oddsRatioExample,
  WORKED_EXAMPLES,
  type WorkedExample,
} from '../src/docs/examples.js';
import { encodeTableQuery, openApiDocument } from '../src/docs/openapi.js';
import { DOCS_ANCHORS, REFERENCE_PAGE_CSP, referencePageHtml } from '../src/docs/reference-page.js';
import { fisherExactTest } from '../src/engine/fisher/index.js';
import { DOCS_ANCHORS as MCP_CORPUS_ANCHORS } from '../src/mcp/corpus/document.js';
import { loadCorpus, truthAsApiValues, type CorpusCase } from './helpers/corpus.js';
import { assertMatchesSchema, assertResponseMatches, schemaErrors } from './helpers/schema.js';

type Json = Record<string, any>;

const BASE = 'https://stats.example.org';
const DOCS = `${BASE}/docs`;
const doc = openApiDocument(BASE) as Json;
const page = referencePageHtml(BASE);
const corpus = loadCorpus();

const ANALYSIS_PATHS: Record<Operation, string> = {
  contingency: '/api/v1/contingency',
  'chi-square': '/api/v1/chi-square',
  'fishers-exact': '/api/v1/fishers-exact',
  'odds-ratio': '/api/v1/odds-ratio',
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function operations(): { path: string; method: string; op: Json }[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op: op as Json })),
  );
}

function resolveRef(value: Json): Json {
  if (typeof value.$ref !== 'string') return value;
  const target = (value.$ref as string)
    .slice(2)
    .split('/')
    .reduce<any>((node, key) => node?.[key], doc);
  assert.ok(target !== undefined, `unresolvable ${value.$ref}`);
  return target as Json;
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The text of every <pre><code> block of the page, unescaped as a browser shows it. */
function codeBlocks(html: string): string[] {
  return [...html.matchAll(/<pre><code>([\s\S]*?)<\/code><\/pre>/g)].map((m) => unescapeHtml(m[1]!));
}

/** Rows of the error table: code -> status as written on the page. */
function pageErrorTable(html: string): Map<string, number> {
  const table = /<table id="error-codes">([\s\S]*?)<\/table>/.exec(html);
  assert.ok(table, 'the page has no table with id="error-codes"');
  const rows = new Map<string, number>();
  for (const m of table[1]!.matchAll(/<tr><td><code>([^<]+)<\/code><\/td><td>(\d+)<\/td>/g)) {
    assert.ok(!rows.has(m[1]!), `${m[1]} is listed twice`);
    rows.set(m[1]!, Number(m[2]));
  }
  return rows;
}

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1 according to @seriousme/openapi-schema-validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
    assert.equal(validator.version, '3.1');
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '1.0.0');
    assert.deepEqual(doc.servers, [{ url: BASE }]);
    assert.deepEqual(doc.security, []);
  });

  it('is plain JSON and every $ref in it resolves', () => {
    assert.deepEqual(JSON.parse(JSON.stringify(doc)), doc);
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (typeof node === 'object' && node !== null) {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.push(value);
          else walk(value);
        }
      }
    };
    walk(doc);
    assert.ok(refs.length > 50, `only ${refs.length} references`);
    for (const ref of refs) {
      assert.match(ref, /^#\/components\/(schemas|responses|headers)\/[A-Za-z-]+$/);
      resolveRef({ $ref: ref });
    }
  });

  it('describes exactly the paths and methods of the contract', () => {
    const described = Object.fromEntries(
      Object.entries(doc.paths as Json).map(([path, item]) => [path, Object.keys(item as Json).filter((k) => HTTP_METHODS.includes(k)).sort()]),
    );
    assert.deepEqual(described, {
      '/api/v1/contingency': ['get', 'options', 'post'],
      '/api/v1/chi-square': ['get', 'options', 'post'],
      '/api/v1/fishers-exact': ['get', 'options', 'post'],
      '/api/v1/odds-ratio': ['get', 'options', 'post'],
      '/api/health': ['get', 'head'],
      '/api/openapi.json': ['get', 'head'],
      '/docs': ['get', 'head'],
      '/api/headless-mcp': ['options', 'post'],
    });
  });

  it('gives every operation a unique operationId, a summary, a description and a tag', () => {
    const ids = new Set<string>();
    for (const { path, method, op } of operations()) {
      const where = `${method} ${path}`;
      assert.match(op.operationId, /^[a-z][A-Za-z]+$/, where);
      assert.ok(!ids.has(op.operationId), `duplicate operationId ${op.operationId}`);
      ids.add(op.operationId);
      assert.ok(typeof op.summary === 'string' && op.summary.length > 5, `${where} summary`);
      assert.ok(typeof op.description === 'string' && op.description.length > 20, `${where} description`);
      assert.ok(Array.isArray(op.tags) && op.tags.length === 1, `${where} tags`);
    }
    assert.equal(ids.size, 20);
  });

  it('gives every JSON request and response body an example', () => {
    for (const { path, method, op } of operations()) {
      const media: [string, Json][] = [];
      if (op.requestBody) media.push([`${method} ${path} request`, op.requestBody.content['application/json']]);
      for (const [status, response] of Object.entries(op.responses as Json)) {
        const json = resolveRef(response as Json).content?.['application/json'];
        if (json) media.push([`${method} ${path} ${status}`, json]);
      }
      for (const [where, m] of media) {
        assert.ok(m.example !== undefined || Object.keys(m.examples ?? {}).length > 0, `${where} has no example`);
      }
    }
  });

  for (const [op, path] of Object.entries(ANALYSIS_PATHS) as [Operation, string][]) {
    it(`${path}: statuses, headers and inputs of GET and POST`, () => {
      const expected = ['200', '400', '413', '429', '500', '503', ...(op === 'fishers-exact' ? ['422'] : [])].sort();
      for (const method of ['get', 'post']) {
        const operation = doc.paths[path][method];
        assert.deepEqual(Object.keys(operation.responses).sort(), expected, `${method} ${path}`);
        for (const [status, response] of Object.entries(operation.responses as Json)) {
          const headers = resolveRef(response as Json).headers as Json;
          const names = Object.keys(headers).sort();
          const retry = status === '429' || status === '503' ? ['Retry-After'] : [];
          assert.deepEqual(names, ['Access-Control-Allow-Origin', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', ...retry].sort(), `${method} ${path} ${status}`);
          for (const name of names) assert.equal(resolveRef(headers[name]).required, true, `${name} is required`);
        }
      }
      const params = doc.paths[path].get.parameters as Json[];
      const d = params.find((p) => p.name === 'd')!;
      assert.equal(d.in, 'query');
      assert.equal(d.required, true);
      assert.equal(d.schema.type, 'string');
      assert.deepEqual(
        params.map((p) => p.name).sort(),
        ['colLabels', 'd', 'rowLabels', ...(op === 'contingency' || op === 'odds-ratio' ? ['exact'] : [])].sort(),
      );
      const body = doc.paths[path].post.requestBody;
      assert.equal(body.required, true);
      assert.deepEqual(body.content['application/json'].schema, { $ref: '#/components/schemas/TableRequest' });
      const preflight = doc.paths[path].options.responses['204'];
      assert.equal(preflight.content, undefined);
      assert.deepEqual(Object.keys(preflight.headers).sort(), ['Access-Control-Allow-Headers', 'Access-Control-Allow-Methods', 'Access-Control-Allow-Origin']);
    });
  }

  it('lists every error code of errors.ts in the Error schema, and nothing else', () => {
    const codes = doc.components.schemas.Error.properties.code.enum as string[];
    assert.deepEqual([...codes].sort(), Object.keys(ERROR_STATUS).sort());
  });

  it('only documents an error code under the status errors.ts gives it, and documents every REST code', () => {
    const seen = new Set<string>();
    const visit = (status: string, response: Json, where: string): void => {
      const schema = resolveRef(response).content?.['application/json']?.schema as Json | undefined;
      const narrowed = schema?.allOf?.[1]?.properties?.code?.enum as ErrorCode[] | undefined;
      if (narrowed === undefined) return;
      for (const code of narrowed) {
        assert.ok(code in ERROR_STATUS, `${where}: unknown code ${code}`);
        assert.equal(String(ERROR_STATUS[code]), status, `${where}: ${code}`);
        seen.add(code);
      }
    };
    for (const { path, method, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses as Json)) visit(status, response as Json, `${method} ${path} ${status}`);
    }
    for (const [name, response] of Object.entries(doc.components.responses as Json)) {
      const status = name === 'MethodNotAllowed' ? '405' : undefined;
      if (status !== undefined) visit(status, response as Json, name);
    }
    seen.add('endpoint_not_found'); // NotFoundError: a const, checked in the next test
    seen.add('fisher_workload_limit'); // FisherWorkloadError: a const, checked in the next test
    // Codes without a per-operation REST response: the MCP endpoint's 415 (a JSON-RPC error body)
    // and the connection-level 408 and 431 answered before any route is reached (the
    // connection-level 400 malformed_request is listed with the other 400 codes).
    assert.deepEqual(Object.keys(ERROR_STATUS).filter((code) => !seen.has(code)), [
      'unsupported_media_type',
      'request_timeout',
      'header_fields_too_large',
    ]);
  });

  it('uses the 404 and 422 codes errors.ts defines', () => {
    assert.equal(ERROR_STATUS[doc.components.schemas.NotFoundError.allOf[1].properties.code.const as ErrorCode], 404);
    assert.equal(ERROR_STATUS[doc.components.schemas.FisherWorkloadError.allOf[1].properties.code.const as ErrorCode], 422);
    assert.equal(doc.paths['/api/v1/fishers-exact'].post.responses['422'].content['application/json'].schema.$ref, '#/components/schemas/FisherWorkloadError');
  });

  it('has examples that match their own schemas', () => {
    let checked = 0;
    for (const { path, method, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        const json = resolveRef(response as Json).content?.['application/json'];
        if (!json) continue;
        const values = json.examples ? Object.values(json.examples as Json).map((e: Json) => e.value) : [json.example];
        for (const value of values) {
          assertResponseMatches(path, method, Number(status), value);
          checked++;
        }
      }
      const request = op.requestBody?.content['application/json'];
      if (request && path.startsWith('/api/v1/')) {
        for (const example of Object.values(request.examples as Json)) assertMatchesSchema((example as Json).value, 'TableRequest');
      }
    }
    assert.ok(checked >= 60, `only ${checked} response examples`);
  });

  it('gives the GET examples the query encoding of the POST example tables', () => {
    const params = doc.paths['/api/v1/contingency'].get.parameters as Json[];
    const d = params.find((p) => p.name === 'd')!;
    assert.equal(d.examples.twoByTwo.value, '12,5;3,9');
    assert.equal(encodeTableQuery([[20, 15, 5], [10, 20, 30]]), '20,15,5;10,20,30');
  });
});

// ---------------------------------------------------------------------------------------------

/** A ContingencyResponse (and the three smaller responses) built from a corpus case's truth. */
function truthBodies(c: CorpusCase): Record<Operation, { status: number; body: Json }> {
  const truth = truthAsApiValues(c.truth) as Json;
  const n = c.table.flat().reduce((s, x) => s + x, 0);
  const common = { input: { table: c.table, n, rows: c.table.length, cols: c.table[0]!.length }, docs: DOCS };
  const oddsRatio = truth.oddsRatio === null ? null : { ...truth.oddsRatio, method: 'sample odds ratio with Woolf log interval' };
  const reason = truth.fishersExactUnavailableReason as string | null;
  const note = reason === null ? null : `Exact test unavailable: ${reason}.`;
  const fisher = { ...common, fishersExact: truth.fishersExact, unavailableReason: reason, note };
  return {
    contingency: { status: 200, body: { ...common, ...truth, oddsRatio } },
    'chi-square': {
      status: 200,
      body: {
        ...common,
        chiSquare: truth.chiSquare,
        chiSquareYates: truth.chiSquareYates,
        gTest: truth.gTest,
        cramersV: truth.cramersV,
        expected: { min: truth.expected.min, cellsBelow5: truth.expected.cellsBelow5 },
        warning: truth.expected.cellsBelow5 === 0 ? null : 'Some expected counts are below 5.',
      },
    },
    'fishers-exact':
      reason === 'workload_limit'
        ? { status: 422, body: { ...fisher, error: 'Over the limit.', code: 'fisher_workload_limit', hint: 'Use chi-square.' } }
        : { status: 200, body: fisher },
    'odds-ratio': {
      status: 200,
      body: { ...common, oddsRatio, fishersExactP: truth.fishersExact?.pValue ?? null, fishersExactUnavailableReason: reason, note },
    },
  };
}

const twoByTwoCase = corpus.find((c) => c.family === '2x2_moderate')!;
const largerCase = corpus.find((c) => c.family === 'small_random' && c.table.length > 2)!;
const validContingency = (): Json => structuredClone(truthBodies(twoByTwoCase).contingency.body);

describe('component schemas', () => {
  it(`accept bodies built from all ${corpus.length} truth-corpus tables, for every operation`, () => {
    assert.equal(corpus.length, 503);
    const statuses = new Set<number>();
    for (const c of corpus) {
      for (const [op, { status, body }] of Object.entries(truthBodies(c)) as [Operation, { status: number; body: Json }][]) {
        assertResponseMatches(ANALYSIS_PATHS[op], 'POST', status, body);
        statuses.add(status);
      }
      assertMatchesSchema(truthBodies(c).contingency.body, 'ContingencyResponse');
    }
    assert.deepEqual([...statuses].sort(), [200, 422]);
  });

  const rejects: [string, string, (body: Json) => void, string][] = [
    ['a missing required field', 'ContingencyResponse', (b) => delete b.chiSquare, "must have required property 'chiSquare'"],
    ['a p-value of 2', 'ContingencyResponse', (b) => (b.chiSquare.pValue = 2), 'must be <= 1'],
    ['a negative p-value', 'ContingencyResponse', (b) => (b.fishersExact.pValue = -1e-300), 'must be >= 0'],
    ['a p-value sent as a string', 'ContingencyResponse', (b) => (b.gTest.pValue = '0.5'), 'must be number'],
    ['a fractional degrees of freedom', 'ContingencyResponse', (b) => (b.chiSquare.degreesOfFreedom = 1.5), 'must be integer'],
    ['an unknown Cramér label', 'ContingencyResponse', (b) => (b.cramersV.label = 'huge'), 'must be equal to one of the allowed values'],
    ['a three-element interval', 'ContingencyResponse', (b) => b.fishersExact.oddsRatioCI.push(1), 'must NOT have more than 2 items'],
    ['a null odds ratio with state finite', 'ContingencyResponse', (b) => (b.oddsRatio.value = null), 'must be equal to constant'],
    ['a null interval bound with state finite', 'ContingencyResponse', (b) => (b.fishersExact.oddsRatioCI[1] = null), 'must be equal to constant'],
    ['an exact result missing without a reason', 'ContingencyResponse', (b) => (b.fishersExact = null), 'must be string'],
    ['a reason next to an exact result', 'ContingencyResponse', (b) => (b.fishersExactUnavailableReason = 'workload_limit'), 'must be null'],
    ['a null Yates test on a 2x2 table', 'ContingencyResponse', (b) => (b.chiSquareYates = null), 'must be object'],
    ['a Yates test with 2 degrees of freedom', 'ContingencyResponse', (b) => (b.chiSquareYates.degreesOfFreedom = 2), 'must be equal to constant'],
    ['a wrong method name', 'ContingencyResponse', (b) => (b.oddsRatio.method = 'Woolf'), 'must be equal to constant'],
    ['an echoed table with one row', 'ContingencyResponse', (b) => (b.input.table = [[1, 2]]), 'must NOT have fewer than 2 items'],
    ['a count above 1e12', 'ContingencyResponse', (b) => (b.input.table[0][0] = 1e12 + 1), 'must be <= 1000000000000'],
    ['a Cramér V above 1', 'ContingencyResponse', (b) => (b.cramersV.value = 1.0000000000000002), 'must be <= 1'],
    ['a docs address not ending in /docs', 'ContingencyResponse', (b) => (b.docs = `${BASE}/reference`), 'must match pattern'],
  ];
  for (const [what, schema, mutate, message] of rejects) {
    it(`reject ${what}`, () => {
      const body = validContingency();
      assert.equal(schemaErrors(body, schema).length, 0);
      mutate(body);
      assert.throws(() => assertMatchesSchema(body, schema), (error: Error) => {
        assert.equal(error.name, 'AssertionError');
        assert.ok(error.message.includes(message), error.message);
        return true;
      });
    });
  }

  it('reject a phi, odds ratio or exact result on a table larger than 2x2', () => {
    const base = truthBodies(largerCase).contingency.body;
    assert.deepEqual(schemaErrors(base, 'ContingencyResponse'), []);
    for (const [field, value] of [
      ['phi', 0.5],
      ['oddsRatio', validContingency().oddsRatio],
      ['chiSquareYates', validContingency().chiSquareYates],
      ['fishersExactUnavailableReason', 'workload_limit'],
    ] as const) {
      const body = { ...structuredClone(base), [field]: value };
      assert.ok(schemaErrors(body, 'ContingencyResponse').length > 0, `${field} accepted on a ${largerCase.table.length}-row table`);
    }
    const fisher = truthBodies(largerCase)['fishers-exact'].body;
    assert.deepEqual(schemaErrors(fisher, 'FisherResponse'), []);
    assert.ok(schemaErrors({ ...fisher, unavailableReason: 'workload_limit' }, 'FisherResponse').length > 0);
  });

  it('reject a chi-square warning that contradicts the expected counts', () => {
    const body = truthBodies(twoByTwoCase)['chi-square'].body;
    assert.deepEqual(schemaErrors(body, 'ChiSquareResponse'), []);
    const flipped = { ...body, warning: body.warning === null ? 'Low counts.' : null };
    assert.ok(schemaErrors(flipped, 'ChiSquareResponse').length > 0);
  });

  it('check error bodies, health reports and the 422 body', () => {
    assert.deepEqual(schemaErrors({ error: 'x', code: 'invalid_table', hint: 'y', extra: 1 }, 'Error'), []);
    assert.ok(schemaErrors({ error: 'x', code: 'no_such_code', hint: 'y' }, 'Error').length > 0);
    assert.ok(schemaErrors({ error: 'x', code: 'invalid_table' }, 'Error').length > 0);
    assert.ok(schemaErrors({ error: 'x', code: 'endpoint_not_found', hint: 'y' }, 'NotFoundError').length > 0, 'documentation is required');
    const health = doc.paths['/api/health'].get.responses['200'].content['application/json'].example as Json;
    assert.deepEqual(schemaErrors(health, 'HealthReport'), []);
    assert.ok(schemaErrors({ ...health, schemaVersion: 2 }, 'HealthReport').length > 0);
    assert.ok(schemaErrors({ ...health, checkedAt: 'yesterday' }, 'HealthReport').length > 0);
    const degradedCheck = { ...health, checks: [{ ...health.checks[0], status: 'degraded' }] };
    assert.ok(schemaErrors(degradedCheck, 'HealthReport').length > 0, 'operational with a degraded check');
    assert.deepEqual(schemaErrors({ ...degradedCheck, status: 'degraded' }, 'HealthReport'), []);
    const workload = corpus.find((c) => c.family === '2x2_support_100001')!;
    const body = truthBodies(workload)['fishers-exact'].body;
    assert.deepEqual(schemaErrors(body, 'FisherWorkloadError'), []);
    assert.ok(schemaErrors({ ...body, code: 'invalid_table' }, 'FisherWorkloadError').length > 0);
  });
});

describe('assertResponseMatches', () => {
  const ok = truthBodies(twoByTwoCase).contingency.body;
  const rateHeaders = { 'ratelimit-limit': '30', 'ratelimit-remaining': '29', 'ratelimit-reset': '60', 'access-control-allow-origin': '*' };

  it('accepts a documented response with its headers, ignoring the query string', () => {
    assertResponseMatches('/api/v1/contingency?d=1,2;3,4', 'GET', 200, ok, rateHeaders);
    assertResponseMatches('/api/v1/contingency', 'POST', 200, ok, new Headers(rateHeaders));
  });

  it('rejects an undocumented status, path or body shape', () => {
    assert.throws(() => assertResponseMatches('/api/v1/contingency', 'GET', 422, ok), /status not documented/);
    assert.throws(() => assertResponseMatches('/api/v1/nothing', 'GET', 200, ok), /not in the OpenAPI document/);
    assert.throws(() => assertResponseMatches('/api/v1/chi-square', 'GET', 200, ok), /does not match/);
    assert.throws(
      () => assertResponseMatches('/api/v1/contingency', 'GET', 400, { error: 'x', code: 'body_too_large', hint: 'y' }),
      /does not match/,
      'a 413 code under 400',
    );
    assert.throws(
      () => assertResponseMatches('/api/v1/contingency', 'GET', 400, { error: 'x', code: 'invalid_json', hint: 'y' }),
      /does not match/,
      'invalid_json cannot answer a GET',
    );
  });

  it('checks required headers and their values', () => {
    const { 'ratelimit-limit': _, ...missing } = rateHeaders;
    assert.throws(() => assertResponseMatches('/api/v1/contingency', 'GET', 200, ok, missing), /RateLimit-Limit is missing/);
    const limited = { error: 'x', code: 'rate_limit_exceeded', hint: 'y' };
    assert.throws(() => assertResponseMatches('/api/v1/odds-ratio', 'GET', 429, limited, rateHeaders), /Retry-After is missing/);
    assert.throws(
      () => assertResponseMatches('/api/v1/odds-ratio', 'GET', 429, limited, { ...rateHeaders, 'retry-after': '0' }),
      /Retry-After/,
    );
    assertResponseMatches('/api/v1/odds-ratio', 'GET', 429, limited, { ...rateHeaders, 'retry-after': '17' });
    assert.throws(() => assertResponseMatches('/api/health', 'GET', 200, {}, { 'cache-control': 'no-cache' }), /does not match/);
  });

  it('handles 404, 405, HEAD and empty bodies', () => {
    const notFound = { error: 'x', code: 'endpoint_not_found', hint: 'y', documentation: DOCS };
    assertResponseMatches('/api/v2/anything', 'GET', 404, notFound);
    assertResponseMatches('/api/v2/anything', 'HEAD', 404, '');
    assert.throws(() => assertResponseMatches('/api/v2/anything', 'GET', 404, { ...notFound, code: 'invalid_table' }), /does not match/);
    assertResponseMatches('/api/v1/contingency', 'PUT', 405, { error: 'x', code: 'method_not_allowed', hint: 'y' });
    assertResponseMatches('/api/health', 'HEAD', 503, undefined);
    assertResponseMatches('/api/v1/chi-square', 'OPTIONS', 204, '');
    assert.throws(() => assertResponseMatches('/api/v1/chi-square', 'OPTIONS', 204, { a: 1 }), /expected no body/);
    assertResponseMatches('/docs', 'GET', 200, page);
    assert.throws(() => assertResponseMatches('/docs', 'GET', 200, '{}'), /HTML/);
  });

  it('names the schema and the failing fields in its message', () => {
    assert.throws(
      () => assertMatchesSchema({ ...ok, gamma: 3 }, 'ContingencyResponse'),
      (error: Error) => /ContingencyResponse/.test(error.message) && /\/gamma/.test(error.message) && /must be <= 1/.test(error.message),
    );
    assert.throws(() => assertMatchesSchema(ok, 'NoSuchSchema'), /No component schema named "NoSuchSchema"/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('developer reference page', () => {
  it('is one self-contained HTML document', () => {
    assert.match(page, /^<!doctype html>\n<html lang="en">/);
    assert.match(page, /<meta charset="utf-8">/);
    assert.doesNotMatch(page, /<script/i);
    assert.doesNotMatch(page, /\b(src|srcset)=/i);
    assert.doesNotMatch(page, /<link /i);
    for (const m of page.matchAll(/href="([^"]*)"/g)) {
      assert.ok(m[1]!.startsWith('#') || m[1]!.startsWith(`${BASE}/`), `external link ${m[1]}`);
    }
  });

  it('has an element for every anchor, once, and every internal link lands on one', () => {
    assert.equal(new Set(DOCS_ANCHORS).size, DOCS_ANCHORS.length);
    const ids = [...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
    for (const anchor of DOCS_ANCHORS) {
      assert.equal(ids.filter((id) => id === anchor).length, 1, `id="${anchor}"`);
      if (anchor !== 'overview') assert.ok(page.includes(`<li><a href="#${anchor}">`), `contents link to #${anchor}`);
    }
    assert.equal(new Set(ids).size, ids.length, 'duplicate ids');
    for (const m of page.matchAll(/href="#([^"]+)"/g)) assert.ok(ids.includes(m[1]!), `dangling link #${m[1]}`);
  });

  it('has every anchor the MCP search corpus links to', () => {
    for (const anchor of MCP_CORPUS_ANCHORS) assert.ok(page.includes(` id="${anchor}"`), `#${anchor}`);
  });

  it('lists every error code with its status, and no code that errors.ts lacks', () => {
    const rows = pageErrorTable(page);
    assert.deepEqual(Object.fromEntries(rows), { ...ERROR_STATUS });
    assert.deepEqual([...rows.keys()], Object.keys(ERROR_STATUS));
  });

  it('mentions every unavailable reason and every response field of the contract', () => {
    for (const word of [
      'not_2x2', 'invalid_counts', 'unsafe_integer_counts', 'non_positive_margins', 'workload_limit', 'disabled_by_caller',
      'chiSquareYates', 'gTest', 'fishersExactP', 'fishersExactUnavailableReason', 'unavailableReason', 'cramersV',
      'contingencyCoefficient', 'kendallTau', 'somersD', 'theilsU', 'cellsBelow5', 'residuals', 'RateLimit-Reset',
      'Retry-After', 'schemaVersion', 'trustReadiness', 'search', 'fetch', 'get_headless_capabilities',
      'analyze_crosstab', 'render_crosstab', 'Pearson (1900)', 'Yates (1934)', 'Woolf (1955)', 'Cornfield (1956)',
      'Haberman (1973)', 'Cohen (1988)', 'Somers (1962)', 'Theil (1970)', 'Stuart (1953)', 'Williams (1976)',
    ]) {
      assert.ok(page.includes(word), word);
    }
  });

  it('gives curl examples that work when pasted', () => {
    const blocks = codeBlocks(page).join('\n');
    assert.ok(blocks.includes(`curl '${BASE}/api/v1/chi-square?d=12,5;3,9'`));
    assert.ok(
      blocks.includes(`curl -X POST '${BASE}/api/v1/contingency' -H 'Content-Type: application/json' -d '{"table":[[12,5],[3,9]]}'`),
    );
    for (const line of blocks.split('\n').filter((l) => l.startsWith('curl '))) {
      const quoted = [...line.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
      const url = new URL(quoted[0]!);
      assert.equal(url.origin, BASE, line);
      assert.ok(!/[[\]{}]/.test(quoted[0]!), `curl would glob ${quoted[0]}`);
      const data = line.includes(' -d ') ? quoted.at(-1)! : null;
      if (data !== null) assert.doesNotThrow(() => JSON.parse(data), line);
      if (url.pathname.startsWith('/api/v1/') && url.searchParams.has('d')) {
        assert.match(url.searchParams.get('d')!, /^\d+(,\d+)*(;\d+(,\d+)*)+$/);
      }
    }
  });

  it('shows a real example response', () => {
    const example = codeBlocks(page).find((b) => b.startsWith('{\n  "input"'));
    assert.ok(example, 'no example response');
    const body = JSON.parse(example);
    assertResponseMatches('/api/v1/contingency', 'POST', 200, body);
    assert.equal(body.docs, DOCS);
    assert.deepEqual(body.input.table, [[12, 5], [3, 9]]);
  });

  it('escapes a hostile base address everywhere and links only to http(s) addresses', () => {
    const hostile = `http://x.example/"><script>alert('x')</script><img src=x onerror=alert(1)>&`;
    const escaped =
      'http://x.example/&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&amp;';
    const html = referencePageHtml(hostile);
    assert.doesNotMatch(html, /<script/i);
    assert.doesNotMatch(html, /<img/i);
    // Every place the address appears holds exactly its escaped form (in the JSON example: the
    // escaped JSON string), and nothing else changes.
    const inJson = escaped.replace('&quot;', '\\&quot;');
    const placeholder = 'http://placeholder.invalid';
    assert.equal(html.split(inJson).join(placeholder).split(escaped).join(placeholder), referencePageHtml(placeholder));
    assert.ok(html.split(escaped).length > 10, 'the address appears in the examples');
    const scheme = referencePageHtml('javascript:alert(1)//');
    assert.doesNotMatch(scheme, /href="javascript:/i);
    assert.ok(scheme.includes('href="/api/openapi.json"'));
    const json = openApiDocument(hostile) as Json;
    assert.deepEqual(json.servers, [{ url: hostile }]);
  });

  it('fits the Content-Security-Policy it exports (only its own inline style)', () => {
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    assert.ok(REFERENCE_PAGE_CSP.includes(`style-src 'sha256-${hash}'`), REFERENCE_PAGE_CSP);
    assert.match(REFERENCE_PAGE_CSP, /^default-src 'none';/);
  });
});

// ---------------------------------------------------------------------------------------------

const inProcessFisher = { runFisher: async (cells: Parameters<typeof fisherExactTest>[0]) => fisherExactTest(cells), docsUrl: DOCS };

/** Every number of `example` within 1e-9 relative of `actual`; strings equal; null-ness of free text equal. */
function compareExample(actual: unknown, example: unknown, path: string, problems: string[]): void {
  if (typeof example === 'number') {
    const ok = typeof actual === 'number' && Math.abs(actual - example) <= 1e-9 * Math.max(Math.abs(example), 1e-300);
    if (!ok) problems.push(`${path}: engine ${JSON.stringify(actual)}, example ${example}`);
  } else if (Array.isArray(example)) {
    if (!Array.isArray(actual) || actual.length !== example.length) problems.push(`${path}: length`);
    else example.forEach((e, k) => compareExample(actual[k], e, `${path}[${k}]`, problems));
  } else if (typeof example === 'object' && example !== null) {
    if (typeof actual !== 'object' || actual === null) problems.push(`${path}: engine ${JSON.stringify(actual)}`);
    else for (const [k, v] of Object.entries(example)) compareExample((actual as Json)[k], v, `${path}.${k}`, problems);
  } else if (typeof example === 'string' && /(^|\.)(warning|note)$/.test(path)) {
    if (typeof actual !== 'string') problems.push(`${path}: engine ${JSON.stringify(actual)}, example has text`);
  } else if (actual !== example) {
    problems.push(`${path}: engine ${JSON.stringify(actual)}, example ${JSON.stringify(example)}`);
  }
}

describe('the documents against the engine (src/api/analyze.ts)', () => {
  const builders: Record<Operation, (e: WorkedExample, docs: string) => Json> = {
    contingency: contingencyExample,
    'chi-square': chiSquareExample,
    'fishers-exact': fisherExample,
    'odds-ratio': oddsRatioExample,
  };

  it('the worked examples are what the engine returns', async () => {
    const problems: string[] = [];
    for (const example of Object.values(WORKED_EXAMPLES) as WorkedExample[]) {
      for (const op of OPERATIONS) {
        const { status, body } = await analyze(op, { table: example.table, exact: true }, inProcessFisher);
        assert.equal(status, 200);
        const expected = builders[op](example, DOCS);
        for (const key of Object.keys(body)) assert.ok(key in expected, `${op} ${example.key}: ${key} is missing from the example`);
        compareExample(body, expected, `${op} ${example.key}`, problems);
      }
    }
    assert.deepEqual(problems, []);
  });

  it(`every analyze body for the ${corpus.length} corpus tables matches its documented schema`, async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const c of corpus) {
      for (const op of OPERATIONS) {
        for (const exact of op === 'contingency' || op === 'odds-ratio' ? [true, false] : [true]) {
          const { status, body } = await analyze(op, { table: c.table, exact }, inProcessFisher);
          checked++;
          try {
            assertResponseMatches(ANALYSIS_PATHS[op], 'POST', status, body);
            if (op === 'contingency') {
              assert.ok('oddsRatio' in body && 'residuals' in body, 'the additive fields are present');
            }
          } catch (error) {
            failures.push(`${c.id} (${c.family}) ${op} exact=${exact}: ${(error as Error).message.split('\nbody:')[0]}`);
          }
        }
      }
    }
    assert.equal(checked, corpus.length * 6);
    assert.deepEqual(failures, []);
  });
});
