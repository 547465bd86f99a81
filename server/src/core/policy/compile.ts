/**
 * An organisation policy's CEL expression (docs/policies.md) compiled once per configuration. The expression comes
 * from a repository, so it is bounded before it ever runs: its length, its syntax tree (nodes, depth, literal
 * sizes: the evaluator's parse-time limits), how deeply its comprehensions (all, exists, exists_one, map, filter)
 * nest, and no `matches` (a JavaScript regular expression here, which can backtrack for exponential time). What
 * it reads at run time is bounded by evaluate.ts.
 */
// The evaluator is an ES module only: esbuild bundles it and tsx loads it in tests; only the type checker, which
// models a CommonJS `require`, objects to the value import (the types come from the type-only import).
import type * as Cel from '@marcbachmann/cel-js' with { 'resolution-mode': 'import' };
// @ts-expect-error -- ESM-only package imported from CommonJS (see above)
import { Environment as CelEnvironment } from '@marcbachmann/cel-js';

export const MAX_EXPRESSION_LENGTH = 2000;
/** Three nested comprehensions over 64-element literals are 262,144 steps; over card data the read budget applies. */
const MAX_COMPREHENSION_NESTING = 3;
const COMPREHENSIONS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);
const REFUSED_FUNCTIONS: Readonly<Record<string, string>> = {
  matches:
    'matches() is not available (its regular expressions can take exponential time): use startsWith, endsWith or contains',
};

/** Made on first use: most projects have no policies, and the evaluator need not load for them. */
let environment: Cel.Environment | undefined;

function celEnvironment(): Cel.Environment {
  const Environment = CelEnvironment as typeof Cel.Environment;
  environment ??= new Environment({
    limits: { maxAstNodes: 500, maxDepth: 32, maxListElements: 64, maxMapEntries: 64, maxCallArguments: 8 },
  })
    .registerVariable('profile', 'map')
    .registerVariable('card', 'dyn');
  return environment;
}

export type CompiledExpression = (context: { profile: unknown; card: unknown }) => unknown;

export type PolicyCompile = { ok: true; run: CompiledExpression } | { ok: false; message: string };

export function compilePolicyExpression(expression: string): PolicyCompile {
  if (expression.length > MAX_EXPRESSION_LENGTH)
    return { ok: false, message: `is ${expression.length} characters, over the limit of ${MAX_EXPRESSION_LENGTH}` };
  let parsed: ReturnType<Cel.Environment['parse']>;
  try {
    parsed = celEnvironment().parse(expression);
  } catch (err) {
    return { ok: false, message: firstLine(err) };
  }
  const refused = refusal(parsed.ast, 0);
  if (refused) return { ok: false, message: refused };
  return { ok: true, run: (context) => parsed(context) };
}

interface AstNode {
  op: string;
  args: unknown;
}

function isNode(v: unknown): v is AstNode {
  return typeof v === 'object' && v !== null && typeof (v as { op?: unknown }).op === 'string';
}

/** Why the tree is refused: a refused function, or comprehensions nested too deeply. Iterative over arrays. */
function refusal(node: unknown, nesting: number): string | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = refusal(child, nesting);
      if (found) return found;
    }
    return undefined;
  }
  if (!isNode(node)) return undefined;
  let depth = nesting;
  if ((node.op === 'rcall' || node.op === 'call') && Array.isArray(node.args)) {
    const name = node.args[0];
    if (typeof name === 'string' && REFUSED_FUNCTIONS[name]) return REFUSED_FUNCTIONS[name];
    if (typeof name === 'string' && node.op === 'rcall' && COMPREHENSIONS.has(name)) {
      depth++;
      if (depth > MAX_COMPREHENSION_NESTING)
        return `nests more than ${MAX_COMPREHENSION_NESTING} comprehensions (all, exists, map, …) inside each other`;
    }
  }
  return refusal(node.args, depth);
}

function firstLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n', 1)[0] ?? text;
}
