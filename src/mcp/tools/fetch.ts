/**
 * Tool `fetch` {id} -> {id, title, text, url, metadata}: one document of the built-in evidence
 * corpus by the id that `search` returned (METHODS.md "MCP endpoint"). Unknown ids are tool
 * errors (`unknown_document`).
 */
import { APPLICATION_VERSION } from '../../server/app-version.js';
import { documentUrl, findDocument } from '../corpus.js';
import { invalidArguments, outputSchema, toolError, toolSuccess, type ToolDefinition } from '../tool.js';

const stringArray = { type: 'array', items: { type: 'string' } } as const;

export const fetchTool: ToolDefinition = {
  name: 'fetch',
  title: 'Fetch a documentation entry',
  description:
    'Fetch the full text of one document of the built-in evidence corpus by the id returned from search (for example "fishers-exact", "cramers-v", "limits", "error-empty-margins"). ' +
    'metadata gives the kind of document, its docs anchor, the response fields it describes and its published references.',
  inputSchema: {
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 200, description: 'A document id from the search results.' },
    },
    required: ['id'],
  },
  outputSchema: outputSchema({
    properties: {
      id: { type: 'string' },
      title: { type: 'string' },
      text: { type: 'string' },
      url: { type: 'string' },
      metadata: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['statistic', 'service', 'error-code'] },
          anchor: { type: 'string' },
          fields: stringArray,
          references: stringArray,
          source: { type: 'string' },
          version: { type: 'string' },
        },
        required: ['kind', 'anchor', 'fields', 'references', 'source', 'version'],
      },
    },
    required: ['id', 'title', 'text', 'url', 'metadata'],
  }),
  async run(args, context) {
    const id = args['id'];
    if (typeof id !== 'string') {
      return invalidArguments('fetch needs an "id" string.', 'Call fetch with {"id": "..."} using an id from the search results.');
    }
    const doc = findDocument(id);
    if (doc === undefined) {
      return toolError({
        error: `No document has the id ${JSON.stringify(id.slice(0, 100))}.`,
        code: 'unknown_document',
        hint: 'Use an id returned by the search tool; search with an empty query lists every document.',
      });
    }
    return toolSuccess({
      id: doc.id,
      title: doc.title,
      text: doc.text,
      url: documentUrl(doc, context.docsUrl),
      metadata: {
        kind: doc.kind,
        anchor: doc.anchor,
        fields: [...doc.fields],
        references: [...doc.references],
        source: 'contingency-api built-in evidence corpus',
        version: APPLICATION_VERSION,
      },
    });
  },
};
