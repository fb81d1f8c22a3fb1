/**
 * The developer reference served at /docs (`{docs_url}`): one self-contained HTML page, plain
 * semantic markup with inline CSS, no script and no external asset. Content: service
 * description (the contract) and METHODS.md (formulas, conventions, error codes), with one
 * anchor per section and per statistic (`anchors.ts`). The only interpolated value is the
 * base address, always HTML-escaped; links use it only when it is an http(s) address.
 */
import { createHash } from 'node:crypto';
import { ERROR_STATUS } from '../api/errors.js';
import { DOCS_ANCHORS, DOCS_SECTION_TITLES, type DocsAnchor } from './anchors.js';
import { ERROR_CODES, ERROR_WHEN } from './error-docs.js';
import { contingencyExample, WORKED_EXAMPLES } from './examples.js';
import { escapeHtml, inlineMarkdown } from './html.js';
import { API_VERSION, OPENAPI_VERSION } from './openapi.js';

export { DOCS_ANCHORS, DOCS_SECTION_TITLES, type DocsAnchor } from './anchors.js';

const STYLE = `
:root { color-scheme: light dark; --fg: #1b1b1b; --bg: #fdfdfd; --muted: #5a5a5a; --line: #d0d0d0; --code: #f1f1f1; --link: #0b57d0; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e6e6; --bg: #151515; --muted: #a8a8a8; --line: #3a3a3a; --code: #242424; --link: #8ab4f8; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
header, main, footer { max-width: 62rem; margin: 0 auto; padding: 0 1.25rem; }
header { padding-top: 1.5rem; }
h1 { font-size: 1.8rem; margin: 0 0 .25rem; }
h2 { font-size: 1.4rem; margin: 2.5rem 0 .75rem; padding-top: .5rem; border-top: 1px solid var(--line); }
h3 { font-size: 1.15rem; margin: 1.75rem 0 .5rem; }
a { color: var(--link); }
p, li { max-width: 48rem; }
.meta { color: var(--muted); margin-top: 0; }
code, pre { font: .9em/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--code); border-radius: 4px; }
code { padding: .05em .3em; }
pre { padding: .75rem 1rem; overflow-x: auto; }
pre code { padding: 0; background: none; }
table { border-collapse: collapse; margin: .75rem 0 1.25rem; width: 100%; }
th, td { border: 1px solid var(--line); padding: .35rem .55rem; text-align: left; vertical-align: top; }
th { background: var(--code); }
nav ol { columns: 2 16rem; padding-left: 1.25rem; }
.formula { display: block; margin: .5rem 0; padding: .5rem .75rem; border-left: 3px solid var(--line); background: none; }
dl.fields dt { font-weight: 600; margin-top: .5rem; }
dl.fields dd { margin-left: 1.25rem; }
footer { color: var(--muted); padding-bottom: 2rem; }
`;

/**
 * Content-Security-Policy that fits the page: nothing but its own inline style block.
 * The server may send it with /docs.
 */
export const REFERENCE_PAGE_CSP =
  "default-src 'none'; " +
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; ` +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// ---------------------------------------------------------------------------------------------
// Small builders (arguments are trusted HTML unless the name says text)

function section(id: DocsAnchor, body: string, level: 2 | 3 = 2): string {
  const tag = level === 2 ? 'section' : 'article';
  return `<${tag} id="${id}">\n<h${level}>${escapeHtml(DOCS_SECTION_TITLES[id])}</h${level}>\n${body}\n</${tag}>`;
}

function table(headers: readonly string[], rows: readonly (readonly string[])[], id?: string): string {
  const head = `<thead><tr>${headers.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead>`;
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n');
  return `<table${id === undefined ? '' : ` id="${id}"`}>${head}<tbody>\n${body}\n</tbody></table>`;
}

function codeBlock(text: string): string {
  return `<pre><code>${escapeHtml(text)}</code></pre>`;
}

function formula(html: string): string {
  return `<code class="formula">${html}</code>`;
}

function link(anchor: DocsAnchor, text?: string): string {
  return `<a href="#${anchor}">${escapeHtml(text ?? DOCS_SECTION_TITLES[anchor])}</a>`;
}

function fields(entries: readonly (readonly [name: string, html: string])[]): string {
  return `<dl class="fields">${entries.map(([name, html]) => `<dt><code>${escapeHtml(name)}</code></dt><dd>${html}</dd>`).join('\n')}</dl>`;
}

/** An href for a path of this service: absolute only when the base address is http(s). */
function serviceHref(baseUrl: string, path: string): string {
  return escapeHtml(/^https?:\/\//i.test(baseUrl) ? `${baseUrl}${path}` : path);
}

// ---------------------------------------------------------------------------------------------
// Sections

function overview(base: string, baseUrl: string): string {
  return section(
    'overview',
    `<p>A free, accountless JSON service that computes test statistics and association measures of
<strong>aggregate contingency tables</strong>: rectangular tables of non-negative integer counts, from 2×2 up to 12×12.
You send the counts; it returns the statistics as JSON.</p>
<ul>
<li>No account, key, token or signup. CORS is open to any origin, so browsers may call it directly.</li>
<li>Aggregate counts only: there is no upload of respondent-level rows, no weights (fractional or weighted cells are
rejected) and no private projects.</li>
<li>The methods are ordinary independent-frequency methods, not survey-design inference.</li>
<li>Use is free, including commercial use. Contact the operator before using the service as a high-volume backend;
anyone may run their own copy.</li>
</ul>
<p>Base address: <code>${base}</code>. OpenAPI ${OPENAPI_VERSION} description:
<a href="${serviceHref(baseUrl, '/api/openapi.json')}"><code>${base}/api/openapi.json</code></a>
(API version ${API_VERSION}). Every analysis response repeats the address of this page in its <code>docs</code> field.</p>
<p>Contents:</p>
<nav aria-label="Contents"><ol>
${DOCS_ANCHORS.filter((id) => id !== 'overview')
  .map((id) => `<li>${link(id)}</li>`)
  .join('\n')}
</ol></nav>`,
  );
}

function endpoints(base: string, baseUrl: string): string {
  const rows: string[][] = [
    ['GET, POST', '/api/v1/contingency', 'ContingencyResponse', 'All statistics: chi-square, Yates, G-test, exact test, odds ratio, Cramér&#39;s V, phi, contingency coefficient, lambda, gamma, Kendall&#39;s tau, Somers&#39; d, Theil&#39;s U, expected counts, totals, residuals.'],
    ['GET, POST', '/api/v1/chi-square', 'ChiSquareResponse', 'Pearson chi-square test of independence, Yates correction (2×2), G-test, Cramér&#39;s V, low-expected-count warning.'],
    ['GET, POST', '/api/v1/fishers-exact', 'FisherResponse', 'Two-sided Fisher–Irwin exact test for 2×2, with the conditional odds ratio and its exact interval.'],
    ['GET, POST', '/api/v1/odds-ratio', 'OddsRatioResponse', 'Sample odds ratio with its 95% Woolf interval for 2×2, and the exact p-value.'],
    ['OPTIONS', 'each of the four paths above', '204, empty', 'CORS preflight: <code>Access-Control-Allow-Origin: *</code>, <code>Access-Control-Allow-Methods: GET, POST, OPTIONS</code>, <code>Access-Control-Allow-Headers: Content-Type</code>.'],
    ['GET, HEAD', '/api/health', 'HealthReport', `Runtime and known-answer statistics self-check. See ${link('health')}.`],
    ['GET', '/api/openapi.json', 'OpenAPI document', `The OpenAPI ${OPENAPI_VERSION} description.`],
    ['GET', '/docs', 'this page', 'The developer reference.'],
    ['POST, OPTIONS', '/api/headless-mcp', 'JSON-RPC', `Public aggregate MCP endpoint (a separate protocol). See ${link('mcp')}.`],
  ];
  const curl = [
    `curl '${baseUrl}/api/v1/chi-square?d=12,5;3,9'`,
    '',
    `curl -X POST '${baseUrl}/api/v1/contingency' -H 'Content-Type: application/json' -d '{"table":[[12,5],[3,9]]}'`,
    '',
    `curl '${baseUrl}/api/v1/odds-ratio?d=12,5;3,9&rowLabels=Treated,Control&colLabels=Improved,Not%20improved&exact=false'`,
    '',
    `curl -i '${baseUrl}/api/health'`,
  ].join('\n');
  const browser = [
    `const response = await fetch('${baseUrl}/api/v1/contingency', {`,
    "  method: 'POST',",
    "  headers: { 'Content-Type': 'application/json' },",
    '  body: JSON.stringify({ table: [[12, 5], [3, 9]] }),',
    '});',
    'const result = await response.json();',
    'console.log(result.chiSquare.pValue, result.fishersExact?.pValue);',
  ].join('\n');
  return section(
    'endpoints',
    `<p>Every analysis endpoint takes the same tables in two forms: GET with the table in the query parameter
<code>d</code>, or POST with a JSON body. Base address: <code>${base}</code>.</p>
${table(['Method', 'Path', 'Body returned', 'Purpose'], rows.map(([m, p, b, d]) => [escapeHtml(m!), `<code>${escapeHtml(p!)}</code>`, escapeHtml(b!), d!]))}
<p>An unknown path under <code>/api</code> returns 404 with <code>code</code> <code>endpoint_not_found</code> and a
<code>documentation</code> field holding the address of this page (HEAD: same status, no body). A known path called with
a method it does not accept returns 405 <code>method_not_allowed</code> with an <code>Allow</code> header.</p>
<h3 id="examples">Examples</h3>
<p>These work as pasted into a POSIX shell. The semicolon and commas of <code>d</code> may be sent as they are; the single
quotes keep the shell from reading them. Percent-encoded (<code>d=12%2C5%3B3%2C9</code>) is equivalent.</p>
${codeBlock(curl)}
<p>From a browser (CORS is open):</p>
${codeBlock(browser)}`,
  );
}

function tableEncoding(): string {
  return section(
    'table-encoding',
    `<h3 id="get-form">GET: the <code>d</code> parameter</h3>
<p>Commas separate cells, semicolons separate rows: <code>d=12,5;3,9</code> is the table
<code>[[12, 5], [3, 9]]</code>. Whitespace around a cell is allowed. A cell is a plain decimal number
(<code>-?[0-9]+(\\.[0-9]+)?</code>); anything else (empty, hex, exponent, <code>NaN</code>, <code>Infinity</code>, words) is
<code>invalid_table</code>, and a negative or fractional value is <code>invalid_counts</code>. <code>12.0</code> is the
integer 12. Give <code>d</code> exactly once. The query string travels in the URL and may be logged by proxies and
servers along the way; POST keeps counts out of URLs.</p>
<h3 id="post-form">POST: a JSON <code>TableRequest</code></h3>
<p>Send <code>Content-Type: application/json</code> and a body of at most 16384 bytes:</p>
${codeBlock('{"table": [[12, 5], [3, 9]], "rowLabels": ["Treated", "Control"], "colLabels": ["Improved", "Not improved"], "exact": true}')}
<p>Only <code>table</code> is required. Other properties are ignored.</p>
<h3 id="labels">Labels and the exact test</h3>
<p><code>rowLabels</code> and <code>colLabels</code> (GET: a comma-separated list, or the parameter repeated once per
label; POST: arrays of strings) are checked for count (a wrong count is <code>invalid_table</code>), never echoed, and
never change a statistic.</p>
<p><code>exact=false</code> (GET) or <code>"exact": false</code> (POST) skips Fisher's exact test on
<code>/api/v1/contingency</code> and <code>/api/v1/odds-ratio</code>: its result is then null with reason
<code>disabled_by_caller</code>.</p>
<h3 id="table-rules">Rules for a table</h3>
${table(
  ['Rule', 'Value'],
  [
    ['Shape', 'an array of rows, each an array of integers; all rows the same length'],
    ['Rows, columns', '2 to 12 each'],
    ['Cell', 'integer 0 to 1000000000000 (10<sup>12</sup>)'],
    ['Grand total N', '1 to 10<sup>12</sup>'],
    ['Margins', 'every row sum and every column sum positive'],
  ],
)}
<p>Checks run in the order of a table's life: parse, shape, dimensions, counts, margins; the first failure is reported
(see ${link('errors')}). Every error names the offending row, column or cell where there is one.</p>`,
  );
}

function responses(docsUrl: string): string {
  const example = JSON.stringify(contingencyExample(WORKED_EXAMPLES.twoByTwo, docsUrl), null, 2);
  return section(
    'responses',
    `<p>Every analysis response echoes the validated table as <code>input</code>
(<code>{table, n, rows, cols}</code>, <code>n</code> the grand total) and gives the address of this page as
<code>docs</code>. The other fields per endpoint:</p>
${table(
  ['Endpoint', 'Fields (all present, possibly null)'],
  [
    ['<code>/api/v1/chi-square</code>', '<code>chiSquare</code>, <code>chiSquareYates</code>, <code>gTest</code>, <code>cramersV</code>, <code>expected</code> {<code>min</code>, <code>cellsBelow5</code>}, <code>warning</code>'],
    ['<code>/api/v1/fishers-exact</code>', '<code>fishersExact</code>, <code>unavailableReason</code>, <code>note</code>'],
    ['<code>/api/v1/odds-ratio</code>', '<code>oddsRatio</code>, <code>fishersExactP</code>, <code>fishersExactUnavailableReason</code>, <code>note</code>'],
    ['<code>/api/v1/contingency</code>', '<code>chiSquare</code>, <code>chiSquareYates</code>, <code>gTest</code>, <code>fishersExact</code>, <code>fishersExactUnavailableReason</code>, <code>cramersV</code>, <code>phi</code>, <code>contingencyCoefficient</code>, <code>lambda</code>, <code>gamma</code>, <code>kendallTau</code>, <code>somersD</code>, <code>theilsU</code>, <code>expected</code> {<code>counts</code>, <code>min</code>, <code>cellsBelow5</code>}, <code>totals</code>, and the additive <code>oddsRatio</code> and <code>residuals</code>'],
  ],
)}
<h3 id="nulls">Null results and unavailable reasons</h3>
<p>For tables larger than 2×2, <code>chiSquareYates</code>, <code>phi</code>, <code>fishersExact</code> and
<code>oddsRatio</code> are null and the exact test's reason is <code>not_2x2</code>. That is an HTTP 200, not an
error. An exact result is null exactly when its reason is given:</p>
${table(
  ['Reason', 'Meaning'],
  [
    ['<code>not_2x2</code>', 'The table is larger than 2×2.'],
    ['<code>workload_limit</code>', 'The 2×2 table&#39;s fixed-margin support has more than 100000 tables (on <code>/api/v1/fishers-exact</code> this is a 422).'],
    ['<code>disabled_by_caller</code>', 'The request set <code>exact</code> to false.'],
    ['<code>invalid_counts</code>, <code>unsafe_integer_counts</code>, <code>non_positive_margins</code>', 'Kept in the enumeration; a request that passed validation never produces them.'],
  ],
)}
<p>Check <code>note</code>, <code>warning</code> and the unavailable reasons before interpreting a result.</p>
<h3 id="infinity">Infinite values</h3>
<p>JSON has no infinity. An unbounded value (an odds ratio or an interval bound with a zero cell) is sent as
<code>null</code> together with the state <code>positive_infinity</code>; finite values have state
<code>finite</code>. Intervals are two-element arrays with a two-element array of states, position by position:
<code>"ci95": [0, null], "ci95States": ["finite", "positive_infinity"]</code>.</p>
<h3 id="example-response">Example</h3>
<p><code>POST /api/v1/contingency</code> with <code>{"table": [[12, 5], [3, 9]]}</code>:</p>
${codeBlock(example)}
<p>New fields may be added to any response; clients must ignore fields they do not know.</p>`,
  );
}

interface StatisticDoc {
  readonly id: DocsAnchor;
  readonly body: string;
}

const NOTATION = `<p>Notation: the table has cells <code>n<sub>ij</sub></code> in <code>r</code> rows (row variable R) and
<code>c</code> columns (column variable C), row sums <code>a<sub>i</sub></code>, column sums <code>b<sub>j</sub></code>,
grand total <code>N</code>, and <code>m = min(r, c)</code>. A 2×2 table is <code>[[a, b], [c, d]]</code>. Every count is
an integer with <code>N ≤ 10<sup>12</sup></code>; products of counts are kept exact (integer arithmetic) until the final
division, so no digits are lost to cancellation.</p>`;

const STATISTICS: readonly StatisticDoc[] = [
  {
    id: 'stat-chi-square',
    body: `${formula('X² = Σ<sub>ij</sub> (n<sub>ij</sub> − E<sub>ij</sub>)² / E<sub>ij</sub>,   E<sub>ij</sub> = a<sub>i</sub> b<sub>j</sub> / N,   df = (r − 1)(c − 1)')}
<p>The deviation is formed exactly as <code>(N n<sub>ij</sub> − a<sub>i</sub> b<sub>j</sub>) / N</code>. The p-value is
the upper tail of the chi-square distribution, <code>Q(df/2, X²/2)</code> (regularized upper incomplete gamma
function), computed directly rather than as <code>1 − cdf</code>: it keeps its relative accuracy down to
10<sup>−300</sup> and may underflow to 0 below that.</p>
${fields([
  ['chiSquare.chiSquare', 'X²'],
  ['chiSquare.degreesOfFreedom', '(r − 1)(c − 1)'],
  ['chiSquare.pValue', 'upper-tail p-value, 0 to 1'],
])}
<p>Reference: Pearson (1900). Same as R <code>chisq.test(x, correct = FALSE)</code> and scipy
<code>scipy.stats.chi2_contingency(x, correction=False)</code>. No continuity correction is applied to this field on any
table; the corrected 2×2 test is ${link('stat-yates', 'chiSquareYates')}.</p>`,
  },
  {
    id: 'stat-yates',
    body: `${formula('X²<sub>Yates</sub> = N · max(0, |ad − bc| − N/2)² / (a<sub>1</sub> a<sub>2</sub> b<sub>1</sub> b<sub>2</sub>),   df = 1')}
<p>2×2 tables only; <code>chiSquareYates</code> is null otherwise. This closed form equals
<code>Σ (|n<sub>ij</sub> − E<sub>ij</sub>| − min(0.5, |n<sub>ij</sub> − E<sub>ij</sub>|))² / E<sub>ij</sub></code>, the
correction of R <code>chisq.test(x, correct = TRUE)</code> (R's default) and of scipy
<code>chi2_contingency(x)</code> (its default, <code>correction=True</code>, applied when df = 1). When
<code>|ad − bc| ≤ N/2</code> the statistic is exactly 0 and the p-value exactly 1; R's cell-by-cell computation can
return a p-value such as 0.99963 there when an expected count is huge.</p>
${fields([['chiSquareYates', 'a ChiSquareResult with <code>degreesOfFreedom</code> 1, or null']])}
<p>Reference: Yates (1934).</p>`,
  },
  {
    id: 'stat-g-test',
    body: `${formula('G = 2 Σ<sub>ij</sub> n<sub>ij</sub> ln(n<sub>ij</sub> / E<sub>ij</sub>)   (0 ln 0 = 0),   df = (r − 1)(c − 1)')}
<p>The likelihood-ratio test of independence. No Williams correction and no continuity correction. Each term is
computed as <code>E ((1 + t) ln(1 + t) − t)</code> with <code>t = (N n<sub>ij</sub> − a<sub>i</sub> b<sub>j</sub>) /
(a<sub>i</sub> b<sub>j</sub>)</code> from the exact integer numerator (a series for small |t|), so G stays accurate and
non-negative near independence, where naive summation of <code>n ln(n/E)</code> loses every digit and can go negative
(as it does in R, vcd and scipy).</p>
${fields([
  ['gTest.gStatistic', 'G'],
  ['gTest.degreesOfFreedom', '(r − 1)(c − 1)'],
  ['gTest.pValue', 'upper tail of the chi-square distribution, as for X²'],
])}
<p>References: Wilks (1938); Williams (1976) for the correction that is <em>not</em> applied. Same definition as scipy
<code>chi2_contingency(x, correction=False, lambda_="log-likelihood")</code>.</p>`,
  },
  {
    id: 'stat-fisher',
    body: `<p>Two-sided Fisher–Irwin exact test for a 2×2 table <code>[[a, b], [c, d]]</code>. With the margins fixed, the
first cell ranges over <code>lo = max(0, a<sub>1</sub> + b<sub>1</sub> − N)</code> to
<code>hi = min(a<sub>1</sub>, b<sub>1</sub>)</code> with hypergeometric probabilities</p>
${formula('P(x) = C(a<sub>1</sub>, x) C(a<sub>2</sub>, b<sub>1</sub> − x) / C(N, b<sub>1</sub>)')}
${formula('p = min(1, Σ<sub>x</sub> P(x) over every x with P(x) ≤ P(a) · (1 + 10<sup>−7</sup>))')}
<p>The relative tolerance 10<sup>−7</sup> is R <code>fisher.test</code>'s rule; scipy
<code>scipy.stats.fisher_exact</code> uses 10<sup>−14</sup>, so the two can differ on tables with near ties (another
table almost exactly as probable as the observed one). The support is enumerated only when it has at most 100000
tables; beyond that the result is unavailable with reason <code>workload_limit</code> (HTTP 422 on
<code>/api/v1/fishers-exact</code>, null with the reason elsewhere). The size check comes before any enumeration.</p>
${fields([
  ['fishersExact.pValue', 'the two-sided p-value above, 0 to 1 (exactly 1 when every table qualifies)'],
  ['fishersExact.oddsRatio', 'the <strong>conditional</strong> maximum-likelihood estimate: the ψ at which the mean of Fisher&#39;s noncentral hypergeometric distribution equals <code>a</code>; 0 when <code>a = lo</code>, null with <code>oddsRatioState</code> <code>positive_infinity</code> when <code>a = hi</code>'],
  ['fishersExact.oddsRatioCI', 'exact conditional 95% interval: lower bound the root of <code>P(X ≥ a; ψ) = 0.025</code> (0 when <code>a = lo</code>), upper bound the root of <code>P(X ≤ a; ψ) = 0.025</code> (null + <code>positive_infinity</code> when <code>a = hi</code>)'],
  ['fishersExact.oddsRatioState, oddsRatioCIStates', '<code>finite</code> or <code>positive_infinity</code>, per value'],
  ['fishersExactP (odds-ratio response)', 'the same p-value, or null with the reason'],
])}
<p>The conditional estimate differs from the sample odds ratio <code>ad/bc</code> (${link('stat-odds-ratio', 'oddsRatio')})
and is what R <code>fisher.test</code> reports as its estimate and interval. R's root finder is only good to about
10<sup>−4</sup> relative (and fails beyond odds ratios of about 10<sup>4</sup>); this service solves to a relative
10<sup>−10</sup> and is tested to 10<sup>−9</sup>.
scipy <code>fisher_exact(x).statistic</code> is the sample odds ratio, not this estimate; scipy
<code>scipy.stats.contingency.odds_ratio(x, kind="conditional")</code> gives the conditional one.</p>
<p>References: Fisher (1935); Irwin (1935); Cornfield (1956) for the exact interval.</p>`,
  },
  {
    id: 'stat-odds-ratio',
    body: `${formula('OR = ad / bc,   95% interval exp(ln OR ± z · √(1/a + 1/b + 1/c + 1/d)),   z = 1.959963984540054')}
<p>The sample odds ratio with Woolf's logit interval (z is the 0.975 normal quantile). No 0.5 correction is added to
zero cells: with a zero cell the value is 0 when <code>ad = 0</code>, +infinity (null with state
<code>positive_infinity</code>) when <code>bc = 0</code>, the interval is <code>[0, +infinity)</code>
(<code>[0, null]</code> with states <code>["finite", "positive_infinity"]</code>), and <code>note</code> says why.
2×2 tables only; null otherwise.</p>
${fields([
  ['oddsRatio.value, valueState', 'OR, or null + <code>positive_infinity</code>'],
  ['oddsRatio.ci95, ci95States', 'the Woolf interval'],
  ['oddsRatio.method', 'always <code>sample odds ratio with Woolf log interval</code>'],
])}
<p>Reference: Woolf (1955). scipy <code>scipy.stats.contingency.odds_ratio(x, kind="sample")</code> gives the same
estimate. The exact conditional estimate is in ${link('stat-fisher', 'fishersExact')}.</p>`,
  },
  {
    id: 'stat-cramers-v',
    body: `${formula('V = √(X² / (N (m − 1)))')}
<p>Labels follow Cohen's (1988) thresholds 0.1, 0.3 and 0.5, divided by <code>√(m − 1)</code>: negligible below the
first, small, medium, large from the third. The label is decided exactly (as <code>X²/N</code> against 1/100, 9/100 and
1/4), and a value exactly on a threshold gets the higher label. No bias correction.</p>
${fields([
  ['cramersV.value', 'V, 0 to 1'],
  ['cramersV.label', '<code>negligible</code>, <code>small</code>, <code>medium</code> or <code>large</code>'],
])}
<p>References: Cramér (1946); Cohen (1988). Same value as scipy
<code>scipy.stats.contingency.association(x, method="cramer")</code>.</p>`,
  },
  {
    id: 'stat-phi',
    body: `${formula('φ = (ad − bc) / √(a<sub>1</sub> a<sub>2</sub> b<sub>1</sub> b<sub>2</sub>)')}
<p>2×2 only (null otherwise), and <strong>signed</strong>: positive when the table's diagonal dominates. Its absolute
value equals Cramér's V for a 2×2 table; tools that report <code>√(X²/N)</code> give that unsigned value.</p>
${fields([['phi', '−1 to 1, or null']])}`,
  },
  {
    id: 'stat-contingency-coefficient',
    body: `${formula('C = √(X² / (X² + N))')}
<p>Pearson's contingency coefficient, uncorrected: its maximum is below 1 and depends on the table's shape.</p>
${fields([['contingencyCoefficient', '0 to below 1']])}
<p>Reference: Pearson (1904). Same as scipy <code>association(x, method="pearson")</code>.</p>`,
  },
  {
    id: 'stat-lambda',
    body: `${formula('λ<sub>R</sub> = (Σ<sub>j</sub> max<sub>i</sub> n<sub>ij</sub> − max<sub>i</sub> a<sub>i</sub>) / (N − max<sub>i</sub> a<sub>i</sub>)')}
${formula('λ<sub>C</sub> = (Σ<sub>i</sub> max<sub>j</sub> n<sub>ij</sub> − max<sub>j</sub> b<sub>j</sub>) / (N − max<sub>j</sub> b<sub>j</sub>)')}
${formula('λ = (Σ<sub>j</sub> max<sub>i</sub> n<sub>ij</sub> + Σ<sub>i</sub> max<sub>j</sub> n<sub>ij</sub> − max a − max b) / (2N − max a − max b)')}
<p>Goodman and Kruskal's lambda: the proportional reduction in the error of predicting one variable's category when the
other is known.</p>
${fields([
  ['lambda.rowDependent', 'λ<sub>R</sub>: the row variable is predicted from the column'],
  ['lambda.colDependent', 'λ<sub>C</sub>: the column variable is predicted from the row'],
  ['lambda.symmetric', 'λ'],
])}
<p>Reference: Goodman and Kruskal (1954).</p>`,
  },
  {
    id: 'stat-gamma',
    body: `<p>Rows and columns are taken as ordered categories in the order sent. Concordant and discordant pairs:</p>
${formula('P = Σ n<sub>ij</sub> n<sub>i′j′</sub> over i &lt; i′, j &lt; j′,   Q = Σ n<sub>ij</sub> n<sub>i′j′</sub> over i &lt; i′, j &gt; j′')}
${formula('γ = (P − Q) / (P + Q)')}
<p>P and Q are exact integers. With positive margins, <code>P + Q &gt; 0</code>.</p>
${fields([['gamma', '−1 to 1']])}
<p>Reference: Goodman and Kruskal (1954).</p>`,
  },
  {
    id: 'stat-kendall-tau',
    body: `${formula('τ<sub>b</sub> = (P − Q) / √(D<sub>R</sub> D<sub>C</sub>),   D<sub>R</sub> = (N² − Σ a<sub>i</sub>²) / 2,   D<sub>C</sub> = (N² − Σ b<sub>j</sub>²) / 2')}
${formula('τ<sub>c</sub> = 2m (P − Q) / (N² (m − 1))')}
${fields([
  ['kendallTau.tauB', 'Kendall&#39;s tau-b, −1 to 1'],
  ['kendallTau.tauC', 'Stuart&#39;s tau-c, −1 to 1'],
])}
<p>References: Kendall (1938, 1945); Stuart (1953). Same as scipy <code>scipy.stats.kendalltau(x, y, variant="b")</code>
and <code>variant="c"</code> on the individual observations.</p>`,
  },
  {
    id: 'stat-somers-d',
    body: `${formula('d<sub>R</sub> = (P − Q) / D<sub>C</sub>,   d<sub>C</sub> = (P − Q) / D<sub>R</sub>,   d = (P − Q) / ((D<sub>R</sub> + D<sub>C</sub>) / 2)')}
${fields([
  ['somersD.rowDependent', 'd<sub>R</sub>: the row variable is dependent'],
  ['somersD.colDependent', 'd<sub>C</sub>: the column variable is dependent'],
  ['somersD.symmetric', 'd'],
])}
<p>Reference: Somers (1962). scipy <code>scipy.stats.somersd(x).statistic</code> on the table is D(Y|X) with the row
variable independent: our <code>colDependent</code>.</p>`,
  },
  {
    id: 'stat-theils-u',
    body: `${formula('H(R) = −Σ<sub>i</sub> (a<sub>i</sub>/N) ln(a<sub>i</sub>/N),   H(C) likewise,   I = G / (2N)')}
${formula('U<sub>R|C</sub> = I / H(R),   U<sub>C|R</sub> = I / H(C),   U = 2I / (H(R) + H(C))')}
<p>The uncertainty coefficient: the share of one variable's entropy explained by the other. The mutual information
<code>I</code> is taken from the accurate G statistic.</p>
${fields([
  ['theilsU.rowGivenCol', 'U<sub>R|C</sub>, 0 to 1'],
  ['theilsU.colGivenRow', 'U<sub>C|R</sub>, 0 to 1'],
  ['theilsU.symmetric', 'U, 0 to 1'],
])}
<p>Reference: Theil (1970).</p>`,
  },
  {
    id: 'stat-expected',
    body: `${formula('E<sub>ij</sub> = a<sub>i</sub> b<sub>j</sub> / N')}
${fields([
  ['expected.counts', 'the r × c matrix of E<sub>ij</sub> (contingency response)'],
  ['expected.min', 'the smallest E<sub>ij</sub>'],
  ['expected.cellsBelow5', 'the number of cells with <code>E<sub>ij</sub> &lt; 5</code>, decided exactly as <code>a<sub>i</sub> b<sub>j</sub> &lt; 5N</code>'],
  ['warning (chi-square response)', 'null when no expected count is below 5; otherwise a sentence giving how many cells are below 5 and the minimum, saying the chi-square approximation may be unreliable and, for 2×2, pointing at the exact test'],
  ['totals.row, totals.col', 'the row sums a<sub>i</sub> and column sums b<sub>j</sub>'],
])}`,
  },
  {
    id: 'stat-residuals',
    body: `${formula('pearson<sub>ij</sub> = (n<sub>ij</sub> − E<sub>ij</sub>) / √E<sub>ij</sub>')}
${formula('adjusted<sub>ij</sub> = (n<sub>ij</sub> − E<sub>ij</sub>) / √(E<sub>ij</sub> (1 − a<sub>i</sub>/N)(1 − b<sub>j</sub>/N))')}
<p>Additive field <code>residuals</code> of <code>/api/v1/contingency</code>, with the same shape as the table. The
adjusted (standardized) residual is approximately standard normal under independence: a cell with
<code>|adjusted| &gt; 1.96</code> departs from independence at the 5% level, before any correction for looking at many
cells.</p>
${fields([
  ['residuals.pearson', 'Pearson residuals'],
  ['residuals.adjusted', 'Haberman&#39;s adjusted residuals'],
])}
<p>Reference: Haberman (1973).</p>`,
  },
];

function statistics(): string {
  return STATISTICS.map((stat) => section(stat.id, stat.body, 3)).join('\n');
}

function conventions(): string {
  const rows: string[][] = [
    ['Pearson X²', 'never corrected', '<code>chisq.test(x, correct = FALSE)</code>', '<code>chi2_contingency(x, correction=False)</code>'],
    ['Yates X²', 'separate field, 2×2 only, closed form', '<code>chisq.test(x)</code> (default on 2×2)', '<code>chi2_contingency(x)</code> (default when df = 1)'],
    ['G-test', 'no Williams, no Yates; accurate near independence', '—', '<code>chi2_contingency(x, correction=False, lambda_="log-likelihood")</code>'],
    ['Exact p-value', 'tables with P ≤ P(observed)(1 + 10<sup>−7</sup>)', '<code>fisher.test(x)$p.value</code>: same rule', '<code>fisher_exact(x).pvalue</code>: tolerance 10<sup>−14</sup>'],
    ['Exact odds ratio', 'conditional MLE and exact interval, to 10<sup>−10</sup>', '<code>fisher.test(x)$estimate</code>, <code>$conf.int</code>: same definitions, about 10<sup>−4</sup> accurate', '<code>contingency.odds_ratio(x, kind="conditional")</code>'],
    ['Sample odds ratio', 'ad/bc with Woolf interval, no 0.5 correction', '—', '<code>contingency.odds_ratio(x, kind="sample")</code>; <code>fisher_exact(x).statistic</code>'],
    ['Cramér&#39;s V', 'no bias correction', '—', '<code>contingency.association(x, method="cramer")</code>'],
    ['Somers&#39; d', 'both directions and symmetric', '—', '<code>somersd(x)</code> = <code>colDependent</code>'],
  ];
  return section(
    'conventions',
    `<p>Where tools differ, this is what the service does and how to reproduce it (R base <code>stats</code>; scipy
<code>scipy.stats</code>):</p>
${table(['Statistic', 'This service', 'R', 'scipy'], rows)}`,
  );
}

const REFERENCES: readonly string[] = [
  'Cohen, J. (1988). <cite>Statistical Power Analysis for the Behavioral Sciences</cite> (2nd ed.). Lawrence Erlbaum.',
  'Cornfield, J. (1956). A statistical problem arising from retrospective studies. <cite>Proceedings of the Third Berkeley Symposium on Mathematical Statistics and Probability</cite>, 4, 135–148.',
  'Cramér, H. (1946). <cite>Mathematical Methods of Statistics</cite>. Princeton University Press.',
  'Fisher, R. A. (1935). The logic of inductive inference. <cite>Journal of the Royal Statistical Society</cite>, 98(1), 39–82.',
  'Goodman, L. A., &amp; Kruskal, W. H. (1954). Measures of association for cross classifications. <cite>Journal of the American Statistical Association</cite>, 49(268), 732–764.',
  'Haberman, S. J. (1973). The analysis of residuals in cross-classified tables. <cite>Biometrics</cite>, 29(1), 205–220.',
  'Irwin, J. O. (1935). Tests of significance for differences between percentages based on small numbers. <cite>Metron</cite>, 12(2), 83–94.',
  'Kendall, M. G. (1938). A new measure of rank correlation. <cite>Biometrika</cite>, 30(1/2), 81–93.',
  'Kendall, M. G. (1945). The treatment of ties in ranking problems. <cite>Biometrika</cite>, 33(3), 239–251.',
  'Pearson, K. (1900). On the criterion that a given system of deviations from the probable in the case of a correlated system of variables is such that it can be reasonably supposed to have arisen from random sampling. <cite>Philosophical Magazine</cite>, 5th series, 50(302), 157–175.',
  'Pearson, K. (1904). <cite>On the Theory of Contingency and Its Relation to Association and Normal Correlation</cite>. Drapers&#39; Company Research Memoirs, Biometric Series I.',
  'Somers, R. H. (1962). A new asymmetric measure of association for ordinal variables. <cite>American Sociological Review</cite>, 27(6), 799–811.',
  'Stuart, A. (1953). The estimation and comparison of strengths of association in contingency tables. <cite>Biometrika</cite>, 40(1/2), 105–110.',
  'Theil, H. (1970). On the estimation of relationships involving qualitative variables. <cite>American Journal of Sociology</cite>, 76(1), 103–154.',
  'Wilks, S. S. (1938). The large-sample distribution of the likelihood ratio for testing composite hypotheses. <cite>Annals of Mathematical Statistics</cite>, 9(1), 60–62.',
  'Williams, D. A. (1976). Improved likelihood ratio tests for complete contingency tables. <cite>Biometrika</cite>, 63(1), 33–37. (Its correction is not applied.)',
  'Woolf, B. (1955). On estimating the relation between blood group and disease. <cite>Annals of Human Genetics</cite>, 19(4), 251–253.',
  'Yates, F. (1934). Contingency tables involving small numbers and the χ² test. <cite>Supplement to the Journal of the Royal Statistical Society</cite>, 1(2), 217–235.',
];

function references(): string {
  return section('references', `<ul>\n${REFERENCES.map((r) => `<li>${r}</li>`).join('\n')}\n</ul>`);
}

function limits(): string {
  return section(
    'limits',
    table(
      ['Limit', 'Value'],
      [
        ['Table size', '2×2 up to 12×12'],
        ['Cell value', 'integer 0 to 1000000000000'],
        ['Grand total N', '1 to 1000000000000'],
        ['Margins', 'every row sum and column sum positive'],
        ['POST body', 'at most 16384 bytes (413 <code>body_too_large</code>, checked while the body is read)'],
        ['Request line and headers (so a GET query)', 'at most 16384 bytes (larger: 431)'],
        ['Request rate', `30 requests per minute per client IP, 60-second sliding window, shared by the four analysis routes (${link('rate-limits', 'rate limits')})`],
        ['Exact test', 'at most 100000 tables in the fixed-margin support (<code>workload_limit</code>)'],
        ['MCP endpoint', 'POST body at most 16384 bytes; 60 requests per minute per client IP; 5 tools'],
      ],
    ),
  );
}

function rateLimits(): string {
  return section(
    'rate-limits',
    `<p>30 requests per client IP in any 60 seconds (a sliding window), counted together across
<code>/api/v1/contingency</code>, <code>/chi-square</code>, <code>/fishers-exact</code> and <code>/odds-ratio</code>.
Health, this page, the OpenAPI document and preflights are not counted. The MCP endpoint has its own window of 60 per
minute. Every analysis response (200, 400, 413, 422, 429, 500, 503) carries:</p>
${table(
  ['Header', 'Meaning'],
  [
    ['<code>RateLimit-Limit</code>', 'the limit: 30'],
    ['<code>RateLimit-Remaining</code>', 'requests left after this one, 0 to 29'],
    ['<code>RateLimit-Reset</code>', 'seconds (rounded up) until the oldest counted request leaves the window and a slot frees; not an epoch timestamp and not a full-quota reset'],
    ['<code>Retry-After</code>', 'on 429 (and 503): seconds to wait, at least 1; on 429 equal to <code>RateLimit-Reset</code>'],
  ],
)}
<p>The limiter lives in the server process: serverless instances do not share counters, a restart resets them, and the
infrastructure in front may impose further limits. Clients are identified by IP address (behind a reverse proxy, the
operator sets <code>TRUST_PROXY</code> so the address is read from <code>X-Forwarded-For</code>). A self-hosted copy can
change the limit with <code>RATE_LIMIT_PER_MINUTE</code>; <code>0</code> turns it off, and the RateLimit headers are then
absent.</p>
<p>When the worker pool that runs exact tests has a full queue, analysis requests get 503
<code>service_overloaded</code> with <code>Retry-After</code>.</p>`,
  );
}

function errors(): string {
  const rows = ERROR_CODES.map((code) => [
    `<code>${code}</code>`,
    String(ERROR_STATUS[code]),
    inlineMarkdown(ERROR_WHEN[code]),
  ]);
  return section(
    'errors',
    `<p>Error bodies are JSON objects with <code>error</code> (a sentence naming the offending row, column or cell where
there is one), <code>code</code> (below) and <code>hint</code> (what to send instead). Additional fields may appear.</p>
${codeBlock('{"error": "Row 1 sums to 0.", "code": "empty_margins", "hint": "Remove empty rows and columns: every row and column sum must be positive."}')}
${table(['Code', 'HTTP status', 'When'], rows, 'error-codes')}
<p>A table larger than 2×2 is not an error: the exact results are null with a reason (HTTP 200). The health endpoint
answers 503 with a HealthReport body, not an error body, when it is degraded. A request that is not valid HTTP, or
whose headers are too large or too slow, is answered 400, 431 or 408 before it reaches the API.</p>`,
  );
}

function accuracy(): string {
  return section(
    'accuracy',
    `<p>The test suite compares every field of every endpoint with a truth corpus of <strong>503 tables</strong> whose values
were computed at 50 significant digits (exact rational arithmetic where the quantity is rational, mpmath for the rest),
independently of this code, and checked against closed forms, exact fractions and R for well-conditioned tables.</p>
${table(
  ['Fields', 'Tolerance'],
  [
    ['every numeric field (p-values, statistics, measures, expected counts, residuals, the Woolf odds ratio and interval)', 'relative 10<sup>−12</sup>'],
    ['<code>fishersExact.oddsRatio</code> and <code>fishersExact.oddsRatioCI</code> (root finding)', 'relative 10<sup>−9</sup>'],
    ['values below 10<sup>−300</sup>', 'absolute, same tolerance (p-values may underflow to 0 there)'],
    ['null, infinity states, labels, reasons, integers', 'exact'],
  ],
)}
<p>The corpus covers random r × c tables, sparse tables, every zero-cell pattern of 2×2 tables, tiny and huge N (up to
10<sup>12</sup>), exact-test supports of exactly 100000 and 100001 tables, near-independence tables with cells around
10<sup>10</sup> where naive formulas lose most digits, extreme associations with chi-square p-values far below
10<sup>−300</sup>, 12 × 12 and 12 × 2 tables, skewed margins, exact-test near ties just inside and outside the
10<sup>−7</sup> tolerance, and tables exactly on a Cramér's V label threshold.</p>`,
  );
}

function health(base: string): string {
  return section(
    'health',
    `<p><code>GET ${base}/api/health</code> answers 200 when operational and 503 when the runtime or the statistics self-check
is degraded; <code>HEAD</code> gives the same status without a body. Both carry
<code>Cache-Control: no-store, max-age=0</code>. The self-check computes a fixed table through the same code paths as
the API (the worker pool included) and compares the result with stored reference values.</p>
${table(
  ['Field', 'Type / values'],
  [
    ['<code>schemaVersion</code>', 'integer, always 3'],
    ['<code>service</code>', '<code>contingency-api</code>'],
    ['<code>status</code>', '<code>operational</code> or <code>degraded</code>'],
    ['<code>checkedAt</code>', 'date-time'],
    ['<code>build</code>', '<code>deploymentId</code>, <code>deploymentUrl</code>, <code>sourceRevision</code>, <code>sourceBranch</code> (string or null); <code>applicationVersion</code>; <code>provenance</code> {<code>confidence</code> <code>metadata_only</code> or <code>unverified</code>, <code>limitations</code>}'],
    ['<code>trustReadiness</code>', '<code>status</code> <code>pending</code> or <code>evidence_recorded</code>; <code>affectsOperationalStatus</code> false; <code>basis</code> <code>checked-in-release-contract</code>; <code>contractUpdatedAt</code>; <code>pendingEvidence</code> [{<code>id</code>, <code>name</code>, <code>detail</code>}]; <code>limitations</code>'],
    ['<code>checks</code>', '[{<code>id</code> <code>application_runtime</code> or <code>statistics_engine</code>, <code>name</code>, <code>status</code>, <code>detail</code>}]'],
  ],
)}
<p>Pending trust-readiness evidence does not make runtime health degraded.</p>`,
  );
}

function mcp(base: string, baseUrl: string): string {
  const call = `curl -X POST '${baseUrl}/api/headless-mcp' -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' -d '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"analyze_crosstab","arguments":{"table":[[12,5],[3,9]]}}}'`;
  return section(
    'mcp',
    `<p>A public aggregate MCP (Model Context Protocol) endpoint at <code>${base}/api/headless-mcp</code>, over Streamable
HTTP, stateless, JSON responses only (no SSE stream, no session). POST one JSON-RPC message: a request gets 200 with the
response, a notification or response gets 202 with no body. Protocol versions 2025-11-25, 2025-06-18 and 2025-03-26
(an absent <code>MCP-Protocol-Version</code> header means 2025-03-26). Other methods than POST and OPTIONS get 405.</p>
${table(
  ['Tool', 'Input', 'Output'],
  [
    ['<code>search</code>', '<code>{query}</code>', 'documents about each statistic, the limits, the error codes and the accuracy evidence, each with a link into this page'],
    ['<code>fetch</code>', '<code>{id}</code>', 'one document: <code>{id, title, text, url, metadata}</code>'],
    ['<code>get_headless_capabilities</code>', '<code>{}</code>', 'service name and versions, protocol versions, the data boundary, limits, tools, REST endpoints, statistics'],
    ['<code>analyze_crosstab</code>', '<code>{table, rowLabels?, colLabels?, exact?}</code>', 'exactly the <code>/api/v1/contingency</code> response for the table'],
    ['<code>render_crosstab</code>', '<code>{table, rowLabels?, colLabels?}</code>', '<code>{markdown, svg}</code>: a Markdown table with row percentages and expected counts, and an accessible SVG heatmap of adjusted residuals'],
  ],
)}
<p>Data boundary: fixed public evidence and bounded aggregate counts only; no respondent rows, no private projects. Limits:
POST body at most 16384 bytes, 60 requests per minute per client IP. Transport failures: 400 (not JSON, not a JSON-RPC
message, unsupported protocol version), 413, 415 (not <code>application/json</code>), 429 with <code>Retry-After</code>.
Tool input errors are tool results with <code>isError: true</code> carrying the same <code>code</code> and
<code>hint</code> as the REST error.</p>
${codeBlock(call)}
<p>The same tools run locally over stdio with <code>contingency-api mcp</code> (newline-delimited JSON-RPC on stdin and
stdout). A separate hosted MCP service with workspace tokens and uploads is not part of this server.</p>`,
  );
}

function versioning(): string {
  return section(
    'versioning',
    `<ul>
<li>REST path prefix <code>/api/v1</code>; this description is version ${API_VERSION}, written in OpenAPI ${OPENAPI_VERSION}.
The health report's <code>schemaVersion</code> is 3.</li>
<li>Breaking changes get a new major path prefix; <code>/api/v1</code> is not changed silently.</li>
<li>Additive response fields may appear: ignore fields you do not know.</li>
<li>The v1 endpoints are not deprecated and have no scheduled sunset. A deprecation would be announced with the affected
endpoints, migration guidance and dates in a public changelog and on this page.</li>
<li>The API version is separate from the application version (<code>build.applicationVersion</code> in health) and from
the local package version (1.4.0).</li>
<li>This policy is not an availability guarantee or a promise of indefinite service.</li>
</ul>`,
  );
}

/** The developer reference page for a deployment whose base address is `baseUrl`. */
export function referencePageHtml(baseUrl: string): string {
  const base = escapeHtml(baseUrl);
  const docsUrl = `${baseUrl}/docs`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>contingency-api developer reference</title>
<meta name="description" content="Free JSON API for statistics of aggregate contingency tables: chi-square, G-test, Fisher's exact test, odds ratio and association measures.">
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>contingency-api developer reference</h1>
<p class="meta">Statistics of aggregate contingency tables · API ${API_VERSION} · <a href="${serviceHref(baseUrl, '/api/openapi.json')}">OpenAPI ${OPENAPI_VERSION}</a> · base <code>${base}</code></p>
</header>
<main>
${overview(base, baseUrl)}
${endpoints(base, baseUrl)}
${tableEncoding()}
${responses(docsUrl)}
<section id="statistics">
<h2>Statistics</h2>
${NOTATION}
${statistics()}
</section>
${conventions()}
${references()}
${limits()}
${rateLimits()}
${errors()}
${accuracy()}
${health(base)}
${mcp(base, baseUrl)}
${versioning()}
</main>
<footer>
<p>contingency-api · API ${API_VERSION} · <a href="#overview">top</a></p>
</footer>
</body>
</html>
`;
}
