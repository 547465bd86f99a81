/**
 * `a2acap diff OLD NEW [--format text|json|markdown] [--fail-on breaking|review|note] [--binding B@V]...
 *  [--known-extension URI]... [--max-card-bytes N] [--config FILE]`
 *
 * Compares two cards without a lockfile (app/diff.ts): what changed per skill and for the agent, classified by
 * the lockfile check. OLD and NEW are what `pin` takes: card files, card URLs or agents' base URLs, loaded with
 * pin's limits and network allowance (typed by the user: loopback and private agents allowed).
 * Exit 1 when breaking (or review with --fail-on review; any change with --fail-on note), 2 on usage, I/O or an
 * invalid card, else 0.
 */
import { resolve } from 'node:path';
import { cardDiffReport, diffCardLocations, type CardDiff, type CardDiffFormat } from '../../app/diff';
import { cardLocationFor, isHttpLocation, shownCardLocation } from '../../app/pin';
import { redactorFor } from '../../app/text';
import { createNodeWorld } from '../../app/world';
import { parseArgs } from '../args';
import { commandHelpText, type CommandHelp } from '../help';
import { CliIO, Command, UsageError } from '../io';
import { commandSettings } from '../projectSettings';
import { CLIENT_FLAGS } from '../sharedFlags';
import { redactingIO } from './fetch';

const SPEC = {
  flags: {
    format: { type: 'string', choices: ['text', 'json', 'markdown'] },
    'fail-on': { type: 'string', choices: ['breaking', 'review', 'note'] },
    ...CLIENT_FLAGS,
  },
  positionals: { name: 'OLD NEW', min: 2, max: 2 },
} as const satisfies CommandHelp['spec'];

export const help: CommandHelp = {
  name: 'diff',
  spec: SPEC,
  usage: {
    lines: [
      ['format', 'fail-on'],
      ['binding', 'known-extension', 'max-card-bytes', 'config'],
    ],
  },
  overview: {
    lines: [
      ['format', 'fail-on', 'binding'],
      ['known-extension', 'max-card-bytes', 'config'],
    ],
  },
  body: [
    '',
    `Compares two cards without a lockfile: per skill and for the agent, what changed and whether a caller of OLD
is affected (compatible, review or breaking), as 'a2acap check' classifies a lockfile pinning everything OLD
offers; definitions count, not only names (a scheme's type or OAuth flow, an extension that became required, the
chosen interface's binding or version). OLD and NEW: card files, card URLs (.json), agents' base URLs or catalog
references CATALOG-URL#IDENTIFIER[@VERSION], as for 'a2acap pin'. --format: text (default), json (a top-level
"classification") or markdown (a pull-request comment).
Both cards are compiled for the client of the project configuration (the nearest .a2a/config.json from the
working directory, or --config FILE); the client flags override it.`,
    `Exit 1 when breaking (or review with --fail-on review, or any change, a note included, with --fail-on note),
2 on usage, I/O or an invalid card, else 0.`,
  ],
};

function locationOf(target: string, io: CliIO): string {
  try {
    return isHttpLocation(target) ? cardLocationFor(target) : resolve(io.cwd, target);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/** A card as the output names it: a path as typed, a URL without its userinfo. */
function shownName(target: string): string {
  return isHttpLocation(target) ? shownCardLocation(target) : target;
}

const RANK = { compatible: 0, review: 1, breaking: 2 } as const;

function exitCode(diff: CardDiff, failOn: string | undefined): number {
  if (RANK[diff.classification] >= RANK[failOn === 'review' || failOn === 'note' ? 'review' : 'breaking']) return 1;
  if (failOn !== 'note') return 0;
  const sections = [diff.agent, ...Object.values(diff.skills)];
  return sections.some((s) => s.notes.length + s.changes.length > 0) ? 1 : 0;
}

export const run: Command = async (argv, rawIO: CliIO) => {
  // Every line printed passes the redactor: URL userinfo (typed or in card text) is never shown.
  const io = redactingIO(rawIO, redactorFor([]));
  const { flags, positionals, help: wantsHelp } = parseArgs(argv, SPEC);
  if (wantsHelp) {
    io.stdout(commandHelpText(help));
    return 0;
  }
  const [oldTarget, newTarget] = positionals as [string, string];
  const project = commandSettings(flags, io);
  const request = { old: locationOf(oldTarget, io), new: locationOf(newTarget, io) };
  const world = createNodeWorld({ client: project.client, maxBytes: project.maxBytes, network: { origin: 'user' } });
  try {
    const result = await diffCardLocations(world.loader, request);
    if (!result.ok) throw new UsageError(result.message);
    const names = { old: shownName(oldTarget), new: shownName(newTarget) };
    io.stdout(cardDiffReport((flags.format ?? 'text') as CardDiffFormat, result.diff, names));
    return exitCode(result.diff, flags['fail-on']);
  } finally {
    await world.close();
  }
};
