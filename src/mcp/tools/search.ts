/**
 * Tool `search` {query} -> {results: [{id, title, url}]} over the built-in evidence corpus
 * (METHODS.md "MCP endpoint"). Ranking: src/mcp/search-index.ts. A blank query lists every
 * document, so a client can enumerate the corpus.
 */
import { CORPUS, documentUrl } from '../corpus.js';
import { buildSearchIndex, MAX_RESULTS } from '../search-index.js';
import { invalidArguments, outputSchema, toolSuccess, type ToolDefinition } from '../tool.js';

const index = buildSearchIndex(CORPUS);

export const searchTool: ToolDefinition = {
  name: 'search',
  title: 'Search the statistics documentation',
  description:
    'Search the built-in public evidence of this service: one document per statistic (definition, reference, conventions, how it compares with R and scipy), ' +
    'the limits, rate limits, error codes, accuracy evidence, data boundary, table encoding, endpoints and the MCP endpoint. ' +
    `Returns up to ${MAX_RESULTS} documents ranked by keyword match (title words weigh most; ties by id); an empty query lists every document. ` +
    'Pass a result id to fetch for the full text.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', maxLength: 1000, description: 'Keywords, e.g. "fisher tie tolerance scipy" or "empty_margins".' },
    },
    required: ['query'],
  },
  outputSchema: outputSchema({
    properties: {
      results: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            title: { type: 'string' },
            url: { type: 'string' },
          },
          required: ['id', 'title', 'url'],
        },
      },
    },
    required: ['results'],
  }),
  async run(args, context) {
    const query = args['query'];
    if (typeof query !== 'string') {
      return invalidArguments('search needs a "query" string.', 'Call search with {"query": "..."}, e.g. {"query": "odds ratio scipy"}; an empty string lists every document.');
    }
    const results = index.search(query.slice(0, 1000)).map((doc) => ({ id: doc.id, title: doc.title, url: documentUrl(doc, context.docsUrl) }));
    return toolSuccess({ results });
  },
};
