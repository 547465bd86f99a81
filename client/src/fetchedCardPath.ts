/**
 * Where a fetched card opens: a read-only virtual document (scheme `a2a-fetched`), so closing it never asks to save
 * what was only read, while the language server still lints, hovers and pins it (the document selector is by
 * language, any scheme). The path ends in `agent-card.json`, which VS Code maps to the agent card language, and
 * names the agent's host so the tab says where the card came from; the URL's userinfo never appears in it.
 */
export const FETCHED_SCHEME = 'a2a-fetched';

/** The path of the `n`th card fetched this session from `url`: `/<host>/<n>/agent-card.json`. */
export function fetchedCardPath(url: string, n: number): string {
  let host = 'agent';
  try {
    host = new URL(url).host || host;
  } catch {
    // Not a URL the server could have fetched; the counter still keeps the documents apart.
  }
  return `/${encodeURIComponent(host)}/${n}/agent-card.json`;
}
