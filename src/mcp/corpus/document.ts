/**
 * The shape of a document of the built-in evidence corpus (METHODS.md "MCP endpoint", `search`
 * and `fetch`), the anchors of the /docs page it may point at, and the one way a statistic's
 * document is laid out (fields, definition, conventions, references, R and scipy).
 */

import type { DocsAnchor } from '../../docs/anchors.js';

export { DOCS_ANCHORS, type DocsAnchor } from '../../docs/anchors.js';

export type DocumentKind = 'statistic' | 'service' | 'error-code';

export interface CorpusDocument {
  readonly id: string;
  readonly title: string;
  readonly kind: DocumentKind;
  readonly anchor: DocsAnchor;
  /** Response fields the document is about (`chiSquare.pValue`, ...); empty when none. */
  readonly fields: readonly string[];
  readonly references: readonly string[];
  /** Extra search terms that need not appear in the text (synonyms, package names). */
  readonly keywords: readonly string[];
  readonly text: string;
}

export interface StatisticSpec {
  id: string;
  title: string;
  anchor: DocsAnchor;
  fields: string[];
  definition: string;
  conventions: string;
  software: string;
  references: string[];
  keywords: string[];
}

/** A statistic's document: always the same five parts, in the same order. */
export function statisticDocument(spec: StatisticSpec): CorpusDocument {
  const text = [
    `Response fields: ${spec.fields.join(', ')}.`,
    `Definition. ${spec.definition}`,
    `Conventions. ${spec.conventions}`,
    `Compared with R and scipy. ${spec.software}`,
    `References. ${spec.references.join('; ')}.`,
  ].join('\n\n');
  return {
    id: spec.id,
    title: spec.title,
    kind: 'statistic',
    anchor: spec.anchor,
    fields: spec.fields,
    references: spec.references,
    keywords: spec.keywords,
    text,
  };
}
