// Debian's Chromium driven by playwright-core (no browser download), isolated like the workbench it talks to.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--no-default-browser-check',
];

export interface BrowserOptions {
  executablePath: string;
  /** Profile folder (Playwright refuses --user-data-dir in args). */
  profileDir: string;
  /** The isolated HOME/XDG environment of the code-server session. */
  env: NodeJS.ProcessEnv;
  viewport?: { width: number; height: number };
}

export async function launchBrowser(o: BrowserOptions): Promise<BrowserContext> {
  mkdirSync(o.profileDir, { recursive: true });
  const env = Object.fromEntries(Object.entries(o.env).filter((e): e is [string, string] => e[1] !== undefined));
  return chromium.launchPersistentContext(o.profileDir, {
    executablePath: o.executablePath,
    headless: true,
    args: chromiumArgs,
    env,
    viewport: o.viewport ?? { width: 1440, height: 900 },
    timeout: 60_000,
  });
}

export async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

export function profileDirIn(tempDir: string): string {
  return join(tempDir, 'chromium-profile');
}
