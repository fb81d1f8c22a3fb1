/**
 * The fixed, built-in corpus of public evidence read by the `search` and `fetch` tools
 * (METHODS.md "MCP endpoint"): one document per statistic, the service documents (limits,
 * rate limits, accuracy, data boundary, encoding, endpoints, MCP, health) and the error codes.
 * Documents carry a docs anchor; their URL is `{docs_url}#anchor`.
 */
import { ERROR_DOCUMENTS } from './corpus/error-codes.js';
import type { CorpusDocument } from './corpus/document.js';
import { SERVICE_DOCUMENTS } from './corpus/service.js';
import { STATISTIC_DOCUMENTS } from './corpus/statistics.js';

export type { CorpusDocument } from './corpus/document.js';
export { DOCS_ANCHORS, type DocsAnchor } from './corpus/document.js';

export const CORPUS: readonly CorpusDocument[] = [...STATISTIC_DOCUMENTS, ...SERVICE_DOCUMENTS, ...ERROR_DOCUMENTS];

const BY_ID: ReadonlyMap<string, CorpusDocument> = new Map(CORPUS.map((doc) => [doc.id, doc]));

export function findDocument(id: string): CorpusDocument | undefined {
  return BY_ID.get(id);
}

export function documentUrl(doc: CorpusDocument, docsUrl: string): string {
  return `${docsUrl}#${doc.anchor}`;
}
