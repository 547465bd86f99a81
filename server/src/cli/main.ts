/**
 * `a2acap`: a thin command-line entry over the core. Each command lives in commands/<name>.ts.
 * Exit codes: 0 ok, 1 findings / failing classification, 2 usage, I/O, network or policy failure.
 */
import { safeText } from './format';
import { CliIO, Command, EXIT_USAGE, UsageError, nodeIO } from './io';
import { commandHelps, loadCommand } from './commands';
import { overviewLines } from './help';
import { VERSION } from './version';

/** `a2acap --help`: every command's usage lines, made from its flags (help.ts). */
async function usage(): Promise<string> {
  return `a2acap: capability discovery for A2A 1.0 agents

Usage:
${(await commandHelps()).map(overviewLines).join('\n')}

Settings shared with the editor: .a2a/config.json (in the working directory or above; --config FILE to name one).
Run 'a2acap COMMAND --help' for details. Exit codes: 0 ok, 1 findings, 2 usage or I/O failure.
`;
}

export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [first, ...afterFirst] = argv;
  // `a2acap help COMMAND` is `a2acap COMMAND --help`.
  const [name, ...rest] = first === 'help' && afterFirst[0] ? [afterFirst[0], '--help'] : [first, ...afterFirst];
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(await usage());
    return name ? 0 : EXIT_USAGE;
  }
  if (name === '--version') {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  const command: Command | undefined = (await loadCommand(name))?.run;
  if (!command) {
    io.stderr(`a2acap: unknown command '${name}'. Run 'a2acap --help'.\n`);
    return EXIT_USAGE;
  }
  try {
    return await command(rest, io);
  } catch (err) {
    // Never a stack trace: every failure becomes one line the user can act on.
    const exit = err instanceof UsageError ? err.exitCode : EXIT_USAGE;
    const message = err instanceof Error ? err.message : String(err);
    // Messages quote card, lockfile and server text: control, bidi and escape characters are shown escaped, never sent to the terminal.
    io.stderr(`a2acap ${name}: ${safeText(message.split('\n')[0] ?? '')}\n`);
    return exit;
  }
}

/**
 * A failure no command handled (a bug, or a throw from a callback): one line and exit 2, "could not run". Node's
 * own handling would print a stack trace and exit 1, which a pipeline reads as "findings" or "breaking".
 */
function crashed(err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`a2acap: internal error: ${safeText(message.split('\n')[0] ?? '')}\n`);
  process.exit(EXIT_USAGE);
}

if (require.main === module) {
  process.on('uncaughtException', crashed);
  process.on('unhandledRejection', crashed);
  // `a2acap lint … | head -1`: the reader went away. Stop quietly, as other CLI tools do, instead of an
  // unhandled EPIPE with a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
  runCli(process.argv.slice(2), nodeIO()).then((code) => {
    process.exitCode = code;
  }, crashed);
}
