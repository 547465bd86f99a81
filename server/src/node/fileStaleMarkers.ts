/**
 * Stale markers shared between processes through a JSON file (default `.a2a/stale.json` under the
 * workspace or the current directory): a workflow process using sendToSkill records runtime evidence,
 * and the editor and `a2acap check --live` re-check the lockfiles pinning a marked agent.
 *
 * File: {"version": 1, "markers": [{"agent", "reason", "at", "count"}]}. Every write is a
 * read-merge-write of the CURRENT file (so markers another process wrote meanwhile are kept), replaced
 * atomically (node/writeAtomic.ts). A missing file is empty; a corrupt file, or corrupt entries, are
 * skipped, never fatal. Agents are compared by agentKey() (a base URL and its card URL are one agent).
 *
 * The StaleMarkers interface is synchronous (sendToSkill marks on the request path): mark/clear apply in
 * memory at once and are written in the background, in order; `flush()` waits for the writes and reports
 * the last write error, if any. A failed write never throws from mark/clear.
 */
import { dirname, join } from 'node:path';
import { agentKey } from '../core/evidence/agentKey';
import { assertReadableInside } from './insideRoot';
import { makeDirectory } from './makeDirectory';
import { readTextSync } from './readText';
import { writeFileAtomic } from './writeAtomic';
import type { StaleMarker, StaleMarkers } from '../core/send/staleMarkers';
import { machineJson } from '../core/report/machineJson';

export const DEFAULT_STALE_FILE = join('.a2a', 'stale.json');

/** File access, injected so tests (and other hosts) can supply their own. */
export interface StaleFileSystem {
  /** Resolves with the text, or rejects (ENOENT for a missing file). */
  readFile(path: string): Promise<string>;
  /** Replaces the file atomically, creating its directory when needed. */
  writeFile(path: string, text: string): Promise<void>;
}

export const nodeStaleFileSystem: StaleFileSystem = {
  // Bounded, regular files only: a FIFO at this path would otherwise wait for a writer forever (readText.ts).
  // Never through a symlink out of the repository, like the writes.
  async readFile(path) {
    await assertReadableInside(path);
    return readTextSync(path);
  },
  async writeFile(path, text) {
    makeDirectory(dirname(path));
    await writeFileAtomic(path, text);
  },
};

export interface FileStaleMarkers extends StaleMarkers {
  readonly path: string;
  /** Re-reads the file (markers written by other processes); pending local changes are kept on top. */
  load(): Promise<void>;
  /** Waits until every mark/clear so far is written. Rejects with the error of a failed write. */
  flush(): Promise<void>;
}

type Op = { op: 'mark'; agent: string; reason: string; at: string } | { op: 'clear'; agent: string };

/** Markers of a file's text; anything unreadable is skipped (and `problems` counts it). */
/** `kept`: entries this version cannot read (a newer writer's): written back as they were, never dropped. */
export function parseStaleFile(text: string): { markers: StaleMarker[]; problems: number; kept: unknown[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { markers: [], problems: 1, kept: [] };
  }
  const list = (value as { markers?: unknown } | null)?.markers;
  if (!Array.isArray(list)) return { markers: [], problems: 1, kept: [] };
  const markers: StaleMarker[] = [];
  const kept: unknown[] = [];
  for (const m of list) {
    const e = m as Partial<StaleMarker> | null;
    if (
      e &&
      typeof e.agent === 'string' &&
      e.agent !== '' &&
      typeof e.reason === 'string' &&
      typeof e.at === 'string'
    ) {
      markers.push({
        agent: e.agent,
        reason: e.reason,
        at: e.at,
        count: Number.isInteger(e.count) && e.count! > 0 ? e.count! : 1,
      });
    } else {
      kept.push(m);
    }
  }
  return { markers, problems: kept.length, kept };
}

export function serializeStaleFile(markers: readonly StaleMarker[], kept: readonly unknown[] = []): string {
  const sorted = [...markers].sort((a, b) => a.agent.localeCompare(b.agent));
  return `${machineJson({ version: 1, markers: [...sorted, ...kept] }, 2)}\n`;
}

/** Applies one operation to a list of markers (pure; agents compared by agentKey). */
function apply(markers: StaleMarker[], op: Op): StaleMarker[] {
  const key = agentKey(op.agent);
  const i = markers.findIndex((m) => agentKey(m.agent) === key);
  const current = markers[i];
  if (op.op === 'clear') return current === undefined ? markers : markers.filter((_, n) => n !== i);
  if (current === undefined) return [...markers, { agent: op.agent, reason: op.reason, at: op.at, count: 1 }];
  const next = [...markers];
  next[i] = { ...current, reason: op.reason, count: current.count + 1 };
  return next;
}

export function fileStaleMarkers(path: string, fs: StaleFileSystem = nodeStaleFileSystem): FileStaleMarkers {
  let base: StaleMarker[] = [];
  let pending: Op[] = [];
  let chain: Promise<void> = Promise.resolve();
  let lastError: unknown;

  const view = (): StaleMarker[] => pending.reduce(apply, base);
  const readCurrent = async (): Promise<{ markers: StaleMarker[]; kept: unknown[] }> => {
    try {
      return parseStaleFile(await fs.readFile(path));
    } catch {
      return { markers: [], kept: [] }; // missing or unreadable: nothing recorded yet
    }
  };
  const write = (): void => {
    chain = chain.then(async () => {
      const count = pending.length;
      if (count === 0) return;
      // Marks and clears made while this write runs stay pending for the next one.
      const current = await readCurrent();
      const merged = pending.slice(0, count).reduce(apply, current.markers);
      try {
        await fs.writeFile(path, serializeStaleFile(merged, current.kept));
        base = merged;
        pending = pending.slice(count);
        lastError = undefined;
      } catch (err) {
        lastError = err; // kept pending: the next write or flush retries
      }
    });
  };

  return {
    path,
    mark(agent, reason, at) {
      pending.push({ op: 'mark', agent, reason, at });
      write();
    },
    get(agent) {
      const key = agentKey(agent);
      return view().find((m) => agentKey(m.agent) === key);
    },
    list: () => view(),
    clear(agent) {
      if (!this.get(agent)) return;
      pending.push({ op: 'clear', agent });
      write();
    },
    async load() {
      await chain;
      base = (await readCurrent()).markers;
    },
    async flush() {
      write();
      await chain;
      if (lastError !== undefined) throw lastError;
    },
  };
}
