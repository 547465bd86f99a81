/**
 * a2a_discover — {source, bindings?, knownExtensions?, cursor?} → the entries a domain, a catalog or a card leads
 * to (app/discover.ts, as `a2acap discover` reports them), a page at a time, each with its status for the calling
 * client, and the findings about the catalogs. The values a catalog chose and we pass on structurally (identifiers,
 * versions, types, URLs, skill ids) are clipped; the entries' and cards' free text (display names, descriptions)
 * is only inside `untrusted`.
 */
import { discover, type DiscoveredEntry, type DiscoverFinding } from '../../app/discover';
import { redactValue, secretRedactor } from '../../app/text';
import type { HttpClient } from '../../core/net/http';
import { clientFrom, cursorFrom, requiredString, type Args } from '../args';
import { UNTRUSTED_NOTICE, clipped, clippedValues } from '../envelope';
import { LIMITS } from '../limits';
import { displayPath } from '../shownPath';
import { pathInsideRoots, readFile } from '../sources';
import { ToolError } from '../toolError';
import type { ToolWorld } from '../world';
import { pageOf } from './page';

/** A tool call is bounded in time (LIMITS.callMs): fewer fetches than the CLI's run. */
const TOOL_LIMITS = { maxFetches: 20, maxCards: 50, concurrency: 4 };

interface UntrustedEntry {
  displayName?: string;
  description?: string;
  card_name?: string;
  card_description?: string;
}

export interface DiscoverToolResult {
  source: string;
  entries_total: number;
  next_cursor?: string;
  entries: Record<string, unknown>[];
  findings: Record<string, unknown>[];
  untrusted: {
    notice: string;
    limit_chars: number;
    entries: Record<string, UntrustedEntry>;
    /** The messages of the catalog lint findings, by their index in `findings`. */
    findings: Record<string, { message: string }>;
  };
}

/** With the network off (an untrusted workspace), every request fails with the reason, and files are still read. */
function offline(reason: string): HttpClient {
  return { request: () => Promise.reject(new ToolError(reason)), close: () => Promise.resolve() };
}

function fileReader(world: ToolWorld) {
  return async (path: string): Promise<{ location: string; text: string }> => {
    const inside = await pathInsideRoots(world, path);
    const shown = displayPath(world, inside);
    return { location: shown, text: world.redact(readFile(inside, shown, world.maxCardBytes, 'the file')) };
  };
}

/** An entry's structural values, clipped; its free text goes to `untrusted`. */
function listed(entry: DiscoveredEntry, index: number): Record<string, unknown> {
  const { displayName: _d, entryDescription: _e, name: _n, description: _c, skills, ...rest } = entry;
  return clippedValues({
    index,
    ...rest,
    ...(skills ? { skills: skills.slice(0, LIMITS.skillsPerPage), skills_total: skills.length } : {}),
  });
}

function untrustedOf(entry: DiscoveredEntry): UntrustedEntry | undefined {
  const text: UntrustedEntry = {
    ...(entry.displayName !== undefined ? { displayName: clipped(entry.displayName) } : {}),
    ...(entry.entryDescription !== undefined ? { description: clipped(entry.entryDescription) } : {}),
    ...(entry.name !== undefined ? { card_name: clipped(entry.name) } : {}),
    ...(entry.description !== undefined ? { card_description: clipped(entry.description) } : {}),
  };
  if (Object.keys(text).length === 0) return undefined;
  // The card's text goes to a model: a credential it holds (secrets-in-card finds it) is not repeated. Found in the
  // whole strings, since clipping may cut one short of what its shape needs.
  const redact = secretRedactor([entry.displayName, entry.entryDescription, entry.name, entry.description]);
  return redact ? redactValue(text, redact) : text;
}

/**
 * A finding's structural values; a catalog lint finding's message (it may quote the catalog) goes to `untrusted`,
 * and the rule's title stands in for it here.
 */
function finding(f: DiscoverFinding, index: number): Record<string, unknown> {
  return {
    index,
    code: f.code,
    severity: f.severity,
    message: clipped(f.ruleTitle ?? f.message, LIMITS.untrustedChars),
    ...(f.pointer !== undefined ? { pointer: clipped(f.pointer, LIMITS.valueChars) } : {}),
    ...(f.catalog !== undefined ? { catalog: clipped(f.catalog, LIMITS.valueChars) } : {}),
  };
}

export async function a2aDiscover(world: ToolWorld, args: Args): Promise<DiscoverToolResult> {
  const source = requiredString(args, 'source');
  const client = clientFrom(args);
  const start = cursorFrom(args);
  const result = await discover({
    source,
    http: world.http ?? offline(world.networkOff ?? 'the network is off for these tools'),
    readFile: fileReader(world),
    client,
    maxBytes: world.maxCardBytes,
    timeoutMs: LIMITS.requestMs,
    allow: world.allow,
    limits: TOOL_LIMITS,
  });
  if (!result.ok) throw new ToolError(result.reason);
  const { entries, findings } = result.report;
  const page = pageOf(
    entries.map((entry, index) => ({ entry, index })),
    start,
    LIMITS.skillsPerPage,
  );
  const shownFindings = findings.slice(0, LIMITS.findings);
  const untrustedFindings: Record<string, { message: string }> = {};
  shownFindings.forEach((f, index) => {
    if (f.ruleTitle !== undefined) untrustedFindings[String(index)] = { message: clipped(f.message) };
  });
  const untrusted: Record<string, UntrustedEntry> = {};
  for (const { entry, index } of page.items) {
    const text = untrustedOf(entry);
    if (text) untrusted[String(index)] = text;
  }
  return {
    source: clipped(source, LIMITS.valueChars),
    entries_total: page.total,
    ...(page.next_cursor ? { next_cursor: page.next_cursor } : {}),
    entries: page.items.map(({ entry, index }) => listed(entry, index)),
    findings: shownFindings.map(finding),
    untrusted: {
      notice: UNTRUSTED_NOTICE,
      limit_chars: LIMITS.untrustedChars,
      entries: untrusted,
      findings: untrustedFindings,
    },
  };
}
