/**
 * render_crosstab: the Markdown table (counts, row percentages, expected counts, totals,
 * escaped labels) and the SVG heatmap (well-formed XML, role="img" with <title> and <desc>,
 * every label escaped, the residual and count printed in each cell, contrast of the scale).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeTable } from '../src/engine/analysis.js';
import { classOf, contrastRatio, SCALE } from '../src/mcp/render/diverging-scale.js';
import { crosstabMarkdown } from '../src/mcp/render/markdown.js';
import { escapeMarkdownCell, escapeXml, formatResidual } from '../src/mcp/render/text.js';
import { renderCrosstabTool } from '../src/mcp/tools/render-crosstab.js';
import type { ToolContext } from '../src/mcp/tool.js';

const context: ToolContext = {
  docsUrl: 'http://127.0.0.1:8080/docs',
  baseUrl: 'http://127.0.0.1:8080',
  runFisher: () => Promise.reject(new Error('render_crosstab never runs the exact test')),
  rateLimits: { restPerMinute: 30, mcpHttpPerMinute: 60 },
};

async function render(args: Record<string, unknown>): Promise<{ markdown: string; svg: string }> {
  const result = await renderCrosstabTool.run(args, context);
  assert.equal(result.isError, undefined, JSON.stringify(result.structuredContent));
  assert.equal(result.content[0].text, JSON.stringify(result.structuredContent));
  return result.structuredContent as { markdown: string; svg: string };
}

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const FORBIDDEN_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ENTITY = /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/y;

function checkCharacterData(text: string, where: string): string {
  assert.doesNotMatch(text, FORBIDDEN_CHARS, `character not allowed in XML ${where}`);
  assert.ok(!text.includes('<'), `raw < in ${where}`);
  let out = '';
  for (let k = 0; k < text.length; k += 1) {
    if (text[k] !== '&') {
      out += text[k];
      continue;
    }
    ENTITY.lastIndex = k;
    const match = ENTITY.exec(text);
    assert.ok(match !== null, `bare & in ${where}: ${text.slice(k, k + 12)}`);
    const entity = match[0];
    out += ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" } as Record<string, string>)[entity] ?? '?';
    k += entity.length - 1;
  }
  return out;
}

/** A strict little XML parser for what the renderer emits (no DTD, no CDATA, no comments). */
function parseXml(xml: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let k = 0;
  const TAG = /<(\/?)([A-Za-z][\w.-]*)((?:\s+[A-Za-z_:][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
  const ATTRIBUTE = /([A-Za-z_:][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/g;
  while (k < xml.length) {
    const lt = xml.indexOf('<', k);
    const text = xml.slice(k, lt === -1 ? xml.length : lt);
    const decoded = checkCharacterData(text, 'text');
    if (stack.length === 0) assert.equal(text.trim(), '', 'text outside the root element');
    else stack[stack.length - 1]!.text += decoded;
    if (lt === -1) break;
    TAG.lastIndex = lt;
    const match = TAG.exec(xml);
    assert.ok(match !== null, `malformed tag at ${lt}: ${xml.slice(lt, lt + 60)}`);
    const [whole, closing, name, attributeText, selfClosing] = match;
    if (closing === '/') {
      assert.equal(attributeText!.trim(), '');
      const open = stack.pop();
      assert.equal(open?.name, name, `</${name}> closes <${open?.name}>`);
    } else {
      const attributes: Record<string, string> = {};
      for (const a of attributeText!.matchAll(ATTRIBUTE)) {
        assert.ok(!(a[1]! in attributes), `duplicate attribute ${a[1]}`);
        attributes[a[1]!] = checkCharacterData(a[2] ?? a[3] ?? '', `attribute ${a[1]}`);
      }
      const element: XmlElement = { name: name!, attributes, children: [], text: '' };
      if (stack.length === 0) {
        assert.equal(root, null, 'exactly one root element');
        root = element;
      } else {
        stack[stack.length - 1]!.children.push(element);
      }
      if (selfClosing !== '/') stack.push(element);
    }
    k = lt + whole!.length;
  }
  assert.equal(stack.length, 0, 'every element is closed');
  assert.ok(root !== null, 'a root element');
  return root;
}

function descendants(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...descendants(child, name)]);
}

/** Text of an element without the text of its <title> children. */
function ownText(element: XmlElement): string {
  return element.text;
}

test('the XML checker itself rejects broken markup', () => {
  assert.throws(() => parseXml('<svg><g></svg>'));
  assert.throws(() => parseXml('<svg>a & b</svg>'));
  assert.throws(() => parseXml('<svg a="1" a="2"/>'));
  assert.throws(() => parseXml('<svg><text>x</text><b></svg>'));
  assert.throws(() => parseXml('<svg>\u0001</svg>'));
  assert.equal(parseXml('<svg><text x="1">a &amp; b</text></svg>').children[0]!.text, 'a & b');
});

test('labels with markup characters are escaped in the SVG and the Markdown', async () => {
  const nasty = `<b>&"x'`;
  const { markdown, svg } = await render({ table: [[12, 5], [3, 9]], rowLabels: [nasty, 'plain'], colLabels: ['yes | no', '*bold* _x_'] });
  assert.ok(!svg.includes('<b>'), 'no raw markup from a label');
  assert.ok(svg.includes('&lt;b&gt;&amp;&quot;x&apos;'));
  const root = parseXml(svg);
  const texts = descendants(root, 'text').map(ownText);
  assert.ok(texts.includes(nasty), 'the label reads back exactly after unescaping');
  assert.ok(texts.includes('yes | no'));

  assert.ok(!markdown.includes('<b>'));
  assert.ok(markdown.includes('&lt;b&gt;&amp;"x\''), markdown);
  assert.ok(markdown.includes('yes \\| no'), 'a pipe in a label cannot end the cell');
  assert.ok(markdown.includes('\\*bold\\* \\_x\\_'));
  const header = markdown.split('\n').find((line) => line.startsWith('|'))!;
  assert.equal(header.split(/(?<!\\)\|/).length - 2, 4, 'stub, two columns, total');
});

test('control characters, line breaks and lone surrogates in labels keep both outputs well-formed', async () => {
  const { markdown, svg } = await render({ table: [[1, 2], [3, 4]], rowLabels: ['a\u0001b', 'line\nbreak'], colLabels: ['\ud800x', 'ok'] });
  parseXml(svg);
  assert.ok(svg.includes('a\uFFFDb'));
  assert.ok(markdown.includes('line break'));
  assert.equal(escapeXml('\ud83d\ude00'), '\ud83d\ude00', 'a surrogate pair (emoji) is kept');
  assert.equal(escapeMarkdownCell('a\r\nb'), 'a b');
});

test('the SVG is an accessible image: role, <title>, <desc> summarising the cells, ids that resolve', async () => {
  const table = [[30, 5, 5], [5, 30, 5], [5, 5, 30]];
  const { svg } = await render({ table, rowLabels: ['low', 'mid', 'high'], colLabels: ['A', 'B', 'C'] });
  const root = parseXml(svg);
  assert.equal(root.name, 'svg');
  assert.equal(root.attributes['xmlns'], 'http://www.w3.org/2000/svg');
  assert.equal(root.attributes['role'], 'img');
  const [titleId, descId] = root.attributes['aria-labelledby']!.split(' ');
  const title = root.children.find((c) => c.name === 'title')!;
  const desc = root.children.find((c) => c.name === 'desc')!;
  assert.equal(title.attributes['id'], titleId);
  assert.equal(desc.attributes['id'], descId);
  assert.match(title.text, /3 by 3/);
  assert.match(desc.text, /Haberman adjusted standardized residuals/);
  assert.match(desc.text, /N = 120/);
  assert.match(desc.text, /9 of 9 cells are beyond 1\.96/);
  assert.match(desc.text, /low by A \(\+\d+\.\d\d\)/);
  assert.ok(!/(?:href|src)=/.test(svg), 'self-contained: no external references');
  assert.ok(!svg.includes('<script') && !svg.includes('<style'), 'no scripts or CSS');
});

test('each cell prints its adjusted residual and count, coloured by the scale with its text colour', async () => {
  const table = [[12, 5, 40], [3, 9, 1], [7, 7, 7]];
  const stats = analyzeTable(table);
  const { svg } = await render({ table });
  const root = parseXml(svg);
  const cellGroups = descendants(root, 'g').filter((g) => g.children.some((c) => c.name === 'rect') && g.children.some((c) => c.name === 'title'));
  assert.equal(cellGroups.length, 9);
  table.forEach((row, i) =>
    row.forEach((count, j) => {
      const group = cellGroups[i * 3 + j]!;
      const residual = stats.residuals.adjusted[i]![j]!;
      const [valueText, countText] = group.children.filter((c) => c.name === 'text');
      assert.equal(valueText!.text, formatResidual(residual));
      assert.equal(countText!.text, `n = ${count}`);
      const cls = SCALE[classOf(residual)]!;
      assert.equal(group.children.find((c) => c.name === 'rect')!.attributes['fill'], cls.fill);
      assert.equal(valueText!.attributes['fill'], cls.text);
      assert.match(group.children.find((c) => c.name === 'title')!.text, new RegExp(`^R${i + 1} by C${j + 1}: count ${count}, expected `));
    }),
  );
  const legendTexts = descendants(root, 'text').map((t) => t.text);
  for (const cls of SCALE) assert.ok(legendTexts.includes(cls.label), `legend shows ${cls.label}`);
});

test('the colour scale: RdBu classes split at 1, 1.96 and 3, and every text colour meets WCAG AA contrast', () => {
  assert.equal(SCALE.length, 7);
  assert.deepEqual(
    [-5, -3, -2.5, -1.97, -1.96, -1.5, -1, 0, 1, 1.5, 1.96, 1.97, 2.5, 3, 5].map(classOf),
    [0, 0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6],
  );
  assert.equal(classOf(NaN), 3);
  for (const cls of SCALE) assert.ok(contrastRatio(cls.fill, cls.text) >= 4.5, `${cls.text} on ${cls.fill}`);
  assert.ok(Math.abs(contrastRatio('#000000', '#ffffff') - 21) < 1e-9);
});

test('formatResidual: signed, two decimals, no negative zero, exponent form when huge', () => {
  assert.equal(formatResidual(2.4196), '+2.42');
  assert.equal(formatResidual(-0.3149), '-0.31');
  assert.equal(formatResidual(-0.001), '0.00');
  assert.equal(formatResidual(0), '0.00');
  assert.equal(formatResidual(123456.7), '+1.23e+5');
  assert.equal(formatResidual(Infinity), 'n/a');
});

test('the Markdown table: counts with row percentages and expected counts, totals, default labels', async () => {
  const table = [[12, 5], [3, 9]];
  const stats = analyzeTable(table);
  const { markdown } = await render({ table });
  assert.equal(markdown, crosstabMarkdown(table, stats, { rows: ['R1', 'R2'], cols: ['C1', 'C2'] }));
  const lines = markdown.split('\n').filter((line) => line.startsWith('|'));
  assert.deepEqual(lines, [
    '|  | C1 | C2 | Total |',
    '| :--- | ---: | ---: | ---: |',
    '| R1 | 12 (70.6%; E = 8.79) | 5 (29.4%; E = 8.21) | 17 (100.0%) |',
    '| R2 | 3 (25.0%; E = 6.21) | 9 (75.0%; E = 5.79) | 12 (100.0%) |',
    '| Total | 15 (51.7%) | 14 (48.3%) | 29 (100.0%) |',
  ]);
  assert.match(markdown, /N = 29/);
  assert.match(markdown, /expected count under independence/);
});

test('a 12 x 12 table with long labels renders, truncating labels on screen but keeping them in tooltips', async () => {
  const table = Array.from({ length: 12 }, (_, i) => Array.from({ length: 12 }, (_, j) => (i === j ? 500 : 1 + ((i * 7 + j * 3) % 11))));
  const rowLabels = table.map((_, i) => `A rather long row label number ${i + 1} that will not fit`);
  const colLabels = table[0]!.map((_, j) => `Column label ${j + 1} is long too`);
  const { svg, markdown } = await render({ table, rowLabels, colLabels });
  const root = parseXml(svg);
  const texts = descendants(root, 'text');
  assert.ok(texts.some((t) => t.text.endsWith('\u2026')), 'long labels are shortened with an ellipsis');
  assert.ok(texts.some((t) => t.children.some((c) => c.name === 'title' && c.text === rowLabels[0])), 'the full label stays in a <title>');
  const desc = root.children.find((c) => c.name === 'desc')!;
  assert.match(desc.text, /and \d+ more/);
  assert.equal(markdown.split('\n').filter((l) => l.startsWith('|')).length, 12 + 3);
  assert.ok(Number(root.attributes['width']) > 0 && Number(root.attributes['height']) > 0);
});

test('render_crosstab is deterministic and gives each table its own element ids', async () => {
  const a = await render({ table: [[1, 2], [3, 4]] });
  const b = await render({ table: [[1, 2], [3, 4]] });
  assert.deepEqual(a, b);
  const c = await render({ table: [[1, 2], [3, 4]], rowLabels: ['x', 'y'] });
  assert.notEqual(a.svg.match(/id="([^"]+)-title"/)![1], c.svg.match(/id="([^"]+)-title"/)![1], 'different tables get different ids');
});
