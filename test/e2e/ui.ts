// (b) The UI test: a person opens the examples in the browser, reads squiggles, the Problems panel and hovers,
// applies the 0.3 migration quick fix and looks at the "A2A Capabilities" view. Screenshots go to
// test-results/e2e/; the doc images (docs/images/) are refreshed from them (see run.ts).
import { copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Locator } from 'playwright-core';
import expectations from './expectations.json';
import { newPage } from '../../scripts/e2e/browser';
import { repoRoot, resultsDir } from '../../scripts/e2e/paths';
import type { Session } from './lib/session';
import type { Steps } from './lib/steps';
import { Workbench } from './lib/workbench';

const GROUP = 'ui';
const BROKEN = 'broken-schema.agent-card.json';
const HOVER_FILE = expectations.hover.file.split('/').pop() ?? '';
const TREE_FILE = expectations.tree.file.split('/').pop() ?? '';
const LEGACY = expectations.migration.file.split('/').pop() ?? '';

/** The tree is virtualized: rows below the fold do not exist until scrolled to. Scroll step by step until seen. */
async function revealRow(pane: Locator, label: RegExp): Promise<void> {
  const row = pane.locator('.monaco-list-row', { hasText: label }).first();
  for (let i = 0; i < 30; i++) {
    if (await row.isVisible()) return;
    await pane.locator('.monaco-list').first().hover();
    await pane.page().mouse.wheel(0, 120);
  }
  await row.waitFor({ timeout: 5000 });
}

export async function runUiTests(session: Session, steps: Steps): Promise<Set<string>> {
  const page = await newPage(session.browser);
  const wb = new Workbench(page, resultsDir);
  const shots = new Set<string>();
  const failShot = (name: string) => async () => {
    await wb.screenshot(`${name}-failure`);
  };
  const step = (name: string, shot: string, fn: () => Promise<void>) => steps.run(GROUP, name, fn, failShot(shot));

  const workspace = session.workspace('ui');
  // Test-only cards live next to the workspace copy, not in it (the screenshots show the examples as shipped);
  // quick open takes their absolute path.
  const hostileCard = join(dirname(workspace), expectations.hostileHover.file);
  copyFileSync(join(repoRoot, expectations.hostileHover.fixture), hostileCard);
  const started = await step('the workbench starts with the examples workspace', 'workbench', async () => {
    await wb.open(session.codeServer.workbenchUrl({ folder: workspace }));
  });
  if (!started) {
    await page.close();
    return shots;
  }

  await step(`opening ${BROKEN} shows error squiggles and Problems entries`, 'diagnostics', async () => {
    await wb.quickOpen(BROKEN);
    // The status bar names our language for the file (contributed by package.json), then the squiggles arrive.
    await page.locator('[id="status.editor.mode"]', { hasText: 'A2A Agent Card' }).waitFor();
    await wb.editor.locator('.squiggly-error').first().waitFor();
    await page.keyboard.press('Control+Shift+M');
    const rows = page.locator('.markers-panel .monaco-list-row');
    // Each entry names our source and the rule id (shown as "a2a(schema)").
    await rows
      .filter({ has: page.locator('.marker-source', { hasText: 'a2a' }) })
      .filter({ has: page.locator('.marker-code', { hasText: 'schema' }) })
      .first()
      .waitFor();
    await wb.dismissNotifications();
    await wb.screenshot('diagnostics');
    shots.add('diagnostics');
  });

  await step(`hovering skill ${expectations.hover.at} shows its compiled profile`, 'hover', async () => {
    await page.keyboard.press('Control+Shift+M'); // close the panel again: more room for the hover
    await wb.quickOpen(HOVER_FILE);
    const hover = page.locator('.monaco-hover', {
      hasText: expectations.hover.contains[expectations.hover.contains.length - 1],
    });
    await wb.hoverUntil(expectations.hover.at, hover.first());
    const text = await hover.first().innerText();
    for (const s of expectations.hover.contains) if (!text.includes(s)) throw new Error(`hover lacks "${s}":\n${text}`);
    await wb.screenshot('hover');
    shots.add('hover');
    await page.keyboard.press('Escape');
  });

  await step(
    'the A2A activity bar item opens the A2A Capabilities view, its refresh action an icon',
    'tree',
    async () => {
      await wb.quickOpen(TREE_FILE);
      // Its own container in the activity bar (not squeezed under the file tree), opened as a person would: a click.
      const item = page.locator('.activitybar .action-item .action-label[aria-label^="A2A"]').first();
      await item.waitFor();
      if ((await item.getAttribute('aria-expanded')) !== 'true') await item.click();
      const sidebar = page.locator('.part.sidebar');
      await sidebar.locator('.composite.title', { hasText: /A2A/i }).first().waitFor();
      // The view's title action renders as the refresh codicon, not as a text button.
      const refresh = sidebar.locator('.action-label.codicon-refresh').first();
      await refresh.waitFor();
      if ((await refresh.innerText()).trim() !== '')
        throw new Error(`the refresh action shows text: ${await refresh.innerText()}`);
      const pane = sidebar;
      await pane.locator('.monaco-list-row').first().waitFor();
      for (const re of expectations.tree.labels) await revealRow(pane, new RegExp(re));
      await wb.screenshot('tree');
      shots.add('tree');
    },
  );

  await step(`the 0.3 migration quick fix rewrites ${LEGACY}`, 'quickfix', async () => {
    await wb.quickOpen(LEGACY);
    await wb.editor.locator('.squiggly-error, .squiggly-warning').first().waitFor();
    // Put the cursor in the card like a person would (a click on a line), then walk the problems with F8 until
    // the quick fix menu (Ctrl+.) at one of them offers the migration.
    await wb.editor.locator('.view-line').nth(4).click();
    const title = new RegExp(expectations.migration.title);
    const migrate = page.locator('.action-widget .monaco-list-row', { hasText: title }).first();
    const visible = (l: Locator, timeout: number) =>
      l.waitFor({ timeout }).then(
        () => true,
        () => false,
      );
    const markerWidget = page.locator('.zone-widget .marker-widget').first();
    let found = false;
    for (let i = 0; i < 8 && !found; i++) {
      await page.keyboard.press('F8');
      if (await visible(markerWidget, 5000)) {
        await page.keyboard.press('Escape');
        await markerWidget.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => {});
      }
      await page.keyboard.press('Control+.');
      // (the action widget keeps a hidden submenu panel around: wait for a row, or for "no code actions")
      await visible(
        page.locator('.action-widget .monaco-list-row.action, .monaco-editor-overlaymessage').first(),
        5000,
      );
      found = await visible(migrate, 1000);
      if (!found) await page.keyboard.press('Escape');
    }
    if (!found) throw new Error('no quick fix titled like "Migrate … to A2A 1.0" at any problem');
    await wb.screenshot('quickfix');
    shots.add('quickfix');
    await migrate.click();
    await page.waitForFunction(
      "document.querySelectorAll('.editor-group-container.active .monaco-editor .squiggly-error').length === 0",
    );
    const text = await wb.waitForEditorText((t) => t.includes('supportedInterfaces'));
    if (!text.includes('supportedInterfaces'))
      throw new Error(`the migrated card shows no supportedInterfaces:\n${text.slice(0, 2000)}`);
    // Only what changes is rewritten: the author's one-line object near the top keeps its layout (the editor
    // renders visible lines only; the extension host test checks every kept line).
    const kept = expectations.migration.keptLines.find((l) => l.startsWith('"provider"')) ?? '';
    if (!text.includes(kept)) throw new Error(`the migration rewrote "${kept}":\n${text.slice(0, 2000)}`);
    await wb.screenshot('quickfix-applied');
  });

  await step('card text in a hover is plain text: no links, no command: URIs, no HTML', 'hostile-hover', async () => {
    const { at, visibleText } = expectations.hostileHover;
    await wb.quickOpen(hostileCard);
    const hover = page.locator('.monaco-hover', { hasText: visibleText[0] }).first();
    await wb.hoverUntil(at, hover);
    const text = await hover.innerText();
    for (const s of visibleText) if (!text.includes(s)) throw new Error(`hover lacks "${s}":\n${text}`);
    const links = await hover
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? a.getAttribute('data-href') ?? ''));
    const bad = links.filter((href) => /command:|evil\.example/.test(href));
    if (bad.length) throw new Error(`hover renders card text as links: ${bad.join(', ')}`);
    if (await hover.locator('img').count()) throw new Error('hover renders card text as HTML (an <img>)');
    await wb.screenshot('hostile-hover');
    await page.keyboard.press('Escape');
  });

  await page.close().catch(() => {});
  return shots;
}
