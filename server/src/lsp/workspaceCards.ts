import type { RuntimeEnvironment } from './runtime';
import { matchesGlob } from './glob';

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

  constructor(private readonly files: RuntimeEnvironment['files']) {}

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
