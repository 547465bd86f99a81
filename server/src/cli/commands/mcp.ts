/**
 * `a2acap mcp [--root DIR]... [--allow-network CLASSES]... [--credential-env VAR=ORIGIN]... [--max-card-bytes N]`
 *
 * Serves the A2A tools (server/src/mcp/) to a planning model over MCP on stdio until stdin closes. Tool arguments
 * are untrusted (a model can be steered by what it read), so what the tools may touch is fixed here, at launch:
 * paths inside the roots (default the working directory), URLs to public addresses plus the classes
 * --allow-network (or A2ACAP_ALLOW_NETWORK) grants, credentials only from the named environment variables and only
 * for the origin named with each (never sent with a public card request, as in the CLI). stdout carries the protocol; nothing else is printed there.
 */
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ALLOW_NETWORK_ENV, mergeAllowances, parseNetworkAllowance } from '../../app/settings';
import { createHttpClient } from '../../node/net/http';
import type { NetworkAllowance } from '../../core/net/policy';
import { LIMITS } from '../../mcp/limits';
import { serveStdio } from '../../mcp/server';
import { createToolWorld, type LaunchCredential } from '../../mcp/world';
import { parseArgs } from '../args';
import { commandHelpText, type CommandHelp, type UsageItem } from '../help';
import { CliIO, Command, EXIT_OK, UsageError } from '../io';
import { maxBytesFrom } from '../projectSettings';
import { VERSION } from '../version';

const SPEC = {
  flags: {
    root: {
      type: 'string',
      multiple: true,
      value: 'DIR',
      help: '  --root DIR              paths resolve inside these directories (default: the working directory)',
    },
    'allow-network': {
      type: 'string',
      multiple: true,
      value: 'loopback,private',
      help: `  --allow-network C       URLs from tool arguments and lockfiles reach public addresses only, plus these classes
                          (loopback, private; also ${ALLOW_NETWORK_ENV}); link-local and metadata never`,
    },
    'credential-env': {
      type: 'string',
      multiple: true,
      value: 'VAR=ORIGIN',
      help: `  --credential-env V=O    the value of environment variable V is a bearer token for origin O (https://host:port)
                          only; never sent with a public card request, never a tool argument, never in a result`,
    },
    'max-card-bytes': {
      type: 'string',
      value: 'N',
      help: `  --max-card-bytes N      card and lockfile size limit (default ${LIMITS.cardBytes})`,
    },
  },
} as const satisfies CommandHelp['spec'];

const FLAGS_USAGE: UsageItem[] = ['root', 'allow-network', 'credential-env', 'max-card-bytes'];

export const help: CommandHelp = {
  name: 'mcp',
  spec: SPEC,
  usage: { lines: [FLAGS_USAGE] },
  overview: { lines: [FLAGS_USAGE] },
  body: [
    `Serves the A2A tools (a2a_profile, a2a_how_to_call, a2a_check_lockfile, a2a_lockfiles, a2a_pin) over the Model
Context Protocol on stdio. Tool arguments are untrusted:`,
    { flagHelp: 'root' },
    { flagHelp: 'allow-network' },
    { flagHelp: 'credential-env' },
    { flagHelp: 'max-card-bytes' },
    `Card text comes back only inside "untrusted", clipped at ${LIMITS.untrustedChars} characters, invisible characters shown.`,
  ],
};

function rootsFrom(dirs: readonly string[], io: CliIO): string[] {
  const given = dirs.length ? dirs : [io.cwd];
  return given.map((dir) => {
    const full = resolve(io.cwd, dir);
    try {
      if (!statSync(full).isDirectory()) throw new Error('not a directory');
      return realpathSync(full);
    } catch {
      throw new UsageError(`--root ${dir}: not a directory`);
    }
  });
}

function allowanceFrom(values: readonly string[], io: CliIO): NetworkAllowance {
  const all: NetworkAllowance[] = [];
  for (const text of [...values, io.env[ALLOW_NETWORK_ENV] ?? '']) {
    const parsed = parseNetworkAllowance(text);
    if (!parsed.ok) throw new UsageError(`--allow-network: ${parsed.error}`);
    all.push(parsed.allow);
  }
  return mergeAllowances(...all);
}

function credentialsFrom(values: readonly string[], io: CliIO): LaunchCredential[] {
  return values.map((value) => {
    const eq = value.indexOf('=');
    const variable = eq < 0 ? value : value.slice(0, eq);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable))
      throw new UsageError(
        '--credential-env expects VAR=ORIGIN: the NAME of an environment variable (never the credential itself) and the origin it is for',
      );
    if (eq < 0)
      throw new UsageError(
        `--credential-env ${variable}: name the origin the credential is for (${variable}=https://agent.example.com), so a URL a model chose never receives it`,
      );
    let origin: string;
    try {
      origin = new URL(value.slice(eq + 1)).origin;
    } catch {
      origin = 'null';
    }
    if (origin === 'null' || !/^https?:/.test(origin))
      throw new UsageError(
        `--credential-env ${variable}: the origin must be an http(s) URL such as https://agent.example.com`,
      );
    const secret = io.env[variable];
    if (!secret || /[\r\n]/.test(secret))
      throw new UsageError(
        `--credential-env ${variable}: the environment variable is not set, empty, or holds a line break`,
      );
    return { variable, value: secret.trim(), origin };
  });
}

export const run: Command = async (argv, io) => {
  const { flags, help: wantsHelp } = parseArgs(argv, SPEC);
  if (wantsHelp) {
    io.stdout(commandHelpText(help));
    return EXIT_OK;
  }
  const world = createToolWorld({
    roots: rootsFrom(flags.root, io),
    allow: allowanceFrom(flags['allow-network'], io),
    credentials: credentialsFrom(flags['credential-env'], io),
    http: createHttpClient(),
    maxCardBytes: flags['max-card-bytes'] !== undefined ? maxBytesFrom(flags['max-card-bytes']) : LIMITS.cardBytes,
  });
  try {
    await serveStdio(world, VERSION);
  } finally {
    await world.http?.close();
  }
  return EXIT_OK;
};
