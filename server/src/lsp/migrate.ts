import { isLegacyCard, migrateCard } from '../core/fixes/migrateCard';
import { MigrateCardRequest, type MigrateCardResult } from '../protocol';
import type { ServerContext } from './context';
import { textEditsFor } from '../app/document/jsonEdits';
import { runSafe } from './runSafe';
import { invalidParams } from './requestParams';

/** a2a/migrateCard: the whole-card 0.3 → 1.0 edit for the "Migrate Agent Card to 1.0" command. */
export function registerMigrateRequest(ctx: ServerContext): void {
  ctx.connection.onRequest(
    MigrateCardRequest.type,
    (params, token) =>
      invalidParams(params, { uri: 'string' }) ??
      runSafe(
        ctx.connection.console,
        token,
        { edit: null, notes: [] } as MigrateCardResult,
        'migrate card',
        async (): Promise<MigrateCardResult> => {
          const doc = ctx.documents.get(params.uri);
          const a = await ctx.world.analysis(params.uri);
          if (!doc || !a || a.value === undefined)
            return { edit: null, notes: ['the document is not valid JSON: fix the syntax errors first'] };
          if (!isLegacyCard(a.value)) return { edit: null, notes: [] };
          if (a.nestsTooDeep()) return { edit: null, notes: ['the card nests too deeply to be rewritten safely'] };
          const m = migrateCard(a.value);
          if (!m.changed) return { edit: null, notes: m.notes };
          return { edit: { changes: { [params.uri]: textEditsFor(doc, a.value, m.operations) } }, notes: m.notes };
        },
      ),
  );
}
