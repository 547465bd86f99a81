/**
 * A small typed flag parser for the CLI commands: long flags only (`--name value` or `--name=value`),
 * repeatable flags collected into arrays, choice lists, `--` to end flags, `-h`/`--help` recognised.
 * Every mistake is a UsageError (one line, exit 2) that names the flag and what was expected.
 *
 *   const spec = { flags: { format: { type: 'string', choices: ['json', 'text'] },
 *                           binding: { type: 'string', multiple: true } },
 *                  positionals: { name: 'CARD', min: 1, max: 1 } } as const;
 *   const { flags, positionals } = parseArgs(argv, spec);   // flags.format: string | undefined; flags.binding: string[]
 */
import { UsageError } from './io';

export interface FlagSpec {
  type: 'string' | 'boolean';
  /** Repeatable: values are collected in order (string flags only). */
  multiple?: boolean;
  /** Allowed values (string flags only). */
  choices?: readonly string[];
}

export interface ArgSpec {
  flags: Readonly<Record<string, FlagSpec>>;
  positionals?: { name: string; min?: number; max?: number };
}

export type FlagValues<F extends Readonly<Record<string, FlagSpec>>> = {
  -readonly [K in keyof F]: F[K] extends { type: 'boolean' }
    ? boolean
    : F[K] extends { multiple: true }
      ? string[]
      : string | undefined;
};

export interface ParsedArgs<F extends Readonly<Record<string, FlagSpec>>> {
  flags: FlagValues<F>;
  positionals: string[];
  /** `-h` or `--help` was given (anywhere before `--`). */
  help: boolean;
}

function initialValues(flags: Readonly<Record<string, FlagSpec>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(flags)) {
    values[name] = spec.type === 'boolean' ? false : spec.multiple ? [] : undefined;
  }
  return values;
}

function describeFlags(flags: Readonly<Record<string, FlagSpec>>): string {
  return (
    Object.keys(flags)
      .map((f) => `--${f}`)
      .join(', ') || '(none)'
  );
}

export function parseArgs<S extends ArgSpec>(argv: readonly string[], spec: S): ParsedArgs<S['flags']> {
  const values = initialValues(spec.flags);
  const given = new Set<string>();
  const positionals: string[] = [];
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === undefined) break;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    if (!arg.startsWith('--') || arg === '-') {
      if (arg.startsWith('-') && arg !== '-')
        throw new UsageError(`unknown option ${arg} (options are long: ${describeFlags(spec.flags)})`);
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const flag = Object.prototype.hasOwnProperty.call(spec.flags, name) ? spec.flags[name] : undefined;
    if (!flag) throw new UsageError(`unknown option --${name} (expected one of: ${describeFlags(spec.flags)})`);
    if (flag.type === 'boolean') {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      values[name] = true;
      continue;
    }
    let value: string | undefined = eq >= 0 ? arg.slice(eq + 1) : argv[i + 1];
    if (eq < 0) {
      if (value === undefined || (value.startsWith('--') && value !== '--'))
        throw new UsageError(`--${name} needs a value`);
      i++;
    }
    value = value!;
    if (flag.choices && !flag.choices.includes(value)) {
      throw new UsageError(`--${name} must be one of ${flag.choices.join(', ')} (got ${JSON.stringify(value)})`);
    }
    if (flag.multiple) {
      (values[name] as string[]).push(value);
    } else {
      if (given.has(name)) throw new UsageError(`--${name} given more than once`);
      values[name] = value;
    }
    given.add(name);
  }
  const p = spec.positionals;
  if (!help && p) {
    if (positionals.length < (p.min ?? 0)) throw new UsageError(`missing ${p.name}`);
    if (p.max !== undefined && positionals.length > p.max)
      throw new UsageError(`too many arguments: expected at most ${p.max} ${p.name}, got ${positionals.length}`);
  } else if (!help && positionals.length) {
    throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
  }
  return { flags: values as FlagValues<S['flags']>, positionals, help };
}

/** The first positional (parseArgs has checked there is one when the spec needs it; here the type knows too). */
export function firstPositional(positionals: readonly string[], spec: ArgSpec): string {
  const [first] = positionals;
  if (first === undefined) throw new UsageError(`missing ${spec.positionals?.name ?? 'argument'}`);
  return first;
}
