/**
 * MCP protocol versions this server speaks and their negotiation (METHODS.md "MCP endpoint":
 * echo the client's version when supported, otherwise answer the newest; an HTTP request
 * without an MCP-Protocol-Version header is taken as 2025-03-26).
 */

export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;

export type ProtocolVersion = (typeof SUPPORTED_PROTOCOL_VERSIONS)[number];

export const LATEST_PROTOCOL_VERSION: ProtocolVersion = SUPPORTED_PROTOCOL_VERSIONS[0];

/** Version assumed for an HTTP request that carries no MCP-Protocol-Version header. */
export const DEFAULT_HTTP_PROTOCOL_VERSION: ProtocolVersion = '2025-03-26';

export function isSupportedProtocolVersion(value: unknown): value is ProtocolVersion {
  return typeof value === 'string' && (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(value);
}

/** The version answered to `initialize`: the client's own when supported, else the newest. */
export function negotiateProtocolVersion(requested: unknown): ProtocolVersion {
  return isSupportedProtocolVersion(requested) ? requested : LATEST_PROTOCOL_VERSION;
}
