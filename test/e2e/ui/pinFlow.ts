// The lockfile flow in the real VS Code UI: a person opens the pricing agent's card, clicks the
// CodeLens "Pin this skill", answers the quick picks, gets the lockfile; the agent's card changes (the
// skill no longer accepts text/plain); "A2A: Check Lockfiles Now" shows the breaking notification, the
// lockfile's diagnostic and the red status item. Call `runPinFlow(session, steps)` from test/e2e/run.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newPage } from '../../../scripts/e2e/browser';
import { resultsDir } from '../../../scripts/e2e/paths';
import { pricingCard } from '../../../examples/pricing-agent/cards';
import type { Session } from '../lib/session';
import type { Steps } from '../lib/steps';
import { Workbench } from '../lib/workbench';

const GROUP = 'ui: lockfiles';
const CARD = 'pricing.agent-card.json';
const LOCK = 'pricing-agent.a2a-lock.json';

/** The card as the agent serves it; `narrowed-input` is the change that breaks the planner's pin. */
function cardText(version: 'base' | 'narrowed-input'): string {
  return `${JSON.stringify(pricingCard('http://127.0.0.1:41300', version), null, 2)}\n`;
}

export async function runPinFlow(session: Session, steps: Steps): Promise<Set<string>> {
  const shots = new Set<string>();
  const workspace = session.workspace('pin-flow');
  const cardPath = join(workspace, 'pricing-agent', CARD);
  writeFileSync(cardPath, cardText('base'));
  const page = await newPage(session.browser);
  const wb = new Workbench(page, resultsDir);
  const step = (name: string, shot: string, fn: () => Promise<void>) =>
    steps.run(GROUP, name, fn, async () => {
      await wb.screenshot(`${shot}-failure`);
    });
  const quickInput = page.locator('.quick-input-widget');

  /** Waits for the quick input titled `title` and accepts it as it is (Enter). */
  const accept = async (title: RegExp) => {
    await quickInput.locator('.quick-input-title', { hasText: title }).waitFor();
    await page.keyboard.press('Enter');
  };

  const started = await step('the workbench starts with the examples workspace', 'pin-workbench', async () => {
    await wb.open(session.codeServer.workbenchUrl({ folder: workspace }));
  });
  if (!started) {
    await page.close();
    return shots;
  }

  const pinned = await step(
    'CodeLens "Pin this skill" pins itinerary-pricing through the quick picks',
    'pin-codelens',
    async () => {
      await wb.quickOpen(CARD);
      const lens = wb.editor.locator('.codelens-decoration a', { hasText: 'Pin this skill' }).first();
      await lens.waitFor({ timeout: 30_000 });
      await wb.screenshot('pin-codelens');
      shots.add('pin-codelens');
      await lens.click();
      // Inputs: pick text/plain only (the planner sends plain text). The step names the skill it is for.
      await quickInput.locator('.quick-input-title', { hasText: /SENDS to skill itinerary-pricing/ }).waitFor();
      await quickInput.locator('input.input').first().fill('text/plain');
      await quickInput.locator('.monaco-list-row', { hasText: 'text/plain' }).first().click(); // a click toggles the row's checkbox
      await quickInput.locator('.quick-input-count, .monaco-count-badge', { hasText: '1' }).first().waitFor();
      await page.keyboard.press('Enter');
      await accept(/streaming/); // first item "No"…
      await accept(/Write the lockfile to/); // the suggested path next to the card
      await page.locator('.tabs-container .tab.active', { hasText: LOCK }).waitFor({ timeout: 30_000 });
      const pinnedSkill = (t: string) => /"itinerary-pricing"/.test(t) && /"text\/plain"/.test(t);
      const text = await wb.waitForEditorText(pinnedSkill);
      if (!pinnedSkill(text)) throw new Error(`unexpected lockfile:\n${text}`);
      await wb.dismissNotifications();
      await wb.screenshot('pin-lockfile');
      shots.add('pin-lockfile');
    },
  );
  if (!pinned) {
    await page.close();
    return shots;
  }

  await step(
    'after the card narrows its input, "Check Lockfiles Now" reports breaking: notification, diagnostic, red status',
    'pin-breaking',
    async () => {
      // The agent's card changes on disk (closed editors: the server reads what is on disk, not a stale buffer).
      await wb.runCommand('View: Close All Editors');
      writeFileSync(cardPath, cardText('narrowed-input'));
      await wb.runCommand('A2A: Check Lockfiles Now');
      await page
        .locator('.statusbar-item', { hasText: /lockfile.* breaking/ })
        .first()
        .waitFor({ timeout: 30_000 });
      // The error notification: as a toast, or (once toasts timed out) in the notification center.
      const breaking = /is broken by the agent's current card/;
      const toast = page.locator('.notification-toast', { hasText: breaking }).first();
      if (!(await toast.isVisible())) {
        await wb.runCommand('Notifications: Show Notifications');
        await page.locator('.notifications-center .monaco-list-row', { hasText: breaking }).first().waitFor();
      }
      await wb.screenshot('pin-notification');
      shots.add('pin-notification');
      await wb.quickOpen(LOCK);
      await wb.editor.locator('.squiggly-error').first().waitFor();
      await wb.screenshot('pin-breaking');
      shots.add('pin-breaking');
    },
  );

  await step('"Show diff" opens the pinned and the current compiled profile side by side', 'pin-diff', async () => {
    await wb.runCommand('A2A: Show Diff');
    await page
      .locator('.tabs-container .tab.active', { hasText: /pinned ↔ current profile/ })
      .waitFor({ timeout: 30_000 });
    const removed = page
      .locator(
        '.editor-group-container.active .monaco-diff-editor .line-delete, .editor-group-container.active .monaco-diff-editor .char-delete',
      )
      .first();
    await removed.waitFor();
    // The card's location is named "agent", never shown as the interface's URL.
    const diffText = (
      await page.locator('.editor-group-container.active .monaco-diff-editor .view-lines').first().innerText()
    ).replace(/\u00a0/g, ' ');
    if (!/"agent": /.test(diffText) || /"url": /.test(diffText)) throw new Error(`unexpected diff sides:\n${diffText}`);
    await wb.screenshot('pin-diff');
    shots.add('pin-diff');
  });

  await step(
    "when the card is fixed, the lockfile's diagnostics and the status item follow without another check",
    'pin-fixed',
    async () => {
      await wb.runCommand('View: Close All Editors');
      writeFileSync(cardPath, cardText('base'));
      // (the planner's lockfile pins a live agent that is not running here: "not checked", never "breaking")
      await page
        .locator('.statusbar-item', { hasText: /A2A.* lockfiles?/ })
        .filter({ hasNotText: /breaking/ })
        .first()
        .waitFor({ timeout: 30_000 });
      await wb.quickOpen(LOCK);
      await page.waitForFunction(
        "document.querySelectorAll('.editor-group-container.active .monaco-editor .squiggly-error').length === 0",
        undefined,
        { timeout: 30_000 },
      );
    },
  );

  await page.close().catch(() => {});
  return shots;
}
