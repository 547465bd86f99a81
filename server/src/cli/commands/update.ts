/**
 * `a2acap update LOCK [--yes]`: shows how the agent changed since the lockfile was pinned (a diff of the
 * pinned and the current COMPILED profile, both reduced to what the lockfile records; never raw card JSON), then
 * re-pins the same selection against the current card.
 *
 * Without --yes it only shows: exit 0 when the lockfile is up to date, 1 when an update is pending (so
 * scripts can tell), and nothing is written; the CLI never prompts (the editor's "Update Lockfile"
 * is the interactive path). With --yes the lockfile is rewritten atomically and the exit code is 0.
 * A breaking change cannot be re-pinned (the agent no longer offers what the workflow needs): exit 2
 * with the reason; pin a new selection instead. A corrupt lockfile or an unreachable agent: exit 2.
 */
import { relative, resolve } from 'node:path';
import { firstPositional, parseArgs } from '../args';
import { commandHelpText, type CommandHelp } from '../help';
import { Command, CliIO, EXIT_FINDINGS, UsageError } from '../io';
import { createNodeWorld, nodeFiles } from '../../app/world';
import { writeLockfile } from '../../node/writeLockfile';
import { readLockfileAt, updateLockfile } from '../../app/update';
import { commandSettings, directoryOf } from '../projectSettings';
import { safeText } from '../format';
import { CONFIG_FLAG, NETWORK_FLAGS, networkAllowance } from '../sharedFlags';

const SPEC = {
  flags: { yes: { type: 'boolean' }, ...CONFIG_FLAG, ...NETWORK_FLAGS },
  positionals: { name: 'LOCK', min: 1, max: 1 },
} as const satisfies CommandHelp['spec'];

export const help: CommandHelp = {
  name: 'update',
  spec: SPEC,
  usage: { lines: [['yes', 'config', 'allow-network']] },
  overview: { lines: [['yes', 'config', { flag: 'allow-network', value: 'loopback,private' }]] },
  body: [
    `Shows how the agent changed since LOCK was pinned (the pinned vs the current compiled profile) and, with --yes,
re-pins the same selection. Never prompts. Exit 0 up to date (or updated with --yes), 1 an update is pending
(nothing written), 2 a breaking change (pin a new selection with 'a2acap pin'), a corrupt lockfile or an
unreachable agent. The card is compiled for the client of the project configuration (the nearest
.a2a/config.json from the lockfile's folder, or --config FILE), plus the lockfile's own extensions.`,
    { flagHelp: 'allow-network' },
    'A card path in LOCK must stay inside its repository (the git top-level; symlinks resolved).',
  ],
};

export const run: Command = async (argv, io: CliIO) => {
  const { flags, positionals, help: wantsHelp } = parseArgs(argv, SPEC);
  if (wantsHelp) {
    io.stdout(commandHelpText(help));
    return 0;
  }
  const target = firstPositional(positionals, SPEC);
  const path = resolve(io.cwd, target);
  const shown = safeText(relative(io.cwd, path) || path);
  // The configuration first: a bad one is the error, whatever the lockfile.
  const project = commandSettings({ config: flags.config }, io, directoryOf(io, target));
  const allow = networkAllowance(flags, io);
  const read = await readLockfileAt(path, nodeFiles);
  // Named as the user wrote it, as check does: with several lockfiles in a script the file is the first question.
  if (!read.ok) throw new UsageError(`${target}: ${read.message}`);
  const world = createNodeWorld({
    client: project.client,
    maxBytes: project.maxBytes,
    network: { origin: 'repository', allow },
  });
  try {
    const update = await updateLockfile({
      path,
      lock: read.lock,
      text: read.text,
      loader: world.loader,
      now: () => new Date(),
    });
    if (update.status === 'unloadable') throw new UsageError(update.message);
    io.stdout(`${shown}: ${update.check.classification}\n`);
    // The diff quotes skill ids and card values: each line escaped for the terminal.
    io.stdout(
      update.diff.text
        ? `${update.diff.text.replace(/\n?$/, '').split('\n').map(safeText).join('\n')}\n`
        : '(the pinned part of the profile is unchanged)\n',
    );
    // Say what to do: a breaking change is not an update, the workflow needs a new selection.
    if (update.status === 'breaking')
      throw new UsageError(
        `cannot update: ${update.message}${update.message.includes("'a2acap pin'") ? '' : "; pin a new selection with 'a2acap pin'"}`,
      );
    if (update.status === 'up-to-date') {
      io.stdout(`${shown} is up to date\n`);
      return 0;
    }
    if (!flags.yes) {
      io.stdout(`an update is pending; run 'a2acap update ${positionals[0]} --yes' to re-pin\n`);
      return EXIT_FINDINGS;
    }
    await writeLockfile(path, update.next);
    io.stdout(`updated ${shown}\n`);
    return 0;
  } finally {
    await world.close();
  }
};
