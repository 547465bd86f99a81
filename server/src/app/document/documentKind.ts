import type { DocumentKind } from '../../core/types';
import type { A2ASettings } from '../../protocol';
import { matchesGlob } from './glob';

/**
 * What the server treats a document as: our language ids decide first, then the configured file
 * patterns (for plain `json` documents); undefined lets the core decide by content.
 */
export function documentKind(languageId: string, uri: string, settings: A2ASettings): DocumentKind | undefined {
  if (languageId === 'a2a-agent-card') return 'card';
  if (languageId === 'a2a-lockfile') return 'lockfile';
  if (languageId === 'a2a-ai-catalog') return 'catalog';
  const path = uriPath(uri);
  if (settings.files.lockfiles.some((g) => matchesGlob(path, g))) return 'lockfile';
  if (settings.files.catalogs.some((g) => matchesGlob(path, g))) return 'catalog';
  if (settings.files.agentCards.some((g) => matchesGlob(path, g))) return 'card';
  return undefined;
}

/** The path part of a URI, decoded, with forward slashes. */
export function uriPath(uri: string): string {
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}

export function baseName(uri: string): string {
  const p = uriPath(uri);
  return p.slice(p.lastIndexOf('/') + 1);
}
