/**
 * The project configuration, `.a2a/config.json`: the settings that change what a card compiles to or what lint
 * reports, committed with the repository so the editor and CI agree (a lockfile pinned in the editor and checked
 * in CI must be compiled for the same client). Members, all optional:
 *   client.bindings          ["BINDING@VERSION", …]   the bindings the client implements (replaces the default set)
 *   client.knownExtensions   ["uri", …]               extensions the client implements
 *   rules                    {"<rule id>": severity}  as the a2a.rules setting and `lint --rules`
 *   maxCardBytes             positive integer          card size limit
 *   card.internalOnly        boolean                   the cards are served only inside the network (internal-address is silent)
 *   card.skillDescription    {minLength?, maxLength?}  skill description length limits (skill-description-length)
 *   ignore                   [{rule, reason, file?, pointer?, until?}]  findings accepted outside the card (ignoreEntries.ts)
 *   policies                 [{id, severity, expression, message}]  CEL policies over the profile (policyEntries.ts)
 *   target                   ["REGISTRY", …] or "REGISTRY"  registries the cards are published to (registry/targets.ts)
 * Anything else, or a bad value, makes the whole file invalid with one message naming the member: a typo must not
 * quietly leave a setting at its default (schemas/a2a-config.schema.json describes the same for editors).
 * Where it is found: core/config/findProjectConfig.ts. Precedence: command-line flags and the editor's settings
 * (where they differ from the defaults) over this file, this file over the defaults.
 */
import { parseBinding } from '../a2a/bindingSpec';
import { isObject, parseDocument } from '../document';
import { lineColumn } from '../lockfile/read';
import { suggestMember } from '../text/nearName';
import { parseRuleObject } from '../rules/severityOverrides';
import { parseTargets, REGISTRY_TARGETS, type RegistryTarget } from '../registry/targets';
import type { BindingSupport, CardSettingsInput, SeveritySetting } from '../types';
import { ruleMeta } from '../rules/catalog';
import { readIgnoreEntries, type IgnoreEntry } from './ignoreEntries';
import { readPolicies, type PolicyEntry } from './policyEntries';

/** The file, relative to the directory it configures. */
export const PROJECT_CONFIG_PATH = '.a2a/config.json';

export interface ProjectConfig {
  client?: { bindings?: BindingSupport[]; knownExtensions?: string[] };
  rules?: Record<string, SeveritySetting>;
  maxCardBytes?: number;
  card?: CardSettingsInput;
  ignore?: IgnoreEntry[];
  policies?: PolicyEntry[];
  /** Registries the cards will be published to: their documented limits are checked (registry/targets.ts). */
  target?: RegistryTarget[];
}

export type ProjectConfigRead = { ok: true; config: ProjectConfig } | Failure;
type Failure = { ok: false; message: string };

const TOP = ['$schema', 'client', 'rules', 'maxCardBytes', 'card', 'ignore', 'policies', 'target'];
const CLIENT = ['bindings', 'knownExtensions'];
const CARD = ['internalOnly', 'skillDescription'];
const SKILL_DESCRIPTION = ['minLength', 'maxLength'];

/** JSON text → the configuration, or one message (with the member's pointer, or line and column for bad JSON). */
export function parseProjectConfig(text: string): ProjectConfigRead {
  const doc = parseDocument(text);
  if (!doc.ok) {
    const first = doc.syntaxErrors[0];
    return {
      ok: false,
      message: first
        ? `not valid JSON${first.length === 0 && first.offset === 0 ? '' : ` at ${lineColumn(text, first.offset)}`}: ${first.message}`
        : 'not valid JSON',
    };
  }
  return readProjectConfig(doc.value);
}

export function readProjectConfig(value: unknown): ProjectConfigRead {
  if (!isObject(value)) return fail('', 'must be a JSON object');
  const unknown = unknownMember(value, TOP, '');
  if (unknown) return unknown;
  const config: ProjectConfig = {};
  if (value.client !== undefined) {
    if (!isObject(value.client)) return fail('/client', 'must be an object with "bindings" and/or "knownExtensions"');
    const unknownInClient = unknownMember(value.client, CLIENT, '/client');
    if (unknownInClient) return unknownInClient;
    const client: NonNullable<ProjectConfig['client']> = {};
    if (value.client.bindings !== undefined) {
      const list = strings(value.client.bindings);
      if (!list) return fail('/client/bindings', 'must be an array of "BINDING@VERSION" strings, e.g. ["JSONRPC@1.0"]');
      const bindings: BindingSupport[] = [];
      for (const [i, spec] of list.entries()) {
        const parsed = parseBinding(spec);
        if (!parsed.ok) return fail(`/client/bindings/${i}`, parsed.error);
        bindings.push(parsed.value);
      }
      client.bindings = bindings;
    }
    if (value.client.knownExtensions !== undefined) {
      const list = strings(value.client.knownExtensions);
      if (!list) return fail('/client/knownExtensions', 'must be an array of extension URIs');
      client.knownExtensions = list;
    }
    config.client = client;
  }
  if (value.rules !== undefined) {
    const rules = parseRuleObject(value.rules);
    if (!rules.ok) return fail('/rules', rules.error);
    config.rules = rules.severities;
  }
  if (value.maxCardBytes !== undefined) {
    const n = value.maxCardBytes;
    if (typeof n !== 'number' || !Number.isInteger(n) || n <= 0)
      return fail('/maxCardBytes', `must be a positive whole number of bytes (got ${JSON.stringify(n)})`);
    config.maxCardBytes = n;
  }
  if (value.card !== undefined) {
    const card = readCard(value.card);
    if ('ok' in card) return card;
    config.card = card;
  }
  if (value.target !== undefined) {
    const target = readTarget(value.target);
    if (!Array.isArray(target)) return target;
    config.target = target;
  }
  if (value.policies !== undefined) {
    const read = readPolicies(value.policies);
    if (!read.ok) return fail(read.pointer, read.message);
    config.policies = read.policies;
  }
  const suppressions = readIgnore(value.ignore, new Set(config.policies?.map((p) => p.id)));
  if (suppressions && 'ok' in suppressions) return suppressions;
  if (suppressions) config.ignore = suppressions;
  return { ok: true, config };
}

/** `ignore`: each entry read, its rule a rule id of the catalog or the id of one of the policies. */
function readIgnore(value: unknown, policyIds: ReadonlySet<string>): IgnoreEntry[] | Failure | undefined {
  if (value === undefined) return undefined;
  const read = readIgnoreEntries(value);
  if (!read.ok) return fail(read.pointer, read.message);
  for (const [i, entry] of read.entries.entries()) {
    if (!ruleMeta(entry.rule) && !policyIds.has(entry.rule))
      return fail(`/ignore/${i}/rule`, `"${entry.rule}" is not a rule id (docs/rules.md) or a policy id`);
  }
  return read.entries;
}

/** `target`: one registry or a list of them. */
function readTarget(value: unknown): RegistryTarget[] | Failure {
  const list = typeof value === 'string' ? [value] : strings(value);
  if (!list) return fail('/target', `must be a registry or an array of them: ${REGISTRY_TARGETS.join(', ')}`);
  const parsed = parseTargets(list);
  return parsed.ok ? parsed.targets : fail('/target', parsed.error);
}

function readCard(value: unknown): NonNullable<ProjectConfig['card']> | Failure {
  if (!isObject(value)) return fail('/card', 'must be an object with "internalOnly" and/or "skillDescription"');
  const unknown = unknownMember(value, CARD, '/card');
  if (unknown) return unknown;
  const card: NonNullable<ProjectConfig['card']> = {};
  if (value.internalOnly !== undefined) {
    if (typeof value.internalOnly !== 'boolean')
      return fail('/card/internalOnly', `must be true or false (got ${JSON.stringify(value.internalOnly)})`);
    card.internalOnly = value.internalOnly;
  }
  if (value.skillDescription !== undefined) {
    const d = value.skillDescription;
    if (!isObject(d)) return fail('/card/skillDescription', 'must be an object with "minLength" and/or "maxLength"');
    const unknownInD = unknownMember(d, SKILL_DESCRIPTION, '/card/skillDescription');
    if (unknownInD) return unknownInD;
    const out: { minLength?: number; maxLength?: number } = {};
    for (const key of SKILL_DESCRIPTION as readonly ('minLength' | 'maxLength')[]) {
      const n = d[key];
      if (n === undefined) continue;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
        return fail(
          `/card/skillDescription/${key}`,
          `must be a whole number of characters, 0 or more (got ${JSON.stringify(n)})`,
        );
      out[key] = n;
    }
    card.skillDescription = out;
  }
  return card;
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
}

function unknownMember(obj: Record<string, unknown>, known: readonly string[], at: string): Failure | undefined {
  const extra = Object.keys(obj).find((k) => !known.includes(k));
  if (extra === undefined) return undefined;
  const near = suggestMember(extra, known);
  return fail(
    `${at}/${extra}`,
    `unknown member${near ? ` (did you mean "${near}"?)` : ''}; expected ${known
      .filter((k) => k !== '$schema')
      .map((k) => `"${k}"`)
      .join(', ')}`,
  );
}

function fail(pointer: string, message: string): Failure {
  return { ok: false, message: pointer ? `${pointer}: ${message}` : message };
}
