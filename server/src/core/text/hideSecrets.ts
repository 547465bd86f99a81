/**
 * Findings never repeat a credential found in the document. Rules quote the values they judge (an interface URL, a
 * schema value), and a URL with a password or a token in a description would go out again in a message, a
 * diagnostic's data, SARIF or JSON. Every credential the secrets-in-card rule recognises is removed from every
 * finding, whether or not that rule is on: any run of eight or more of its characters, in any case or encoding
 * (core/text/secretRuns.ts), so a quote clipped in the middle of one loses what it kept.
 */
import { redactValue, redactorFor, type Redactor } from './redact';
import { documentSecrets } from './documentSecrets';
import type { Finding } from '../types';

/**
 * The redactor of the credentials a parsed document holds; undefined when it holds none. `escaped`: how the output
 * escapes text (Markdown), so the credentials are also found in that form.
 */
export function secretRedactor(value: unknown, text?: string, escaped?: (s: string) => string): Redactor | undefined {
  const found = documentSecrets(value, text).map((s) => s.secret);
  const secrets = escaped ? [...found, ...found.map(escaped)] : found;
  if (secrets.length === 0) return undefined;
  return redactorFor(secrets);
}

export function withoutDocumentSecrets(findings: Finding[], value: unknown, text: string): Finding[] {
  if (findings.length === 0) return findings;
  const redact = secretRedactor(value, text);
  if (!redact) return findings;
  return findings.map((f) => {
    const message = redact(f.message);
    const data = f.data === undefined ? undefined : redactValue(f.data, redact);
    const pointer = pointerWithout(f.pointer, redact);
    return message === f.message && data === f.data && pointer === f.pointer
      ? f
      : { ...f, message, pointer, ...(data ? { data } : {}) };
  });
}

/**
 * A pointer that passes through a member named with a credential, cut back to the object holding that member:
 * printed as it is, it would repeat the name, and the object's range still shows the reader where to look.
 */
function pointerWithout(pointer: string, redact: Redactor): string {
  if (redact(pointer) === pointer) return pointer;
  const segments = pointer.split('/');
  let end = 1;
  while (end < segments.length && redact(segments.slice(0, end + 1).join('/')) === segments.slice(0, end + 1).join('/'))
    end++;
  return segments.slice(0, end).join('/');
}
