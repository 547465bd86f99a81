/**
 * A compiled policy run against one card: true (complies), false (a violation, with the member that decided it),
 * or why it could not decide. The expression sees `profile` (the compiled profile as `a2acap compile --format json`
 * prints it) and `card` through read-only views that count what is read: each member read costs one step, a
 * string one more per 256 characters, and past the budget the evaluation stops. So a hostile expression over a
 * large card (nested comprehensions over thousands of skills, long strings joined again and again) ends in
 * milliseconds with "too much work", and an ordinary policy on an ordinary card never comes near it.
 *
 * The member that decided: the last member read before the expression came out false (a comprehension such as
 * `all` stops at the first skill that fails, so the last read is inside it), as a path from `profile` or `card`;
 * profilePointer.ts turns a profile path into the card member it was compiled from.
 */
import type { CompiledExpression } from './compile';

/** Steps an evaluation may take (members read, long strings counting more). */
export const POLICY_READ_BUDGET = 100_000;

export type PolicyOutcome =
  | { result: 'complies' }
  | { result: 'violates'; path: readonly (string | number)[]; root: 'profile' | 'card' | undefined }
  | { result: 'error'; reason: string };

class BudgetExceeded extends Error {}

/** A path as a chain from its last segment up (sharing its parent's), made into an array only once, at the end. */
interface PathLink {
  up: PathLink | undefined;
  segment: string | number;
}

function pathOf(link: PathLink | undefined): (string | number)[] {
  const out: (string | number)[] = [];
  for (let l = link; l; l = l.up) out.push(l.segment);
  return out.reverse();
}

export function evaluatePolicy(run: CompiledExpression, profile: unknown, card: unknown): PolicyOutcome {
  let steps = 0;
  let last: { root: 'profile' | 'card'; path: PathLink | undefined } | undefined;
  const views = new WeakMap<object, object>();
  // Members read while the evaluator walks a whole map (`"key" in map`, a comprehension over its keys) are not what
  // the expression asked about: the map itself is.
  let enumerated: object | undefined;
  const view = (value: unknown, root: 'profile' | 'card', path: PathLink | undefined): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    let proxy = views.get(value);
    if (proxy) return proxy;
    proxy = new Proxy(value, {
      get(target, key, receiver) {
        const member: unknown = Reflect.get(target, key, receiver);
        const own = typeof key === 'string' && Object.prototype.hasOwnProperty.call(target, key);
        if (!own || (Array.isArray(target) && key === 'length')) return member;
        steps += typeof member === 'string' ? 1 + (member.length >> 8) : 1;
        if (steps > POLICY_READ_BUDGET) throw new BudgetExceeded();
        const segment = Array.isArray(target) ? Number(key) : key;
        const here: PathLink = { up: path, segment };
        if (target !== enumerated) enumerated = undefined;
        if (member !== undefined) last = { root, path: enumerated ? path : here };
        return view(member, root, here);
      },
      ownKeys(target) {
        enumerated = target;
        return Reflect.ownKeys(target);
      },
    });
    views.set(value, proxy);
    return proxy;
  };
  let value: unknown;
  try {
    value = run({ profile: view(profile, 'profile', undefined), card: view(card, 'card', undefined) });
  } catch (err) {
    if (err instanceof BudgetExceeded)
      return {
        result: 'error',
        reason: `stopped after ${POLICY_READ_BUDGET} steps: the expression does too much work`,
      };
    const text = err instanceof Error ? err.message : String(err);
    return { result: 'error', reason: text.split('\n', 1)[0] ?? text };
  }
  if (value === true) return { result: 'complies' };
  if (value === false) return { result: 'violates', path: pathOf(last?.path), root: last?.root };
  return { result: 'error', reason: `the expression gave ${describe(value)}, not true or false` };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'a map' : `a ${typeof value}`;
}
