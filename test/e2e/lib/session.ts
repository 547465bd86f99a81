// One end-to-end session: toolchain, packaged extension, code-server on 127.0.0.1, Chromium, workspace copies.
// Reusable by any editor flow test: `const s = await startSession(log); … finally { await s.close(); }`.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, profileDirIn } from '../../../scripts/e2e/browser';
import { launchCodeServer, type CodeServer } from '../../../scripts/e2e/launch';
import { buildAndPackage } from '../../../scripts/e2e/package';
import { repoRoot } from '../../../scripts/e2e/paths';
import { ensureE2eToolchain, type Log, type Toolchain } from '../../../scripts/e2e/setup';

export interface Session {
  toolchain: Toolchain;
  codeServer: CodeServer;
  /** The .vsix installed into code-server (a second server for another configuration installs the same). */
  vsix: string;
  browser: BrowserContext;
  /** A fresh copy of examples/ (tests may edit it freely), still named `examples` as the workbench shows it. */
  workspace(name: string): string;
  close(): Promise<void>;
}

export interface SessionOptions {
  log: Log;
  /** Skip `npm run package` and install this .vsix instead (A2A_E2E_VSIX=<file>). */
  prebuiltVsix?: string;
}

export async function startSession(o: SessionOptions): Promise<Session> {
  const toolchain = await ensureE2eToolchain((l) => o.log(`setup: ${l}`));
  const vsix = o.prebuiltVsix ?? buildAndPackage(o.log);
  const scratch = mkdtempSync(join(tmpdir(), 'a2a-e2e-ws-'));
  const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
  process.once('exit', removeScratch);
  let codeServer: CodeServer | undefined;
  try {
    codeServer = await launchCodeServer({ toolchain, vsix: [vsix], smokeTestDriver: true, log: o.log });
    const browser = await launchBrowser({
      executablePath: toolchain.chromium,
      profileDir: profileDirIn(codeServer.tempDir),
      env: codeServer.env,
    });
    const running = codeServer;
    return {
      toolchain,
      codeServer: running,
      vsix,
      browser,
      workspace(name) {
        const dir = join(scratch, name, 'examples');
        cpSync(join(repoRoot, 'examples'), dir, {
          recursive: true,
          filter: (src) => !/[\\/]node_modules([\\/]|$)/.test(src),
        });
        // A repository of its own, as a user's workspace is: the CLI resolves lockfile card paths inside the git
        // top-level, the editor inside the workspace folder, and the two then agree.
        execFileSync('git', ['init', '-q', dir]);
        return dir;
      },
      async close() {
        await browser.close().catch(() => {});
        await running.close();
        process.removeListener('exit', removeScratch);
        removeScratch();
      },
    };
  } catch (e) {
    await codeServer?.close();
    process.removeListener('exit', removeScratch);
    removeScratch();
    throw e;
  }
}
