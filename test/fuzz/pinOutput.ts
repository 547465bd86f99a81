/**
 * Pinning a fuzzed card as the MCP tool a2a_pin answers a model: the lockfile text it returns stays within its
 * bound whatever the card's values (huge skill ids, media types, scopes), and a selection the card cannot satisfy
 * gives an error line (pinFailure) that quotes none of the card's values, which go to `untrusted` instead.
 */
import { buildLockfile } from '../../server/src/core/pin/buildLockfile';
import { PinError } from '../../server/src/core/pin/errors';
import { serializeLockfile } from '../../server/src/core/pin/serialize';
import type { CompiledProfile, Lockfile } from '../../server/src/core/types';
import { LIMITS } from '../../server/src/mcp/limits';
import { shownLockfile } from '../../server/src/mcp/lockfileText';
import { pinFailure } from '../../server/src/mcp/pinFailure';
import { describeError, type Failure } from './properties';

const UNKNOWN = 'fuzz-unknown-skill';
const NOW = () => new Date(0);

function pin(profile: CompiledProfile, skills: string[]): { lock?: Lockfile; error?: unknown } {
  try {
    return {
      lock: buildLockfile({
        profile,
        cardDigest: 'sha256:0',
        agentUrl: 'https://agent.example',
        selection: { skills },
        now: NOW,
      }),
    };
  } catch (error) {
    return { error };
  }
}

function errorFailures(error: unknown, requested: readonly string[]): Failure[] {
  if (!(error instanceof PinError))
    return [{ property: 'pinning fails only with a PinError', detail: describeError(error) }];
  // The line a model reads: it must quote none of the card's values (the ones the selection did not name).
  const line = pinFailure(error).message;
  const cardValues = [
    ...(error.parts?.offered?.values ?? []),
    ...(error.parts?.cardText ? [error.parts.cardText] : []),
  ];
  const quoted = cardValues.find((v) => v.length >= 8 && !requested.some((r) => r.includes(v)) && line.includes(v));
  return quoted === undefined
    ? []
    : [
        {
          property: "a2a_pin's error line quotes no card value",
          detail: `${line.slice(0, 200)} quotes ${quoted.slice(0, 80)}`,
        },
      ];
}

export function pinOutputFailures(profile: CompiledProfile, lock: Lockfile): Failure[] {
  const requested = Object.keys(lock.requires.skills ?? {}).slice(0, 5);
  const failures: Failure[] = [];
  const pinned = pin(profile, requested.length ? requested : [UNKNOWN]);
  if (pinned.lock) {
    const shown = shownLockfile(pinned.lock, serializeLockfile(pinned.lock));
    if (shown.text.length > LIMITS.lockfileTextChars + 60)
      failures.push({ property: "a2a_pin's lockfile text is bounded", detail: `${shown.text.length} characters` });
  } else failures.push(...errorFailures(pinned.error, requested));
  const unknown = pin(profile, [...requested, UNKNOWN]);
  if (unknown.error) failures.push(...errorFailures(unknown.error, [...requested, UNKNOWN]));
  return failures;
}
