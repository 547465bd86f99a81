import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import type { WorkspaceFiles } from '../../node/nodeFiles';
import { matchesGlob } from './glob';
import { lockfileCardPaths, repositoryRoot, resolveInside, type InsideRoot } from '../../node/insideRoot';

const MAX_WORKSPACE_CARDS = 200;

export interface WorkspaceCard {
  path: string;
  card: unknown;
}

/**
 * The agent cards on disk in the workspace folders (files matching a2a.files.agentCards), read once
 * and kept until a watched file changes: lockfile checks run on every keystroke in a lockfile (and
 * in every open card), so they must not walk the disk each time.
 */
export class WorkspaceCardIndex {
  private cached: { key: string; cards: Promise<WorkspaceCard[]> } | undefined;

  constructor(private readonly files: WorkspaceFiles | undefined) {}

  /** Drops the index (workspace/didChangeWatchedFiles). */
  invalidate(): void {
    this.cached = undefined;
  }

  cards(folders: readonly string[], globs: readonly string[], maxBytes: number): Promise<WorkspaceCard[]> {
    const key = JSON.stringify([folders, globs, maxBytes]);
    if (this.cached?.key !== key) this.cached = { key, cards: this.load(folders, globs, maxBytes) };
    return this.cached.cards;
  }

  /** One card file by path (a lockfile whose `agent` is a relative path); not cached: one small read. */
  async read(path: string, maxBytes: number): Promise<unknown> {
    const text = await this.files?.read(path, maxBytes);
    return text === undefined ? undefined : parseOrUndefined(text);
  }

  private async load(folders: readonly string[], globs: readonly string[], maxBytes: number): Promise<WorkspaceCard[]> {
    const files = this.files;
    if (!files) return [];
    const out: WorkspaceCard[] = [];
    for (const folder of folders) {
      for (const path of await files.find(folder, (p) => globs.some((g) => matchesGlob(p, g)), MAX_WORKSPACE_CARDS)) {
        const text = await files.read(path, maxBytes);
        const card = text === undefined ? undefined : parseOrUndefined(text);
        if (card !== undefined) out.push({ path, card });
      }
    }
    return out;
  }
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return undefined;
  }
}

/**
 * The root a path in repository content (a lockfile's `agent`) must stay inside, in the editor: the workspace
 * folder holding `dir` (the innermost), else the git top-level above it (a lockfile opened from outside the folders).
 */
export function workspaceRootOf(folders: readonly string[], dir: string): Promise<string> {
  const holding = folders
    .filter((f) => {
      const rel = relative(resolve(f), resolve(dir));
      return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
    })
    .sort((a, b) => b.length - a.length)[0];
  return holding !== undefined ? Promise.resolve(resolve(holding)) : repositoryRoot(dir);
}

/** The check of lockfile card paths for the editor (node/insideRoot.ts), with the workspace folder as the root. */
export function workspaceCardPaths(
  folders: () => readonly string[],
): (lockfilePath: string, agent: string) => Promise<InsideRoot> {
  return (lockfilePath, agent) => lockfileCardPaths((dir) => workspaceRootOf(folders(), dir))(lockfilePath, agent);
}

/** A lockfile found on disk (closed, or checked by path) is read only when it, symlinks resolved, is inside its workspace folder. */
export async function lockfileInsideWorkspace(folders: readonly string[], path: string): Promise<InsideRoot> {
  const dir = dirname(resolve(path));
  return resolveInside(await workspaceRootOf(folders, dir), dir, basename(path));
}
