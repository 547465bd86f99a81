/**
 * Asking the MCP tools a2a_profile / a2a_how_to_call for a skill a fuzzed card does not offer: the error line a
 * model reads quotes none of the card's skill ids (they go to `untrusted`, listed and clipped, at most a page).
 */
import type { CompiledProfile } from '../../server/src/core/types';
import { LIMITS } from '../../server/src/mcp/limits';
import { ToolError } from '../../server/src/mcp/toolError';
import { skillPage } from '../../server/src/mcp/tools/profile';
import { describeError, type Failure } from './properties';

const UNKNOWN = 'fuzz-unknown-skill';

export function unknownSkillFailures(profile: CompiledProfile): Failure[] {
  if (Object.prototype.hasOwnProperty.call(profile.skills ?? {}, UNKNOWN)) return [];
  let error: unknown;
  try {
    skillPage(profile, UNKNOWN, 0);
  } catch (err) {
    error = err;
  }
  if (!(error instanceof ToolError))
    return [{ property: 'an unknown skill is a ToolError', detail: describeError(error) }];
  const ids = Object.keys(profile.skills ?? {});
  const quoted = ids.find((id) => id.length >= 8 && !UNKNOWN.includes(id) && error.message.includes(id));
  if (quoted !== undefined)
    return [
      {
        property: 'the unknown-skill error line quotes no card value',
        detail: `${error.message.slice(0, 200)} quotes ${quoted.slice(0, 80)}`,
      },
    ];
  const listed = (error.agentData?.skills ?? []) as string[];
  if (listed.length > LIMITS.skillsPerPage || listed.some((id) => id.length > LIMITS.valueChars + 50))
    return [{ property: 'the skill ids under untrusted are a clipped page', detail: `${listed.length} ids` }];
  return [];
}
