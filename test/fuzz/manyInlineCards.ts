/**
 * Catalog entries for discover: more flawed inline A2A cards than a rule's finding cap, each with the same error and
 * warning. Discover lints each such card once, for its entry's status; a catalog lint that also linted them would
 * count their findings in the catalog's own `findings-left-out` summary (catalogLintInDiscover.ts tells).
 */
import { int, type Rng } from './mutate';

const CARD = 'application/a2a-agent-card+json';
/** No name (a schema error) and a skill description under the minimum length (a warning). */
const FLAWED_CARD = { description: 'x', skills: [{ id: 's', name: 'S', description: 'short', tags: [] }] };

/** Past the per-rule cap of 100 findings (core/findingCap.ts), and small: one cheap card each. */
export function manyInlineCards(rng: Rng): unknown[] {
  const count = 101 + int(rng, 60);
  return Array.from({ length: count }, (_, i) => ({
    identifier: `urn:air:fuzz:many${i}`,
    type: CARD,
    data: FLAWED_CARD,
  }));
}
