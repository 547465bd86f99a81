import * as vscode from 'vscode';
import { PinOptionsRequest, PinRequest, type PinOptionsResult, type PinSource } from '../../../server/src/protocol';
import type { CommandFactory } from './types';
import { agentUrlInput } from './liveShared';
import { FETCHED_SCHEME } from '../fetchedCardPath';
import { showError, showInfo, showWarning } from '../notify';

/**
 * A2A: Pin Agent — from a card URL, an open agent card, or the CodeLens "Pin this skill" above a skill:
 * pick the skills the workflow uses (with their effective modes), the media types it sends and accepts,
 * whether it needs streaming, the extensions it relies on; the language server then writes the lockfile
 * (only that subset, deterministic bytes, atomically). Cancelling any step writes nothing.
 */

interface LensArgument {
  uri: string;
  skill: string;
}

function isLensArgument(arg: unknown): arg is LensArgument {
  return (
    typeof arg === 'object' &&
    arg !== null &&
    typeof (arg as LensArgument).uri === 'string' &&
    typeof (arg as LensArgument).skill === 'string'
  );
}

/** The "Pin this agent" lens of a catalog entry: the agent's URL or catalog reference, and the catalog it is in. */
interface CatalogEntryArgument {
  url: string;
  catalog: string;
}

function isCatalogEntryArgument(arg: unknown): arg is CatalogEntryArgument {
  return (
    typeof arg === 'object' &&
    arg !== null &&
    typeof (arg as CatalogEntryArgument).url === 'string' &&
    typeof (arg as CatalogEntryArgument).catalog === 'string'
  );
}

/** The "Pin this agent" lens of an entry of a catalog file (inline card or URL): the catalog's URI and the entry. */
interface InlineEntryArgument {
  catalog: string;
  identifier: string;
  version?: string;
}

function isInlineEntryArgument(arg: unknown): arg is InlineEntryArgument {
  if (typeof arg !== 'object' || arg === null) return false;
  const a = arg as Partial<InlineEntryArgument> & { url?: unknown };
  return (
    a.url === undefined &&
    typeof a.catalog === 'string' &&
    typeof a.identifier === 'string' &&
    (a.version === undefined || typeof a.version === 'string')
  );
}

/** Where to pin from: a CodeLens argument, a Uri, the active agent card, or a URL the user types. */
async function pinSource(
  arg: unknown,
): Promise<{ source: PinSource; preselect?: string; near?: vscode.Uri } | undefined> {
  if (isLensArgument(arg))
    return { source: { uri: arg.uri }, preselect: arg.skill, ...nearCard(vscode.Uri.parse(arg.uri)) };
  if (isCatalogEntryArgument(arg)) return { source: { url: arg.url }, ...nearCard(vscode.Uri.parse(arg.catalog)) };
  if (isInlineEntryArgument(arg)) {
    const { catalog, identifier, version } = arg;
    const catalogEntry = { uri: catalog, identifier, ...(version !== undefined ? { version } : {}) };
    return { source: { catalogEntry }, ...nearCard(vscode.Uri.parse(catalog)) };
  }
  if (arg instanceof vscode.Uri) return { source: { uri: arg.toString() }, ...nearCard(arg) };
  const doc = vscode.window.activeTextEditor?.document;
  // A card that is not a file (opened by "Fetch Agent Card", or unsaved) is pinned from the URL it was fetched from.
  if (doc?.languageId === 'a2a-agent-card' && ['file', 'untitled', FETCHED_SCHEME].includes(doc.uri.scheme))
    return { source: { uri: doc.uri.toString() }, ...nearCard(doc.uri) };
  const url = await vscode.window.showInputBox(agentUrlInput('A2A: Pin Agent'));
  return url ? { source: { url: url.trim() } } : undefined;
}

/** The lockfile is suggested next to a card file; a card that is not a file suggests the workspace folder. */
function nearCard(uri: vscode.Uri): { near?: vscode.Uri } {
  return uri.scheme === 'file' ? { near: uri } : {};
}

async function pickSkills(options: PinOptionsResult, preselect: string | undefined): Promise<string[] | undefined> {
  if (preselect && options.skills.some((s) => s.id === preselect)) return [preselect];
  const items = options.skills.map((s) => ({
    label: s.id,
    description: s.name,
    detail: `in: ${s.input.join(', ') || '(none)'}${s.inputFrom === 'skill' ? " (skill's own)" : ' (card defaults)'} · out: ${s.output.join(', ') || '(none)'}`,
    picked: false,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: `Pin ${options.agentName}: skills the workflow uses`,
    canPickMany: true,
    ignoreFocusOut: true,
  });
  return picked && picked.length > 0 ? picked.map((p) => p.label) : undefined;
}

/** The picked skills as a title names them: "skill convert" or "skills plan-itinerary, book-trip". */
function skillsLabel(skills: readonly string[]): string {
  return `${skills.length === 1 ? 'skill' : 'skills'} ${skills.join(', ')}`;
}

/**
 * Media types to pin, each labelled with the picked skills that take it (the list is their union); an empty
 * pick pins every mode the skills offer now. undefined = cancelled.
 */
async function pickModes(
  title: string,
  skills: readonly { id: string; modes: readonly string[] }[],
): Promise<string[] | undefined> {
  const offered = [...new Set(skills.flatMap((s) => s.modes))];
  if (offered.length <= 1) return offered;
  const items = offered.map((label) => ({
    label,
    description:
      skills.length > 1
        ? `for ${skills
            .filter((s) => s.modes.includes(label))
            .map((s) => s.id)
            .join(', ')}`
        : '',
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title,
    canPickMany: true,
    ignoreFocusOut: true,
    placeHolder: `${skillsLabel(skills.map((s) => s.id))}: none picked = all of them`,
  });
  return picked?.map((p) => p.label);
}

async function pickStreaming(options: PinOptionsResult): Promise<boolean | undefined> {
  if (!options.streaming) return false;
  const items = [
    { label: 'No', description: 'the workflow does not need streaming', value: false },
    { label: 'Yes', description: 'pin capabilities.streaming', value: true },
  ];
  return (
    await vscode.window.showQuickPick(items, { title: 'Does the workflow need streaming?', ignoreFocusOut: true })
  )?.value;
}

async function pickExtensions(options: PinOptionsResult): Promise<string[] | undefined> {
  if (options.extensions.length === 0) return [];
  const items = options.extensions.map((e) => ({
    label: e.uri,
    description: e.required ? 'required by the agent' : '',
    picked: e.required,
  }));
  return (
    await vscode.window.showQuickPick(items, {
      title: 'Extensions the workflow relies on',
      canPickMany: true,
      ignoreFocusOut: true,
    })
  )?.map((p) => p.label);
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'agent'
  );
}

async function pickTarget(agentName: string, near: vscode.Uri | undefined): Promise<vscode.Uri | undefined> {
  const folder = near ? vscode.Uri.joinPath(near, '..') : vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) {
    void showWarning('A2A: open a folder to write the lockfile into.');
    return undefined;
  }
  const suggestion = vscode.Uri.joinPath(folder, `${slug(agentName)}.a2a-lock.json`);
  const value = await vscode.window.showInputBox({
    title: 'Write the lockfile to',
    value: vscode.workspace.asRelativePath(suggestion, false),
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim().endsWith('.json') ? undefined : 'a .json file (e.g. pricing.a2a-lock.json)'),
  });
  if (!value) return undefined;
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  return value.startsWith('/') || !root ? vscode.Uri.file(value.trim()) : vscode.Uri.joinPath(root, value.trim());
}

export const pinAgent: CommandFactory = (services) => async (arg?: unknown) => {
  const client = services.client();
  if (!client) return;
  const from = await pinSource(arg);
  if (!from) return;
  const options = await client.sendRequest(PinOptionsRequest.type, { source: from.source });
  if (options.error) {
    void showError(`A2A: cannot pin: ${options.error}`);
    return;
  }
  const skills = await pickSkills(options, from.preselect);
  if (!skills) return;
  const chosen = options.skills.filter((s) => skills.includes(s.id));
  const named = skillsLabel(chosen.map((s) => s.id));
  const input = await pickModes(
    `Media types the workflow SENDS to ${named}`,
    chosen.map((s) => ({ id: s.id, modes: s.input })),
  );
  if (!input) return;
  const output = await pickModes(
    `Media types the workflow ACCEPTS from ${named} (any one suffices)`,
    chosen.map((s) => ({ id: s.id, modes: s.output })),
  );
  if (!output) return;
  const streaming = await pickStreaming(options);
  if (streaming === undefined) return;
  const extensions = await pickExtensions(options);
  if (!extensions) return;
  const target = await pickTarget(options.agentName, from.near);
  if (!target) return;
  const result = await client.sendRequest(PinRequest.type, {
    source: from.source,
    target: target.toString(),
    probe: true,
    // Each skill gets the picked media types it handles (the picks are a union over the chosen skills).
    selection: {
      skills,
      input: [],
      output: [],
      streaming,
      extensions,
      perSkill: Object.fromEntries(
        chosen.map((s) => [
          s.id,
          { input: input.filter((t) => s.input.includes(t)), output: output.filter((t) => s.output.includes(t)) },
        ]),
      ),
    },
  });
  if (result.error) {
    void showError(`A2A: cannot pin: ${result.error}`);
    return;
  }
  for (const line of result.probes) services.output.appendLine(`[pin] ${line}`);
  await vscode.window.showTextDocument(target, { preview: false });
  void showInfo(
    `A2A: ${result.written ? 'pinned' : 'already up to date:'} ${skills.join(', ')} → ${vscode.workspace.asRelativePath(target)}`,
  );
  await services.lockfiles.check('update', [target]);
};
