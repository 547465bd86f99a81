/**
 * sdk-internal-shape: the ts-proto oneof form {"$case": "httpAuthSecurityScheme", "value": {…}} leaked into JSON
 * (observed from @a2a-js/sdk 1.3.0's well-known handler). ProtoJSON writes the case as the key instead:
 * {"httpAuthSecurityScheme": {…}}. ts-proto only makes such wrappers for proto oneofs, and the card's oneofs
 * (SecurityScheme, OAuthFlows) all live under securitySchemes: the bounded, iterative walk covers that subtree.
 */
import { isObject } from '../document';
import { finding, quote, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { pointerTo } from '../card/walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'sdk-internal-shape',
  defaultSeverity: 'error',
  title: 'An SDK-internal ($case/value) form leaked into the card',
  appliesTo: ['card'],
};

const MAX_DEPTH = 16;
const MAX_NODES = 200_000;

export const sdkInternalShape: Rule = ({ value }) => {
  if (!isObject(value) || !isObject(value.securitySchemes)) return [];
  const out: Finding[] = [];
  const stack: { node: unknown; pointer: string; depth: number }[] = [
    { node: value.securitySchemes, pointer: '/securitySchemes', depth: 0 },
  ];
  let visited = 0;
  while (stack.length && visited++ < MAX_NODES) {
    const { node, pointer, depth } = stack.pop()!;
    if (depth > MAX_DEPTH) continue;
    const children: [string | number, unknown][] = Array.isArray(node)
      ? node.map((v, i) => [i, v])
      : isObject(node)
        ? Object.entries(node)
        : [];
    for (const [key, child] of children) {
      const childPointer = pointerTo(pointer, key);
      if (isObject(child) && typeof child.$case === 'string' && 'value' in child) {
        out.push(
          finding(
            meta,
            childPointer,
            `${quote(String(key))} holds an SDK-internal oneof wrapper {"$case", "value"}: write {${JSON.stringify(child.$case)}: …} in its place (ProtoJSON).`,
            { target: 'key', data: { member: key, case: child.$case, parentPointer: pointer } },
          ),
        );
        continue;
      }
      if (typeof child === 'object' && child !== null)
        stack.push({ node: child, pointer: childPointer, depth: depth + 1 });
    }
  }
  return out.sort((a, b) => (a.pointer < b.pointer ? -1 : 1));
};

const docs: RuleDocs = {
  summary:
    'An SDK-internal oneof wrapper `{"$case": …, "value": …}` leaked into the JSON (seen from @a2a-js/sdk 1.3.0); ProtoJSON names the case as the key.',
  bad: '`{ "bearer": { "scheme": { "$case": "httpAuthSecurityScheme", "value": { "scheme": "Bearer" } } } }`',
  fix: '`{ "bearer": { "httpAuthSecurityScheme": { "scheme": "Bearer" } } }`',
  quickFix: '**Unwrap the SDK-internal form** into the ProtoJSON key.',
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        securitySchemes: { bearer: { scheme: { $case: 'httpAuthSecurityScheme', value: { scheme: 'Bearer' } } } },
        securityRequirements: [],
      },
    },
  ],
  valid: [
    {
      with: { securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } }, securityRequirements: [] },
    },
  ],
};

/** The generic findings about the wrapper's parent: this finding explains that object. */
const supersedes = (f: Finding) => (typeof f.data?.parentPointer === 'string' ? f.data.parentPointer : f.pointer);

export const rule: RuleDefinition = { meta, check: sdkInternalShape, docs, examples, supersedes };
