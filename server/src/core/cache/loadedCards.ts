import type { CachedCard, CardCache } from './types';

/** The in-process card cache (the language server keeps one for its lifetime; the CLI one per run). */
export class MemoryCardCache implements CardCache {
  private readonly entries = new Map<string, CachedCard>();

  get(location: string): CachedCard | undefined {
    return this.entries.get(location);
  }

  set(location: string, entry: CachedCard): void {
    this.entries.set(location, entry);
  }

  get size(): number {
    return this.entries.size;
  }
}
