/**
 * `a2acap lint FILE... [--format text|json|sarif|codequality] [--rule ID=SEVERITY]... [--rules FILE] [--binding B@V]...
 *  [--known-extension URI]... [--max-card-bytes N] [--internal-only]`:
 * validate agent cards and capability lockfiles
 * (kind detected by content, then by name). JSON contract:
 *   {"findings":[{"file","code","severity","pointer","message","range":{"start":{"line","character"},"end":{…}}}]}
 * Exit 0 without error findings, 1 with, 2 on usage or I/O failure (an unreadable file is reported on stderr and
 * the other files are still linted).
 */
import { resolve } from 'node:path';
import {
  applyBaseline,
  baselineEntries,
  lintFile,
  lintReport,
  lintSettingsFor,
  parseBaseline,
  parseRuleFlags,
  parseRuleObject,
  serializeBaseline,
  suppressedCount,
  type FileFindings,
} from '../../app/lint';
import { nodeFiles } from '../../app/files';
import { ioReason } from '../../app/text';
import { parseArgs } from '../args';
import { commandHelpText, type CommandHelp, type UsageItem } from '../help';
import { CLIENT_FLAGS } from '../sharedFlags';
import { alignColumns, countSummary, palette, safeText, severityLabel } from '../format';
import { CliIO, Command, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError, useColor } from '../io';
import { VERSION } from '../version';
import type { LintSettings, Severity, SeveritySetting } from '../../app/settings';
import { readTextSync } from '../../node/readText';
import { writeFileAtomic } from '../../node/writeAtomic';
import { replaceable } from '../../node/replaceGuard';
import { settingsPerFile, type CommandSettings } from '../projectSettings';
import { applySuppressions, type FileSuppressions } from '../../app/suppress';
import { runFixes } from './lintFix';
import { OUTPUT_FLAG, captured, parseOutputs, writeOutputs } from '../outputs';

const LINT_FORMATS = ['text', 'json', 'sarif', 'codequality', 'github'] as const;
type LintFormat = (typeof LINT_FORMATS)[number];

const SPEC = {
  flags: {
    format: {
      type: 'string',
      choices: LINT_FORMATS,
      help: `--format codequality writes a GitLab Code Quality report, github GitHub Actions annotations (paths relative
to the working directory).`,
    },
    ...OUTPUT_FLAG,
    'max-card-bytes': CLIENT_FLAGS['max-card-bytes'],
    // The cards are served only inside the network: internal-address is silent (card.internalOnly in .a2a/config.json).
    'internal-only': {
      type: 'boolean',
      help: `--internal-only says the cards are served only inside your network: internal-address (loopback, private and
internal host names in the card's URLs) is not reported, as with "card": {"internalOnly": true} in .a2a/config.json.`,
    },
    // Registries the cards will be published to: their documented limits are checked (`target` in .a2a/config.json).
    target: {
      type: 'string',
      multiple: true,
      value: 'REGISTRY',
      help: `--target REGISTRY (repeatable or a comma list): check the documented limits of a registry the cards will be
published to: google-agent-registry (Google Cloud Agent Registry: at most 10 KB, A2A 1.0 recommended) or
aws-agent-registry (AWS Agent Registry: at most 102,400 characters, one A2A version for dataSchemaVersion); as
"target" in .a2a/config.json.`,
    },
    // The client whose view no-supported-interface and required-extension-unsupported take (as in compile/check).
    binding: {
      ...CLIENT_FLAGS.binding,
      help: '--binding / --known-extension describe the client (default JSONRPC@1.0 and HTTP+JSON@1.0, no extensions), as for compile.',
    },
    'known-extension': CLIENT_FLAGS['known-extension'],
    // Severity overrides, as the editor's a2a.rules setting: a file of them, then single ones (which win).
    rule: {
      type: 'string',
      multiple: true,
      value: 'ID=SEVERITY',
      help: "--rule ID=SEVERITY sets one rule's severity: error, warning, info, hint or off (repeatable, e.g. --rule unknown-field=off).",
    },
    rules: {
      type: 'string',
      value: 'FILE',
      help: `--rules FILE reads such overrides from a JSON object {"<rule id>": "<severity>"}, the value of the editor's a2a.rules
setting; --rule flags win over it. An unknown rule id or severity is a usage error.`,
    },
    // Accepted findings (core/report/baseline.ts): report only new ones, or record the current ones.
    baseline: { type: 'string', value: 'FILE' },
    'write-baseline': {
      type: 'string',
      value: 'FILE',
      help: `--write-baseline FILE records the current findings (by file, rule and JSON Pointer) as accepted and exits 0;
--baseline FILE then reports only findings not in it, so CI fails on new problems only.`,
    },
    fix: {
      type: 'boolean',
      help: `--fix applies the safe quick fixes (the 0.3 → 1.0 migration, a protocol version's patch part and the others
that keep what the card means: docs/cli.md), editing only the members they change, each file written whole or not at
all, then lints the result; --fix-dry-run prints the unified diff instead and writes nothing. Fixes that need a
person's choice are listed, not applied.`,
    },
    'fix-dry-run': { type: 'boolean' },
    // The project configuration (.a2a/config.json): rules, client and size limit shared with the editor.
    config: CLIENT_FLAGS.config,
    // A repository's configuration is untrusted input (a fork's pull request): only this run may let it quieten
    // the rules that protect the reader (core/config/restrictedRules.ts).
    'allow-repo-rule-overrides': {
      type: 'boolean',
      help: `--allow-repo-rule-overrides lets the project configuration lower the rules that protect the reader
(suspicious-text, spoofed-name, discovery-poisoning, ...: docs/configuration.md); without it, such a lower severity
is raised back to the rule's default. --rule and --rules, named by the run itself, may always lower them.`,
    },
  },
  positionals: { name: 'FILE', min: 1 },
} as const satisfies CommandHelp['spec'];

const CLIENT_USAGE: UsageItem[] = [
  'binding',
  'known-extension',
  'max-card-bytes',
  'config',
  'allow-repo-rule-overrides',
  'internal-only',
  'target',
];

export const help: CommandHelp = {
  name: 'lint',
  spec: SPEC,
  usage: {
    lines: [
      ['format', 'output', 'rule', 'rules', { group: [['baseline'], ['write-baseline']] }],
      [{ group: [['fix'], ['fix-dry-run']] }],
      CLIENT_USAGE,
    ],
  },
  overview: {
    lines: [
      [
        'format',
        'output',
        'rule',
        'rules',
        { group: [['baseline'], ['write-baseline']] },
        { group: [['fix'], ['fix-dry-run']] },
        ...CLIENT_USAGE,
      ],
    ],
  },
  body: [
    '',
    'Validates A2A 1.0 agent cards, a2a-lock.json lockfiles and AI Catalogs (ai-catalog.json; detected by content, then by file name).',
    { flagHelp: 'format' },
    { flagHelp: 'output' },
    { flagHelp: 'rule' },
    { flagHelp: 'rules' },
    { flagHelp: 'write-baseline' },
    { flagHelp: 'fix' },
    { flagHelp: 'internal-only' },
    { flagHelp: 'target' },
    { flagHelp: 'allow-repo-rule-overrides' },
    { flagHelp: 'binding' },
    `Each file's project configuration (the nearest .a2a/config.json from its folder, as the editor takes it; or
--config FILE) gives rules, client and size limit; --rules, --rule and the client flags override it.`,
    'Exit codes: 0 no error findings, 1 error findings, 2 usage or I/O failure.',
  ],
};

/** `unreadable`: files named but not read (said on stderr); the summary counts them so it never reads as all clear. */
function writeText(results: FileFindings[], io: CliIO, baselined: number, unreadable: number): void {
  const c = palette(useColor(io));
  const rows: string[][] = [];
  const counts: Partial<Record<Severity, number>> = {};
  for (const { file, findings } of results) {
    for (const f of findings) {
      counts[f.severity] = (counts[f.severity] ?? 0) + 1;
      rows.push([
        `${safeText(file)}:${f.range.start.line + 1}:${f.range.start.character + 1}`,
        severityLabel(f.severity, c),
        c.gray(f.code),
        safeText(f.message),
      ]);
    }
  }
  io.stdout(alignColumns(rows));
  const files = `${results.length} file${results.length === 1 ? '' : 's'}`;
  const notRead = unreadable ? `; ${unreadable} file${unreadable === 1 ? '' : 's'} could not be read` : '';
  const suppressed = suppressedCount(results);
  const accepted = [
    ...(suppressed ? [`${suppressed} suppressed`] : []),
    ...(baselined ? [`${baselined} accepted in the baseline not shown`] : []),
  ];
  const summary = `${countSummary(counts)} in ${files}${accepted.length ? ` (${accepted.join('; ')})` : ''}${notRead}`;
  io.stdout((counts.error || unreadable ? c.red(summary) : rows.length ? c.yellow(summary) : c.green(summary)) + '\n');
}

function ruleFlags(pairs: readonly string[]): Record<string, SeveritySetting> {
  const parsed = parseRuleFlags(pairs);
  if (!parsed.ok) throw new UsageError(`--rule: ${parsed.error}`);
  return parsed.severities;
}

function rulesFile(path: string | undefined, io: CliIO): Record<string, SeveritySetting> {
  if (path === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(readTextSync(resolve(io.cwd, path)));
  } catch (err) {
    throw new UsageError(
      `--rules ${path}: ${err instanceof SyntaxError ? 'not valid JSON' : `cannot read it (${ioReason(err)})`}`,
    );
  }
  const parsed = parseRuleObject(value);
  if (!parsed.ok) throw new UsageError(`--rules ${path}: ${parsed.error}`);
  return parsed.severities;
}

function readBaseline(path: string, io: CliIO): Set<string> {
  let text: string;
  try {
    text = readTextSync(resolve(io.cwd, path));
  } catch (err) {
    throw new UsageError(`--baseline ${path}: cannot read it (${ioReason(err)}); write one with --write-baseline`);
  }
  const read = parseBaseline(text);
  if (!read.ok) throw new UsageError(`--baseline ${path}: ${read.error}`);
  return read.keys;
}

/** Applies each file's configuration's `ignore` entries to the results; the findings about stale entries. */
function suppress(
  results: FileFindings[],
  perFile: readonly { file: string; settings: CommandSettings }[],
  lintSettingsOf: (project: CommandSettings) => LintSettings,
  cwd: string,
  allowProtected: boolean,
): FileFindings[] {
  const byFile = new Map<string, FileSuppressions>();
  for (const { file, settings } of perFile) {
    if (settings.configPath === undefined || !settings.ignore.length) continue;
    const severities = lintSettingsOf(settings).severities;
    byFile.set(file, { configPath: settings.configPath, entries: settings.ignore, severities });
  }
  if (!byFile.size) return [];
  return applySuppressions(results, (file) => byFile.get(file), { cwd, allowProtected });
}

export const run: Command = async (argv, io) => {
  const { flags, positionals, help: wantsHelp } = parseArgs(argv, SPEC);
  if (wantsHelp) {
    io.stdout(commandHelpText(help));
    return EXIT_OK;
  }
  // Each file under its own project configuration (the editor's for it); severities: the configuration, then
  // --rules FILE, then --rule (a later source wins per rule).
  const overrides = { ...rulesFile(flags.rules, io), ...ruleFlags(flags.rule) };
  const outputs = parseOutputs(flags.output, LINT_FORMATS, io.cwd);
  const perFile = settingsPerFile(flags, io, positionals);
  const resolved = new Map<CommandSettings, LintSettings>();
  const lintSettingsOf = (project: CommandSettings): LintSettings => {
    let settings = resolved.get(project);
    if (!settings) {
      // The repository's own severities stay at the reader-protecting floor unless this run allows otherwise.
      settings = lintSettingsFor(project, overrides, flags['allow-repo-rule-overrides']);
      resolved.set(project, settings);
    }
    return settings;
  };
  if (flags.fix && flags['fix-dry-run']) throw new UsageError('--fix and --fix-dry-run exclude each other');
  const fixes = perFile.map(({ file, settings }) => ({ file, settings: lintSettingsOf(settings) }));
  if (flags['fix-dry-run']) return (await runFixes(fixes, true, io)) ? EXIT_USAGE : EXIT_OK;
  let ioFailure = flags.fix ? await runFixes(fixes, false, io) : false;
  const results: FileFindings[] = [];
  for (const { file, settings } of perFile) {
    const r = await lintFile(nodeFiles, file, resolve(io.cwd, file), lintSettingsOf(settings), settings.policies);
    if ('error' in r) {
      ioFailure = true;
      io.stderr(`a2acap lint: ${safeText(r.file)}: ${r.error}\n`);
    } else {
      results.push(r);
    }
  }
  if (flags.baseline !== undefined && flags['write-baseline'] !== undefined)
    throw new UsageError('--baseline and --write-baseline exclude each other');
  const unreadable = positionals.length - results.length;
  // The project's `ignore` entries, before the baseline: a suppressed finding is never recorded as accepted there.
  results.push(...suppress(results, perFile, lintSettingsOf, io.cwd, flags['allow-repo-rule-overrides']));
  if (flags['write-baseline'] !== undefined) {
    const entries = baselineEntries(results, io.cwd);
    // Never over something that is not a baseline (`--write-baseline card.json`), a device or a FIFO.
    const target = replaceable(
      resolve(io.cwd, flags['write-baseline']),
      'an a2acap baseline',
      (text) => parseBaseline(text).ok,
    );
    await writeFileAtomic(target.path, serializeBaseline(entries), target.mode);
    io.stderr(
      `a2acap lint: ${entries.length} finding${entries.length === 1 ? '' : 's'} recorded as accepted in ${safeText(flags['write-baseline'])}\n`,
    );
    return ioFailure ? EXIT_USAGE : EXIT_OK;
  }
  const baselined = flags.baseline === undefined ? 0 : applyBaseline(results, readBaseline(flags.baseline, io), io.cwd);
  const report = (format: LintFormat, to: CliIO) => {
    if (format === 'text') writeText(results, to, baselined, unreadable);
    else to.stdout(lintReport(results, format, VERSION, io.cwd));
  };
  report((flags.format ?? 'text') as LintFormat, io);
  await writeOutputs(outputs, (format) => captured(io, (to) => report(format, to)));
  if (ioFailure) return EXIT_USAGE;
  return results.some((r) => r.findings.some((f) => f.severity === 'error')) ? EXIT_FINDINGS : EXIT_OK;
};
