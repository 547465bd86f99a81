// A card fetched from a live agent (a read-only document, never dirty) in the real VS Code: it closes without asking
// to be saved; "Pin this skill" is offered and
// pins from the URL it was fetched from; a lockfile checked as breaking follows the next fetch of a fixed card
// without another "Check Lockfiles Now". The agent is a plain HTTP server on 127.0.0.1 serving the example card.
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { pricingCard, type CardVersion } from '../../../examples/pricing-agent/cards';
import { test, waitFor } from './harness';
import { codeOf, EXTENSION_ID, exampleUri, ours } from './workspace';
import { at } from '../../at';

interface Client {
  sendRequest(method: string, params: unknown): Promise<unknown>;
}

function languageClient(): Client {
  const api = vscode.extensions.getExtension(EXTENSION_ID)?.exports as
    { client?: () => Client | undefined } | undefined;
  const client = api?.client?.();
  assert.ok(client, 'the extension exposes its language client');
  return client;
}

/** Serves the pricing agent's card (the version in `state.version`) at the well-known path. */
async function cardServer(state: { version: CardVersion }): Promise<{ server: Server; url: string; cardUrl: string }> {
  let base = '';
  const server = createServer((req, res) => {
    if (req.url !== '/.well-known/agent-card.json') {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' })
      .end(JSON.stringify(pricingCard(base, state.version)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url: base, cardUrl: `${base}/.well-known/agent-card.json` };
}

async function withAgent(
  fn: (agent: { url: string; cardUrl: string; state: { version: CardVersion } }) => Promise<void>,
): Promise<void> {
  const state: { version: CardVersion } = { version: 'base' };
  const { server, url, cardUrl } = await cardServer(state);
  const config = vscode.workspace.getConfiguration('a2a');
  await config.update('network.allowedHosts', ['127.0.0.1'], vscode.ConfigurationTarget.Global);
  try {
    await fn({ url, cardUrl, state });
  } finally {
    await config.update('network.allowedHosts', undefined, vscode.ConfigurationTarget.Global);
    await new Promise((resolve) => server.close(resolve));
  }
}

async function fetchIntoEditor(url: string): Promise<vscode.TextDocument> {
  await vscode.commands.executeCommand('a2a.fetchCard', url);
  return waitFor(
    'the fetched card in a read-only editor',
    () => {
      const doc = vscode.window.activeTextEditor?.document;
      return doc?.uri.scheme === 'a2a-fetched' && doc.languageId === 'a2a-agent-card' ? doc : undefined;
    },
    30_000,
  );
}

test('a fetched card is not dirty: it closes without a save prompt', async () => {
  await withAgent(async ({ url }) => {
    const doc = await fetchIntoEditor(url);
    assert.equal(doc.isDirty, false, 'nothing to save');
    assert.equal(doc.isUntitled, false);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await waitFor(
      'the fetched card closed, no dialog holding it open',
      () =>
        vscode.window.tabGroups.all.some((g) =>
          g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === doc.uri.toString()),
        )
          ? undefined
          : true,
      10_000,
    );
  });
}, 60_000);

test('a fetched card offers "Pin this skill", and it pins from the URL the card came from', async () => {
  await withAgent(async ({ url, cardUrl }) => {
    const doc = await fetchIntoEditor(url);
    const lenses = await waitFor(
      '"Pin this skill" lenses on the fetched card',
      async () => {
        const all = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
        const pins = (all ?? []).filter((l) => l.command?.title === 'Pin this skill');
        return pins.length > 0 ? pins : undefined;
      },
      30_000,
    );
    const argument = at(lenses, 0).command!.arguments![0] as { uri: string; skill: string };
    assert.equal(argument.skill, 'itinerary-pricing');
    const options = (await languageClient().sendRequest('a2a/pinOptions', { source: { uri: argument.uri } })) as {
      error?: string;
      location: string;
    };
    assert.equal(options.error, undefined);
    assert.equal(options.location, cardUrl);
  });
}, 60_000);

test('after "Check Lockfiles Now" says breaking, fetching the fixed card clears the lockfile\'s diagnostics', async () => {
  await withAgent(async ({ url, state }) => {
    const lock = exampleUri('fetched-agent.a2a-lock.json');
    const selection = {
      skills: ['itinerary-pricing'],
      input: ['text/plain'],
      output: [],
      streaming: true,
      extensions: [],
    };
    const pinned = (await languageClient().sendRequest('a2a/pin', {
      source: { url },
      target: lock.toString(),
      selection,
      probe: false,
    })) as { error?: string; written: boolean };
    assert.deepEqual(pinned, { written: true, probes: [] });
    try {
      const breaking = () => ours(lock).some((d) => codeOf(d) === 'lockfile-breaking');
      state.version = 'no-streaming';
      await vscode.commands.executeCommand('a2a.checkLockfiles');
      await waitFor('a lockfile-breaking diagnostic after the check', () => (breaking() ? true : undefined), 30_000);
      state.version = 'base';
      await fetchIntoEditor(url);
      await waitFor(
        'the breaking diagnostic to go once the fixed card is fetched',
        () => (breaking() ? undefined : true),
        30_000,
      );
    } finally {
      await vscode.workspace.fs.delete(lock).then(undefined, () => undefined);
    }
  });
}, 90_000);
