/**
 * The quick fix for each rule where one obvious fix exists, keyed on the finding's code and data.
 * Pure: (finding, parsed document) → FixPlan[]. Values written into the document come from the finding's
 * data or the document itself, so a fix never invents content.
 */
import canonicalize from 'canonicalize';
import { isObject } from '../document';
import { closestName } from '../text/nearName';
import { escapeSegment, parsePointer, valueAtPointer } from '../pointer/range';
import { detectKind } from '../lint';
import { schemaAt } from '../schema/schemaNav';
import { stringsOf } from '../profile/safeRecord';
import { anyCovers } from '../profile/mediaType';
import { secretRedactor } from '../text/hideSecrets';
import { withMissingScheme } from './interfaceUrl';
import { isLegacyCard, migrateCard } from './migrateCard';
import type { FixInput, FixPlan } from './plan';
import { unwrapSdkInternal } from './securityScheme';

type FixBuilder = (f: FixInput, doc: unknown) => FixPlan[];

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
/** Card text shown in a fix title: clipped, one line, without bidi or zero-width characters (a title must read as what it does). */
function short(text: string, n = 60): string {
  const s = text
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '');
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

/** Parent pointer and last segment of a pointer. */
export function splitPointer(pointer: string): { parent: string; last: string } {
  const i = pointer.lastIndexOf('/');
  return {
    parent: pointer.slice(0, Math.max(i, 0)),
    last: pointer
      .slice(i + 1)
      .replace(/~1/g, '/')
      .replace(/~0/g, '~'),
  };
}

function replaceWithSuggestion(label: string): FixBuilder {
  return (f) => {
    const suggestion = str(f.data?.suggestion);
    return suggestion
      ? [
          {
            title: `${label} ${JSON.stringify(short(suggestion))}`,
            preferred: true,
            operations: [{ op: 'set', pointer: f.pointer, value: suggestion }],
          },
        ]
      : [];
  };
}

/** Placeholder for a missing REQUIRED member, by what the schema expects there. */
const MISSING_DEFAULTS: Record<string, unknown> = {
  capabilities: {},
  skills: [],
  supportedInterfaces: [],
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  tags: [],
  schemes: {},
  requires: {},
  list: [],
};

/** The whole-card 0.3 → 1.0 migration as one fix (offered on every legacy finding; editors show it once). */
function migration(doc: unknown): FixPlan[] {
  const m = migrateCard(doc);
  return m.changed
    ? [{ title: 'Migrate this card to A2A 1.0', preferred: true, safe: true, operations: m.operations }]
    : [];
}

/** The builder only for findings at pointers of the shape its rule reports (a stale or foreign finding gets no fix). */
/** Every plan of the builder marked safe (`lint --fix` applies it): for rules whose one fix keeps the meaning. */
const safely =
  (builder: FixBuilder): FixBuilder =>
  (f, doc) =>
    builder(f, doc).map((plan) => ({ ...plan, safe: true }));

const onlyAt =
  (shape: RegExp, builder: FixBuilder): FixBuilder =>
  (f, doc) =>
    shape.test(f.pointer) ? builder(f, doc) : [];

/** "<id>-2" (or -3, …): the first suffix no skill of the card uses yet. */
function freeSkillId(doc: unknown, id: string): string {
  const skills = isObject(doc) && Array.isArray(doc.skills) ? doc.skills : [];
  const used = new Set(
    skills.map((s: unknown) => (isObject(s) ? s.id : undefined)).filter((x): x is string => typeof x === 'string'),
  );
  let n = 2;
  while (used.has(`${id}-${n}`)) n++;
  return `${id}-${n}`;
}

/** Same JSON value whatever the member order (RFC 8785 canonical form). */
const sameJson = (a: unknown, b: unknown): boolean => canonicalize(a) === canonicalize(b);

const duplicateSkillId: FixBuilder = (f, doc) => {
  const id = str(valueAtPointer(doc, f.pointer));
  if (id === undefined) return [];
  const free = freeSkillId(doc, id);
  const plans: FixPlan[] = [
    {
      title: `Rename this skill's id to ${JSON.stringify(short(free))}`,
      preferred: true,
      operations: [{ op: 'set', pointer: f.pointer, value: free }],
    },
  ];
  // Removing the skill loses nothing only when it is an exact copy of the one clients already see.
  const skill = splitPointer(f.pointer).parent;
  const firstIndex = f.data?.firstIndex;
  if (
    typeof firstIndex === 'number' &&
    `/skills/${firstIndex}` !== skill &&
    sameJson(valueAtPointer(doc, skill), valueAtPointer(doc, `/skills/${firstIndex}`))
  ) {
    plans.push({
      title: `Remove this skill (an exact copy of skills[${firstIndex}])`,
      operations: [{ op: 'remove', pointer: skill }],
    });
  }
  return plans;
};

/** One tag per non-blank source (the skill's name, then its id), each fix saying where its tag comes from. */
const emptySkillTags: FixBuilder = (f, doc) => {
  const skill = valueAtPointer(doc, splitPointer(f.pointer).parent);
  if (!isObject(skill) || !Array.isArray(skill.tags)) return [];
  const plans: FixPlan[] = [];
  const offered = new Set<string>();
  for (const source of ['name', 'id'] as const) {
    const tag = str(skill[source])?.trim();
    if (!tag || offered.has(tag)) continue;
    offered.add(tag);
    plans.push({
      title: `Add the skill's ${source} ${JSON.stringify(short(tag))} as a tag`,
      preferred: plans.length === 0,
      operations: [{ op: 'set', pointer: f.pointer, value: [tag] }],
    });
  }
  return plans;
};

const FLOWS_IN_USE = ['authorizationCode', 'clientCredentials', 'deviceCode'];
const scopeNames = (flow: unknown): string[] =>
  isObject(flow) && isObject(flow.scopes) ? Object.keys(flow.scopes) : [];

/**
 * implicit/password → authorizationCode only when the flow already carries both URLs that flow needs (then the
 * rename is the whole migration); otherwise, when the scheme also has a flow that is not deprecated and declares
 * every scope the deprecated one does, dropping the deprecated one. Nothing else: the grant types are not
 * interchangeable and their URLs cannot be guessed.
 */
const deprecatedOauthFlow: FixBuilder = (f, doc) => {
  const flowName = splitPointer(f.pointer).last;
  const flowsPointer = splitPointer(f.pointer).parent;
  const flows = valueAtPointer(doc, flowsPointer);
  const flow = valueAtPointer(doc, f.pointer);
  if (!isObject(flows) || !isObject(flow)) return [];
  const others = FLOWS_IN_USE.filter((k) => Object.hasOwn(flows, k));
  if (others.length > 0) {
    // Dropping the flow must not drop a scope declaration that requirements may rely on.
    const kept = new Set(others.flatMap((k) => scopeNames(flows[k])));
    if (!scopeNames(flow).every((scope) => kept.has(scope))) return [];
    return [
      {
        title: `Remove the deprecated ${flowName} flow (the scheme keeps ${others.join(', ')})`,
        operations: [{ op: 'remove', pointer: f.pointer }],
      },
    ];
  }
  if (typeof flow.authorizationUrl !== 'string' || typeof flow.tokenUrl !== 'string') return [];
  const target = `${flowsPointer}/authorizationCode`;
  return [
    {
      title: `Change the ${flowName} flow to authorizationCode (same URLs and scopes)`,
      preferred: true,
      operations: [
        { op: 'renameKey', pointer: f.pointer, name: 'authorizationCode' },
        ...(isObject(flow.scopes) ? [] : [{ op: 'set' as const, pointer: `${target}/scopes`, value: {} }]),
      ],
    },
  ];
};

/** Default values say nothing (ProtoJSON drops them), so an entry holding only those loses nothing when removed. */
const isDefaultValue = (v: unknown): boolean =>
  v === null ||
  v === false ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (isObject(v) && Object.keys(v).length === 0);

const extensionMissingUri: FixBuilder = (f, doc) => {
  const ext = valueAtPointer(doc, f.pointer);
  if (!isObject(ext) || (ext.uri !== undefined && typeof ext.uri !== 'string')) return [];
  const empty = Object.entries(ext).every(([k, v]) => k === 'uri' || isDefaultValue(v));
  return empty
    ? [
        {
          title: 'Remove the empty extension entry',
          preferred: true,
          operations: [{ op: 'remove', pointer: f.pointer }],
        },
      ]
    : [];
};

/** A malformed signature can never verify; removing it is offered (re-signing is the real fix, and needs the key). */
const malformedSignature: FixBuilder = (f, doc) => {
  const entry = splitPointer(f.pointer).parent;
  const index = splitPointer(entry).last;
  const signatures = valueAtPointer(doc, '/signatures');
  if (!Array.isArray(signatures) || !isObject(valueAtPointer(doc, entry))) return [];
  const last = signatures.length === 1;
  return [
    {
      title: last
        ? 'Remove the malformed signature (the card is then unsigned)'
        : `Remove the malformed signature signatures[${index}]`,
      operations: [{ op: 'remove', pointer: last ? '/signatures' : entry }],
    },
  ];
};

const invalidInterfaceUrl: FixBuilder = (f, doc) => {
  const raw = valueAtPointer(doc, f.pointer);
  const binding = valueAtPointer(doc, `${splitPointer(f.pointer).parent}/protocolBinding`);
  const fixed = typeof raw === 'string' ? withMissingScheme(raw, binding) : undefined;
  return fixed
    ? [
        {
          title: `Add the scheme: ${JSON.stringify(short(fixed))}`,
          preferred: true,
          operations: [{ op: 'set', pointer: f.pointer, value: fixed }],
        },
      ]
    : [];
};

/** The overridden occurrence goes: what JSON.parse (and this tool) read stays what every parser reads. */
const duplicateMember: FixBuilder = (f) => {
  const keyOffset = f.data?.keyOffset;
  if (typeof keyOffset !== 'number' || typeof f.data?.name !== 'string') return [];
  return [
    {
      title: `Remove this ${JSON.stringify(short(f.data.name))} (the later one is the value in use)`,
      preferred: true,
      operations: [{ op: 'removeMember', pointer: f.pointer, keyOffset }],
    },
  ];
};

export const QUICK_FIXES: Record<string, FixBuilder> = {
  // The later member is the value every JSON parser uses: removing the earlier one changes nothing.
  'duplicate-member': safely(duplicateMember),
  'duplicate-skill-id': onlyAt(/^\/skills\/\d+\/id$/, duplicateSkillId),
  'empty-skill-tags': onlyAt(/^\/skills\/\d+\/tags$/, emptySkillTags),
  'deprecated-oauth-flow': onlyAt(
    /^\/securitySchemes\/[^/]+\/oauth2SecurityScheme\/flows\/(?:implicit|password)$/,
    deprecatedOauthFlow,
  ),
  'extension-missing-uri': onlyAt(/^\/capabilities\/extensions\/\d+$/, extensionMissingUri),
  'malformed-signature': onlyAt(/^\/signatures\/\d+\/(?:protected|signature)$/, malformedSignature),
  'invalid-interface-url': onlyAt(/^\/supportedInterfaces\/\d+\/url$/, invalidInterfaceUrl),
  'legacy-card-shape': (f, doc) => {
    const plans = migration(doc);
    if (f.data?.member === 'stateTransitionHistory')
      plans.push({ title: 'Remove "stateTransitionHistory"', operations: [{ op: 'remove', pointer: f.pointer }] });
    return plans;
  },
  'security-requirement-shape': safely((f) => {
    const replacement = f.data?.replacement;
    if (replacement === undefined) return [];
    return [
      {
        title: 'Rewrite as an A2A 1.0 security requirement',
        preferred: true,
        operations: [{ op: 'set', pointer: f.pointer, value: replacement }],
      },
    ];
  }),
  'sdk-internal-shape': safely((f, doc) => {
    const parent = str(f.data?.parentPointer) ?? f.pointer;
    const value = valueAtPointer(doc, parent);
    const unwrapped =
      value && typeof value === 'object' && !Array.isArray(value)
        ? unwrapSdkInternal(value as Record<string, unknown>)
        : undefined;
    return unwrapped
      ? [
          {
            title: `Unwrap the SDK-internal form into "${str(f.data?.case) ?? 'the scheme'}"`,
            preferred: true,
            operations: [{ op: 'set', pointer: parent, value: unwrapped }],
          },
        ]
      : [];
  }),
  'skill-mode-narrows-default': (f, doc) => {
    // From the card itself (the finding carries no card-sized lists): the skill's modes, and the defaults they miss.
    const defaultsMember = str(f.data?.defaultsMember);
    if (!isObject(doc) || (defaultsMember !== 'defaultInputModes' && defaultsMember !== 'defaultOutputModes'))
      return [];
    const modes = stringsOf(valueAtPointer(doc, f.pointer));
    const dropped = stringsOf(doc[defaultsMember]).filter((d) => !anyCovers(modes, d));
    if (!dropped.length || !modes.length) return [];
    return [
      {
        title: `Add the default modes this skill dropped (${short(dropped.join(', '))})`,
        operations: [{ op: 'set', pointer: f.pointer, value: [...modes, ...dropped] }],
      },
    ];
  },
  'undeclared-oauth-scope': (f, doc) => {
    const scheme = str(f.data?.scheme);
    const scope = str(f.data?.scope);
    const flow = str(f.data?.flow);
    if (!scheme || !scope || !flow || flow.includes('+')) return [];
    const scopes = `/securitySchemes/${escapeSegment(scheme)}/oauth2SecurityScheme/flows/${escapeSegment(flow)}/scopes`;
    const op =
      valueAtPointer(doc, scopes) === undefined
        ? { op: 'set' as const, pointer: scopes, value: { [scope]: '' } }
        : { op: 'set' as const, pointer: `${scopes}/${escapeSegment(scope)}`, value: '' };
    return [
      {
        title: `Declare scope ${JSON.stringify(short(scope))} in the ${flow} flow of ${JSON.stringify(short(scheme))}`,
        preferred: true,
        operations: [op],
      },
    ];
  },
  'provider-name-field': safely((f) => [
    {
      title: 'Rename "name" to "organization"',
      preferred: true,
      operations: [{ op: 'renameKey', pointer: f.pointer, name: 'organization' }],
    },
  ]),
  'unknown-field': (f, doc) => {
    const { parent, last: member } = splitPointer(f.pointer);
    const object = valueAtPointer(doc, parent);
    // Only a member the document has; never a rename onto one it has (a duplicate key: the later one would win).
    if (
      f.pointer === '' ||
      parent.includes('/__proto__') ||
      !isObject(object) ||
      !Object.prototype.hasOwnProperty.call(object, member)
    )
      return [];
    const named = str(f.data?.suggestion);
    const suggestion = named !== undefined && !Object.prototype.hasOwnProperty.call(object, named) ? named : undefined;
    const plans: FixPlan[] = [];
    if (suggestion)
      plans.push({
        title: `Rename to "${short(suggestion)}"`,
        preferred: true,
        operations: [{ op: 'renameKey', pointer: f.pointer, name: suggestion }],
      });
    plans.push({ title: `Remove "${short(member)}"`, operations: [{ op: 'remove', pointer: f.pointer }] });
    return plans;
  },
  'undefined-security-scheme': (f) => {
    const name = str(f.data?.scheme);
    const target = name === undefined ? undefined : closestName(name, stringsOf(f.data?.defined));
    return target
      ? [
          {
            title: `Change to "${short(target)}" (defined in securitySchemes)`,
            preferred: true,
            operations: [{ op: 'renameKey', pointer: f.pointer, name: target }],
          },
        ]
      : [];
  },
  'duplicate-interface': (f) => [
    { title: 'Remove the duplicate interface', preferred: true, operations: [{ op: 'remove', pointer: f.pointer }] },
  ],
  'invalid-protocol-version': replaceWithSuggestion('Change to'),
  'protocol-version-patch': safely(replaceWithSuggestion('Change to')),
  'custom-binding-not-uri': onlyAt(
    /^\/supportedInterfaces\/\d+\/protocolBinding$/,
    safely(replaceWithSuggestion('Change to')),
  ),
  'grpc-address-not-host-port': onlyAt(/^\/supportedInterfaces\/\d+\/url$/, replaceWithSuggestion('Change to')),
  'card-version-not-semver': replaceWithSuggestion('Change to'),
  'invalid-media-type': replaceWithSuggestion('Change to'),
  'insecure-interface-url': replaceWithSuggestion('Use'),
  'invalid-card-digest': replaceWithSuggestion('Change to'),
  'interface-url-operation-path': replaceWithSuggestion('Use'),
  'suspicious-text': (f, doc) => {
    // Only hidden characters have one obvious fix; an instruction in prose needs a person to reword it.
    const text = valueAtPointer(doc, f.pointer);
    const points = stringsOf(f.data?.codePoints)
      .map((p) => Number.parseInt(p.replace(/^U\+/, ''), 16))
      .filter((n) => Number.isFinite(n));
    if (f.data?.kind !== 'hidden-characters' || typeof text !== 'string' || points.length === 0) return [];
    const hidden = new Set(points);
    const cleaned = Array.from(text)
      .filter((ch) => !hidden.has(ch.codePointAt(0)!))
      .join('');
    return cleaned === text
      ? []
      : [
          {
            title: 'Remove the hidden characters',
            preferred: true,
            operations: [{ op: 'set', pointer: f.pointer, value: cleaned }],
          },
        ];
  },
  schema: (f, doc) => {
    // An optional member written as null (SDKs that serialize unset fields do): omitting it is what 1.0 means.
    // A REQUIRED one needs a value instead, which only the author knows.
    const { parent, last } = splitPointer(f.pointer);
    if (f.data?.actual === 'null' && isObject(valueAtPointer(doc, parent)) && !requiredAt(doc, parent).includes(last)) {
      return [
        {
          title: `Remove "${short(last)}" (null): leave an unset member out`,
          preferred: true,
          safe: true,
          operations: [{ op: 'remove', pointer: f.pointer }],
        },
      ];
    }
    const missing = str(f.data?.missing);
    // A 0.3 card lacks supportedInterfaces because it has `url`: migrating is the fix, not an empty list.
    if (missing === 'supportedInterfaces' && isLegacyCard(doc)) return migration(doc);
    if (missing !== undefined) {
      const value = Object.hasOwn(MISSING_DEFAULTS, missing) ? MISSING_DEFAULTS[missing] : '';
      return [
        {
          title: `Add the missing member "${short(missing)}"`,
          preferred: true,
          operations: [{ op: 'set', pointer: f.pointer, value }],
        },
      ];
    }
    const allowed = Array.isArray(f.data?.allowed) ? f.data.allowed.slice(0, 6) : [];
    return allowed.map((v) => ({
      title: `Change to ${short(JSON.stringify(v))}`,
      operations: [{ op: 'set' as const, pointer: f.pointer, value: v }],
    }));
  },
};

/** The members the schema requires of the object at `pointer` (card or lockfile, by the document's content). */
function requiredAt(doc: unknown, pointer: string): readonly string[] {
  const kind = detectKind(doc);
  if (kind === 'unknown') return [];
  return schemaAt(kind, parsePointer(pointer))?.required ?? [];
}

/** Every fix for one finding (none when the rule has no obvious fix or the data is missing). */
export function quickFixesFor(f: FixInput, doc: unknown): FixPlan[] {
  const builder = Object.hasOwn(QUICK_FIXES, f.code) ? QUICK_FIXES[f.code] : undefined;
  if (!builder) return [];
  try {
    return withoutSecretsInTitles(builder(f, doc), doc);
  } catch {
    return [];
  }
}

/**
 * A title quotes card values ("Add "text/csv; …" to inputModes"): a credential the card holds stays out of it, as it
 * stays out of every finding (core/text/hideSecrets.ts). The edit itself is left alone: it only moves what the document
 * already holds.
 */
function withoutSecretsInTitles(plans: FixPlan[], doc: unknown): FixPlan[] {
  if (plans.length === 0) return plans;
  const redact = secretRedactor(doc);
  return redact ? plans.map((p) => ({ ...p, title: redact(p.title) })) : plans;
}
