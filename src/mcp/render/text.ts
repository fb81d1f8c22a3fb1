/**
 * Text helpers for the renderings of render_crosstab: making untrusted labels safe for XML and
 * for Markdown table cells, default labels, and the number formats both renderings share.
 */

/** Characters XML 1.0 forbids (C0 controls except tab/newline/CR, U+FFFE/U+FFFF) and lone surrogates. */
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for XML content and attribute values; characters XML cannot hold become U+FFFD. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, '\uFFFD').replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

/**
 * Makes text safe inside a Markdown table cell: line breaks and controls become spaces, the
 * characters of inline HTML are entity-escaped, and Markdown punctuation that could start
 * formatting, links or a cell boundary is backslash-escaped.
 */
export function escapeMarkdownCell(text: string): string {
  return text
    .replace(NOT_XML_CHAR, '\uFFFD')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~#!]/g, (c) => `\\${c}`);
}

/** Shortens text to at most `max` characters (code points), ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, Math.max(1, max - 1)).join('')}\u2026`;
}

export function labelsOrDefault(labels: readonly string[] | undefined, count: number, prefix: 'R' | 'C'): string[] {
  return labels?.slice() ?? Array.from({ length: count }, (_, k) => `${prefix}${k + 1}`);
}

/** A signed residual with two decimals ("+2.45", "-0.31", "0.00"); large values in exponent form. */
export function formatResidual(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  const text = Math.abs(value) >= 1000 ? value.toPrecision(3) : value.toFixed(2);
  if (/^-?0\.00$/.test(text)) return '0.00';
  return value > 0 ? `+${text}` : text;
}

export function formatExpected(value: number): string {
  return value.toFixed(2);
}

export function formatPercent(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(1)}%`;
}
