/** URL helpers shared by the interface URL rules. */

/** Loopback and localhost names: plain http there is a development setup, not a leak. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::1';
}

export function parseUrl(s: string): URL | undefined {
  try {
    return new URL(s);
  } catch {
    return undefined;
  }
}

/** Template markers left in published cards: {BASE_URL}, ${HOST}, <your-host>, REPLACE_ME… */
export function looksLikePlaceholder(s: string): boolean {
  return (
    /[{}<>]|\$\{|%7B|%7D/i.test(s) || /^(?:[A-Z0-9_]+)$/.test(s) || /REPLACE|CHANGE[_-]?ME|YOUR[_-]|REMPLACER/i.test(s)
  );
}

/** gRPC targets may be host:port without a scheme (a2a main comment). */
export function isHostPort(s: string): boolean {
  return /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):\d{1,5}$/.test(s);
}
