/**
 * `a2acap discover` on generated catalog files (the CLI target): nested inline catalogs deeper than the bound,
 * entries of every kind with hostile identifiers and descriptions (control, bidi and invisible characters,
 * instructions to a model), inline cards mutated from the seeds, and URLs that must not be followed (other schemes,
 * relative, loopback without an allowance: nothing leaves the machine). Properties beyond the CLI's own: every
 * entry is reported (the count follows from the catalog and the depth bound), and the text table shows no raw
 * control, bidi or invisible character.
 */
import type { CliInput } from './cli';
import { chance, HOSTILE_CHARS, int, mutate, pick, type Rng } from './mutate';
import { catalogLintFailures } from './catalogLintInDiscover';
import { instructionValue } from './instructionValue';
import { forbiddenCharacter, visible, type Failure } from './properties';
import { loadSeeds } from './seeds';
import { manyInlineCards } from './manyInlineCards';

/** The depth to which discover follows nested catalogs (core/catalog/model.ts MAX_CATALOG_DEPTH). */
const MAX_DEPTH = 4;
const CARD = 'application/a2a-agent-card+json';
const CATALOG = 'application/ai-catalog+json';

const URLS = [
  'http://127.0.0.1:9/.well-known/agent-card.json',
  'file:///etc/passwd',
  'cards/relative.json',
  'javascript:alert(1)',
  '',
  'http://user:secret@127.0.0.1:9/card.json',
];

function hostile(rng: Rng, base: string): string {
  if (chance(rng, 0.15)) return instructionValue(rng).slice(0, 2_000);
  const at = int(rng, base.length + 1);
  return `${base.slice(0, at)}${pick(rng, HOSTILE_CHARS)}${base.slice(at)}`;
}

/**
 * An inline card: a placeholder the serialized catalog replaces with a mutated seed card's text when it still
 * parses (mutations nest values deeper than JSON.stringify recurses), else with the text as a JSON string.
 */
function inlineCard(rng: Rng, cards: string[]): string {
  const seeds = loadSeeds().seeds;
  const m = mutate(
    rng,
    pick(
      rng,
      seeds.filter((s) => s.kind === 'card'),
    ),
    seeds,
  );
  let json: string;
  try {
    JSON.parse(m.text);
    json = m.text;
  } catch {
    json = JSON.stringify(m.text.slice(0, 2_000));
  }
  return placeholder(cards, json);
}

/** Inline data nested deeper than a recursive serializer goes: read and reported, never a crash. */
function deepData(rng: Rng, cards: string[]): string {
  const depth = pick(rng, [2_000, 20_000]);
  return placeholder(cards, `{"name":"deep","skills":${'['.repeat(depth)}${']'.repeat(depth)}}`);
}

function placeholder(cards: string[], json: string): string {
  cards.push(json);
  return `__inline_card_${cards.length - 1}__`;
}

interface Built {
  catalog: Record<string, unknown>;
  /** The entries discover must report for it: its own, and those of the nested catalogs it follows. */
  reported: number;
}

function entry(rng: Rng, index: number, depth: number, cards: string[]): { value: unknown; reported: number } {
  const identifier = hostile(rng, `urn:air:fuzz:e${index}`);
  const description = hostile(rng, 'An entry.');
  const kind = int(rng, 6);
  if (kind === 0 && depth < MAX_DEPTH + 2) {
    const nested = catalogAt(rng, depth + 1, cards);
    // A nested catalog is one entry; its entries count only when it is within the bound.
    return {
      value: { identifier, type: CATALOG, description, data: nested.catalog },
      reported: 1 + (depth + 1 <= MAX_DEPTH ? nested.reported : 0),
    };
  }
  if (kind === 1) {
    const data = chance(rng, 0.1) ? deepData(rng, cards) : inlineCard(rng, cards);
    return { value: { identifier, type: CARD, description, data }, reported: 1 };
  }
  if (kind === 2) return { value: { identifier, type: CARD, description, url: pick(rng, URLS) }, reported: 1 };
  if (kind === 3) return { value: { identifier, type: CATALOG, url: pick(rng, URLS) }, reported: 1 };
  if (kind === 4)
    return { value: { identifier, mediaType: hostile(rng, 'application/x-skill'), url: 'x' }, reported: 1 };
  // Not an object: not an entry at all (the schema reports it; discover has nothing to list).
  return { value: pick(rng, [null, 7, 'entry', [identifier]]), reported: 0 };
}

function catalogAt(rng: Rng, depth: number, cards: string[]): Built {
  const entries: unknown[] = [];
  let reported = 0;
  const count = 1 + int(rng, depth === 0 ? 6 : 3);
  for (let i = 0; i < count; i++) {
    const e = entry(rng, i, depth, cards);
    entries.push(e.value);
    reported += e.reported;
  }
  if (depth === 0 && chance(rng, 0.05)) {
    const many = manyInlineCards(rng);
    for (const e of many) entries.push(e);
    reported += many.length;
  }
  return { catalog: { specVersion: '1.0', host: { displayName: hostile(rng, 'Fuzz host') }, entries }, reported };
}

/** The hook the CLI target calls for `discover`. */
export function discoverCliInput(rng: Rng): CliInput {
  const cards: string[] = [];
  const built = catalogAt(rng, 0, cards);
  const text = JSON.stringify(built.catalog, null, chance(rng, 0.5) ? 2 : undefined).replace(
    /"__inline_card_(\d+)__"/g,
    (_, n: string) => cards[Number(n)] ?? 'null',
  );
  return {
    files: { 'ai-catalog.json': text },
    // A limit far above what is generated: every case must be read (exit 0), whatever it holds.
    argv: [
      'discover',
      'ai-catalog.json',
      '--max-card-bytes',
      '64000000',
      '--format',
      pick(rng, ['json', 'json', 'text']),
    ],
    mutated: 'ai-catalog.json',
    ops: [`catalog of ${built.reported} reported entries`],
    origin: 'generated catalog',
  };
}

/** The entries a catalog file leads to, counted from the file as written (the property's expectation). */
export function expectedEntries(text: string, depth = 0): number | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return countIn(value, depth);
}

function countIn(catalog: unknown, depth: number): number {
  const entries = (catalog as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(entries)) return 0;
  let n = 0;
  for (const e of entries) {
    if (e === null || typeof e !== 'object' || Array.isArray(e)) continue;
    n += 1;
    const { type, data, url } = e as { type?: unknown; data?: unknown; url?: unknown };
    if (type === CATALOG && url === undefined && depth + 1 <= MAX_DEPTH) n += countIn(data, depth + 1);
  }
  return n;
}

/** Discover's own properties on a finished run (the CLI target checks exit codes, traces and JSON). */
export function discoverFailures(input: CliInput, stdout: string, stderr: string, code: number | null): Failure[] {
  if (code === 2)
    return [{ property: 'discover reads every catalog file (exit 0)', detail: `exit 2: ${visible(stderr, 200)}` }];
  if (code !== 0) return [];
  const format = input.argv[input.argv.indexOf('--format') + 1];
  if (format === 'text') {
    const bad = forbiddenCharacter(stdout);
    return bad
      ? [{ property: 'discover --format text shows no raw control/bidi/invisible character', detail: bad }]
      : [];
  }
  const lintFailures = catalogLintFailures(input.mutated, input.files[input.mutated] ?? '', 64_000_000, stdout);
  if (lintFailures.length > 0) return lintFailures;
  const expected = expectedEntries(input.files[input.mutated] ?? '');
  let got: number | undefined;
  try {
    got = (JSON.parse(stdout) as { entries: unknown[] }).entries.length;
  } catch {
    return [];
  }
  return expected === undefined || got === expected
    ? []
    : [{ property: 'discover reports every entry', detail: `${got} entries for ${expected}: ${visible(stdout, 200)}` }];
}
