/**
 * Help texts made from the flag table: each command's flags (args.ts FlagSpec plus the value they show and their
 * help line) and a layout of its usage lines; `a2acap COMMAND --help` and the overview `a2acap --help` are both
 * rendered from them, so a flag the parser accepts and the help that names it cannot drift apart.
 *
 *   const FLAGS = { format: { type: 'string', choices: ['json', 'text'] }, out: { type: 'string', value: 'FILE', help: '--out FILE: …' } };
 *   usage: [['format', { group: [['out']] }]]   // "[--format json|text] [--out FILE]"
 */
import type { ArgSpec, FlagSpec } from './args';

/** A flag as data: how it parses, what its value looks like in a usage line, and its own help paragraph. */
export interface FlagDef extends FlagSpec {
  /** The value's placeholder in usage lines (FILE, N); default: the choices joined by |. None for a boolean flag. */
  value?: string;
  /** The flag's help paragraph as printed (line breaks included), for a help that gives it a line of its own. */
  help?: string;
  /** A repeatable flag that usage lines show once, without `...` (its one value can list several: loopback,private). */
  shownOnce?: boolean;
}

/**
 * One element of a usage line:
 * - a flag name: optional, `[--name VALUE]`, with `...` when the flag repeats;
 * - `{ flag, value }`: the same with another placeholder (the overview spells some values out);
 * - `{ group: [alternative, …] }`: `[A | B]`, each alternative's first flag given bare (`--card CARD`) and the
 *   elements after it inside the brackets (`[--credential-env VAR [--credential-scheme NAME]]`);
 * - `{ bare }`: a flag given bare outside any group (`--skill ID`, a flag the command needs).
 */
export type UsageItem = string | { flag: string; value: string } | { group: UsageItem[][] } | { bare: string };

/** Usage lines: the first follows the command's name and operands, the others are indented under it. */
export interface UsageLayout {
  lines: UsageItem[][];
  /** Indentation of the continuation lines, when not the width of what precedes the first line's flags. */
  indent?: number;
}

/** A block of a command's help: text as printed, or the help paragraph of one of its flags. */
export type HelpBlock = string | { flagHelp: string };

/** What a command's help is made of. */
export interface CommandHelp {
  name: string;
  spec: ArgSpec & { flags: Readonly<Record<string, FlagDef>> };
  /** The usage lines of `a2acap COMMAND --help`. */
  usage: UsageLayout;
  /** The command's lines in the `a2acap --help` overview. */
  overview: UsageLayout;
  /** The text after the usage lines (a leading '' is an empty line). */
  body: readonly HelpBlock[];
}

function flagOf(help: CommandHelp, name: string): FlagDef {
  const flag = Object.prototype.hasOwnProperty.call(help.spec.flags, name) ? help.spec.flags[name] : undefined;
  if (!flag) throw new Error(`a2acap ${help.name}: the help names --${name}, which the command does not accept`);
  return flag;
}

function bareFlag(help: CommandHelp, name: string, value?: string): string {
  const flag = flagOf(help, name);
  const shown = flag.type === 'boolean' ? undefined : (value ?? flag.value ?? flag.choices?.join('|'));
  return shown === undefined ? `--${name}` : `--${name} ${shown}`;
}

function repeats(help: CommandHelp, name: string): string {
  const flag = flagOf(help, name);
  return flag.multiple && !flag.shownOnce ? '...' : '';
}

function renderItem(help: CommandHelp, item: UsageItem): string {
  if (typeof item === 'string') return `[${bareFlag(help, item)}]${repeats(help, item)}`;
  if ('bare' in item) return bareFlag(help, item.bare);
  if ('flag' in item) return `[${bareFlag(help, item.flag, item.value)}]${repeats(help, item.flag)}`;
  const alternatives = item.group.map(([first, ...rest]) => {
    const head = typeof first === 'string' ? bareFlag(help, first) : renderItem(help, first!);
    return [head, ...rest.map((r) => renderItem(help, r))].join(' ');
  });
  return `[${alternatives.join(' | ')}]`;
}

/** The operands after the command's name: FILE..., CARD, URL|LOCK (none for a command without positionals). */
function operands(help: CommandHelp): string {
  const p = help.spec.positionals;
  if (!p) return '';
  return p.max === undefined || (p.max > 1 && p.min !== p.max) ? `${p.name}... ` : `${p.name} `;
}

function renderLayout(help: CommandHelp, layout: UsageLayout, lead: string, defaultIndent: number): string {
  const indent = ' '.repeat(layout.indent ?? defaultIndent);
  return layout.lines
    .map((line, i) => `${i === 0 ? lead : indent}${line.map((item) => renderItem(help, item)).join(' ')}`)
    .join('\n');
}

/** `a2acap COMMAND --help`. */
export function commandHelpText(help: CommandHelp): string {
  const lead = `Usage: a2acap ${help.name} `;
  const body = help.body.map((block) => (typeof block === 'string' ? block : flagHelp(help, block.flagHelp)));
  return `${renderLayout(help, help.usage, `${lead}${operands(help)}`, lead.length)}\n${body.map((b) => `${b}\n`).join('')}`;
}

function flagHelp(help: CommandHelp, name: string): string {
  const text = flagOf(help, name).help;
  if (text === undefined) throw new Error(`a2acap ${help.name}: --${name} has no help of its own`);
  return text;
}

/** The command's lines in the overview. */
export function overviewLines(help: CommandHelp): string {
  const lead = `  a2acap ${help.name} ${operands(help)}`;
  return renderLayout(help, help.overview, lead, lead.length);
}
