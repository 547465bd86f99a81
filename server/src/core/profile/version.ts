/**
 * Protocol versions are compared as Major.Minor (A2A §3.6: versions are "Major.Minor"; a patch number
 * SHOULD NOT appear and MUST NOT influence negotiation). So "1.0.0" is treated as 1.0 — the patch is
 * dropped, not rejected — and "1.00" equals "1.0" numerically. A value that is not N.N or N.N.N
 * (e.g. "1", "v1.0", "latest") is compared as an exact string, which in practice means it matches nothing
 * a client declares.
 */
const VERSION = /^\s*(\d{1,9})\.(\d{1,9})(?:\.\d{1,9})?\s*$/;

/** "1.0.0" → "1.0", "01.2" → "1.2"; null when the value is not a Major.Minor[.Patch] version. */
export function majorMinor(version: string): string | null {
  const m = VERSION.exec(version);
  return m ? `${Number(m[1])}.${Number(m[2])}` : null;
}

export function sameVersion(a: string, b: string): boolean {
  const ma = majorMinor(a);
  const mb = majorMinor(b);
  return ma !== null && mb !== null ? ma === mb : a === b;
}
