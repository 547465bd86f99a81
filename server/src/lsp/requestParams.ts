/**
 * The parameters of a custom request, checked before its handler runs: the members the handler reads must have
 * their types (protocol.ts), else the answer is a JSON-RPC "invalid params" error naming the member. A client
 * that sends `null` or a number where a URI belongs gets that, not an internal error with a stack trace in the log.
 */
import { ErrorCodes, ResponseError } from './languageServer';

type Kind = 'string' | 'object' | 'string[]' | 'boolean?' | 'string?' | 'object?';

export function invalidParams(params: unknown, shape: Record<string, Kind>): ResponseError<void> | undefined {
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    return bad('the parameters must be an object');
  const record = params as Record<string, unknown>;
  for (const [name, kind] of Object.entries(shape)) {
    const v = record[name];
    if (kind.endsWith('?') && v === undefined) continue;
    const ok = kind.startsWith('string[]')
      ? Array.isArray(v) && v.every((x) => typeof x === 'string')
      : kind.startsWith('object')
        ? typeof v === 'object' && v !== null && !Array.isArray(v)
        : typeof v === kind.replace('?', '');
    if (!ok) return bad(`"${name}" must be ${DESCRIBED[kind.replace('?', '') as keyof typeof DESCRIBED]}`);
  }
  return undefined;
}

const DESCRIBED = {
  string: 'a string',
  object: 'an object',
  'string[]': 'an array of strings',
  boolean: 'true or false',
} as const;

function bad(message: string): ResponseError<void> {
  return new ResponseError(ErrorCodes.InvalidParams, `invalid parameters: ${message}`);
}
