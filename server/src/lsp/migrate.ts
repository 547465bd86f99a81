import { migrateCardEdit } from '../app/document/migrate';
import { MigrateCardRequest, type MigrateCardResult } from '../protocol';
import type { ServerContext } from './context';
import { runSafe } from './runSafe';
import { invalidParams } from './requestParams';

/** a2a/migrateCard: the whole-card 0.3 → 1.0 edit for the "Migrate Agent Card to 1.0" command. */
export function registerMigrateRequest(ctx: ServerContext): void {
  ctx.connection.onRequest(
    MigrateCardRequest.type,
    (params, token) =>
      invalidParams(params, { uri: 'string' }) ??
      runSafe(ctx.connection.console, token, { edit: null, notes: [] } as MigrateCardResult, 'migrate card', () =>
        migrateCardEdit(ctx.world, { uri: params.uri }),
      ),
  );
}
