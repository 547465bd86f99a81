import { isLegacyCard, migrateCard } from '../../core/fixes/migrateCard';
import type { MigrateCardResult } from '../../protocol';
import { textEditsFor } from './jsonEdits';
import type { DocumentWorld } from './world';

/** The whole-card 0.3 → 1.0 edit of an open card (the "Migrate Agent Card to 1.0" command), with its notes. */
export async function migrateCardEdit(world: DocumentWorld, request: { uri: string }): Promise<MigrateCardResult> {
  const doc = world.document(request.uri);
  const a = await world.analysis(request.uri);
  if (!doc || !a || a.value === undefined)
    return { edit: null, notes: ['the document is not valid JSON: fix the syntax errors first'] };
  if (!isLegacyCard(a.value)) return { edit: null, notes: [] };
  if (a.nestsTooDeep()) return { edit: null, notes: ['the card nests too deeply to be rewritten safely'] };
  const m = migrateCard(a.value);
  if (!m.changed) return { edit: null, notes: m.notes };
  return { edit: { changes: { [request.uri]: textEditsFor(doc, a.value, m.operations) } }, notes: m.notes };
}
