/**
 * Card loading and the compile workflow: a card file or text in, the card's value (or one line saying why there is
 * none), its findings and the profile a client can use out. `a2acap compile`, `a2acap check --card`, the MCP tools
 * and the library load and compile cards here.
 */
import { parseDocument } from '../core/document';
import { ioReason } from '../core/text/ioReason';
import { lintDocument } from '../core/lint';
import { lineColumn } from '../core/lockfile/read';
import { compileProfile } from '../core/profile/compile';
import { shownProfile } from '../core/profile/shown';
import type { ClientConfig, CompiledProfile, Finding } from '../core/types';
import type { Files } from './files';

/** The compile workflow of a card value: the profile a client with `client` will use (never throws on bad input). */
export function compileCard(card: unknown, client: ClientConfig | undefined): CompiledProfile {
  return compileProfile(card, client);
}

/** A card compiled as outputs show it (`a2acap compile`): interface URLs without userinfo; not for calling the agent. */
export function shownCompiledCard(card: unknown, client: ClientConfig | undefined): CompiledProfile {
  return shownProfile(compileProfile(card, client));
}

export type Loaded<T> = { ok: true; value: T } | { ok: false; message: string };

/** A JSON text's value, or why it has none: "not valid JSON at L:C: …" (`what` names the document). */
export function parseJsonText(text: string, what: string): Loaded<unknown> {
  const doc = parseDocument(text);
  if (doc.ok) return { ok: true, value: doc.value };
  const first = doc.syntaxErrors[0];
  return {
    ok: false,
    message: `${what} is not valid JSON${first ? ` at ${lineColumn(text, first.offset)}: ${first.message}` : ''}`,
  };
}

/**
 * Reads and parses a JSON file; every failure is one line (without the path, which the front end names as its user
 * typed it): missing, unreadable, over the size limit, empty, binary, or a syntax error with line and column.
 */
export async function loadJsonFile(
  files: Files,
  path: string,
  maxBytes: number,
  what: string,
): Promise<Loaded<unknown>> {
  let size: number;
  try {
    const info = await files.stat(path);
    if (!info.isFile()) return { ok: false, message: 'not a file' };
    size = info.size;
  } catch (err) {
    return { ok: false, message: `cannot read ${what} (${ioReason(err)})` };
  }
  if (size > maxBytes)
    return {
      ok: false,
      message: `${what} is ${size} bytes, over the ${maxBytes}-byte limit (card-too-large); not compiled — raise it with --max-card-bytes`,
    };
  let text: string;
  try {
    const bytes = await files.readBytes(path);
    text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  } catch (err) {
    return { ok: false, message: `cannot read ${what} (${ioReason(err)})` };
  }
  return parseJsonText(text, what);
}

export interface AnalyzedCard {
  card: unknown;
  findings: Finding[];
  /** As outputs show it (core/profile/shown.ts): interface URLs without userinfo; not for calling the agent. */
  profile: CompiledProfile;
}

/** A card's text linted and compiled for `client`, as `a2acap lint` and `a2acap compile` do. */
export function analyzeCardText(text: string, client: ClientConfig, maxCardBytes: number): Loaded<AnalyzedCard> {
  const lint = lintDocument(text, { kind: 'card', settings: { client, maxCardBytes } });
  if (lint.tooLarge)
    return {
      ok: false,
      message: `the card is over the ${maxCardBytes}-byte limit of this server (card-too-large); not compiled`,
    };
  if (lint.value === undefined) {
    const parsed = parseJsonText(text, 'the card');
    return { ok: false, message: parsed.ok ? 'the card is not valid JSON' : parsed.message };
  }
  return {
    ok: true,
    value: { card: lint.value, findings: lint.findings, profile: shownProfile(compileProfile(lint.value, client)) },
  };
}
