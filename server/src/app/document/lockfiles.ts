/**
 * The editor's lockfile workflows: pin options and pin, live check of lockfiles, the pinned-vs-current diff, update
 * after review. All network work is here, through the core's guarded HTTP client and the world's card caches
 * (DocumentWorld.cards and cardTexts, app/world.ts), kept for the server's lifetime (so the watcher's periodic checks
 * are conditional requests answered 304 while nothing changed). In an untrusted workspace no URL is ever fetched: those workflows answer
 * with an error, card files still work. What a workflow changed (a lockfile written, agents checked) is in its
 * result; the host publishes the diagnostics that follow (lsp/lockfileRequests.ts).
 */
import { pin as pinWorkflow, writePinnedLockfile } from '../pin';
import { checkLockfileAt, verdictOf } from '../check';
import { outcomeWithPolicies } from './lockfilePolicies';
import { readTextSync } from '../../node/readText';
import { dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { referenceOrCardUrl } from '../reference';
import { catalogFileEntry, loadCatalogFileEntry, type CatalogFileEntry } from '../catalogFileEntry';
import { resolveInside } from '../../node/insideRoot';
import { locatePointer, rangeOf } from '../../core/pointer/range';
import { loadLockfile } from '../../core/lockfile/index';
import type { HttpClient } from '../../core/net/http';
import { compileProfile } from '../../core/profile/compile';
import { PinError } from '../../core/pin/errors';
import { serializeLockfile } from '../../core/pin/serialize';
import { updateLockfile as updateLockfileWorkflow } from '../update';
import { writeLockfile } from '../../node/writeLockfile';
import type { CardLoader, LoadedCard } from '../../core/check/cardLoader';
import { isHttpLocation, isOtherUrl } from '../../core/check/cardSources';
import { cardLoaderFor, cardSourceOf } from '../world';
import { mapBounded } from '../../core/check/checkMany';
import type { CardPathCheck, RefreshOptions } from '../../core/check/refreshLockfile';
import type { RefreshOutcome } from '../../core/check/types';
import { resolveAgent } from '../../node/agentLocation';
import type { ClientConfig, Lockfile } from '../../core/types';
import type {
  A2ASettings,
  LockfileCheckEntry,
  LockfileCheckItem,
  LockfileDiffResult,
  PinOptionsResult,
  PinParams,
  PinResult,
  PinSource,
  CheckLockfilesParams,
} from '../../protocol';
import { fileStaleMarkers, type FileStaleMarkers } from '../../node/fileStaleMarkers';
import type { DocumentWorld } from './world';
import { uriPath } from './documentKind';
import type { LiveSession } from './liveSession';
import { fetchedCardUrl } from './fetchedCard';
import { UNTRUSTED, repositoryAllowance } from './networkAccess';
import { lockfileInsideWorkspace, workspaceCardPaths, workspaceRootOf } from './workspaceCards';
import { clientConfig } from './settings';
import { editorSigningCheck, editorTrustStore } from './trustStore';

const CONCURRENCY = 8;

/** The lockfile workflows' access to cards: the world's card caches and HTTP client, the workspace's files. */
export class LockfileService {
  /** Card paths lockfiles name: inside the lockfile's workspace folder, symlinks resolved (workspaceCards.ts). */
  readonly cardPath: CardPathCheck;

  constructor(readonly world: DocumentWorld) {
    this.cardPath = workspaceCardPaths(() => world.workspaceFolders());
  }

  /** Where a lockfile's card is: its URL, or its card path when that stays inside the workspace folder. */
  async agentLocation(lock: Lockfile, path: string): Promise<string> {
    const agent = resolveAgent(lock.agent, path);
    if (isHttpLocation(agent) || isOtherUrl(agent)) return agent;
    const inside = await this.cardPath(path, lock.agent);
    if (!inside.ok) throw new Error(`/agent: ${inside.reason}`);
    return inside.path;
  }

  /** How a catalog file a lockfile was pinned through is read: the editor's documents, inside the workspace folder. */
  catalogFiles(): { readText: (path: string) => Promise<string>; cardPath: CardPathCheck } {
    return { readText: (p) => this.readText(p), cardPath: this.cardPath };
  }

  /** The server's HTTP client for these settings (re-created when the allowed hosts change). */
  httpFor(settings: A2ASettings): HttpClient {
    return this.world.network.get(settings);
  }

  /**
   * A loader for one run: URLs only in a trusted workspace; open documents are read from the editor. `origin`:
   * 'repository' for a lockfile's agent (public, plus what the workspace may reach: networkAccess.ts), 'user' for a URL
   * the user gave (pin).
   */
  loader(settings: A2ASettings, knownExtensions?: string[], origin: 'user' | 'repository' = 'repository'): CardLoader {
    const allow = repositoryAllowance(settings);
    const base = clientConfig(settings);
    const client: ClientConfig = {
      ...base,
      knownExtensions: [...new Set([...base.knownExtensions, ...(knownExtensions ?? [])])],
    };
    const source = cardSourceOf(
      allow ? this.httpFor(settings) : UNTRUSTED,
      { texts: this.world.cardTexts, origin, allow },
      (p, max) => this.readText(p, max),
      settings.maxCardBytes,
    );
    return cardLoaderFor(source, client, this.world.cards);
  }

  /** Text of a file: the open document's (unsaved edits count) or the file on disk. */
  async readText(path: string, maxBytes?: number): Promise<string> {
    // Compare decoded paths: VS Code and Node encode some characters of file: URIs differently.
    const wanted = path.split(sep).join('/');
    const uri = this.world.openUris().find((u) => uriPath(u) === wanted);
    const open = uri !== undefined ? this.world.document(uri) : undefined;
    // Disk files through the bounded reader: a lockfile's `agent` may name a path that never ends (/dev/zero).
    return open ? open.getText() : readTextSync(path, maxBytes);
  }
}

function pathOf(uri: string): string {
  if (!uri.startsWith('file:')) throw new Error(`only files on disk are supported (got ${uri.slice(0, 100)})`);
  return fileURLToPath(uri);
}

/** The path of a lockfile URI, or why there is none (an unsaved or remote document): one entry's error, never the request's. */
function pathOrError(uri: string): string | { error: string } {
  try {
    return pathOf(uri);
  } catch (err) {
    return { error: message(err) };
  }
}

/**
 * Where to read the card to pin: a URL or a catalog reference; a card file; or an open document that is not a file (a card opened
 * by "A2A: Fetch Agent Card") by the URL this session fetched it from.
 */
async function sourceLocation(world: DocumentWorld, source: PinSource): Promise<string> {
  if (source.url) return referenceOrCardUrl(source.url);
  if (source.uri?.startsWith('file:')) return pathOf(source.uri);
  if (source.uri) {
    const url = await fetchedCardUrl(world, source.uri);
    if (url) return url;
    throw new Error('this card is neither a file nor one fetched in this session: save it, or pin from its URL');
  }
  throw new Error('nothing to pin: give a card URL or a card document');
}

/** What a pin reads: a location the loader loads, or an entry of a catalog file with the entry it is. */
interface PinFrom {
  location: string;
  fromCatalogFile?: CatalogFileEntry;
}

/**
 * Where to pin from, for any source: an entry of a catalog file is read from the editor (unsaved edits count) and
 * selected as a catalog reference would select it; either kind of entry (inline card or `url`) is pinned through the
 * file, so the lockfile records where the agent was found.
 */
async function pinFrom(service: LockfileService, source: PinSource): Promise<PinFrom> {
  if (!source.catalogEntry) return { location: await sourceLocation(service.world, source) };
  const { uri, identifier, version } = source.catalogEntry;
  if (typeof uri !== 'string' || typeof identifier !== 'string' || !['string', 'undefined'].includes(typeof version))
    throw new Error('a catalog entry to pin names its catalog (uri), its identifier and, optionally, its version');
  const catalog = pathOf(uri);
  let text: string;
  try {
    text = await service.readText(catalog);
  } catch (err) {
    throw new Error(`cannot read the catalog: ${message(err)}`);
  }
  return catalogFileEntry(text, { catalog, identifier, ...(version !== undefined ? { version } : {}) });
}

/**
 * A lockfile records a catalog file relative to itself, so both must be inside one workspace folder (or repository):
 * the catalog's real path (symlinks resolved) inside the root of the lockfile's folder, else the pin is refused.
 */
async function catalogBesideLockfile(world: DocumentWorld, catalog: string, target: string): Promise<void> {
  const dir = dirname(target);
  const inside = await resolveInside(await workspaceRootOf(world.workspaceFolders(), dir), dir, catalog);
  if (!inside.ok)
    throw new Error(
      "the catalog file is not inside the lockfile's workspace folder: a lockfile records only paths inside it",
    );
}

/** A pin's card: loaded from its location, or an entry of a catalog file with the entry it was found by. */
async function loadPinned(loader: CardLoader, from: PinFrom): Promise<LoadedCard> {
  return from.fromCatalogFile
    ? loadCatalogFileEntry(loader, from.location, from.fromCatalogFile)
    : loader.load(from.location);
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function pinOptions(
  service: LockfileService,
  settings: A2ASettings,
  source: PinSource,
): Promise<PinOptionsResult> {
  const empty: PinOptionsResult = { location: '', agentName: '', skills: [], streaming: false, extensions: [] };
  let from: PinFrom;
  try {
    from = await pinFrom(service, source);
  } catch (err) {
    return { ...empty, error: message(err) };
  }
  const location = from.location;
  try {
    const loaded = await loadPinned(service.loader(settings, undefined, 'user'), from);
    const card = loaded.card as {
      name?: unknown;
      skills?: { id?: unknown; name?: unknown }[];
      capabilities?: { extensions?: { uri?: unknown; required?: unknown }[] };
    };
    const declared = Array.isArray(card.capabilities?.extensions) ? card.capabilities!.extensions! : [];
    const extensions = declared
      .filter((e) => typeof e?.uri === 'string' && e.uri !== '')
      .map((e) => ({ uri: e.uri as string, required: e.required === true }));
    // The options as a workflow relying on the card's extensions would see them: a required extension the settings do
    // not list is offered (pre-picked) rather than refused, since picking it is how the lockfile says it is implemented,
    // as with `a2acap pin --extension`. Leaving a required one out then fails the pin itself.
    const base = clientConfig(settings);
    const p = compileProfile(loaded.card, {
      bindings: base.bindings,
      knownExtensions: [...base.knownExtensions, ...extensions.map((e) => e.uri)],
    });
    if (!p.usable)
      return { ...empty, location, error: `the agent cannot be used by this client: ${p.reason ?? 'no reason given'}` };
    const names = new Map(
      (Array.isArray(card.skills) ? card.skills : []).map((s) => [
        String(s?.id),
        typeof s?.name === 'string' ? s.name : '',
      ]),
    );
    const skills = Object.entries(p.skills ?? {}).map(([id, s]) => ({
      id,
      name: names.get(id) ?? '',
      input: [...s.input],
      output: [...s.output],
      inputFrom: p.provenance?.skills[id]?.input ?? 'defaults',
      outputFrom: p.provenance?.skills[id]?.output ?? 'defaults',
    }));
    return {
      location,
      agentName: typeof card.name === 'string' ? card.name : location,
      skills,
      streaming: p.streaming === true,
      extensions,
    };
  } catch (err) {
    return { ...empty, location, error: message(err) };
  }
}

function toItems(outcome: RefreshOutcome, text: string | undefined): LockfileCheckItem[] {
  const at = (pointer: string) => {
    if (text === undefined) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return rangeOf(text, locatePointer(text, pointer));
  };
  if (outcome.status === 'error') {
    const pointer = outcome.problems[0]?.pointer ?? '/agent';
    return [
      { level: 'error', pointer, message: outcome.cause, range: at(outcome.stage === 'lockfile' ? pointer : '/agent') },
    ];
  }
  return [...outcome.result.problems, ...outcome.result.notes].map((i) => ({
    level: i.level,
    pointer: i.pointer,
    message: i.message,
    range: at(i.pointer),
  }));
}

async function loadLock(
  service: LockfileService,
  uri: string,
): Promise<{ path: string; lock: Lockfile } | { error: string }> {
  const path = pathOrError(uri);
  if (typeof path !== 'string') return path;
  const loaded = await loadLockfile(path, (p) => service.readText(p));
  return loaded.ok ? { path, lock: loaded.lockfile } : { error: loaded.message };
}

export async function lockfileDiff(
  service: LockfileService,
  settings: A2ASettings,
  uri: string,
): Promise<LockfileDiffResult> {
  const empty: LockfileDiffResult = { pinned: '', current: '', diff: '', pending: false };
  const loaded = await loadLock(service, uri);
  if ('error' in loaded) return { ...empty, error: loaded.error, verdict: 'error' };
  const { path, lock } = loaded;
  try {
    // One loader: the check below reuses this fetch. The profile is the lockfile's client's (its extensions known).
    const loader = service.loader(settings);
    // Pinned through a catalog: the workflow resolves the catalog again, as the check does.
    const location = lock.found_via ? undefined : await service.agentLocation(lock, path);
    // The pending update as the CLI sees it: anything but the same lockfile text (breaking: nothing to update to).
    const update = await updateLockfileWorkflow({
      path,
      lock,
      text: serializeLockfile(lock),
      loader,
      now: () => new Date(),
      location,
      catalogFiles: service.catalogFiles(),
    });
    if (update.status === 'unloadable') throw update.cause ?? new Error(update.message);
    // The verdict the lockfile's diagnostics give: the project's policies judge the card here too.
    const outcome = outcomeWithPolicies(
      await checkLockfileAt(path, {
        loader,
        readText: (p) => service.readText(p),
        cardPath: service.cardPath,
      }),
      service.world.project?.(uri),
      clientConfig(settings),
    );
    const pending = update.status === 'pending';
    return {
      pinned: update.pinned,
      current: update.current,
      diff: update.diff.text,
      pending,
      verdict: verdictOf(outcome),
    };
  } catch (err) {
    return { ...empty, error: message(err), verdict: 'error' };
  }
}

async function loadStaleMarkers(uri: string): Promise<FileStaleMarkers | undefined> {
  const path = pathOrError(uri);
  if (typeof path !== 'string') return undefined; // not a file: no markers to read or clear
  const markers = fileStaleMarkers(path);
  await markers.load(); // tolerant: a missing or corrupt file is no markers
  return markers;
}

/** The lockfiles whose agent (as written) has a stale marker. Unreadable lockfiles are left to the next full check. */
async function markedLockfiles(
  service: LockfileService,
  uris: readonly string[],
  stale: FileStaleMarkers,
): Promise<string[]> {
  if (stale.list().length === 0) return [];
  const marked = await Promise.all(
    uris.map(async (uri) => {
      const loaded = await loadLock(service, uri).catch(() => ({ error: 'unreadable' }));
      return 'error' in loaded || !stale.get(loaded.lock.agent) ? undefined : uri;
    }),
  );
  return marked.filter((u): u is string => u !== undefined);
}

/** A live check teaches the session the agent's current card (or that it could not be checked). */
function recordInSession(session: LiveSession, outcome: RefreshOutcome): void {
  if (outcome.card === undefined || !isHttpLocation(outcome.card)) return; // file cards are read from the workspace anyway
  // The card for the server's client, not the profile of this one lockfile (which also knows the lock's extensions).
  if (outcome.status === 'checked' && outcome.entryGone) return;
  if (outcome.status === 'checked')
    session.recordCard(outcome.card, outcome.loaded.profile, outcome.cardDigest, 'check', outcome.loaded.card);
  else if (outcome.stage !== 'lockfile') session.recordFailure(outcome.card, outcome.cause);
}

/** Pins the card of `params.source` into the lockfile `params.target`; `written` says whether the file changed. */
export async function pin(service: LockfileService, settings: A2ASettings, params: PinParams): Promise<PinResult> {
  const world = service.world;
  try {
    const from = await pinFrom(service, params.source);
    const location = from.location;
    const target = pathOf(params.target);
    if (from.fromCatalogFile) await catalogBesideLockfile(world, from.fromCatalogFile.foundVia.catalog, target);
    const trusted = settings.workspaceTrusted === true;
    // With a trust store the verified signing key is recorded, as `pin --trust-store` does; Restricted Mode records none.
    const trust = trusted ? await editorTrustStore(settings, service.httpFor(settings)) : undefined;
    if (trust?.ok === false) return { written: false, probes: [], error: trust.error };
    const pinned = await pinWorkflow(
      {
        // An entry's url in a catalog file is repository content, reaching what the workspace may reach; a URL the
        // user gave is the user's.
        loader: service.loader(settings, params.selection.extensions, from.fromCatalogFile ? 'repository' : 'user'),
        // Probes only in a trusted workspace, on the server's connections.
        http: trusted ? service.httpFor(settings) : null,
        ...(trusted ? { grpc: world.network.grpcFor(settings) } : {}),
        now: () => new Date(),
      },
      {
        location,
        selection: params.selection,
        lockfile: target,
        baseDir: dirname(target),
        probe: params.probe,
        ...(trust ? { trust: trust.trust } : {}),
        ...(from.fromCatalogFile ? { fromCatalogFile: from.fromCatalogFile } : {}),
      },
    );
    // The card just read is the agent's newest: lockfiles checked against an older one are checked again after.
    if (pinned.ok || pinned.stage !== 'load') recordPinnedCard(world.session, location, pinned.loaded);
    if (!pinned.ok)
      return { written: false, probes: [], error: pinned.stage === 'probe' ? message(pinned.cause) : pinned.message };
    const probes: string[] = [];
    if (pinned.probes && pinned.probedCard !== undefined) {
      world.session.evidence.recordProbes(pinned.probedCard, pinned.probes);
      for (const r of pinned.probes) probes.push(`probe ${r.probe}: ${r.outcome} (${r.detail})`);
    } else if (params.probe) {
      probes.push('probes skipped: the card is a file (no live agent) or the workspace is not trusted');
    }
    const written = (await writePinnedLockfile(target, pinned.lock)).written;
    return { written, probes };
  } catch (err) {
    return { written: false, probes: [], error: message(err) };
  }
}

function recordPinnedCard(session: LiveSession, location: string, loaded: LoadedCard): void {
  if (isHttpLocation(location)) session.recordCard(location, loaded.profile, loaded.digest, 'check', loaded.card);
}

/** What a live check of lockfiles answers, and what it checked (the host publishes their diagnostics). */
export interface LockfilesChecked {
  results: LockfileCheckEntry[];
  outcomes: { uri: string; outcome: RefreshOutcome }[];
}

/**
 * Checks lockfiles against their agents' cards now. `warn`: what could not be done on the side (the stale markers
 * file not updated), for the host's log.
 */
export async function checkLockfiles(
  service: LockfileService,
  params: CheckLockfilesParams,
  warn: (message: string) => void,
): Promise<LockfilesChecked> {
  const world = service.world;
  // Each lockfile under its own settings (its folder's, over its project configuration: the CLI's grouping too);
  // lockfiles with the same client share one loader, so an agent they all pin is fetched once.
  const loaders = new Map<string, CardLoader>();
  const loaderFor = async (uri: string): Promise<{ loader: CardLoader; signing: RefreshOptions['signing'] }> => {
    const s = await world.settings(uri);
    const key = JSON.stringify([
      s.client,
      s.maxCardBytes,
      s.workspaceTrusted === true,
      s.network.allowedHosts,
      s.network.allowFromWorkspace,
    ]);
    let loader = loaders.get(key);
    if (!loader) loaders.set(key, (loader = service.loader(s)));
    return { loader, signing: await signingFor(s) };
  };
  // A pinned signing key is compared under the trust store and signature policy of the user's settings.
  const signings = new Map<string, Promise<ReturnType<typeof editorSigningCheck>>>();
  const signingFor = (s: A2ASettings): Promise<ReturnType<typeof editorSigningCheck>> => {
    // Restricted Mode keeps its behaviour: a pinned key is reported as not checked.
    if (s.workspaceTrusted !== true) return Promise.resolve(undefined);
    const key = JSON.stringify([s.trustStore, s.signatures.policy, s.network]);
    let signing = signings.get(key);
    if (!signing) {
      signing = editorTrustStore(s, service.httpFor(s)).then((trust) => editorSigningCheck(trust, s.signatures.policy));
      signings.set(key, signing);
    }
    return signing;
  };
  // A lockfile path that is a symbolic link out of its workspace folder is not read.
  const insideWorkspace = async (path: string | { error: string }): Promise<string | { error: string }> => {
    if (typeof path !== 'string') return path;
    const inside = await lockfileInsideWorkspace(world.workspaceFolders(), path);
    return inside.ok ? path : { error: inside.reason };
  };
  const stale = params.staleMarkers !== undefined ? await loadStaleMarkers(params.staleMarkers) : undefined;
  const uris = stale && params.onlyStale ? await markedLockfiles(service, params.uris, stale) : params.uris;
  const outcomes: { uri: string; outcome: RefreshOutcome }[] = [];
  const results = await mapBounded(uris, CONCURRENCY, async (uri): Promise<LockfileCheckEntry> => {
    const path = await insideWorkspace(pathOrError(uri));
    const outcome: RefreshOutcome =
      typeof path !== 'string'
        ? { status: 'error', lockfile: uri, stage: 'lockfile', cause: path.error, problems: [] }
        : outcomeWithPolicies(
            await checkLockfileAt(path, {
              ...(await loaderFor(uri)),
              readText: (p) => service.readText(p),
              cardPath: service.cardPath,
              ...(stale ? { stale } : {}),
            }),
            world.project?.(uri),
            clientConfig(await world.settings(uri)),
          );
    recordInSession(world.session, outcome);
    outcomes.push({ uri, outcome });
    const entry: LockfileCheckEntry = {
      uri,
      verdict: verdictOf(outcome),
      unchanged: outcome.status === 'checked' && outcome.unchanged,
      items: toItems(outcome, outcome.text),
    };
    if (outcome.card !== undefined) entry.agent = outcome.card;
    return entry;
  });
  if (stale) await stale.flush().catch((err: unknown) => warn(`cannot update ${stale.path}: ${message(err)}`));
  return { results, outcomes };
}

/** Re-pins a lockfile to its agent's current card (after review); `written` says whether the file changed. */
export async function updateLockfile(
  service: LockfileService,
  settings: A2ASettings,
  uri: string,
): Promise<{ written: boolean; error?: string }> {
  const loaded = await loadLock(service, uri);
  if ('error' in loaded) return { written: false, error: loaded.error };
  try {
    const update = await updateLockfileWorkflow({
      path: loaded.path,
      lock: loaded.lock,
      text: serializeLockfile(loaded.lock),
      loader: service.loader(settings),
      now: () => new Date(),
      // Pinned through a catalog: the workflow resolves the catalog again (the agent may have moved).
      location: loaded.lock.found_via ? undefined : await service.agentLocation(loaded.lock, loaded.path),
      catalogFiles: service.catalogFiles(),
      keepUnchanged: false,
    });
    if (update.status === 'unloadable') throw update.cause ?? new Error(update.message);
    if (update.status === 'breaking') return { written: false, error: `cannot update: ${update.message}` };
    const written = (await writeLockfile(loaded.path, update.next)).written;
    return { written };
  } catch (err) {
    return { written: false, error: err instanceof PinError ? `cannot update: ${err.message}` : message(err) };
  }
}
