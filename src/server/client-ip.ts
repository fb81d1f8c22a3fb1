/**
 * The client IP used as the rate-limit key (service description "Authentication": clients are
 * identified by client IP). Without trusted proxies it is the socket peer. With TRUST_PROXY=n
 * the last n hops of X-Forwarded-For were appended by our own proxies, so the client is the
 * n-th address from the right (the leftmost one when the header is shorter). IPv4-mapped IPv6
 * addresses are reduced to IPv4 so one client has one key.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

export function normalizeIp(address: string): string {
  const mapped = MAPPED_V4.exec(address);
  return mapped?.[1] ?? address.toLowerCase();
}

/** Returns a function from request to client IP for `trustProxy` trusted proxy hops. */
export function clientIpResolver(trustProxy: number): (req: IncomingMessage) => string {
  const peer = (req: IncomingMessage): string => normalizeIp(req.socket.remoteAddress ?? 'unknown');
  if (trustProxy === 0) return peer;
  return (req) => {
    const header = req.headers['x-forwarded-for'];
    if (header === undefined) return peer(req);
    const hops = (Array.isArray(header) ? header.join(',') : header)
      .split(',').map((hop) => hop.trim()).filter((hop) => hop !== '');
    if (hops.length === 0) return peer(req);
    const candidate = hops[Math.max(0, hops.length - trustProxy)]!;
    return isIP(candidate) === 0 ? peer(req) : normalizeIp(candidate);
  };
}
