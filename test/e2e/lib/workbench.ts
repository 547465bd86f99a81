// Drives the VS Code workbench in the page as a person would: keyboard shortcuts, quick open, visible elements.
// Every wait polls for an element or a state (Playwright's auto-waiting); nothing sleeps.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

export const WORKBENCH_START_TIMEOUT = 60_000;

export class Workbench {
  constructor(
    readonly page: Page,
    private readonly screenshotDir: string,
  ) {
    mkdirSync(screenshotDir, { recursive: true });
  }

  /** Opens the workbench URL and waits until the explorer lists the workspace. */
  async open(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'domcontentloaded', timeout: WORKBENCH_START_TIMEOUT });
    await this.page.locator('.monaco-workbench').waitFor({ timeout: WORKBENCH_START_TIMEOUT });
    await this.page
      .locator('.explorer-folders-view .monaco-list-row')
      .first()
      .waitFor({ timeout: WORKBENCH_START_TIMEOUT });
  }

  get editor(): Locator {
    return this.page.locator('.editor-group-container.active .monaco-editor').first();
  }

  /**
   * Ctrl+P, type the name (or an absolute path, for a file outside the workspace), wait for the row, Enter;
   * then wait for the editor tab.
   */
  async quickOpen(nameOrPath: string): Promise<void> {
    const fileName = nameOrPath.split('/').pop() ?? nameOrPath;
    await this.page.keyboard.press('Control+P');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(nameOrPath);
    await this.page.locator('.quick-input-widget .monaco-list-row', { hasText: fileName }).first().waitFor();
    await this.page.keyboard.press('Enter');
    await this.page.locator('.tabs-container .tab.active', { hasText: fileName }).waitFor();
    await this.editor.locator('.view-lines .view-line').first().waitFor();
  }

  /** F1, type the command title, wait for the row, Enter. */
  async runCommand(title: string): Promise<void> {
    await this.page.keyboard.press('F1');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(`>${title}`);
    await this.page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first().waitFor();
    await this.page.keyboard.press('Enter');
  }

  /** The visible text of the active editor (only rendered lines). */
  async editorText(): Promise<string> {
    return (await this.editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ');
  }

  /**
   * Polls the active editor's text until `ok` accepts it, and returns it; the text last seen if time runs out.
   * A tab turns active before its model is rendered, so one read right after opening can see no lines yet.
   */
  async waitForEditorText(ok: (text: string) => boolean, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let text = '';
    for (;;) {
      text = await this.editorText().catch(() => '');
      if (ok(text) || Date.now() > deadline) return text;
      await this.page.waitForTimeout(100);
    }
  }

  /** The innermost token span that contains `text` in the active editor. */
  token(text: string): Locator {
    return this.editor.locator('.view-line span span', { hasText: text }).first();
  }

  /**
   * Hovers the token until `hover` shows. Decorations that arrive late (CodeLens lines, inlay hints) move the text
   * under a resting mouse, so each attempt finds the token again and moves onto it afresh.
   */
  async hoverUntil(text: string, hover: Locator, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.page.mouse.move(0, 0);
      await this.token(text).hover();
      const shown = await hover.waitFor({ timeout: 3000 }).then(
        () => true,
        () => false,
      );
      if (shown) return;
      if (Date.now() > deadline) throw new Error(`no hover over "${text}" within ${timeoutMs} ms`);
    }
  }

  async screenshot(name: string): Promise<string> {
    const file = join(this.screenshotDir, `${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  async dismissNotifications(): Promise<void> {
    const toasts = this.page.locator(
      '.notification-toast .codicon-notifications-clear, .notification-toast .codicon-close',
    );
    for (let i = (await toasts.count()) - 1; i >= 0; i--)
      await toasts
        .nth(i)
        .click()
        .catch(() => {});
  }
}
