/**
 * Mounts the developer reference: GET/HEAD /api/openapi.json (the OpenAPI 3.1.0 document),
 * GET/HEAD /docs (`{docs_url}`, the reference page), and / redirecting to /docs. Both documents
 * are rendered once at start-up; if rendering fails the route answers 500 instead of the
 * server failing to start.
 */
import { ApiError } from '../api/errors.js';
import { openApiDocument } from '../docs/openapi.js';
import { referencePageHtml } from '../docs/reference-page.js';
import type { RouteHandler } from './context.js';
import type { Logger } from './logger.js';
import { JSON_CONTENT_TYPE, sendEmpty, sendError, sendText } from './respond.js';

const CACHE = { 'Cache-Control': 'public, max-age=300' };

function documentRoute(name: string, contentType: string, render: () => string, logger: Logger): RouteHandler {
  let text: string | null = null;
  try {
    text = render();
  } catch (error) {
    logger.error(`rendering ${name} failed`, { error: error instanceof Error ? error.message : String(error) });
  }
  return ({ res }) => {
    if (text === null) {
      sendError(res, new ApiError('calculation_failed', `The ${name} could not be rendered.`, 'This is a fault of the service; report it to the operator.'));
      return;
    }
    sendText(res, 200, contentType, text, { headers: CACHE });
  };
}

export function docsRoutes(baseUrl: string, docsUrl: string, logger: Logger): Record<string, Record<string, RouteHandler>> {
  const openapi = documentRoute('OpenAPI document', JSON_CONTENT_TYPE, () => JSON.stringify(openApiDocument(baseUrl)), logger);
  const reference = documentRoute('developer reference', 'text/html; charset=utf-8', () => referencePageHtml(baseUrl), logger);
  const toDocs: RouteHandler = ({ res }) => sendEmpty(res, 302, { headers: { Location: docsUrl } });
  return {
    '/api/openapi.json': { GET: openapi, HEAD: openapi },
    '/docs': { GET: reference, HEAD: reference },
    '/': { GET: toDocs, HEAD: toDocs },
  };
}
