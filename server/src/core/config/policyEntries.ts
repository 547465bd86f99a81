/**
 * `policies` in .a2a/config.json: organisation rules over what an agent offers, each a CEL expression that is true
 * when a card complies (docs/policies.md). Read and compiled here, once per configuration; a policy that is
 * malformed or does not compile is one message naming it, so the file is refused as a whole (a policy that
 * silently never runs would pass every card).
 */
import { isObject } from '../document';
import { compilePolicyExpression } from '../policy/compile';
import type { PolicyEntry } from '../policy/policy';
import { ruleMeta } from '../rules/catalog';
import { suggestMember } from '../text/nearName';
import type { Severity } from '../types';

export type { PolicyEntry };

export type PoliciesRead = { ok: true; policies: PolicyEntry[] } | { ok: false; pointer: string; message: string };

const MEMBERS = ['id', 'severity', 'expression', 'message'];
const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info', 'hint'];
const ID = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const MAX_MESSAGE = 1000;

export function readPolicies(value: unknown): PoliciesRead {
  if (!Array.isArray(value)) return bad('/policies', 'must be an array of {"id", "severity", "expression", "message"}');
  const policies: PolicyEntry[] = [];
  for (const [i, item] of value.entries()) {
    const at = `/policies/${i}`;
    const read = readPolicy(item, at);
    if ('ok' in read) return read;
    if (policies.some((p) => p.id === read.id)) return bad(`${at}/id`, `"${read.id}" is the id of an earlier policy`);
    policies.push(read);
  }
  return { ok: true, policies };
}

function readPolicy(item: unknown, at: string): PolicyEntry | Extract<PoliciesRead, { ok: false }> {
  if (!isObject(item)) return bad(at, 'must be an object {"id", "severity", "expression", "message"}');
  const extra = Object.keys(item).find((k) => !MEMBERS.includes(k));
  if (extra !== undefined) {
    const near = suggestMember(extra, MEMBERS);
    return bad(
      `${at}/${extra}`,
      `unknown member${near ? ` (did you mean "${near}"?)` : ''}; expected ${MEMBERS.map((m) => `"${m}"`).join(', ')}`,
    );
  }
  const { id, severity, expression, message } = item;
  if (typeof id !== 'string' || !ID.test(id))
    return bad(`${at}/id`, 'is required: lowercase letters, digits, ".", "_" or "-" (at most 64), e.g. "https-only"');
  if (ruleMeta(id)) return bad(`${at}/id`, `"${id}" is a rule id: give the policy a name of its own`);
  const named = `policy "${id}"`;
  if (typeof severity !== 'string' || !(SEVERITIES as readonly string[]).includes(severity))
    return bad(`${at}/severity`, `${named}: must be one of ${SEVERITIES.map((s) => `"${s}"`).join(', ')}`);
  if (typeof message !== 'string' || message.trim() === '' || message.length > MAX_MESSAGE)
    return bad(`${at}/message`, `${named}: is required: what a violation means, at most ${MAX_MESSAGE} characters`);
  if (typeof expression !== 'string' || expression.trim() === '')
    return bad(`${at}/expression`, `${named}: is required: a CEL expression that is true when the card complies`);
  const compiled = compilePolicyExpression(expression);
  if (!compiled.ok) return bad(`${at}/expression`, `${named} does not compile: ${compiled.message}`);
  return { id, severity: severity as Severity, expression, message, run: compiled.run };
}

function bad(pointer: string, message: string): Extract<PoliciesRead, { ok: false }> {
  return { ok: false, pointer, message };
}
