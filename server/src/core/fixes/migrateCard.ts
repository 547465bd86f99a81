/**
 * Migrates an A2A 0.3 (or 0.2) agent card to the 1.0 shape in one step, keeping everything that can
 * be kept (facts §13; the same field mapping as the official SDKs' compatibility readers):
 *   url + preferredTransport (+ additionalInterfaces)    → supportedInterfaces
 *   protocolVersion (top level)                          → protocolVersion "1.0" on each interface
 *   supportsAuthenticatedExtendedCard / supportsExtendedAgentCard → capabilities.extendedAgentCard
 *   security (card and skills)                           → securityRequirements in the {schemes:{n:{list}}} shape
 *   securitySchemes {type: …}                            → the 1.0 oneof members (one OAuth flow each)
 *   capabilities.stateTransitionHistory                  → removed
 *   provider.name (without organization)                 → provider.organization
 * Members 1.0 does not know are kept as they are (the linter reports them); signatures are dropped
 * because the migrated card no longer matches what was signed. Pure: returns a new value and notes.
 */
import { escapeSegment } from '../pointer/range';
import type { FixOperation } from './plan';
import { normalizeRequirements } from './securityRequirement';
import { migrateSecurityScheme } from './securityScheme';

export interface CardMigration {
  card: Record<string, unknown>;
  /** True when anything changed. */
  changed: boolean;
  /**
   * The change as the fewest operations on the input (applied in order): members that stay keep their place and
   * their text; new members go where the 1.0 order puts them among the ones around them; a value is only
   * rewritten as a whole when nothing of it is kept. A front end applying them keeps the author's layout.
   */
  operations: FixOperation[];
  /** Plain-text notes about what could not be kept as it was. */
  notes: string[];
}

/** 1.0 member order (proto field order), used for the migrated card; other members follow in their order. */
const ORDER = [
  'name',
  'description',
  'supportedInterfaces',
  'provider',
  'version',
  'documentationUrl',
  'capabilities',
  'securitySchemes',
  'securityRequirements',
  'defaultInputModes',
  'defaultOutputModes',
  'skills',
  'signatures',
  'iconUrl',
];
const LEGACY_TOP = [
  'url',
  'preferredTransport',
  'additionalInterfaces',
  'protocolVersion',
  'supportsAuthenticatedExtendedCard',
  'supportsExtendedAgentCard',
  'security',
  'authentication',
];
/** 0.2 `authentication.schemes` names that map to a 1.0 scheme without guessing. */
const HTTP_AUTH_NAMES: Record<string, string> = { bearer: 'Bearer', basic: 'Basic', digest: 'Digest' };

export function isLegacyCard(card: unknown): boolean {
  if (!isObject(card)) return false;
  if (LEGACY_TOP.some((k) => Object.hasOwn(card, k))) return true;
  if (
    isObject(card.securitySchemes) &&
    Object.values(card.securitySchemes).some((s) => isObject(s) && typeof s.type === 'string')
  )
    return true;
  return Array.isArray(card.skills) && card.skills.some((s) => isObject(s) && Object.hasOwn(s, 'security'));
}

export function migrateCard(input: unknown): CardMigration {
  if (!isObject(input))
    return { card: {}, changed: false, notes: ['not a JSON object: nothing to migrate'], operations: [] };
  const notes: string[] = [];
  const card: Record<string, unknown> = { ...input };
  const before = JSON.stringify(input);

  migrateInterfaces(card, notes);
  migrateExtendedCardFlag(card);
  migrateCapabilities(card, notes);
  migrateAuthentication(card, notes);
  migrateSchemes(card, notes);
  migrateSecurity(card, 'securityRequirements', notes, 'the card');
  if (Array.isArray(card.skills)) {
    card.skills = card.skills.map((s, i) => {
      if (!isObject(s)) return s;
      const skill = { ...s };
      migrateSecurity(skill, 'securityRequirements', notes, `skill #${i}`);
      return skill;
    });
  }
  migrateProvider(card);
  if (Array.isArray(card.signatures) && JSON.stringify(input) !== JSON.stringify(card)) {
    delete card.signatures;
    notes.push('signatures were removed: they signed the 0.3 card; sign the migrated card again');
  }
  const ordered = reorder(card);
  const operations: FixOperation[] = [];
  diffObject(input, ordered, '', operations);
  return { card: ordered, changed: JSON.stringify(ordered) !== before && operations.length > 0, notes, operations };
}

/**
 * Operations turning `from` into `to` (at `pointer`), applied one after the other: removals, then changes in
 * place, then insertions at the index the target order gives among the members already there.
 */
function diffObject(
  from: Record<string, unknown>,
  to: Record<string, unknown>,
  pointer: string,
  out: FixOperation[],
): void {
  const keys = Object.keys(from);
  for (const k of [...keys]) {
    if (Object.hasOwn(to, k)) continue;
    out.push({ op: 'remove', pointer: `${pointer}/${escapeSegment(k)}` });
    keys.splice(keys.indexOf(k), 1);
  }
  for (const k of keys) diffValue(from[k], to[k], `${pointer}/${escapeSegment(k)}`, out);
  const target = Object.keys(to);
  for (const [position, k] of target.entries()) {
    if (keys.includes(k)) continue;
    const before = new Set(target.slice(0, position));
    const index = keys.reduce((last, key, i) => (before.has(key) ? i + 1 : last), 0);
    out.push({ op: 'set', pointer: `${pointer}/${escapeSegment(k)}`, value: to[k], index });
    keys.splice(index, 0, k);
  }
}

function diffValue(from: unknown, to: unknown, pointer: string, out: FixOperation[]): void {
  if (JSON.stringify(from) === JSON.stringify(to)) return;
  // Into an object only when some member is kept (else it is a new value, e.g. a 0.3 scheme → its 1.0 member).
  if (isObject(from) && isObject(to) && Object.keys(from).some((k) => Object.hasOwn(to, k))) {
    diffObject(from, to, pointer, out);
  } else if (Array.isArray(from) && Array.isArray(to) && from.length === to.length) {
    from.forEach((item, i) => diffValue(item, to[i], `${pointer}/${i}`, out));
  } else {
    out.push({ op: 'set', pointer, value: to });
  }
}

function migrateInterfaces(card: Record<string, unknown>, notes: string[]): void {
  const legacyVersion = typeof card.protocolVersion === 'string' ? card.protocolVersion : undefined;
  const interfaces: Record<string, unknown>[] = Array.isArray(card.supportedInterfaces)
    ? ([...card.supportedInterfaces] as Record<string, unknown>[])
    : [];
  const add = (url: unknown, binding: unknown) => {
    if (typeof url !== 'string' || url === '') return;
    const protocolBinding =
      typeof binding === 'string' && binding !== ''
        ? binding.toUpperCase() === 'HTTP+JSON' ||
          binding.toUpperCase() === 'JSONRPC' ||
          binding.toUpperCase() === 'GRPC'
          ? binding.toUpperCase()
          : binding
        : 'JSONRPC';
    if (interfaces.some((i) => isObject(i) && i.url === url && i.protocolBinding === protocolBinding)) return;
    interfaces.push({ url, protocolBinding, protocolVersion: '1.0' });
  };
  add(card.url, card.preferredTransport);
  if (Array.isArray(card.additionalInterfaces)) {
    for (const extra of card.additionalInterfaces)
      if (isObject(extra)) add(extra.url, extra.transport ?? extra.protocolBinding);
  }
  const hadLegacy = 'url' in card || 'additionalInterfaces' in card;
  delete card.url;
  delete card.preferredTransport;
  delete card.additionalInterfaces;
  delete card.protocolVersion;
  if (hadLegacy || interfaces.length) card.supportedInterfaces = interfaces;
  if (hadLegacy && legacyVersion !== undefined && !legacyVersion.startsWith('1.')) {
    notes.push(
      `the card declared protocolVersion ${JSON.stringify(legacyVersion)}; its interfaces now declare "1.0": make sure the endpoints speak A2A 1.0 (or add entries with protocolVersion "0.3" for legacy clients)`,
    );
  }
}

function migrateExtendedCardFlag(card: Record<string, unknown>): void {
  const legacy = card.supportsAuthenticatedExtendedCard ?? card.supportsExtendedAgentCard;
  delete card.supportsAuthenticatedExtendedCard;
  delete card.supportsExtendedAgentCard;
  if (legacy === true)
    card.capabilities = { ...(isObject(card.capabilities) ? card.capabilities : {}), extendedAgentCard: true };
}

function migrateCapabilities(card: Record<string, unknown>, notes: string[]): void {
  if (!isObject(card.capabilities)) {
    if (card.capabilities === undefined) card.capabilities = {};
    return;
  }
  if ('stateTransitionHistory' in card.capabilities) {
    const { stateTransitionHistory: _removed, ...rest } = card.capabilities;
    card.capabilities = rest;
    notes.push('capabilities.stateTransitionHistory was removed: A2A 1.0 no longer has it');
  }
}

/**
 * A2A 0.2 `authentication: {schemes: ["Bearer", …]}` → an HTTP auth scheme per known name and one
 * requirement alternative each. "none" means no authentication. Names we cannot map without guessing
 * keep `authentication` in place (the linter keeps pointing at it).
 */
function migrateAuthentication(card: Record<string, unknown>, notes: string[]): void {
  const auth = card.authentication;
  if (!isObject(auth)) return;
  const names = Array.isArray(auth.schemes) ? auth.schemes.filter((n): n is string => typeof n === 'string') : [];
  const unknown = names.filter((n) => n.toLowerCase() !== 'none' && !Object.hasOwn(HTTP_AUTH_NAMES, n.toLowerCase()));
  if (unknown.length) {
    notes.push(
      `"authentication" names schemes that cannot be converted without guessing (${unknown.join(', ')}): declare them in securitySchemes and remove "authentication"`,
    );
    return;
  }
  const schemes: Record<string, unknown> = isObject(card.securitySchemes) ? { ...card.securitySchemes } : {};
  const requirements: { schemes: Record<string, { list: string[] }> }[] = [];
  for (const n of names) {
    const key = n.toLowerCase();
    if (key === 'none') continue;
    if (!Object.hasOwn(schemes, key)) schemes[key] = { httpAuthSecurityScheme: { scheme: HTTP_AUTH_NAMES[key] } };
    requirements.push({ schemes: { [key]: { list: [] } } });
  }
  if (requirements.length) {
    card.securitySchemes = schemes;
    if (card.securityRequirements === undefined && card.security === undefined)
      card.securityRequirements = requirements;
  }
  delete card.authentication;
}

function migrateSchemes(card: Record<string, unknown>, notes: string[]): void {
  if (!isObject(card.securitySchemes)) return;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(card.securitySchemes)) {
    const m = migrateSecurityScheme(name, value);
    Object.defineProperty(out, name, {
      value: m ? m.scheme : value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    if (m) notes.push(...m.notes);
  }
  card.securitySchemes = out;
}

/** `security` (0.3) and malformed `securityRequirements` → the 1.0 requirement shape. */
function migrateSecurity(holder: Record<string, unknown>, target: string, notes: string[], where: string): void {
  const legacy = holder.security;
  if (legacy !== undefined) {
    const converted = normalizeRequirements(legacy);
    if (converted && holder[target] === undefined) {
      holder[target] = converted;
      delete holder.security;
    } else if (!converted) {
      notes.push(`${where}: "security" is not a list of {scheme: [scopes]} maps; left as it was`);
    }
  }
  if (holder[target] !== undefined) {
    const normalized = normalizeRequirements(holder[target]);
    if (normalized) holder[target] = normalized;
  }
}

function migrateProvider(card: Record<string, unknown>): void {
  const p = card.provider;
  if (!isObject(p) || p.organization !== undefined || typeof p.name !== 'string') return;
  const { name, ...rest } = p;
  card.provider = { organization: name, ...rest };
}

function reorder(card: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (k: string) =>
    Object.defineProperty(out, k, { value: card[k], enumerable: true, writable: true, configurable: true });
  for (const k of ORDER) if (Object.hasOwn(card, k)) put(k);
  for (const k of Object.keys(card)) if (!Object.hasOwn(out, k)) put(k);
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
