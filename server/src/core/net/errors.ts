/**
 * Typed network failures. Every error names the URL and, where one applies, the limit that was hit,
 * so the CLI can print one actionable line and the editor can show it without a stack trace.
 * Messages never contain credentials: callers pass URLs, never headers.
 */
import { withoutUserinfo } from '../text/redact';

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
  /** The URL the failure is about, never with userinfo (callers may show it as it is). */
  readonly url: string;

  constructor(
    readonly kind: NetErrorKind,
    url: string,
    message: string,
    /** Extra facts for callers (status code, limit, refused address…); never secrets. */
    readonly details: Record<string, string | number | boolean> = {},
  ) {
    super(message);
    this.url = withoutUserinfo(url);
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
