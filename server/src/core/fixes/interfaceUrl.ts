/**
 * The one safe repair of an invalid interface URL: a host (with an optional port and path) written without its
 * scheme, e.g. "agent.example.com/a2a" or "localhost:8080", on an HTTP-based binding. The scheme is https://, or
 * http:// for a loopback host (a development server; insecure-interface-url accepts plain http there). Everything
 * else (relative paths, placeholders, other schemes, free text, gRPC targets) needs the real URL from a person.
 */
import { HTTP_BINDINGS } from '../a2a/httpBindings';
import { isLoopbackHost, looksLikePlaceholder, parseUrl } from '../rules/url';

/** host[:port] first, then an optional path/query/fragment without spaces; no userinfo, no scheme. */
const HOST_FIRST = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(?::\d{1,5})?(?:[/?#]\S*)?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
/** A dotted name whose last label is alphabetic: "agent.example.com", not "v1.2" or "readme.md5". */
const DOMAIN = /^(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,63}$/;

/** The URL with its missing scheme added, or undefined when that is not clearly what was meant. */
export function withMissingScheme(raw: string, binding: unknown): string | undefined {
  if (typeof binding !== 'string' || !HTTP_BINDINGS.has(binding)) return undefined;
  const s = raw.trim();
  const host = HOST_FIRST.exec(s)?.[1];
  if (host === undefined || looksLikePlaceholder(s)) return undefined;
  const loopback = isLoopbackHost(host);
  if (!loopback && !host.startsWith('[') && !IPV4.test(host) && !DOMAIN.test(host)) return undefined;
  const candidate = `${loopback ? 'http' : 'https'}://${s}`;
  const url = parseUrl(candidate);
  return url && url.hostname !== '' ? candidate : undefined;
}
