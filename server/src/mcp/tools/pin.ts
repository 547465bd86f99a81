/**
 * a2a_pin — {source, skills, input?, output?, streaming?, extensions?, lockfile?, write?} → the lockfile text
 * pinning those skills (core/pin/buildLockfile.ts, serialize.ts, as `a2acap pin` writes it); with `write: true`
 * it is written to `lockfile` (a lockfile name, inside the roots) atomically (node/writeLockfile.ts), and a re-pin
 * that changes nothing leaves the file as it was. The text holds values the card chose, so it is returned inside
 * `untrusted` (lockfileText.ts); a selection the card cannot satisfy is an error line in our words, with the card's
 * values (the skills it offers) listed under `untrusted`.
 */
import { basename } from 'node:path';
import { catalogFileSource } from '../catalogFileSource';
import { cardLocationFor, isHttpLocation, pin, serializeLockfile, writePinnedLockfile } from '../../app/pin';
import { cardLoaderFor } from '../../app/world';
import { resolveClient, type Lockfile } from '../../app/settings';
import { optionalBoolean, optionalString, requiredString, stringList, type Args } from '../args';
import { UNTRUSTED_NOTICE, clipped } from '../envelope';
import { pinFailure } from '../pinFailure';
import { LIMITS } from '../limits';
import { shownLockfile } from '../lockfileText';
import { isLockfileName } from '../lockfileIndex';
import { displayPath } from '../shownPath';
import { pathInsideRoots, toolCardSource } from '../sources';
import { ToolError, messageOf } from '../toolError';
import { firstRoot, type ToolWorld } from '../world';

async function locationOf(world: ToolWorld, source: string): Promise<string> {
  if (!isHttpLocation(source)) return pathInsideRoots(world, source);
  try {
    return cardLocationFor(source);
  } catch (err) {
    throw new ToolError(messageOf(err));
  }
}

/** The answer: our facts outside, the lockfile text (values the card chose) inside `untrusted`. */
function pinAnswer(lock: Lockfile, text: string, written: boolean, file?: string): Record<string, unknown> {
  const shown = shownLockfile(lock, text);
  return {
    written,
    ...(file !== undefined ? { file } : {}),
    skills_pinned: Object.keys(lock.requires.skills ?? {}).length,
    lockfile_text_complete: shown.complete,
    untrusted: {
      notice: UNTRUSTED_NOTICE,
      limit_chars: LIMITS.valueChars,
      text_limit_chars: LIMITS.lockfileTextChars,
      lockfile_text: shown.text,
    },
  };
}

export async function a2aPin(world: ToolWorld, args: Args): Promise<Record<string, unknown>> {
  const source = requiredString(args, 'source');
  const skills = stringList(args, 'skills') ?? [];
  if (skills.length === 0) throw new ToolError('argument "skills" is required: the ids of the skills to pin');
  const extensions = stringList(args, 'extensions') ?? [];
  const write = optionalBoolean(args, 'write') === true;
  const lockfileArg = optionalString(args, 'lockfile');
  if (write && lockfileArg === undefined)
    throw new ToolError('write: true needs "lockfile": where to write it (a path inside the roots)');
  if (lockfileArg !== undefined && !isLockfileName(basename(lockfileArg)))
    throw new ToolError('"lockfile" must be named a2a-lock.json or NAME.a2a-lock.json');
  const lockfile = lockfileArg !== undefined ? await pathInsideRoots(world, lockfileArg) : undefined;
  const inCatalogFile = await catalogFileSource(world, source, lockfile);
  const location = inCatalogFile?.location ?? (await locationOf(world, source));
  const client = resolveClient({ knownExtensions: extensions }).client;
  const loader = cardLoaderFor(toolCardSource(world, true), client);
  const pinned = await pin(
    { loader, http: null, now: world.now },
    {
      location,
      lockfile,
      baseDir: firstRoot(world),
      ...(inCatalogFile ? { fromCatalogFile: inCatalogFile.fromCatalogFile } : {}),
      selection: {
        skills,
        input: stringList(args, 'input'),
        output: stringList(args, 'output'),
        streaming: optionalBoolean(args, 'streaming') === true,
        extensions,
      },
    },
  );
  if (!pinned.ok)
    throw pinned.stage === 'selection' ? pinFailure(pinned.error) : new ToolError(messageOf(pinned.message));
  const lock = pinned.lock;
  if (!write) return pinAnswer(lock, serializeLockfile(lock), false);
  // The folder is inside the roots (checked above, after symlinks): a new one may be made for the lockfile.
  const result = await writePinnedLockfile(lockfile!, lock, true);
  return pinAnswer(result.lock, result.text, result.written, clipped(displayPath(world, lockfile!)));
}
