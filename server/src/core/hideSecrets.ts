/**
 * Findings never repeat a credential found in the document. Rules quote the values they judge (an interface URL, a
 * schema value), and a URL with a password or a token in a description would go out again in a message, a
 * diagnostic's data, SARIF or JSON. Every credential the secrets-in-card rule recognises is removed from every
 * finding, whether or not that rule is on; quotes clipped to a prefix of one lose the prefix too.
 */
import { REDACTED, redactValue, redactorFor, type Redactor } from './redact';
import { documentSecrets } from './rules/secrets-in-card';
import type { Finding } from './types';

/**
 * The redactor of the credentials a parsed document holds; undefined when it holds none. `escaped`: how the output
 * escapes text (Markdown), so the credentials are also found in that form.
 */
export function secretRedactor(value: unknown, text?: string, escaped?: (s: string) => string): Redactor | undefined {
  const found = documentSecrets(value, text).map((s) => s.secret);
  const secrets = escaped ? [...found, ...found.map(escaped)] : found;
  if (secrets.length === 0) return undefined;
  const whole = redactorFor(secrets);
  return (s) => withoutPrefixes(whole(s), secrets);
}

/** A clipped quote keeps at least this much of a secret's beginning before "…": that much is removed too. */
const PREFIX = 8;

export function withoutDocumentSecrets(findings: Finding[], value: unknown, text: string): Finding[] {
  if (findings.length === 0) return findings;
  const redact = secretRedactor(value, text);
  if (!redact) return findings;
  return findings.map((f) => {
    const message = redact(f.message);
    const data = f.data === undefined ? undefined : redactValue(f.data, redact);
    return message === f.message && data === f.data ? f : { ...f, message, ...(data ? { data } : {}) };
  });
}

/** The start of a secret cut off by a quote's length limit: from the first PREFIX characters on, as far as it matches. */
function withoutPrefixes(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < PREFIX) continue;
    const head = secret.slice(0, PREFIX);
    let at = out.indexOf(head);
    while (at >= 0) {
      let end = at + PREFIX;
      while (end < out.length && end - at < secret.length && out[end] === secret[end - at]) end++;
      out = `${out.slice(0, at)}${REDACTED}${out.slice(end)}`;
      at = out.indexOf(head, at + REDACTED.length);
    }
  }
  return out;
}
