/**
 * Validates SARIF logs against the official SARIF 2.1.0 JSON schema (rtm.5, as shipped by the
 * @microsoft/jest-sarif package). The schema is draft-04; ajv 8 reads it once the root `id` is spelled
 * `$id` (draft-04's keywords used by this schema are otherwise the same). Formats are checked too.
 */
import Ajv from 'ajv';
import schema from '@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json';

function compile() {
  const { $schema: _draft, id, ...rest } = schema as Record<string, unknown>;
  // unicodeRegExp off: the schema's language pattern has a stray ']' that only non-unicode regexps accept.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  ajv.addFormat('uri', (s: string) => {
    try {
      new URL(s);
      return true;
    } catch {
      return false;
    }
  });
  ajv.addFormat('uri-reference', (s: string) => !/\s/.test(s));
  ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)));
  return ajv.compile({ ...rest, $id: String(id) });
}

const validate = compile();

/** The schema errors of a SARIF log, [] when valid. */
export function sarifErrors(log: unknown): string[] {
  return validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
