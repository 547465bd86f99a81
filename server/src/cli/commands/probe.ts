/**
 * `a2acap probe URL|LOCK [--format json|text] [--credential-env VAR] [--safe-request TEXT] [--skill ID]
 *                        [--allow-skill ID]... [--media-type TYPE]... [--allow-host HOST]... [--timeout MS] [--min-interval MS]`
 *
 * Checks the card's claims against the live agent (core/probe). A LOCK (a lockfile path) is probed at its
 * `agent`. Probes that send a message run only with --safe-request (the agreed trivial message text).
 * JSON: {"agent", "results": [{"probe", "claim", "outcome", "detail", "at", "requirements"?}]} (requirements: the A2A
 * test kit's requirement ids the probe tests). --format junit: JUnit XML, one test case per probe (core/probe/junit.ts).
 * Exit: 0 nothing refuted, 1 a claim refuted or a probe failed, 2 usage / network / policy failure.
 */
import { commandSettings, directoryOf } from '../projectSettings';
import { resolve } from 'node:path';
import { createHttpClient } from '../../node/net/http';
import { createGrpcClient } from '../../node/net/grpc';
import { nodeFiles } from '../../app/files';
import { probe, probeJunit, probeTargetOf, type SafeProbeRequest } from '../../app/probe';
import { firstPositional, parseArgs } from '../args';
import { commandHelpText, type CommandHelp, type UsageItem } from '../help';
import { alignColumns, safeText } from '../format';
import { machineJson } from '../../app/text';
import { CliIO, Command, EXIT_FINDINGS, EXIT_OK, UsageError } from '../io';
import { rethrowNet, timeoutFrom, withRedaction } from './fetch';
import { CONFIG_FLAG, CREDENTIAL_FLAGS, NETWORK_FLAGS, credentialFromEnv, networkAllowance } from '../sharedFlags';
import { redactValue, urlSecrets } from '../../app/text';

const SPEC = {
  flags: {
    format: { type: 'string', choices: ['json', 'text', 'junit'], value: 'text|json|junit' },
    ...CREDENTIAL_FLAGS,
    'safe-request': { type: 'string', value: 'TEXT' },
    skill: { type: 'string', value: 'ID' },
    'allow-skill': { type: 'string', multiple: true, value: 'ID' },
    'media-type': { type: 'string', multiple: true, value: 'TYPE' },
    'allow-host': { type: 'string', multiple: true, value: 'HOST' },
    timeout: { type: 'string', value: 'MS' },
    'min-interval': { type: 'string', value: 'MS' },
    ...CONFIG_FLAG,
    ...NETWORK_FLAGS,
  },
  positionals: { name: 'URL|LOCK', min: 1, max: 1 },
} as const satisfies CommandHelp['spec'];

const CREDENTIAL_USAGE: UsageItem = { group: [['credential-env', 'credential-scheme']] };
const MESSAGE_PROBES_USAGE: UsageItem = { group: [['safe-request', 'skill', 'allow-skill', 'media-type']] };

export const help: CommandHelp = {
  name: 'probe',
  spec: SPEC,
  usage: {
    lines: [
      ['format', CREDENTIAL_USAGE, 'timeout', 'min-interval'],
      ['allow-host', MESSAGE_PROBES_USAGE],
      ['config', 'allow-network'],
    ],
  },
  overview: {
    lines: [
      ['format', CREDENTIAL_USAGE, 'timeout', 'min-interval', 'allow-host'],
      [MESSAGE_PROBES_USAGE, 'config'],
      [{ flag: 'allow-network', value: 'loopback,private' }],
    ],
  },
  body: [
    `Checks an agent's claims with small deliberate calls. Default probes send no message: version,
version-negotiation, version-default, streaming, push, extended-card; then the endpoints: card-media-type,
card-cache-control, card-revalidation (plain GETs of the card) and transport-security:URL (HTTPS and HSTS, one
per interface; loopback hosts are exempt). --safe-request enables the message probes
(streaming-message, media-type:TYPE, required-extension:URI) with that agreed message text; --skill ID names
the test skill (needed when the card has several), --allow-skill ID allows one that books, buys or sends.
--min-interval MS spaces calls to the agent (default 250). --credential-env VAR / --credential-scheme NAME: as
for fetch (a bearer token or an API key, for the extended-card probe). The interface probed is the one the client
of the project configuration (the nearest .a2a/config.json from LOCK's folder or the working directory, or
--config FILE) would choose; for a LOCK, the lockfile's extensions count as known. URL may be a catalog
reference CATALOG-URL#IDENTIFIER[@VERSION]: the agent whose card that AI Catalog entry names. Exit 0
nothing refuted, 1 a claim refuted or a probe failed, 2 usage, network or policy failure.`,
    { flagHelp: 'allow-network' },
  ],
};

function intervalFrom(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > 60_000)
    throw new UsageError(
      `--min-interval expects milliseconds from 0 to 60000 (got ${JSON.stringify(value.slice(0, 40))})`,
    );
  return Number(value);
}

async function agentOf(arg: string, io: CliIO) {
  const target = await probeTargetOf(arg, resolve(io.cwd, arg), nodeFiles);
  if (!target.ok) throw new UsageError(target.message);
  return target;
}

export const run: Command = async (argv, io) => {
  const { flags, positionals, help: wantsHelp } = parseArgs(argv, SPEC);
  if (wantsHelp) {
    io.stdout(commandHelpText(help));
    return EXIT_OK;
  }
  const target = firstPositional(positionals, SPEC);
  const project = commandSettings({ config: flags.config }, io, directoryOf(io, target));
  const allow = networkAllowance(flags, io);
  const { agent, lock } = await agentOf(target, io);
  const credential = credentialFromEnv(flags['credential-env'], io, flags['credential-scheme']);
  const text = flags['safe-request'];
  if (text !== undefined && text.trim() === '')
    throw new UsageError('--safe-request needs the agreed message text (it is empty)');
  if (flags['media-type'].some((m) => m.trim() === ''))
    throw new UsageError('--media-type needs a media type (one is empty)');
  if (!text && (flags.skill || flags['media-type'].length || flags['allow-skill'].length)) {
    throw new UsageError(
      '--skill, --allow-skill and --media-type need --safe-request TEXT (message probes are opt-in)',
    );
  }
  const safeRequest: SafeProbeRequest | undefined = text
    ? {
        text,
        ...(flags.skill ? { skill: flags.skill } : {}),
        allowSkills: flags['allow-skill'],
        mediaTypes: flags['media-type'],
      }
    : undefined;
  // The lockfile's agent URL may carry userinfo, and the agent may quote the credential: both are redacted.
  return withRedaction(io, [credential?.token, ...urlSecrets(agent)], async (io, redact) => {
    const http = createHttpClient({ allowHosts: flags['allow-host'] });
    const grpc = createGrpcClient({ allowHosts: flags['allow-host'] });
    try {
      const report = await probe({
        agent,
        http,
        grpc,
        client: project.client,
        lock,
        credential,
        safeRequest,
        minIntervalMs: intervalFrom(flags['min-interval']),
        timeoutMs: timeoutFrom(flags.timeout),
        // A URL typed on the command line is the user's; a lockfile's agent is repository content (public unless allowed).
        ...(lock ? { origin: 'repository' as const, allow } : {}),
      }).catch(rethrowNet);
      const results = redactValue(
        report.results.map((r) => ({
          probe: r.probe,
          claim: r.claim,
          outcome: r.outcome,
          detail: r.detail,
          at: r.at,
          ...(r.requirements ? { requirements: r.requirements } : {}),
        })),
        redact,
      );
      if (flags.format === 'json') io.stdout(`${machineJson({ agent: redact(agent), results }, 2)}\n`);
      else if (flags.format === 'junit') io.stdout(probeJunit({ agent: redact(agent), results }));
      else {
        // A probe's name can hold card text (required-extension:URI): escaped like its detail.
        const rows = results.map((r) => [r.outcome.toUpperCase(), safeText(r.probe), safeText(r.detail)]);
        io.stdout(
          `${safeText(redact(agent))}${report.interface ? ` (${report.interface.binding} ${report.interface.version})` : ''}\n${alignColumns(rows)}\n`,
        );
      }
      return results.some((r) => r.outcome === 'refuted' || r.outcome === 'error') ? EXIT_FINDINGS : EXIT_OK;
    } finally {
      grpc.close();
      await http.close();
    }
  });
};
