// Restricted Mode in the real VS Code: a second code-server with workspace trust on opens the examples copy
// untrusted, and extension host tests (test/e2e/extension/restricted/) check what the extension still does there
// (validation, tools on workspace files) and what it refuses (every tool call that would reach the network).
import { launchCodeServer } from '../../scripts/e2e/launch';
import { runExtensionHostTests } from './integration';
import type { Session } from './lib/session';
import type { Steps } from './lib/steps';

const GROUP = 'extension host: Restricted Mode';

export async function runRestrictedModeTests(session: Session, steps: Steps, log: (l: string) => void): Promise<void> {
  let codeServer: Awaited<ReturnType<typeof launchCodeServer>> | undefined;
  const started = await steps.run(GROUP, 'a code-server with workspace trust on starts', async () => {
    codeServer = await launchCodeServer({
      toolchain: session.toolchain,
      vsix: [session.vsix],
      smokeTestDriver: true,
      workspaceTrust: true,
      log,
    });
  });
  if (!started || !codeServer) return;
  try {
    await runExtensionHostTests(session, steps, log, {
      group: GROUP,
      entry: 'test/e2e/extension/restricted/index.ts',
      codeServer,
      workspace: 'restricted',
    });
  } finally {
    await codeServer.close();
  }
}
