import type { Connection, Diagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CapabilitiesChangedNotification } from '../../protocol';
import type { Disposable, RuntimeEnvironment } from '../runtime';
import { Abandoned } from '../../app/document/pace';

/**
 * Push diagnostics with a debounce. Stale results are dropped: a validation whose document version
 * changed while it ran publishes nothing (the newer one will).
 */
export class Validator {
  private readonly pending = new Map<string, Disposable>();
  /** Bumped by every schedule: a validation still running when a newer one is asked for is abandoned. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly connection: Connection,
    private readonly runtime: RuntimeEnvironment,
    private delayMs: number,
    private readonly getDocument: (uri: string) => TextDocument | undefined,
    private readonly compute: (doc: TextDocument, superseded: () => boolean) => Promise<Diagnostic[]>,
  ) {}

  setDelay(ms: number): void {
    this.delayMs = ms;
  }

  /** Validates after the debounce (0 → on the next tick, still coalescing a burst of changes). */
  schedule(doc: TextDocument): void {
    this.cancel(doc.uri);
    this.generations.set(doc.uri, (this.generations.get(doc.uri) ?? 0) + 1);
    this.pending.set(
      doc.uri,
      this.runtime.timer.setTimeout(() => {
        this.pending.delete(doc.uri);
        // A closed connection (shutdown) must not become an unhandled rejection that kills the process.
        this.validate(doc.uri).catch(() => undefined);
      }, this.delayMs),
    );
  }

  cancel(uri: string): void {
    this.pending.get(uri)?.dispose();
    this.pending.delete(uri);
  }

  async validate(uri: string): Promise<void> {
    const doc = this.getDocument(uri);
    if (!doc) return;
    const version = doc.version;
    const generation = this.generations.get(uri);
    const superseded = () => this.generations.get(uri) !== generation;
    let diagnostics: Diagnostic[];
    try {
      diagnostics = await this.compute(doc, superseded);
    } catch (error) {
      if (error instanceof Abandoned) return; // the document changed: the newer validation publishes
      this.connection.console.error(
        `validation of ${uri} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return;
    }
    const current = this.getDocument(uri);
    if (!current || current.version !== version || superseded()) return;
    await this.connection.sendDiagnostics({ uri, version, diagnostics });
    await this.connection.sendNotification(CapabilitiesChangedNotification.type, { uri });
  }

  /** Clears a closed document's diagnostics. */
  clear(uri: string): void {
    this.cancel(uri);
    this.generations.delete(uri);
    this.connection.sendDiagnostics({ uri, diagnostics: [] }).catch(() => undefined);
  }
}
