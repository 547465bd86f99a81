/**
 * "BINDING@VERSION" (`JSONRPC@1.0`, `HTTP+JSON@1.0`, a custom binding URI `…@1.0`): how users name the bindings
 * their client implements, in the CLI's `--binding` and the editor's `a2a.client.bindings`. One parser for both;
 * each caller decides what a bad entry means (the CLI: a usage error; the settings: skip it and say so once).
 */
import type { BindingSupport } from '../types';

export type BindingParse = { ok: true; value: BindingSupport } | { ok: false; error: string };

/** The last "@" splits (a custom binding URI may contain "@"); both sides are trimmed and must not be empty. */
export function parseBinding(spec: string): BindingParse {
  const at = spec.lastIndexOf('@');
  const binding = at > 0 ? spec.slice(0, at).trim() : '';
  const version = at > 0 ? spec.slice(at + 1).trim() : '';
  if (binding && version) return { ok: true, value: { binding, version } };
  return { ok: false, error: `${JSON.stringify(spec.slice(0, 200))} is not BINDING@VERSION (e.g. JSONRPC@1.0)` };
}
