// The language-model tools inside real VS Code: vscode.lm.invokeTool on each contributed tool, on the examples
// workspace, answers what the bundled CLI shipped in the same .vsix answers for the same files (`a2acap compile`,
// `a2acap check --format json`). Only calls on workspace files run here: they need no confirmation. The network
// refusal in Restricted Mode has a run of its own, in an untrusted workspace (restricted/restrictedMode.ts).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { test } from './harness';
import { EXTENSION_ID } from './workspace';

const TOOLS = ['a2a_profile', 'a2a_how_to_call', 'a2a_check_lockfile', 'a2a_discover'];
const CARD = 'cards/good.agent-card.json';
const LOCK = 'lockfiles/travel.a2a-lock.json';

function folder(): string {
  const f = vscode.workspace.workspaceFolders?.[0];
  if (!f) throw new Error('no workspace folder is open');
  return f.uri.fsPath;
}

/** The bundled CLI of the installed extension, run in the workspace folder (its exit code is not the point). */
function cli(args: string[]): unknown {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed`);
  try {
    return JSON.parse(
      execFileSync(process.execPath, [join(ext.extensionPath, 'server', 'dist', 'cli.js'), ...args], {
        cwd: folder(),
        encoding: 'utf8',
        env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      }),
    );
  } catch (e) {
    const out = (e as { stdout?: string }).stdout;
    if (out) return JSON.parse(out);
    throw e;
  }
}

async function invoke(name: string, input: object): Promise<Record<string, unknown>> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const text = result.content
    .filter((p): p is vscode.LanguageModelTextPart => p instanceof vscode.LanguageModelTextPart)
    .map((p) => p.value)
    .join('');
  return JSON.parse(text) as Record<string, unknown>;
}

test('the four language-model tools are registered', async () => {
  await vscode.extensions.getExtension(EXTENSION_ID)?.activate();
  const names = new Set(vscode.lm.tools.map((t) => t.name));
  assert.deepEqual(
    TOOLS.filter((t) => !names.has(t)),
    [],
  );
});

test('a2a_profile answers the profile `a2acap compile` gives, card text only in untrusted', async () => {
  const got = await invoke('a2a_profile', { source: CARD });
  assert.deepEqual(got.profile, cli(['compile', CARD]));
  assert.match(String((got.untrusted as { notice: string }).notice), /data written by the agent's provider/);
});

test('a2a_how_to_call answers the endpoint and media types of the compiled profile', async () => {
  const compiled = cli(['compile', CARD]) as {
    interface: { url: string; version: string };
    skills: Record<string, { input: string[]; output: string[] }>;
  };
  const got = await invoke('a2a_how_to_call', { source: CARD, skill: 'book-trip' });
  assert.equal(got.endpoint, compiled.interface.url);
  assert.deepEqual((got.headers as Record<string, string>)['A2A-Version'], compiled.interface.version);
  assert.deepEqual(got.input_media_types, compiled.skills['book-trip']!.input);
  assert.deepEqual(got.output_media_types, compiled.skills['book-trip']!.output);
});

test('a2a_check_lockfile answers what `a2acap check --format json` prints', async () => {
  assert.deepEqual(
    await invoke('a2a_check_lockfile', { lockfile: LOCK }),
    cli(['check', LOCK, '--live', '--format', 'json']),
  );
});

test('a2a_discover answers the status `a2acap discover --format json` gives for a card file', async () => {
  const expected = cli(['discover', CARD, '--format', 'json']) as { entries: { identifier: string; status: string }[] };
  const got = (await invoke('a2a_discover', { source: CARD })) as { entries: { identifier: string; status: string }[] };
  assert.deepEqual(
    got.entries.map((e) => [e.identifier, e.status]),
    expected.entries.map((e) => [e.identifier, e.status]),
  );
});
