/**
 * A card or lockfile that names a JSON Schema in `$schema` (our published $id URLs, or any other string) is the same
 * document to lint: the member itself is never a finding, and every other finding stays what it was without it.
 * Made from an unmutated seed (so the comparison is about `$schema` alone), the member put first as editors do.
 */
import { lintDocument } from '../../server/src/core/lint';
import type { Failure } from './properties';
import type { Seed } from './seeds';

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

const BASE = 'https://raw.githubusercontent.com/a2a-capabilities/a2a-capabilities/main/schemas/';
const SCHEMA_URLS = [
  `${BASE}agent-card-1.0.schema.json`,
  `${BASE}a2a-lock.schema.json`,
  'https://json.schemastore.org/a2a-agent-card.json',
  './schemas/agent-card-1.0.schema.json',
  '',
];

export interface SchemaRefCase {
  fileName: string;
  /** The seed as it was, without `$schema`. */
  without: string;
  text: string;
  op: string;
}

export function schemaRefCase(rng: Rng, seed: Seed): SchemaRefCase | undefined {
  let value: unknown;
  try {
    value = JSON.parse(seed.text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value) || '$schema' in value) return undefined;
  const brace = seed.text.indexOf('{');
  const url = pick(rng, SCHEMA_URLS);
  const text = `${seed.text.slice(0, brace + 1)}"$schema": ${JSON.stringify(url)}, ${seed.text.slice(brace + 1)}`;
  const fileName = seed.kind === 'lockfile' ? 'a2a-lock.json' : 'agent-card.json';
  return { fileName, without: seed.text, text, op: `$schema ${JSON.stringify(url)} added to ${seed.origin}` };
}

const findingKeys = (fileName: string, text: string): string[] =>
  lintDocument(text, { fileName })
    .findings.map((f) => `${f.code} ${f.pointer}`)
    .sort();

export function schemaRefFailures(c: Pick<SchemaRefCase, 'fileName' | 'without' | 'text'>): Failure[] {
  const withIt = findingKeys(c.fileName, c.text);
  const on = withIt.filter((k) => k.endsWith(' /$schema'));
  if (on.length) return [{ property: 'a $schema string is never a finding', detail: on.join(', ') }];
  const before = findingKeys(c.fileName, c.without);
  if (withIt.join('\n') !== before.join('\n'))
    return [
      {
        property: 'naming a $schema changes no other finding',
        detail: `without: ${before.join(', ').slice(0, 200)}; with: ${withIt.join(', ').slice(0, 200)}`,
      },
    ];
  return [];
}
