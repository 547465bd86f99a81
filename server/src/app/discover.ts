/**
 * The discover workflow: from a domain, a URL or a file to every agent (and other artifact) a host lists. A domain
 * means its well-known documents (core/catalog/discoverSource.ts); a catalog's entries are reported one by one, A2A
 * cards fetched and compiled for the client, nested catalogs followed within the bounds of core/catalog/discoverWalk.ts.
 * Every request goes through the card fetch's one conditional GET (core/fetch/conditionalGet.ts) under the address
 * policy: the URL the user gave as a 'user' URL, URLs a fetched catalog lists as URLs handed out by that origin
 * ('card'), URLs a catalog file lists as repository content. Each URL is fetched once per run.
 * `a2acap discover`, the `a2a_discover` tool and the library's `discover` run this.
 */
import type { CardTextCache } from '../core/cache/cardText';
import { mapBounded } from '../core/check/checkMany';
import { isHttpLocation, isOtherUrl } from '../core/check/cardSources';
import { isNetError } from '../core/net/errors';
import type { HttpClient } from '../core/net/http';
import type { NetworkAllowance } from '../core/net/policy';
import { withoutUserinfo } from '../core/text/redact';
import type { ClientConfig } from '../core/types';
import {
  A2A_CARD_MEDIA_TYPE,
  AI_CATALOG_MEDIA_TYPE,
  looksLikeCatalog,
  mediaTypeEssence,
  readCatalog,
  type Catalog,
  type CatalogEntry,
} from '../core/catalog/model';
import {
  CATALOG_UNREACHABLE_CODE,
  LEGACY_CARD_PATH_CODE,
  type DiscoverFinding,
  type DiscoverReport,
  type DiscoveredEntry,
} from '../core/catalog/discoverReport';
import { isOriginUrl, looksLikeDomain, originOfDomain, wellKnownCandidates } from '../core/catalog/discoverSource';
import { cardVerdict } from '../core/catalog/discoverStatus';
import {
  Allowance,
  DEFAULT_DISCOVER_LIMITS,
  limitFindings,
  nestedDecision,
  notFollowedFinding,
  type CatalogTrail,
  type DiscoverLimits,
} from '../core/catalog/discoverWalk';
import {
  catalogOf,
  createCatalogLoader,
  parsedJson,
  type CatalogLoader,
  type DocumentReach,
  type LoadedDocument,
} from './catalogLoader';
import { catalogFindings } from './catalogFindings';
import { analyzeCardText } from './compile';

export type { DiscoverReport, DiscoveredEntry, DiscoverFinding, DiscoverLimits };
export { discoverJson, reaches } from '../core/catalog/discoverReport';

export interface DiscoverRequest {
  /** A domain (`example.com`, `localhost:8080`), an http(s) URL of a catalog or a card, or a file path. */
  source: string;
  http: HttpClient;
  /** Reads a catalog or card file the source names: its text and how to show where it is; throws a one-line Error. */
  readFile: (path: string) => Promise<{ location: string; text: string }>;
  client: ClientConfig;
  /** Byte limit of each document fetched or read (the card size limit). */
  maxBytes: number;
  timeoutMs?: number;
  /** For URLs listed in a catalog file (repository content): the address classes beyond public the run allows. */
  allow?: NetworkAllowance;
  /** Card texts kept between runs: documents are then revalidated with conditional requests. */
  cache?: CardTextCache;
  limits?: Partial<DiscoverLimits>;
  now?: () => number;
}

/** ok: the source was read (the report may still hold unreachable entries); not ok: nothing could be read, and why. */
export type DiscoverResult = { ok: true; report: DiscoverReport } | { ok: false; reason: string };

/** How a document's URL may be reached: who wrote it, and the class of the origin that handed it out. */
type Reach = Omit<DocumentReach, 'allow'>;

type Fetched = LoadedDocument;

/** Where a catalog is and how the URLs it lists may be reached. */
interface CatalogPlace {
  /** Its URL or file, as reports show it. */
  shown: string;
  /** The base relative entry URLs resolve against (a fetched catalog's URL). */
  base?: string;
  reach: Reach;
  /** Prefix of its entries' pointers: empty for a document, `/entries/N/data` for an inline catalog. */
  pointerPrefix: string;
}

/** A card entry waiting for its fetch and compile. */
interface CardJob {
  entry: DiscoveredEntry;
  /** Fetched (once per run) for an entry with a url. */
  url?: string;
  /** The card's text as read, for a card file or a fetched card; an inline entry's `data` is serialized. */
  text?: string;
  data?: unknown;
  reach: Reach;
}

class Run {
  readonly limits: DiscoverLimits;
  readonly entries: DiscoveredEntry[] = [];
  readonly findings: DiscoverFinding[] = [];
  readonly jobs: CardJob[] = [];
  readonly followed = new Set<string>();
  readonly entryAllowance: Allowance;
  readonly fetchAllowance: Allowance;
  readonly cardAllowance: Allowance;
  readonly loader: CatalogLoader;
  private readonly fetches = new Map<string, Promise<Fetched>>();

  constructor(readonly request: DiscoverRequest) {
    this.limits = { ...DEFAULT_DISCOVER_LIMITS, ...request.limits };
    this.entryAllowance = new Allowance(this.limits.maxEntries);
    this.fetchAllowance = new Allowance(this.limits.maxFetches);
    this.cardAllowance = new Allowance(this.limits.maxCards);
    this.loader = createCatalogLoader({
      http: request.http,
      timeoutMs: request.timeoutMs,
      maxBytes: request.maxBytes,
      ...(request.cache ? { cache: request.cache } : {}),
      freshness: 'reuse',
      ...(request.now ? { now: request.now } : {}),
    });
  }

  /** The document at `url` (every fetch of the run, the well-known candidates included, is made here). */
  fetchDocument(url: string, reach: Reach): Promise<Fetched> {
    return this.loader.document(url, { ...reach, allow: this.request.allow });
  }

  /** The document at `url`, fetched at most once per run; undefined when the run's fetches are spent. */
  fetchOnce(url: string, reach: Reach): Promise<Fetched> | undefined {
    const known = this.fetches.get(url);
    if (known) return known;
    if (!this.fetchAllowance.take()) return undefined;
    const pending = this.fetchDocument(url, reach);
    // Failures are read by every caller of the shared promise; none is left unobserved.
    pending.catch(() => undefined);
    this.fetches.set(url, pending);
    return pending;
  }

  /** What lint reports for a catalog read in this run, among the run's findings. */
  lintCatalog(text: string, shown: string, url?: string): void {
    const { client, maxBytes } = this.request;
    for (const f of catalogFindings({ text, shown, client, maxBytes, ...(url !== undefined ? { url } : {}) }))
      this.findings.push(f);
  }

  report(): DiscoverReport {
    const left = {
      entries: this.entryAllowance.left,
      fetches: this.fetchAllowance.left,
      cards: this.cardAllowance.left,
    };
    return { entries: this.entries, findings: [...this.findings, ...limitFindings(left, this.limits)] };
  }
}

export async function discover(request: DiscoverRequest): Promise<DiscoverResult> {
  const run = new Run(request);
  const source = request.source.trim();
  const started = await start(run, source);
  if (!started.ok) return started;
  await mapBounded(run.jobs, run.limits.concurrency, (job) => runCardJob(run, job));
  return { ok: true, report: run.report() };
}

/** The source read and its top document reported; card jobs queued. Not ok when nothing could be read. */
async function start(run: Run, source: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  if (looksLikeDomain(source)) return startAtOrigin(run, originOfDomain(source));
  if (isHttpLocation(source)) {
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      return { ok: false, reason: `not a valid URL: ${JSON.stringify(source.slice(0, 200))}` };
    }
    url.hash = '';
    if (isOriginUrl(url)) return startAtOrigin(run, url.origin);
    return startAtUrl(run, url.toString());
  }
  if (isOtherUrl(source)) return { ok: false, reason: 'only http(s) URLs, domains and files are discovery sources' };
  return startAtFile(run, source);
}

async function startAtOrigin(run: Run, origin: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  const tried: string[] = [];
  for (const candidate of wellKnownCandidates(origin)) {
    let fetched: Fetched;
    try {
      fetched = await run.fetchDocument(candidate.url, { origin: 'user' });
    } catch (err) {
      // Another path of the same host may serve it; a refused address or a dead host will not.
      if (isNetError(err) && (err.kind === 'http-status' || err.kind === 'content-type')) {
        tried.push(messageOf(err));
        continue;
      }
      return { ok: false, reason: messageOf(err) };
    }
    const value = parsedJson(fetched.text);
    const isCatalog = looksLikeCatalog(value);
    if ((candidate.expect === 'catalog') !== isCatalog) {
      tried.push(`${fetched.url}: not ${candidate.expect === 'catalog' ? 'an AI Catalog' : 'an agent card'}`);
      continue;
    }
    if (candidate.legacy)
      run.findings.push({
        code: LEGACY_CARD_PATH_CODE,
        severity: 'warning',
        message: `the card is served only at the legacy path ${candidate.url} (A2A 0.3); A2A 1.0 clients look for /.well-known/agent-card.json`,
      });
    return startWithDocument(run, fetched, value);
  }
  return { ok: false, reason: `no catalog or agent card found: ${tried.join('; ')}` };
}

async function startAtUrl(run: Run, url: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  let fetched: Fetched;
  try {
    fetched = await run.fetchDocument(url, { origin: 'user' });
  } catch (err) {
    return { ok: false, reason: messageOf(err) };
  }
  return startWithDocument(run, fetched, parsedJson(fetched.text));
}

async function startAtFile(run: Run, path: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  let file: { location: string; text: string };
  try {
    file = await run.request.readFile(path);
  } catch (err) {
    return { ok: false, reason: messageOf(err) };
  }
  const value = parsedJson(file.text);
  if (value === undefined) return { ok: false, reason: `${file.location}: not valid JSON` };
  const reach: Reach = { origin: 'repository' };
  if (looksLikeCatalog(value)) {
    run.lintCatalog(file.text, file.location);
    await walkCatalog(run, readCatalog(value)!, { shown: file.location, reach, pointerPrefix: '' }, root());
    return { ok: true };
  }
  queueSolo(run, soloCard(file.location, value), { text: file.text, reach });
  return { ok: true };
}

/** A fetched top document: a catalog (by its media type, else by its shape) walked, or a card queued. */
async function startWithDocument(
  run: Run,
  fetched: Fetched,
  value: unknown,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  if (value === undefined) return { ok: false, reason: `${fetched.url}: not valid JSON` };
  const reach: Reach = { origin: 'card', originClass: fetched.originClass };
  const catalog = mediaTypeEssence(fetched.mediaType) === AI_CATALOG_MEDIA_TYPE || looksLikeCatalog(value);
  if (catalog) {
    const read = readCatalog(value);
    if (!read) return { ok: false, reason: `${fetched.url}: served as an AI Catalog but has no "entries" array` };
    run.followed.add(fetched.url);
    run.lintCatalog(fetched.text, fetched.url, fetched.url);
    const place = { shown: fetched.url, base: fetched.url, reach, pointerPrefix: '' };
    await walkCatalog(run, read, place, { depth: 0, ancestors: [fetched.url] });
    return { ok: true };
  }
  queueSolo(run, soloCard(fetched.url, value), { text: fetched.text, reach });
  return { ok: true };
}

function root(): CatalogTrail {
  return { depth: 0, ancestors: [] };
}

/** A card found on its own (not through a catalog): one entry named by the card. */
function soloCard(location: string, value: unknown): DiscoveredEntry {
  const name = (value as { name?: unknown } | null)?.name;
  return {
    identifier: typeof name === 'string' ? name : location,
    type: A2A_CARD_MEDIA_TYPE,
    source: location,
    status: 'not-fetched',
  };
}

/** Every entry of a catalog reported; nested catalogs walked depth-first in place; cards queued. */
async function walkCatalog(run: Run, catalog: Catalog, place: CatalogPlace, trail: CatalogTrail): Promise<void> {
  for (const item of catalog.entries) {
    if (!run.entryAllowance.take()) continue;
    const entry = reported(item, place);
    run.entries.push(entry);
    if (item.kind === 'a2a-card') queueCard(run, item, entry, place);
    else if (item.kind === 'catalog') await followNested(run, item, entry, place, trail);
    else entry.status = 'listed';
  }
}

function reported(item: CatalogEntry, place: CatalogPlace): DiscoveredEntry {
  return {
    identifier: item.identifier ?? `(entry ${item.index} has no identifier)`,
    ...(item.version !== undefined ? { version: item.version } : {}),
    type: item.mediaType ?? '(no media type)',
    source: item.hasUrl ? (item.url !== undefined ? withoutUserinfo(item.url) : '(url is not a string)') : 'inline',
    status: 'not-fetched',
    catalog: place.shown,
    pointer: `${place.pointerPrefix}${item.pointer}`,
    ...(item.displayName !== undefined ? { displayName: item.displayName } : {}),
    ...(item.description !== undefined ? { entryDescription: item.description } : {}),
  };
}

function queueCard(run: Run, item: CatalogEntry, entry: DiscoveredEntry, place: CatalogPlace): void {
  if (item.hasUrl && !item.hasData) {
    const url = entryUrl(item, place);
    if (!url.ok) return unreachable(entry, url.reason);
    entry.source = withoutUserinfo(url.url);
    run.jobs.push({ entry, url: url.url, reach: place.reach });
    return;
  }
  if (item.hasData) {
    run.jobs.push({ entry, data: item.data, reach: place.reach });
    return;
  }
  unreachable(entry, 'the entry has neither url nor data');
}

/** A card found on its own: the one entry of the report. */
function queueSolo(run: Run, entry: DiscoveredEntry, what: Omit<CardJob, 'entry'>): void {
  run.entries.push(entry);
  run.jobs.push({ entry, ...what });
}

async function followNested(
  run: Run,
  item: CatalogEntry,
  entry: DiscoveredEntry,
  place: CatalogPlace,
  trail: CatalogTrail,
): Promise<void> {
  const url = item.hasUrl ? entryUrl(item, place) : undefined;
  if (url && !url.ok) return unreachable(entry, url.reason);
  if (url) entry.source = withoutUserinfo(url.url);
  const decision = nestedDecision(trail, url?.url, run.followed);
  const shownUrl = url ? withoutUserinfo(url.url) : undefined;
  const at = { catalog: place.shown, pointer: entry.pointer ?? item.pointer, url: shownUrl };
  if (!decision.follow) {
    if (decision.why === 'seen') {
      entry.status = 'catalog';
      entry.reason = 'followed once already in this run; its entries are listed there';
      return;
    }
    entry.status = 'not-followed';
    entry.reason = decision.why === 'cycle' ? 'a cycle of nested catalogs' : 'nested too deep';
    run.findings.push(notFollowedFinding(decision.why, at));
    return;
  }
  if (!url) {
    const inline = readCatalog(item.data);
    if (!inline) return unreachable(entry, 'the inline data is not a catalog (no "entries" array)');
    entry.status = 'catalog';
    const nestedPlace = { ...place, pointerPrefix: `${at.pointer}/data` };
    return walkCatalog(run, inline, nestedPlace, decision.trail);
  }
  run.followed.add(url.url);
  const read = await readNested(run, url.url, place.reach);
  if (!read.ok) {
    unreachable(entry, read.reason);
    if (read.counted) return;
    run.findings.push({
      code: CATALOG_UNREACHABLE_CODE,
      severity: 'warning',
      message: `the nested catalog could not be read: ${read.reason}`,
      pointer: at.pointer,
      catalog: at.catalog,
    });
    return;
  }
  entry.status = 'catalog';
  run.lintCatalog(read.fetched.text, read.fetched.url, read.fetched.url);
  const nestedPlace: CatalogPlace = {
    shown: read.fetched.url,
    base: read.fetched.url,
    reach: { origin: 'card', originClass: read.fetched.originClass ?? place.reach.originClass },
    pointerPrefix: '',
  };
  await walkCatalog(run, read.catalog, nestedPlace, decision.trail);
}

type NestedRead = { ok: true; fetched: Fetched; catalog: Catalog } | { ok: false; reason: string; counted?: boolean };

async function readNested(run: Run, url: string, reach: Reach): Promise<NestedRead> {
  const pending = run.fetchOnce(url, reach);
  if (!pending) {
    return { ok: false, reason: 'not fetched: the run reached its fetch limit', counted: true };
  }
  let fetched: Fetched;
  try {
    fetched = await pending;
  } catch (err) {
    return { ok: false, reason: messageOf(err) };
  }
  const { catalog } = catalogOf(fetched);
  if (!catalog) return { ok: false, reason: `${fetched.url}: not an AI Catalog (no "entries" array)` };
  return { ok: true, fetched, catalog };
}

async function runCardJob(run: Run, job: CardJob): Promise<void> {
  let text: string;
  if (job.url !== undefined) {
    const pending = run.fetchOnce(job.url, job.reach);
    if (!pending) {
      job.entry.status = 'not-fetched';
      job.entry.reason = 'the run reached its fetch limit';
      return;
    }
    try {
      text = (await pending).text;
    } catch (err) {
      return unreachable(job.entry, messageOf(err));
    }
  } else {
    const own = job.text ?? inlineText(job.data);
    if (own === undefined) {
      job.entry.status = 'invalid';
      job.entry.reason = 'the inline card is nested too deeply to be read';
      return;
    }
    text = own;
  }
  if (!run.cardAllowance.take()) {
    job.entry.status = 'not-fetched';
    job.entry.reason = 'the run reached its limit of compiled cards';
    return;
  }
  compileInto(run, job.entry, text);
}

function compileInto(run: Run, entry: DiscoveredEntry, text: string): void {
  const analyzed = analyzeCardText(text, run.request.client, run.request.maxBytes);
  if (!analyzed.ok) {
    entry.status = 'invalid';
    entry.reason = analyzed.message;
    return;
  }
  const { card, findings, profile } = analyzed.value;
  const verdict = cardVerdict(findings, profile);
  entry.status = verdict.status;
  if (verdict.reason !== undefined) entry.reason = verdict.reason;
  // An inline `data` may be any JSON value (null, a string): only an object has a name to show.
  const c = (card !== null && typeof card === 'object' ? card : {}) as { name?: unknown; description?: unknown };
  if (typeof c.name === 'string') entry.name = c.name;
  if (typeof c.description === 'string') entry.description = c.description;
  if (profile.usable) entry.skills = Object.keys(profile.skills ?? {});
}

function unreachable(entry: DiscoveredEntry, reason: string): void {
  entry.status = 'unreachable';
  entry.reason = reason;
}

/** An entry's URL resolved against its catalog's URL; only http(s): a catalog never names a local file. */
function entryUrl(item: CatalogEntry, place: CatalogPlace): { ok: true; url: string } | { ok: false; reason: string } {
  if (item.url === undefined) return { ok: false, reason: 'the entry url is not a string' };
  let url: URL;
  try {
    url = place.base !== undefined ? new URL(item.url, place.base) : new URL(item.url);
  } catch {
    return { ok: false, reason: 'the entry url is not a valid absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: `only http(s) URLs are fetched (got ${url.protocol})` };
  url.hash = '';
  return { ok: true, url: url.toString() };
}

/**
 * An inline card as text for lint and compile; undefined when it is nested deeper than serializing can go (JSON.parse
 * of the catalog accepted it: the entry is reported invalid, the rest of the run goes on).
 */
function inlineText(data: unknown): string | undefined {
  try {
    return JSON.stringify(data) ?? 'null';
  } catch {
    return undefined;
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
