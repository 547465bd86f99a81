/**
 * What a workflow reads files with, and the Node implementation. Apart from world.ts so that a workflow that only
 * reads files (lint, compile) loads no network code: `a2acap lint` starts without the HTTP client.
 */
import { readFile, stat } from 'node:fs/promises';
import { readTextSync } from '../node/readText';

/** What a workflow reads files with. */
export interface Files {
  stat(path: string): Promise<{ size: number; isFile(): boolean; isDirectory(): boolean }>;
  readBytes(path: string): Promise<Uint8Array>;
  /** Bounded (node/readText.ts): errors arrive as a rejection with their code (ENOENT, EISDIR, EFBIG…). */
  readText(path: string, maxBytes?: number): Promise<string>;
}

export const nodeFiles: Files = {
  stat: (path) => stat(path),
  readBytes: (path) => readFile(path),
  readText: async (path, maxBytes) => readTextSync(path, maxBytes),
};
