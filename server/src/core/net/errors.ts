/**
 * Typed network failures. Every error names the URL and, where one applies, the limit that was hit,
 * so the CLI can print one actionable line and the editor can show it without a stack trace.
 * Messages never contain credentials: callers pass URLs, never headers.
 */
export type NetErrorKind =
  | 'timeout'
  | 'too-large'
  | 'redirect-limit'
  | 'policy'
  | 'bad-scheme'
  | 'bad-url'
  | 'content-type'
  | 'http-status'
  | 'dns'
  | 'network'
  | 'aborted';

export class NetError extends Error {
  constructor(
    readonly kind: NetErrorKind,
    readonly url: string,
    message: string,
    /** Extra facts for callers (status code, limit, refused address…); never secrets. */
    readonly details: Record<string, string | number | boolean> = {},
  ) {
    super(message);
    this.name = 'NetError';
  }
}

export function isNetError(err: unknown): err is NetError {
  return err instanceof NetError;
}

/** Strip userinfo, query and fragment: URLs in messages must not leak secrets passed in them. */
export function displayUrl(url: string | URL): string {
  try {
    const u = new URL(String(url));
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.toString();
  } catch {
    return '<invalid URL>';
  }
}
