/** The five tools of the public aggregate MCP endpoint and the stdio server, in listing order. */
import type { ToolDefinition } from '../tool.js';
import { analyzeCrosstabTool } from './analyze-crosstab.js';
import { fetchTool } from './fetch.js';
import { getHeadlessCapabilitiesTool } from './get-headless-capabilities.js';
import { renderCrosstabTool } from './render-crosstab.js';
import { searchTool } from './search.js';

export const TOOLS: readonly ToolDefinition[] = [searchTool, fetchTool, getHeadlessCapabilitiesTool, analyzeCrosstabTool, renderCrosstabTool];
