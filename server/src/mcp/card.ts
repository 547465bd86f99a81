/**
 * One card as the tools see it: read from its source (sources.ts), linted and compiled by the core exactly as
 * `a2acap lint` and `a2acap compile` do, for the client the arguments describe.
 */
import { analyzeCardText } from '../app/compile';
import type { ClientConfig, CompiledProfile, Finding } from '../app/settings';
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
  // The tools only show the profile (to a model): its URLs without userinfo, as every output shows them.
  const analyzed = analyzeCardText(text, client, world.maxCardBytes);
  if (!analyzed.ok) throw new ToolError(analyzed.message);
  return { location, ...analyzed.value };
}
