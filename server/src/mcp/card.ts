/**
 * One card as the tools see it: read from its source (sources.ts), linted and compiled by the core exactly as
 * `a2acap lint` and `a2acap compile` do, for the client the arguments describe.
 */
import { lintDocument } from '../core/lint';
import { lineColumn } from '../core/lockfile/read';
import { parseDocument } from '../core/document';
import { compileProfile } from '../core/profile/compile';
import { shownProfile } from '../core/profile/shown';
import type { ClientConfig, CompiledProfile, Finding } from '../core/types';
import { readSource } from './sources';
import { ToolError } from './toolError';
import type { ToolWorld } from './world';

export interface AnalyzedCard {
  location: string;
  card: unknown;
  findings: Finding[];
  /** As outputs show it (core/profile/shown.ts): not for calling the agent. */
  profile: CompiledProfile;
}

export async function analyzeCard(world: ToolWorld, source: string, client: ClientConfig): Promise<AnalyzedCard> {
  const { location, text } = await readSource(world, source);
  const lint = lintDocument(text, { kind: 'card', settings: { client, maxCardBytes: world.maxCardBytes } });
  if (lint.tooLarge)
    throw new ToolError(
      `the card is over the ${world.maxCardBytes}-byte limit of this server (card-too-large); not compiled`,
    );
  if (lint.value === undefined) {
    const parsed = parseDocument(text);
    const first = parsed.ok ? undefined : parsed.syntaxErrors[0];
    throw new ToolError(
      `the card is not valid JSON${first ? ` at ${lineColumn(text, first.offset)}: ${first.message}` : ''}`,
    );
  }
  // The tools only show the profile (to a model): its URLs without userinfo, as every output shows them.
  const profile = shownProfile(compileProfile(lint.value, client));
  return { location, card: lint.value, findings: lint.findings, profile };
}
