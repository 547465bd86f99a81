/**
 * Pauses for long work in the server (checking a lockfile of thousands of skills): each pause lets the event loop
 * answer what arrived meanwhile (a hover, a keystroke), and abandons the work once its request was cancelled or
 * its document changed, since nobody will see its result.
 */
/** What a pause reads of an LSP cancellation token (structurally the same as vscode-languageserver's). */
export interface CancellationToken {
  readonly isCancellationRequested: boolean;
}

/** Thrown by a pause to abandon the work; callers drop it quietly. */
export class Abandoned extends Error {
  constructor() {
    super('abandoned: the request was cancelled or the document changed');
    this.name = 'Abandoned';
  }
}

export function pauseFor(token?: CancellationToken, stale?: () => boolean): () => Promise<void> {
  return () =>
    new Promise<void>((resolve, reject) => {
      setImmediate(() => (token?.isCancellationRequested || stale?.() ? reject(new Abandoned()) : resolve()));
    });
}
