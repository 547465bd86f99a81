/** The world the server needs, injected by the entry point (timers, file access). */
import type { WorkspaceFiles } from '../node/nodeFiles';

export interface Disposable {
  dispose(): void;
}

export interface RuntimeEnvironment {
  timer: {
    setTimeout(callback: () => void, ms: number): Disposable;
  };
  /** Read-only access to workspace files (finding the card a lockfile pins when it is not open). */
  files?: WorkspaceFiles;
}
