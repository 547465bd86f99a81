/**
 * Stale `ignore` entries in the editor: with a .a2a/config.json open, each entry that matches no finding of the
 * cards it governs is a `stale-suppression` diagnostic on the entry. Decided by the same core as `a2acap lint`
 * (core/config/suppressions.ts) over the workspace's card files (a2a.files.agentCards) whose nearest configuration is
 * this one, linted as the editor lints them (their policies included), open ones at their open text.
 *
 * Only what the server knows is judged, so it never says "stale" for a finding it could not see: nothing when the
 * workspace holds more cards or lockfiles than it scans (MAX_FILES), and no entry that covers a lockfile (those
 * are judged by `a2acap check` against the agents) or names a lockfile check code.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { pathToFileURL } from 'node:url';
import { dirname, relative, sep } from 'node:path';
import { parseProjectConfig } from '../../core/config/projectConfig';
import { entryCoversFile, staleMessage, SuppressionRun } from '../../core/config/suppressions';
import type { IgnoreEntry } from '../../core/config/ignoreEntries';
import { makeLocator } from '../../core/pointer/locateAll';
import type { Finding } from '../../core/types';
import { cardPolicyFindings } from '../policies';
import { severityOf, todayUtc } from '../suppress';
import { analyze } from './analysis';
import { uriPath } from './documentKind';
import { matchesGlob } from './glob';
import { clientConfig } from './settings';
import { toDiagnostic } from './toDiagnostic';
import type { DocumentWorld } from './world';

/** More files than this in the workspace: too many to know, so no entry is judged. */
export const MAX_FILES = 200;

export function isProjectConfig(uri: string): boolean {
  return uri.startsWith('file:') && uriPath(uri).endsWith('/.a2a/config.json');
}

/**
 * Whether files changed on disk (`workspace/didChangeWatchedFiles`: changed, created or deleted) may change the
 * verdict of the open configuration `configUri`: a card or lockfile below its folder, by the globs it is judged by.
 */
export async function staleVerdictMayChange(
  world: DocumentWorld,
  configUri: string,
  changed: readonly string[],
): Promise<boolean> {
  const settings = await world.settings(configUri);
  const root = dirname(dirname(uriPath(configUri)));
  const globs = [...settings.files.agentCards, ...settings.files.lockfiles];
  return changed.some((uri) => {
    if (!uri.startsWith('file:')) return false;
    const path = uriPath(uri);
    return path.startsWith(`${root}/`) && globs.some((g) => matchesGlob(path, g));
  });
}

/**
 * The stale-suppression diagnostics of an open .a2a/config.json (none when its entries cannot all be judged).
 * `pause` runs before each card is linted: it lets the server answer other requests meanwhile, and abandons the
 * work (throws) once a newer verdict was asked for.
 */
export async function staleSuppressionDiagnostics(
  world: DocumentWorld,
  doc: TextDocument,
  pause: () => Promise<void> = async () => undefined,
): Promise<Diagnostic[]> {
  const read = parseProjectConfig(doc.getText());
  const entries = read.ok ? (read.config.ignore ?? []) : [];
  if (!entries.length || !world.files) return [];
  const configPath = uriPath(doc.uri);
  const root = dirname(dirname(configPath));
  const settings = await world.settings(doc.uri);
  const severity = severityOf(settings.rules['stale-suppression']);
  if (severity === undefined) return [];
  const cards = await governed(world, configPath, settings.files.agentCards);
  const lockfiles = await governed(world, configPath, settings.files.lockfiles);
  if (!cards || !lockfiles) return [];
  const run = new SuppressionRun(entries, {
    today: todayUtc(),
    allowProtected: settings.workspaceTrusted === true,
    configName: '.a2a/config.json',
  });
  const policies = read.ok ? (read.config.policies ?? []) : [];
  for (const path of cards) {
    await pause();
    const findings = await cardFindings(world, path, policies);
    if (findings) run.decide(rootRelative(root, path), findings);
  }
  const lockfileFiles = lockfiles.map((p) => rootRelative(root, p));
  const judged = run.stale().filter((i) => judgeable(entries[i]!, lockfileFiles));
  if (!judged.length) return [];
  const pointers = judged.map((i) => `/ignore/${i}`);
  const locate = makeLocator(doc.getText(), pointers);
  return judged.map((i) =>
    toDiagnostic(doc, locate, {
      code: 'stale-suppression',
      severity,
      pointer: `/ignore/${i}`,
      message: staleMessage(entries[i]!),
    }),
  );
}

/** An entry the cards alone can judge: not a lockfile check code, covering no lockfile. */
function judgeable(entry: IgnoreEntry, lockfiles: readonly string[]): boolean {
  if (entry.rule.startsWith('lockfile-')) return false;
  return !lockfiles.some((file) => entryCoversFile(entry, file));
}

/**
 * The workspace files matching `globs` whose nearest configuration is `configPath`; undefined when the workspace has
 * more of them than the server scans (then nothing can be said).
 */
async function governed(
  world: DocumentWorld,
  configPath: string,
  globs: readonly string[],
): Promise<string[] | undefined> {
  const found: string[] = [];
  for (const folder of world.workspaceFolders()) {
    const paths = await world.files!.find(folder, (p) => globs.some((g) => matchesGlob(p, g)), MAX_FILES + 1);
    found.push(...paths);
    if (found.length > MAX_FILES) return undefined;
  }
  return found.filter((p) => world.project?.(pathToFileURL(p).href).path === configPath);
}

/** A card's findings as the editor lints it (before any suppression), its policies' included. */
async function cardFindings(
  world: DocumentWorld,
  path: string,
  policies: Parameters<typeof cardPolicyFindings>[0],
): Promise<Finding[] | undefined> {
  const uri = pathToFileURL(path).href;
  const settings = await world.settings(uri);
  const open = world.document(uri);
  const text = open ? open.getText() : await world.files!.read(path, settings.maxCardBytes);
  if (text === undefined) return undefined;
  const analysis = analyze(open ?? TextDocument.create(uri, 'a2a-agent-card', 0, text), 'a2a-agent-card', settings);
  if (analysis.kind !== 'card' || analysis.value === undefined || analysis.tooLarge) return analysis.findings;
  return [...analysis.findings, ...cardPolicyFindings(policies, analysis.value, clientConfig(settings))];
}

function rootRelative(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}
