/**
 * Publishing the diagnostics of lockfiles that are not open (app/document/lockfileDiagnostics.ts computes them),
 * and keeping every lockfile diagnostic in step with what the session learned.
 */
import { lockfileDiagnostics } from '../../app/document/lockfileDiagnostics';
import type { ServerContext } from '../context';

export async function publishClosedLockfile(ctx: ServerContext, uri: string, text?: string): Promise<void> {
  const diagnostics = await lockfileDiagnostics(ctx.world, { uri, text });
  if (diagnostics) await ctx.connection.sendDiagnostics({ uri, diagnostics }).catch(() => undefined);
}

/**
 * Something newer is known (a fetched card, a pin, a card or lockfile changed on disk): every lockfile
 * diagnostic is computed again from it, the open documents' and those of lockfiles a live check covered,
 * so no earlier verdict outlives the state it was computed from.
 */
export async function republishLockfiles(ctx: ServerContext): Promise<void> {
  ctx.revalidateAll();
  await Promise.all(
    ctx.world.session.checkedLockfiles().map((uri) => publishClosedLockfile(ctx, uri).catch(() => undefined)),
  );
}
