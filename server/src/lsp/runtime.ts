/** The world the server needs, injected by the entry point (timers, file access). */
export interface Disposable {
  dispose(): void;
}

export interface RuntimeEnvironment {
  timer: {
    setTimeout(callback: () => void, ms: number): Disposable;
  };
  /** Read-only access to workspace files (finding the card a lockfile pins when it is not open). */
  files?: {
    /** Files under `folder` whose path matches `accept`, at most `limit` of them (skipping node_modules and dot folders). */
    find(folder: string, accept: (path: string) => boolean, limit: number): Promise<string[]>;
    /** File text, or undefined when it cannot be read or is larger than `maxBytes`. */
    read(path: string, maxBytes: number): Promise<string | undefined>;
  };
}
