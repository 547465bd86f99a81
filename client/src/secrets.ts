import type * as vscode from 'vscode';

/**
 * Credentials for live agents, kept in VS Code's SecretStorage (never in settings, never in server
 * state): they are read only when a request is about to be sent and passed along in its params.
 * Keys are namespaced per agent origin so one agent's token is never offered to another.
 */
export class Secrets {
  constructor(private readonly storage: vscode.SecretStorage) {}

  private key(origin: string, scheme: string): string {
    return `a2a.credential:${origin}#${scheme}`;
  }

  get(origin: string, scheme: string): Thenable<string | undefined> {
    return this.storage.get(this.key(origin, scheme));
  }

  set(origin: string, scheme: string, value: string): Thenable<void> {
    return this.storage.store(this.key(origin, scheme), value);
  }

  clear(origin: string, scheme: string): Thenable<void> {
    return this.storage.delete(this.key(origin, scheme));
  }
}
