/**
 * `a2acap discover SOURCE [--format text|json] [--fail-on SEVERITY] [--binding B@V]... [--known-extension URI]...
 *                   [--allow-network CLASSES] [--allow-host HOST]... [--timeout MS] [--config FILE]`
 *
 * Every agent a domain, a catalog URL, a card URL or a catalog file leads to (app/discover.ts): each entry with its
 * status for the project's client, and the findings about the catalogs. JSON: {entries, findings}
 * (core/catalog/discoverReport.ts). Exit 0 when it ran, 1 when a finding reaches --fail-on, 2 when nothing could
 * be read (or on a usage error). Every string from a catalog or a card is made visible in text and JSON-escaped in
 * JSON; URL userinfo of the source never appears.
 */
import { resolve } from 'node:path';
import { discover, discoverJson, reaches, type DiscoverFinding, type DiscoverReport } from '../../app/discover';
import { machineJson, urlSecrets } from '../../app/text';
import { readTextSync } from '../../node/readText';
import { createHttpClient } from '../../node/net/http';
import { ioReason } from '../../app/text';
import type { Severity } from '../../core/types';
import { firstPositional, parseArgs, type FlagValues } from '../args';
import { alignColumns, safeText } from '../format';
import { commandHelpText, type CommandHelp, type UsageItem } from '../help';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from '../io';
import { commandSettings } from '../projectSettings';
import { CLIENT_FLAGS, NETWORK_FLAGS, networkAllowance } from '../sharedFlags';
import { timeoutFrom, withRedaction } from './fetch';

const SEVERITIES = ['error', 'warning', 'info', 'hint'] as const;

const SPEC = {
  flags: {
    format: { type: 'string', choices: ['text', 'json'], value: 'text|json' },
    'fail-on': {
      type: 'string',
      choices: SEVERITIES,
      value: 'SEVERITY',
      help: `--fail-on SEVERITY: exit 1 when a finding is at least this severe (error, warning, info or hint); without it
findings do not change the exit code.`,
    },
    ...CLIENT_FLAGS,
    'allow-network': {
      ...NETWORK_FLAGS['allow-network'],
      help: `--allow-network loopback,private (or A2ACAP_ALLOW_NETWORK): the URLs a catalog FILE lists may also be loopback
or private addresses (default: public only; link-local and metadata addresses never). A fetched catalog's URLs
reach what a card's URLs may: public, or the catalog's own loopback or private network.`,
    },
    'allow-host': { type: 'string', multiple: true, value: 'HOST' },
    timeout: { type: 'string', value: 'MS' },
  },
  positionals: { name: 'SOURCE', min: 1, max: 1 },
} as const satisfies CommandHelp['spec'];

const NETWORK_USAGE: UsageItem = { flag: 'allow-network', value: 'loopback,private' };

export const help: CommandHelp = {
  name: 'discover',
  spec: SPEC,
  usage: {
    lines: [
      ['format', 'fail-on', 'binding'],
      ['known-extension', 'max-card-bytes', 'config'],
      [NETWORK_USAGE, 'allow-host', 'timeout'],
    ],
  },
  overview: {
    lines: [
      ['format', 'fail-on', 'binding', 'known-extension'],
      ['max-card-bytes', 'config', NETWORK_USAGE],
      ['allow-host', 'timeout'],
    ],
  },
  body: [
    `Finds the agents a host lists. SOURCE is a domain (example.com, localhost:8080), the URL of an AI Catalog or an
agent card, or a catalog or card file. A domain means /.well-known/ai-catalog.json, then
/.well-known/agent-card.json, then the legacy /.well-known/agent.json (legacy-card-path). Nested catalogs are
followed to depth 4 (catalog-nesting-too-deep, catalog-cycle), each URL fetched once; A2A card entries are
fetched and compiled for the project's client: usable, unusable, invalid or unreachable. Every catalog read, the
root and the nested ones, is linted as \`a2acap lint\` lints a catalog file (the catalog rules, discovery poisoning
and hidden characters in entry text); its findings are listed under the catalog, with their pointers, and count
for --fail-on. An inline card's own findings make its entry's status.`,
    { flagHelp: 'fail-on' },
    { flagHelp: 'allow-network' },
    `Exit 0 when it ran, 1 when a finding reaches --fail-on, 2 when nothing could be read.`,
  ],
};

/** Catalog and card files are read as cards are: bounded, relative to the working directory. */
function fileReader(io: CliIO, maxBytes: number) {
  return (path: string): Promise<{ location: string; text: string }> => {
    try {
      return Promise.resolve({ location: path, text: readTextSync(resolve(io.cwd, path), maxBytes) });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const why = code === 'EFBIG' ? `over the ${maxBytes}-byte limit` : ioReason(err);
      return Promise.reject(new Error(`${path}: cannot read the file (${why})`));
    }
  };
}

export const run: Command = async (argv, io) => {
  const { flags, positionals, help: wantsHelp } = parseArgs(argv, SPEC);
  if (wantsHelp) {
    io.stdout(commandHelpText(help));
    return EXIT_OK;
  }
  const source = firstPositional(positionals, SPEC);
  return withRedaction(io, urlSecrets(source), (out) => discoverCommand(source, flags, out));
};

async function discoverCommand(source: string, flags: FlagValues<typeof SPEC.flags>, io: CliIO): Promise<number> {
  const project = commandSettings(flags, io);
  const allow = networkAllowance(flags, io);
  const timeoutMs = timeoutFrom(flags.timeout);
  const http = createHttpClient({ allowHosts: flags['allow-host'] });
  try {
    const result = await discover({
      source,
      http,
      readFile: fileReader(io, project.maxBytes),
      client: project.client,
      maxBytes: project.maxBytes,
      allow,
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    });
    if (!result.ok) {
      io.stderr(`a2acap discover: ${safeText(result.reason)}\n`);
      return EXIT_USAGE;
    }
    if (flags.format === 'json') io.stdout(`${machineJson(discoverJson(result.report), 2)}\n`);
    else io.stdout(textReport(result.report));
    const failOn = flags['fail-on'] as Severity | undefined;
    return failOn && result.report.findings.some((f) => reaches(f, failOn)) ? EXIT_FINDINGS : EXIT_OK;
  } finally {
    await http.close();
  }
}

/** The widest a catalog-chosen value is shown in a table cell; the JSON output has it whole. */
const CELL = 80;

function cell(value: string): string {
  const shown = safeText(value);
  return shown.length > CELL ? `${shown.slice(0, CELL - 1)}…` : shown;
}

/** Findings about no catalog first, then each catalog's under its URL or file, in the order they were met. */
function findingLines(findings: readonly DiscoverFinding[]): string[] {
  const lines: string[] = [];
  const byCatalog = new Map<string, DiscoverFinding[]>();
  for (const f of findings) {
    if (f.catalog === undefined) lines.push(findingLine(f, ''));
    else byCatalog.set(f.catalog, [...(byCatalog.get(f.catalog) ?? []), f]);
  }
  for (const [catalog, own] of byCatalog) {
    lines.push(`${safeText(catalog)}:`);
    for (const f of own) lines.push(findingLine(f, '  '));
  }
  return lines;
}

function findingLine(f: DiscoverFinding, indent: string): string {
  const where = f.pointer !== undefined ? ` ${safeText(f.pointer)}` : '';
  return `${indent}${f.severity} ${f.code}${where}: ${safeText(f.message)}`;
}

function textReport(report: DiscoverReport): string {
  const rows: string[][] = [['STATUS', 'IDENTIFIER', 'VERSION', 'TYPE', 'SOURCE']];
  for (const e of report.entries)
    rows.push([e.status, cell(e.identifier), cell(e.version ?? ''), cell(e.type), cell(e.source)]);
  const lines = [alignColumns(rows).trimEnd()];
  const reasons = report.entries
    .filter((e) => e.reason !== undefined)
    .map((e) => `  ${cell(e.identifier)}: ${safeText(e.reason ?? '')}`);
  if (reasons.length > 0) lines.push('', ...reasons);
  if (report.findings.length > 0) lines.push('', ...findingLines(report.findings));
  const counts = `${report.entries.length} entr${report.entries.length === 1 ? 'y' : 'ies'}, ${report.findings.length} finding(s)`;
  return `${lines.join('\n')}\n${counts}\n`;
}
