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
import { dirname, relative, resolve } from 'node:path';
import {
  cardLocationFor,
  isHttpLocation,
  pin,
  serializeLockfile,
  shownCardLocation,
  writePinnedLockfile,
  type PinSelection,
} from '../../app/pin';
import { createNodeWorld } from '../../app/world';
import { repositoryCatalogEntry, typedCatalogFileReference, type CatalogFileEntry } from '../../app/catalogFileEntry';
import { firstPositional, parseArgs } from '../args';
import { commandHelpText, type CommandHelp } from '../help';
import { Command, CliIO, UsageError } from '../io';
import { clean } from './compile';
import { commandSettings } from '../projectSettings';
import { CONFIG_FLAG, NETWORK_FLAGS, TRUST_STORE_FLAG, networkAllowance } from '../sharedFlags';
import { combineTrustStores } from '../../app/live';
import { loadTrustStoreFiles } from '../trustStoreFile';
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
    ...TRUST_STORE_FLAG,
    ...CONFIG_FLAG,
    ...NETWORK_FLAGS,
  },
  positionals: { name: 'URL|CARD', min: 1, max: 1 },
} as const satisfies CommandHelp['spec'];

export const help: CommandHelp = {
  name: 'pin',
  spec: SPEC,
  usage: {
    lines: [
      [{ bare: 'skill' }, 'skill', 'input', 'output', 'streaming'],
      ['extension', 'out', 'probe', 'trust-store', 'config'],
      ['allow-network'],
    ],
  },
  overview: {
    lines: [
      [{ bare: 'skill' }, 'skill', 'input', 'output', 'streaming', 'extension'],
      ['out', 'probe', 'trust-store', 'config', { flag: 'allow-network', value: 'loopback,private' }],
    ],
  },
  body: [
    `Writes a capability lockfile holding only what the workflow relies on: the named skills, the media types it
sends (--input, each must be accepted) and reads (--output; without them the skill's current modes), streaming
and extensions. URL: a card URL (.json), an agent's base URL (its /.well-known/agent-card.json) or a catalog
reference CATALOG-URL#IDENTIFIER[@VERSION] (the AI Catalog entry's card; without a version the highest semantic
version, else the latest updatedAt; the lockfile records it under "found_via", and check --live and update follow
the catalog); CARD: a card file, or an entry of a catalog file of the repository CATALOG-PATH#IDENTIFIER[@VERSION]
(found_via records the file relative to the lockfile; check --live and update read the entry there again; the
entry's url is repository content, so it reaches public addresses only unless --allow-network says more).
--probe runs the safe probes first (no message is sent) and records their evidence under "verified".
Without --out the lockfile goes to stdout; with it the write is atomic and a re-pin that changes nothing leaves
the file as it was. The card is compiled for the client of the workflow's project configuration (the nearest
.a2a/config.json from the folder of --out, else of the working directory; or --config FILE), which also knows
the --extension URIs.`,
    { flagHelp: 'trust-store' },
    { flagHelp: 'allow-network' },
    'Exit 0 pinned, 2 a bad selection, an unreachable agent or an invalid card.',
  ],
};

export const run: Command = async (argv, io: CliIO) => {
  const { flags, positionals, help: wantsHelp } = parseArgs(argv, SPEC);
  if (wantsHelp) {
    io.stdout(commandHelpText(help));
    return 0;
  }
  if (flags.skill.length === 0) throw new UsageError('name at least one --skill to pin');
  const target = firstPositional(positionals, SPEC);
  const outFile = flags.out !== undefined ? resolve(io.cwd, flags.out) : undefined;
  // The folder the lockfile is recorded relative to, whose project configuration (nearest .a2a/config.json) applies.
  const projectDir = outFile ? dirname(outFile) : io.cwd;
  // The client of the workflow's project (the configuration over the lockfile being written, else over the working
  // directory), which also knows the extensions the workflow relies on (so they appear in the profile).
  const project = commandSettings({ config: flags.config }, io, projectDir);
  let location: string;
  let fromCatalogFile: CatalogFileEntry | undefined;
  try {
    const inCatalogFile = isHttpLocation(target) ? undefined : typedCatalogFileReference(target, io.cwd);
    if (inCatalogFile)
      ({ location, fromCatalogFile } = await repositoryCatalogEntry(inCatalogFile, projectDir, project.maxBytes));
    else location = isHttpLocation(target) ? cardLocationFor(target) : resolve(io.cwd, target);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  if (flags['allow-network'].length && !fromCatalogFile)
    throw new UsageError('--allow-network applies to an entry of a catalog file, not to a URL or card you name');
  const selection: PinSelection = {
    skills: flags.skill,
    input: flags.input,
    output: flags.output,
    streaming: flags.streaming,
    extensions: flags.extension,
  };
  const client = {
    bindings: project.client.bindings,
    knownExtensions: [...new Set([...project.client.knownExtensions, ...flags.extension])],
  };
  // The URL or path the user typed is the user's (loopback and private agents allowed); an entry's url in a catalog
  // file is the repository's, reaching only what the run allows.
  const network = fromCatalogFile
    ? { origin: 'repository' as const, allow: networkAllowance(flags, io) }
    : { origin: 'user' as const };
  const world = createNodeWorld({ client, maxBytes: project.maxBytes, network });
  try {
    const trust = flags['trust-store'].length
      ? combineTrustStores(await loadTrustStoreFiles(flags['trust-store'], io.cwd, world.http))
      : undefined;
    const pinned = await pin(world, {
      location,
      selection,
      lockfile: outFile,
      baseDir: io.cwd,
      probe: flags.probe,
      ...(trust ? { trust } : {}),
      ...(fromCatalogFile ? { fromCatalogFile } : {}),
    });
    if (!pinned.ok) throw new UsageError(pinned.message);
    if (trust && !pinned.lock.signing_key)
      io.stderr("no signing key recorded: the card's signature did not verify against the trust store\n");
    if (pinned.probesSkipped) io.stderr(`probes skipped: ${pinned.probesSkipped}\n`);
    for (const r of pinned.probes ?? [])
      io.stderr(`probe ${clean(r.probe, 60)}: ${r.outcome} (${clean(r.detail, 300)})\n`);
    const lock = pinned.lock;
    if (!outFile) {
      io.stdout(serializeLockfile(lock));
      return 0;
    }
    const result = await writePinnedLockfile(outFile, lock);
    const skills = Object.keys(lock.requires.skills ?? {}).join(', ');
    io.stderr(
      result.written
        ? `pinned ${safeText(skills)} of ${safeText(shownCardLocation(location))} → ${safeText(relative(io.cwd, outFile) || outFile)}\n`
        : `${safeText(relative(io.cwd, outFile) || outFile)} is already up to date (nothing changed)\n`,
    );
    return 0;
  } finally {
    await world.close();
  }
};
