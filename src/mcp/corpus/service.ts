/**
 * Corpus documents about the service itself: limits, rate limits, accuracy evidence, the data
 * boundary, the table encoding, the endpoints, the MCP endpoint and the health check (service
 * description "Limits", "Endpoints", "Versioning"; METHODS.md; test/fixtures/README.md).
 */
import { SUPPORTED_PROTOCOL_VERSIONS } from '../versions.js';
import {
  MCP_PATH,
  MCP_REQUESTS_PER_MINUTE,
  RATE_LIMIT_WINDOW_SECONDS,
  REST_ENDPOINTS,
  REST_REQUESTS_PER_MINUTE_DEFAULT,
  TABLE_LIMITS,
  TOOL_NAMES,
} from '../service-facts.js';
import type { CorpusDocument, DocsAnchor } from './document.js';

interface ServiceSpec {
  id: string;
  title: string;
  anchor: DocsAnchor;
  keywords: string[];
  text: string[];
  references?: string[];
}

function serviceDocument(spec: ServiceSpec): CorpusDocument {
  return {
    id: spec.id,
    title: spec.title,
    kind: 'service',
    anchor: spec.anchor,
    fields: [],
    references: spec.references ?? [],
    keywords: spec.keywords,
    text: spec.text.join('\n\n'),
  };
}

const L = TABLE_LIMITS;

export const SERVICE_DOCUMENTS: readonly CorpusDocument[] = [
  serviceDocument({
    id: 'limits',
    title: 'Limits: table size, counts, body size, rate, exact-test workload',
    anchor: 'limits',
    keywords: ['limit', 'limits', 'maximum', 'bounds', 'size', 'rows', 'columns', '12x12', 'total', 'body', 'bytes', 'workload'],
    text: [
      `Table: ${L.minRows}x${L.minCols} up to ${L.maxRows}x${L.maxCols}, rectangular. Cells: integers from 0 to ${L.maxCell}. Grand total N: 1 to ${L.maxGrandTotal}. Every row sum and column sum must be positive. ` +
        'Fractional, weighted or negative cells are rejected (invalid_counts), never rounded.',
      `POST body: at most ${L.maxBodyBytes} bytes, checked while the body is read (413 body_too_large), on the REST routes and on the MCP endpoint.`,
      `Fisher's exact test enumerates at most ${L.fisherMaxSupport} tables of the fixed-margin support; beyond that the exact result is unavailable with reason workload_limit ` +
        '(a 200 with fishersExact null on /contingency and /odds-ratio, a 422 fisher_workload_limit on /fishers-exact).',
      `Request rate: ${REST_REQUESTS_PER_MINUTE_DEFAULT} requests per minute per client IP over a ${RATE_LIMIT_WINDOW_SECONDS}-second sliding window, shared across the four analysis routes; ` +
        `the MCP endpoint ${MCP_PATH} has its own window of ${MCP_REQUESTS_PER_MINUTE} requests per minute per client IP. A self-hosting operator can change the REST limit with RATE_LIMIT_PER_MINUTE (0 turns both limiters off).`,
      `The MCP endpoint exposes ${TOOL_NAMES.length} tools. Labels (rowLabels, colLabels) are optional strings of at most 200 characters, one per row or column.`,
    ],
  }),
  serviceDocument({
    id: 'rate-limits',
    title: 'Rate limits and the RateLimit headers',
    anchor: 'rate-limits',
    keywords: ['rate', 'limit', 'ratelimit', 'throttle', '429', 'retry-after', 'headers', 'quota', 'sliding', 'window'],
    text: [
      `REST analysis routes: ${REST_REQUESTS_PER_MINUTE_DEFAULT} requests per minute per client IP over a ${RATE_LIMIT_WINDOW_SECONDS}-second sliding window, shared across /contingency, /chi-square, /fishers-exact and /odds-ratio. ` +
        'Every analysis response (200, 400, 413, 422, 429, 500) carries RateLimit-Limit (the limit), RateLimit-Remaining (requests left after this one) and RateLimit-Reset ' +
        '(the ceiling of the seconds until the oldest counted request leaves the window and a slot frees up; not an epoch timestamp and not a full-quota reset).',
      'A 429 rate_limit_exceeded response also carries Retry-After (integer seconds, at least 1), equal to RateLimit-Reset. Refused requests are not counted, so a client that waits Retry-After gets a slot.',
      `MCP endpoint ${MCP_PATH}: its own sliding window of ${MCP_REQUESTS_PER_MINUTE} requests per minute per client IP with the same headers; a 429 there has a JSON-RPC error body. The stdio server has no rate limit.`,
      'The limiter is in-process: serverless instances do not share counters, a restart resets them, and infrastructure in front of the service may impose further limits. ' +
        'Clients are identified by IP address (behind trusted proxies, from X-Forwarded-For as configured with TRUST_PROXY). Use as a high-volume backend requires contacting the operator first, or self-hosting.',
    ],
  }),
  serviceDocument({
    id: 'accuracy',
    title: 'Accuracy evidence: 503-case truth corpus at 50 digits',
    anchor: 'accuracy',
    keywords: ['accuracy', 'precision', 'truth', 'corpus', 'reference', 'values', 'tolerance', 'mpmath', 'digits', 'validation', 'verified', 'test', 'r', 'scipy'],
    references: ['test/fixtures/contingency-truth.jsonl and test/fixtures/README.md in the source repository'],
    text: [
      'Every statistic is checked against a truth corpus of 503 tables whose reference values were computed independently of this code: exact rational arithmetic wherever the quantity is rational ' +
        '(expected counts, Pearson X2 from N n_ij - a_i b_j, Yates, lambda, concordant and discordant pairs, gamma, tau-c, Somers\' d, the Cramér\'s V label) and 50-significant-digit arithmetic (mpmath) for the rest ' +
        '(chi-square tails without underflow, G at 120 digits, square roots and logarithms, and everything Fisher). Values are stored as 25-significant-digit decimal strings.',
      'Tolerance: relative error at most 1e-12 for every numeric field (absolute error where the true value is below 1e-300, which doubles cannot hold), except the conditional maximum-likelihood odds ratio ' +
        'and its exact interval at 1e-9. Infinities (null with state positive_infinity), null objects, states, labels, reasons and integers must match exactly. ' +
        'The test suite compares every case through the REST endpoint /api/v1/contingency and through the MCP tool analyze_crosstab, which must return identical JSON.',
      'Families: small random r x c tables, medium r x c, sparse tables with many zero cells, every 2x2 zero pattern, tiny and moderate 2x2 tables, Fisher supports of exactly 100000 (computed) and 100001 (workload_limit) tables, ' +
        'large supports, N up to 1e12 with a small margin, near-independence tables with cells around 1e10 to 1e11 where naive formulas lose most digits, extreme association with chi-square p-values from 1e-250 to far below 1e-308, ' +
        'dense 12x12, 12x2 and 2x12 tables, skewed margins, Fisher near ties just inside and just outside the 1e-7 tolerance, and Cramér\'s V exactly on a label threshold.',
      'Independent checks of the corpus: Fisher p-values re-derived with exact fractions for small tables, the conditional MLE equations re-evaluated with exact binomial weights, chi-square tails against closed forms, ' +
        'and the statistics against R for well-conditioned tables. Deliberate differences from other software are listed per statistic (Fisher tie tolerance versus scipy, conditional versus sample odds ratio, Yates defaults, R\'s 1e-4 odds-ratio root finder).',
    ],
  }),
  serviceDocument({
    id: 'data-boundary',
    title: 'Data boundary: aggregate counts only',
    anchor: 'mcp',
    keywords: ['data', 'boundary', 'privacy', 'aggregate', 'respondent', 'rows', 'microdata', 'weights', 'survey', 'private', 'projects', 'storage', 'upload', 'personal'],
    text: [
      'The service accepts aggregate integer frequency tables only: 2x2 to 12x12 counts with positive margins. There is no upload of respondent-level rows, no survey weights or fractional counts ' +
        '(weighted cells are rejected, not rounded), no accounts, API keys, workspaces or private projects, and nothing is stored between requests: a table is used only to compute its own response.',
      'Labels (rowLabels, colLabels) are validated for count and length but never change a statistic; the REST responses do not echo them, and only render_crosstab prints them (escaped) in its Markdown and SVG.',
      'The methods are ordinary independent-frequency methods, not survey-design inference: they assume the counts are independent observations. ' +
        'The query string of a GET request travels in the URL and may be logged by infrastructure; POST keeps counts out of URLs.',
      `The public aggregate MCP endpoint ${MCP_PATH} works inside the same boundary: fixed public evidence (this corpus) and bounded aggregate counts. ` +
        'A separate hosted MCP service with project tools (uploads with consent, workspace tokens) is a different service with its own terms; it is not this endpoint.',
    ],
  }),
  serviceDocument({
    id: 'table-encoding',
    title: 'Table encoding: JSON body and GET query',
    anchor: 'table-encoding',
    keywords: ['encoding', 'table', 'json', 'query', 'get', 'post', 'format', 'send', 'submit', 'input', 'd', 'labels', 'rowlabels', 'collabels', 'exact', 'request', 'body'],
    text: [
      'POST (Content-Type application/json): {"table": [[12, 5], [3, 9]], "rowLabels": ["treated", "control"], "colLabels": ["yes", "no"], "exact": true}. table is required; the other properties are optional, and unknown properties are ignored. ' +
        'A count written 12.0 is the integer 12.',
      'GET: the parameter d, rows separated by ";" and cells by ",", e.g. /api/v1/contingency?d=12,5;3,9; whitespace around a cell is allowed. A cell token must be a plain decimal number ' +
        '(optionally signed, optionally with a fractional part); empty tokens, hex, exponents, NaN, Infinity and words are invalid_table, negative or fractional values invalid_counts. ' +
        'Labels may be given as rowLabels and colLabels (comma-separated or repeated); exact=false skips the exact test.',
      '"exact": false (POST) or exact=false (GET) on /contingency and /odds-ratio skips Fisher\'s exact test: fishersExact is null with reason disabled_by_caller. ' +
        'Labels are validated (one per row or column, at most 200 characters) and never change the statistics or appear in REST responses.',
      'The MCP tool analyze_crosstab takes the same object as its arguments and returns the same response body as POST /api/v1/contingency.',
    ],
  }),
  serviceDocument({
    id: 'endpoints',
    title: 'REST endpoints',
    anchor: 'endpoints',
    keywords: ['endpoints', 'rest', 'api', 'paths', 'routes', 'openapi', 'v1', 'cors', 'options', 'versioning', 'version'],
    text: [
      REST_ENDPOINTS.map((e) => `${e.method} ${e.path}: ${e.purpose}.`).join(' '),
      'No authentication: no key, token or account. CORS allows any origin (Access-Control-Allow-Origin: *). Unknown paths under /api answer 404 endpoint_not_found with a documentation link. ' +
        'Non-2x2 tables give exact and odds-ratio results null with reason not_2x2 in a 200.',
      'Versioning: the REST prefix is /api/v1 (description version 1.0.0, OpenAPI 3.1.0); breaking changes get a new major prefix, additive response fields may appear (clients must tolerate unknown fields), ' +
        'and the v1 endpoints have no scheduled sunset. The API version is separate from the application version reported by /api/health.',
    ],
  }),
  serviceDocument({
    id: 'mcp-endpoint',
    title: 'MCP endpoint /api/headless-mcp and the stdio server',
    anchor: 'mcp',
    keywords: ['mcp', 'model', 'context', 'protocol', 'streamable', 'http', 'json-rpc', 'jsonrpc', 'stdio', 'tools', 'agent', 'llm', 'headless', 'initialize'],
    text: [
      `${MCP_PATH} speaks MCP over Streamable HTTP, stateless, with JSON responses only (no SSE stream, no Mcp-Session-Id). POST one JSON-RPC message: a request gets 200 with application/json, ` +
        'a notification or response gets 202 with an empty body. GET, DELETE and other methods get 405 with Allow: POST, OPTIONS; OPTIONS gets 204 with CORS headers.',
      `Protocol versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}. initialize echoes the client's version when supported and otherwise answers the newest; a request without an MCP-Protocol-Version header is taken as 2025-03-26, ` +
        'and an unsupported header value gets 400. Methods: initialize, notifications/initialized, ping, tools/list, tools/call.',
      `Tools: ${TOOL_NAMES.join(', ')}. All are read-only, idempotent, non-destructive and closed-world, with a title, an input schema and an output schema; each result carries structuredContent and one text item with the same JSON. ` +
        'analyze_crosstab returns exactly the POST /api/v1/contingency body; render_crosstab returns a Markdown table and an accessible SVG heatmap of adjusted residuals; search and fetch read this corpus; get_headless_capabilities lists versions and limits.',
      `Limits: POST body at most ${L.maxBodyBytes} bytes (413), ${MCP_REQUESTS_PER_MINUTE} requests per minute per client IP (429 with Retry-After and RateLimit headers), Content-Type must be application/json (415).`,
      'Local use: the command "contingency-api mcp" serves the same tools over stdio (newline-delimited JSON-RPC on stdin and stdout, logs on stderr) and exits when stdin closes; it has no rate limit.',
    ],
  }),
  serviceDocument({
    id: 'health',
    title: 'Health check /api/health',
    anchor: 'health',
    keywords: ['health', 'status', 'operational', 'degraded', 'self-check', 'known-answer', 'monitoring', 'uptime', '503'],
    text: [
      'GET /api/health returns a HealthReport (schemaVersion 3): service, status (operational or degraded), checkedAt, build (deployment metadata and applicationVersion with its provenance), ' +
        'trustReadiness and checks (application_runtime, statistics_engine). HEAD returns the same status without a body. Both carry Cache-Control: no-store, max-age=0.',
      'The statistics check is a known-answer test: a fixed table is computed through the same code paths as the API, the exact-test worker pool included, and compared with stored reference values. ' +
        'Status 200 when operational, 503 when the runtime or the statistics self-check is degraded. Pending trust-readiness evidence does not make the runtime status degraded.',
    ],
  }),
];
