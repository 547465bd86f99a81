/**
 * Reading a tool's arguments. The input schemas (tools/index.ts) tell the model what to send; the SDK does not
 * enforce them, so each tool reads its arguments through these, and a wrong one is a one-line tool error.
 */
import { resolveClient, type ClientConfig } from '../app/settings';
import { ToolError } from './toolError';

export type Args = Record<string, unknown>;

/** Long enough for any real URL or path; a longer argument is refused rather than processed. */
const MAX_ARG_CHARS = 4096;
const MAX_LIST_ITEMS = 200;

export function requiredString(args: Args, name: string): string {
  const value = args[name];
  if (typeof value !== 'string' || value.trim() === '')
    throw new ToolError(`argument "${name}" is required: a non-empty string`);
  if (value.length > MAX_ARG_CHARS)
    throw new ToolError(`argument "${name}" is longer than ${MAX_ARG_CHARS} characters`);
  return value;
}

export function optionalString(args: Args, name: string): string | undefined {
  return args[name] === undefined || args[name] === null ? undefined : requiredString(args, name);
}

export function optionalBoolean(args: Args, name: string): boolean | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new ToolError(`argument "${name}" must be true or false`);
  return value;
}

export function stringList(args: Args, name: string): string[] | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.length > MAX_ARG_CHARS))
    throw new ToolError(`argument "${name}" must be a list of strings`);
  if (value.length > MAX_LIST_ITEMS) throw new ToolError(`argument "${name}" has more than ${MAX_LIST_ITEMS} items`);
  return value as string[];
}

/** The client a card is compiled for: `bindings` ("JSONRPC@1.0"…) replace the default set, as the CLI's --binding does. */
export function clientFrom(args: Args): ClientConfig {
  const bindings = stringList(args, 'bindings');
  const knownExtensions = stringList(args, 'knownExtensions') ?? [];
  const resolved = resolveClient({ bindings: bindings?.length ? bindings : undefined, knownExtensions });
  if (!resolved.ok) throw new ToolError(`argument "bindings": ${resolved.error}`);
  return resolved.client;
}

/** A cursor is the index of the next item, as the previous answer gave it. */
export function cursorFrom(args: Args): number {
  const cursor = optionalString(args, 'cursor');
  if (cursor === undefined) return 0;
  if (!/^\d{1,9}$/.test(cursor)) throw new ToolError('argument "cursor" must be a cursor from a previous answer');
  return Number(cursor);
}
