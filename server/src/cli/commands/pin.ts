/**
 * `a2acap pin URL|CARD --skill ID [--skill ID]... [--input TYPE]... [--output TYPE]... [--streaming]
 *  [--extension URI]... [--out FILE] [--probe]`
 *
 * --probe runs the live agent's safe probes (no message is sent: version, streaming via SubscribeToTask on
 * a random task, push config, extended card) and records the ones about pinned claims under `verified`.
 * A refuted claim is reported but does not stop the pin (the lockfile then records the refutation).
 * Fetches (or reads) the card, compiles it, validates the selection against the profile and writes a
 * lockfile holding only that subset. With --out the write is atomic and a re-pin that changes nothing
 * but timestamps leaves the file byte-for-byte as it was (see core/pin/serialize.ts); without --out
 * the lockfile goes to stdout. A URL that is not a .json card URL is the agent's base URL: its well-known card
 * (core/fetch/cardUrl.ts).
 * Exit 0 on success; 2 with one line on a bad selection, an unreachable agent or an invalid card.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { firstPositional, parseArgs } from '../args';
import { commandHelpText, type CommandHelp } from '../help';
import { Command, CliIO, UsageError } from '../io';
import { createRefreshWorld, type RefreshWorld } from '../refreshWorld';
import { evidenceFor } from '../../core/pin/probeEvidence';
import { probeAgent } from '../../core/probe/probeAgent';
import { createGrpcClient } from '../../node/net/grpc';
import { clean } from './compile';
import { buildLockfile, type PinSelection } from '../../core/pin/buildLockfile';
import { PinError } from '../../core/pin/errors';
import { serializeLockfile } from '../../core/pin/serialize';
import { writeLockfile } from '../../node/writeLockfile';
import { isHttpLocation } from '../../core/check/cardSources';
import { cardUrlFor } from '../../core/fetch/cardUrl';
import type { Lockfile } from '../../core/types';
import { commandSettings } from '../projectSettings';
import { CONFIG_FLAG } from '../sharedFlags';
import { safeText } from '../format';

const SPEC = {
  flags: {
    skill: { type: 'string', multiple: true, value: 'ID' },
    input: { type: 'string', multiple: true, value: 'TYPE' },
    output: { type: 'string', multiple: true, value: 'TYPE' },
    streaming: { type: 'boolean' },
    extension: { type: 'string', multiple: true, value: 'URI' },
    out: { type: 'string', value: 'FILE' },
    probe: { type: 'boolean' },
    ...CONFIG_FLAG,
  },
  positionals: { name: 'URL|CARD', min: 1, max: 1 },
} as const satisfies CommandHelp['spec'];

export const help: CommandHelp = {
  name: 'pin',
  spec: SPEC,
  usage: {
    lines: [
      [{ bare: 'skill' }, 'skill', 'input', 'output', 'streaming'],
      ['extension', 'out', 'probe', 'config'],
    ],
  },
  overview: {
    lines: [
      [{ bare: 'skill' }, 'skill', 'input', 'output', 'streaming', 'extension'],
      ['out', 'probe', 'config'],
    ],
  },
  body: [
    `Writes a capability lockfile holding only what the workflow relies on: the named skills, the media types it
sends (--input, each must be accepted) and reads (--output; without them the skill's current modes), streaming
and extensions. URL: a card URL (.json) or an agent's base URL (its /.well-known/agent-card.json); CARD: a card
file. --probe runs the safe probes first (no message is sent) and records their evidence under "verified".
Without --out the lockfile goes to stdout; with it the write is atomic and a re-pin that changes nothing leaves
the file as it was. The card is compiled for the client of the workflow's project configuration (the nearest
.a2a/config.json from the folder of --out, else of the working directory; or --config FILE), which also knows
the --extension URIs.`,
    'Exit 0 pinned, 2 a bad selection, an unreachable agent or an invalid card.',
  ],
};

/** What `agent` records: the URL, or the card's path relative to the lockfile (portable across checkouts). */
function agentField(location: string, outFile: string | undefined, cwd: string): string {
  if (isHttpLocation(location)) return location;
  const rel = relative(outFile ? dirname(outFile) : cwd, location);
  return rel.split(sep).join('/');
}

/** Runs the safe probes against a live agent and adds the evidence about pinned claims. */
async function withProbeEvidence(lock: Lockfile, location: string, world: RefreshWorld, io: CliIO): Promise<Lockfile> {
  if (!isHttpLocation(location)) {
    io.stderr('probes skipped: the card is a file, there is no live agent to probe\n');
    return lock;
  }
  let report;
  const grpc = createGrpcClient();
  try {
    report = await probeAgent(location, { http: world.http, grpc });
  } catch (err) {
    throw new UsageError(`probing failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    grpc.close();
  }
  for (const r of report.results) io.stderr(`probe ${clean(r.probe, 60)}: ${r.outcome} (${clean(r.detail, 300)})\n`);
  const verified = evidenceFor(lock.requires, report.results);
  return Object.keys(verified).length ? { ...lock, verified } : lock;
}

export const run: Command = async (argv, io: CliIO) => {
  const { flags, positionals, help: wantsHelp } = parseArgs(argv, SPEC);
  if (wantsHelp) {
    io.stdout(commandHelpText(help));
    return 0;
  }
  if (flags.skill.length === 0) throw new UsageError('name at least one --skill to pin');
  const target = firstPositional(positionals, SPEC);
  let location: string;
  try {
    location = isHttpLocation(target) ? cardUrlFor(target) : resolve(io.cwd, target);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const outFile = flags.out !== undefined ? resolve(io.cwd, flags.out) : undefined;
  const selection: PinSelection = {
    skills: flags.skill,
    input: flags.input,
    output: flags.output,
    streaming: flags.streaming,
    extensions: flags.extension,
  };
  // The client of the workflow's project (the configuration over the lockfile being written, else over the working
  // directory), which also knows the extensions the workflow relies on (so they appear in the profile).
  const project = commandSettings({ config: flags.config }, io, outFile ? dirname(outFile) : io.cwd);
  const client = {
    bindings: project.client.bindings,
    knownExtensions: [...new Set([...project.client.knownExtensions, ...flags.extension])],
  };
  // The URL or path the user typed: a 'user' URL (loopback and private agents allowed).
  const world = createRefreshWorld(client, project.maxBytes, undefined, { origin: 'user' });
  try {
    let loaded;
    try {
      loaded = await world.loader.load(location);
    } catch (err) {
      throw new UsageError(err instanceof Error ? err.message : String(err));
    }
    let lock: Lockfile;
    try {
      lock = buildLockfile({
        profile: loaded.profile,
        cardDigest: loaded.digest,
        agentUrl: agentField(location, outFile, io.cwd),
        selection,
        now: () => new Date(),
      });
    } catch (err) {
      if (err instanceof PinError) throw new UsageError(err.message);
      throw err;
    }
    if (flags.probe) lock = await withProbeEvidence(lock, location, world, io);
    if (!outFile) {
      io.stdout(serializeLockfile(lock));
      return 0;
    }
    const result = await writeLockfile(outFile, lock);
    const skills = Object.keys(lock.requires.skills ?? {}).join(', ');
    io.stderr(
      result.written
        ? `pinned ${safeText(skills)} of ${safeText(location)} → ${safeText(relative(io.cwd, outFile) || outFile)}\n`
        : `${safeText(relative(io.cwd, outFile) || outFile)} is already up to date (nothing changed)\n`,
    );
    return 0;
  } finally {
    await world.close();
  }
};
