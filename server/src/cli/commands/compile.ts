/**
 * `a2acap compile CARD [--format json|text] [--binding BINDING@VERSION]... [--known-extension URI]...
 *                      [--max-card-bytes N]`
 *
 * Prints the compiled profile (core/profile/compile.ts). JSON keys are the contract: `usable`; `reason`
 * when unusable; otherwise agent_version, interface {url, binding, version, tenant}, streaming, push,
 * extended_card, extensions, skills {id: {input, output, security, tags}}, plus `schemes` and `provenance`.
 * Exit: 0 usable, 1 unusable, 2 usage / I/O / unparseable or too-large card.
 *
 * Decisions: a card that parses but breaks the schema is still compiled — the compiler reads cards the
 * way a lenient client SDK would and explains what it could not use; `a2acap lint` reports the schema
 * errors. An unparseable card (syntax error, empty, binary) and a card over the size limit are not
 * compiled (one-line error, exit 2).
 *
 * The card loading and client-flag helpers below are shared with check.ts.
 */
import { resolve } from 'node:path';
import { loadJsonFile, shownCompiledCard } from '../../app/compile';
import { machineJson } from '../../app/text';
import { nodeFiles } from '../../app/files';
import type { CompiledProfile, SecurityAlternative } from '../../app/settings';
import { firstPositional, parseArgs } from '../args';
import { commandHelpText, type CommandHelp } from '../help';
import { alignColumns, palette, safeText } from '../format';
import { CliIO, Command, EXIT_FINDINGS, EXIT_OK, UsageError, useColor } from '../io';
import { commandSettings, directoryOf } from '../projectSettings';
import { CLIENT_FLAGS } from '../sharedFlags';

const SPEC = {
  flags: { format: { type: 'string', choices: ['json', 'text'] }, ...CLIENT_FLAGS },
  positionals: { name: 'CARD', min: 1, max: 1 },
} as const satisfies CommandHelp['spec'];

export const help: CommandHelp = {
  name: 'compile',
  spec: SPEC,
  usage: {
    lines: [
      ['format', 'binding', 'known-extension'],
      ['max-card-bytes', 'config'],
    ],
  },
  overview: { lines: [['format', 'binding', 'known-extension', 'max-card-bytes', 'config']] },
  body: [
    `Compiles an agent card into the profile this client can use. --binding replaces the default set
(JSONRPC@1.0, HTTP+JSON@1.0). --max-card-bytes: size limit (default 1 MiB). The project configuration
(the nearest .a2a/config.json from CARD's folder, or --config FILE) sets the same for the editor and CI; flags
override it.`,
    'Exit 0 usable, 1 unusable, 2 usage or I/O failure.',
  ],
};

// ---------------------------------------------------------------- shared CLI helpers

/**
 * Reads and parses a JSON file. Every failure is a one-line UsageError naming the file: missing,
 * unreadable, over the size limit, empty, binary, or a syntax error with line and column.
 */
export async function loadJson(path: string, io: CliIO, maxBytes: number, what: string): Promise<unknown> {
  const loaded = await loadJsonFile(nodeFiles, resolve(io.cwd, path), maxBytes, what);
  if (!loaded.ok) throw new UsageError(`${path}: ${loaded.message}`);
  return loaded.value;
}

/** Card strings are untrusted: escaped for the terminal (format.ts safeText) and cut when very long. */
export function clean(value: string, max = 160): string {
  const safe = safeText(value);
  return safe.length > max ? `${safe.slice(0, max)}…` : safe;
}

/** Rows of [label, value] with the labels padded to one column, each line indented. */
export function aligned(rows: readonly [string, string][], indent: string): string {
  return alignColumns(rows.map(([label, value]) => [indent + label, value]));
}

// ---------------------------------------------------------------- compile

function yesNo(value: boolean | undefined): string {
  return value ? 'yes' : 'no';
}

function listText(values: readonly string[]): string {
  return values.length ? values.map((v) => clean(v)).join(', ') : '(none)';
}

function securityText(security: readonly SecurityAlternative[]): string {
  if (security.length === 0) return '(none)';
  return security
    .map((alt) =>
      Object.keys(alt)
        .map((s) => `${clean(s)}(${(alt[s] ?? []).map((x) => clean(x)).join(' ')})`)
        .join(' + '),
    )
    .join(' or ');
}

function modesText(
  modes: readonly string[],
  from: string | undefined,
  dropped: readonly string[],
  verb: string,
): string {
  const origin = from === 'skill' ? 'skill' : 'card defaults';
  const drops = dropped.length ? `; does NOT ${verb} default ${listText(dropped)}` : '';
  return `${listText(modes)}  (${origin}${drops})`;
}

export function profileText(file: string, profile: CompiledProfile, io: CliIO): string {
  const p = palette(useColor(io));
  let out = '';
  const passedOver = (profile.provenance?.interfaces ?? []).filter((d) => !d.chosen);
  if (!profile.usable) {
    out += `${clean(file)}: ${p.red('NOT usable')}: ${clean(profile.reason ?? 'no reason given', 2000)}\n`;
  } else {
    const i = profile.interface!;
    out += `${clean(file)}: ${p.green('usable')}\n`;
    out += aligned(
      [
        ['agent version', profile.agent_version ? clean(profile.agent_version) : '(none)'],
        [
          'interface',
          `${clean(i.binding)} ${clean(i.version)}  ${clean(i.url)}${i.tenant !== null ? `  tenant ${clean(i.tenant)}` : ''}`,
        ],
        ['streaming', yesNo(profile.streaming)],
        ['push', yesNo(profile.push)],
        ['extended card', yesNo(profile.extended_card)],
        ['extensions', listText(profile.extensions ?? [])],
      ],
      '  ',
    );
    const skills = profile.skills ?? {};
    for (const [id, s] of Object.entries(skills)) {
      const prov = Object.prototype.hasOwnProperty.call(profile.provenance?.skills ?? {}, id)
        ? profile.provenance!.skills[id]
        : undefined;
      out += `  ${p.bold(`skill ${clean(id)}`)}\n`;
      out += aligned(
        [
          ['input', modesText(s.input, prov?.input, prov?.droppedInput ?? [], 'accept')],
          ['output', modesText(s.output, prov?.output, prov?.droppedOutput ?? [], 'produce')],
          [
            'security',
            `${securityText(s.security)}${prov ? `  (${prov.security === 'skill' ? 'skill' : prov.security === 'card' ? 'card' : 'none declared'})` : ''}`,
          ],
          ['tags', listText(s.tags)],
        ],
        '    ',
      );
    }
    if (Object.keys(skills).length === 0) out += '  skills         (none)\n';
  }
  const unknown = profile.provenance?.unknownExtensions ?? [];
  if (unknown.length) {
    out += `  ${p.gray('extensions this client does not implement')}\n`;
    out += unknown.map((e) => `    ${clean(e.uri)}${e.required ? '  (required)' : ''}\n`).join('');
  }
  if (passedOver.length) {
    out += `  ${p.gray('interfaces passed over')}\n`;
    out += aligned(
      passedOver.map((d) => [
        `#${d.index} ${clean(d.binding || '?')} ${clean(d.version || '?')}`,
        clean(d.reason ?? ''),
      ]),
      '    ',
    );
  }
  return out;
}

export const run: Command = async (argv, io) => {
  const { flags, positionals, help: wantsHelp } = parseArgs(argv, SPEC);
  if (wantsHelp) {
    io.stdout(commandHelpText(help));
    return EXIT_OK;
  }
  const file = firstPositional(positionals, SPEC);
  const { client, maxBytes } = commandSettings(flags, io, directoryOf(io, file));
  const card = await loadJson(file, io, maxBytes, 'the card');
  // Printed for orchestrators and planning models: a URL's userinfo password is never shown.
  const profile = shownCompiledCard(card, client);
  if ((flags.format ?? 'json') === 'json') io.stdout(`${machineJson(profile, 2)}\n`);
  else io.stdout(profileText(file, profile, io));
  return profile.usable ? EXIT_OK : EXIT_FINDINGS;
};
