/**
 * `a2acap`: a thin command-line entry over the core. Each command lives in commands/<name>.ts.
 * Exit codes: 0 ok, 1 findings / failing classification, 2 usage, I/O, network or policy failure.
 */
import { safeText } from './format';
import { CliIO, Command, EXIT_USAGE, UsageError, nodeIO } from './io';
import { commands } from './commands';
import { VERSION } from './version';

const USAGE = `a2acap: capability discovery for A2A 1.0 agents

Usage:
  a2acap lint FILE... [--format text|json|sarif|codequality] [--rule ID=SEVERITY]... [--rules FILE] [--baseline FILE | --write-baseline FILE] [--binding BINDING@VERSION]... [--known-extension URI]... [--max-card-bytes N] [--config FILE]
  a2acap compile CARD [--format json|text] [--binding BINDING@VERSION]... [--known-extension URI]... [--max-card-bytes N] [--config FILE]
  a2acap check LOCK... [--card CARD | --live [--stale-markers FILE] [--cache-dir DIR]] [--format json|text|sarif|markdown|codequality]
                      [--fail-on breaking|review|note] [--concurrency N] [--binding BINDING@VERSION]... [--known-extension URI]...
                      [--max-card-bytes N] [--config FILE] [--allow-network loopback,private]
  a2acap fetch URL [--extended] [--credential-env VAR [--credential-scheme NAME]] [--format text|json] [--signature-policy MODE | --require-signed] [--jwks FILE]...
                   [--trust-store FILE]... [--allow-host HOST]... [--timeout MS] [--config FILE]
  a2acap probe URL|LOCK [--format text|json] [--credential-env VAR [--credential-scheme NAME]] [--timeout MS] [--min-interval MS] [--allow-host HOST]...
                        [--safe-request TEXT [--skill ID] [--allow-skill ID]... [--media-type TYPE]...] [--config FILE]
                        [--allow-network loopback,private]
  a2acap pin URL|CARD --skill ID [--skill ID]... [--input TYPE]... [--output TYPE]... [--streaming] [--extension URI]...
                      [--out FILE] [--probe] [--config FILE]
  a2acap update LOCK [--yes] [--config FILE] [--allow-network loopback,private]
  a2acap mcp [--root DIR]... [--allow-network loopback,private]... [--credential-env VAR=ORIGIN]... [--max-card-bytes N]

Settings shared with the editor: .a2a/config.json (in the working directory or above; --config FILE to name one).
Run 'a2acap COMMAND --help' for details. Exit codes: 0 ok, 1 findings, 2 usage or I/O failure.
`;

export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [first, ...afterFirst] = argv;
  // `a2acap help COMMAND` is `a2acap COMMAND --help`.
  const [name, ...rest] = first === 'help' && afterFirst[0] ? [afterFirst[0], '--help'] : [first, ...afterFirst];
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(USAGE);
    return name ? 0 : EXIT_USAGE;
  }
  if (name === '--version') {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  const command: Command | undefined = (commands as Record<string, Command>)[name];
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
    io.stderr(`a2acap ${name}: ${safeText(message.split('\n')[0]!)}\n`);
    return exit;
  }
}


if (require.main === module) {
  // `a2acap lint … | head -1`: the reader went away. Stop quietly, as other CLI tools do, instead of an
  // unhandled EPIPE with a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
  runCli(process.argv.slice(2), nodeIO()).then(
    (code) => { process.exitCode = code; },
    (err) => { process.stderr.write(`a2acap: ${String(err)}\n`); process.exitCode = EXIT_USAGE; },
  );
}
