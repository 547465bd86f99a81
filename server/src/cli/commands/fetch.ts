/**
 * `a2acap fetch URL [--extended] [--credential-env VAR] [--format json|text] [--signature-policy MODE] [--jwks FILE]...
 *                   [--trust-store FILE]... [--allow-host HOST]... [--timeout MS]`
 *
 * Fetches the agent's public card (base URL → /.well-known/agent-card.json, or a card URL), validates it,
 * verifies its signatures against the given JWKS files and key-id trust stores (../trustStoreFile.ts), compiles
 * it; with --extended also requests the extended card using the credential in the environment variable named by --credential-env (never a token
 * argument: process lists would show it).
 * JSON: {url, status, card, profile, signature, validators, max_age_seconds, fetched_at, findings, extended?}.
 * Exit: 0 valid card, 1 invalid card (or required signature not verified), 2 usage / network / policy failure, or
 * --extended when the credential could not be sent (nothing was requested).
 * Everything printed is redacted: the credential (in every form) and URL userinfo never appear (core/text/redact.ts).
 */
import { readTextSync } from '../../node/readText';
import type { Credential } from '../../core/fetch/credentials';
import { commandSettings } from '../projectSettings';
import { CONFIG_FLAG, CREDENTIAL_FLAGS, credentialFromEnv } from '../sharedFlags';
import { ioReason } from '../../app/text';
import { resolve } from 'node:path';
import { isNetError } from '../../app/text';
import { createHttpClient } from '../../node/net/http';
import { createGrpcClient } from '../../node/net/grpc';
import { fetchCard, fetchExtendedCard, type ExtendedCardResult, type FetchCardResult } from '../../app/fetch';
import { combineTrustStores, createTrustStore, JwksDocument, TrustEntry } from '../../app/live';
import { firstPositional, parseArgs, type FlagValues } from '../args';
import { commandHelpText, type CommandHelp, type UsageItem } from '../help';
import { loadTrustStoreFiles } from '../trustStoreFile';
import { SIGNATURE_POLICY_NAMES, resolveSignaturePolicy, type SignaturePolicy } from '../../app/live';
import { alignColumns, safeText } from '../format';
import { machineJson } from '../../app/text';
import { CliIO, Command, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError } from '../io';
import { redactError, redactorFor, redactValue, urlSecrets, type Redactor } from '../../app/text';

const SPEC = {
  flags: {
    format: { type: 'string', choices: ['json', 'text'], value: 'text|json' },
    extended: { type: 'boolean' },
    'credential-env': {
      ...CREDENTIAL_FLAGS['credential-env'],
      help: `--credential-env VAR names an environment variable holding the credential (never pass it itself): a bearer token,
or an API key for a scheme that takes one in a header or cookie; --credential-scheme NAME picks the card's scheme
(default: the first it declares that a credential can be sent for).`,
    },
    'credential-scheme': CREDENTIAL_FLAGS['credential-scheme'],
    'signature-policy': {
      type: 'string',
      choices: SIGNATURE_POLICY_NAMES,
      value: 'MODE',
      help: `--signature-policy MODE: off (signatures not checked), verify-if-present (default: an invalid signature
makes the card invalid) or require (anything but a verified signature does); --require-signed means require.`,
    },
    'require-signed': { type: 'boolean' },
    jwks: {
      type: 'string',
      multiple: true,
      value: 'FILE',
      help: `--jwks FILE: a JWKS file of trusted keys. --trust-store FILE: {"<kid>": key or {key, notBefore, notAfter}},
the key a JWKS URL, JWK/JWKS or PEM public key/certificate (as the a2a.trustStore setting).`,
    },
    'trust-store': { type: 'string', multiple: true, value: 'FILE' },
    'allow-host': { type: 'string', multiple: true, value: 'HOST' },
    timeout: { type: 'string', value: 'MS' },
    ...CONFIG_FLAG,
  },
  positionals: { name: 'URL', min: 1, max: 1 },
} as const satisfies CommandHelp['spec'];

const CREDENTIAL_USAGE: UsageItem = { group: [['credential-env', 'credential-scheme']] };
const SIGNATURE_USAGE: UsageItem = { group: [['signature-policy'], ['require-signed']] };

export const help: CommandHelp = {
  name: 'fetch',
  spec: SPEC,
  usage: {
    lines: [
      ['extended', CREDENTIAL_USAGE, 'format'],
      [SIGNATURE_USAGE, 'jwks', 'trust-store'],
      ['allow-host', 'timeout', 'config'],
    ],
  },
  overview: {
    lines: [
      ['extended', CREDENTIAL_USAGE, 'format', SIGNATURE_USAGE, 'jwks'],
      ['trust-store', 'allow-host', 'timeout', 'config'],
    ],
  },
  body: [
    `Fetches, validates, verifies and compiles an agent card. URL is the agent's base URL, the card URL, or a
catalog reference CATALOG-URL#IDENTIFIER[@VERSION] (the card URL of that AI Catalog entry; without a version the
highest semantic version, else the latest updatedAt).`,
    { flagHelp: 'signature-policy' },
    { flagHelp: 'jwks' },
    { flagHelp: 'credential-env' },
    `The profile is compiled for the client of the project configuration (the nearest .a2a/config.json from the
working directory, or --config FILE). Exit 0 valid card, 1 invalid card, 2 usage, network or policy failure.`,
  ],
};

/** --signature-policy, or --require-signed (its older spelling); the two saying different things is a usage error. */
function signaturePolicyFrom(flags: { 'signature-policy'?: string; 'require-signed'?: boolean }): SignaturePolicy {
  const named = flags['signature-policy'];
  if (flags['require-signed'] && named !== undefined && named !== 'require') {
    throw new UsageError(
      `--require-signed means --signature-policy require; it contradicts --signature-policy ${named}`,
    );
  }
  return resolveSignaturePolicy(named, flags['require-signed']);
}

/** Timers hold at most 2^31-1 ms; ten minutes is far beyond any answer worth waiting for. */
export const MAX_TIMEOUT_MS = 600_000;

export function timeoutFrom(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) <= 0 || Number(value) > MAX_TIMEOUT_MS) {
    throw new UsageError(
      `--timeout expects milliseconds from 1 to ${MAX_TIMEOUT_MS} (got ${JSON.stringify(value.slice(0, 40))})`,
    );
  }
  return Number(value);
}

/** A JWKS file is a handful of keys: 1 MiB is far beyond any real one (as for --trust-store). */
const MAX_JWKS_FILE_BYTES = 1024 * 1024;

async function loadJwks(files: readonly string[], io: CliIO, agentPrefix: string): Promise<TrustEntry[]> {
  const entries: TrustEntry[] = [];
  for (const file of files) {
    let text: string;
    try {
      // The bounded reader every other file of the CLI goes through: a path that never ends (/dev/zero) is refused.
      text = readTextSync(resolve(io.cwd, file), MAX_JWKS_FILE_BYTES);
    } catch (err) {
      throw new UsageError(`${file}: cannot read the JWKS file (${ioReason(err)})`);
    }
    let doc: JwksDocument;
    try {
      doc = JSON.parse(text) as JwksDocument;
    } catch {
      throw new UsageError(`${file}: the JWKS file is not valid JSON`);
    }
    if (!Array.isArray(doc?.keys)) throw new UsageError(`${file}: not a JWKS document (no "keys" array)`);
    if (!doc.keys.every(isJwkObject))
      throw new UsageError(`${file}: its "keys" array holds something that is not a JWK (an object)`);
    entries.push({ agent: agentPrefix, jwks: doc });
  }
  return entries;
}

/** NetErrors become one-line usage failures (exit 2): the message names the URL and the limit. */
export function rethrowNet(err: unknown): never {
  if (isNetError(err)) throw new UsageError(err.message);
  throw err;
}

/**
 * The CLI end of a call's redaction: everything a live command prints, and the failure it reports, passes
 * through the redactor that knows the credential it uses and the userinfo of the URL it was given.
 */
export function redactingIO(io: CliIO, redact: Redactor): CliIO {
  return { ...io, stdout: (text) => io.stdout(redact(text)), stderr: (text) => io.stderr(redact(text)) };
}

/** Runs a live command with its output and its failure redacted (see redactingIO). */
export async function withRedaction(
  io: CliIO,
  secrets: Iterable<string | undefined>,
  body: (io: CliIO, redact: Redactor) => Promise<number>,
): Promise<number> {
  const redact = redactorFor(secrets);
  try {
    return await body(redactingIO(io, redact), redact);
  } catch (err) {
    throw redactError(err, redact);
  }
}

export const run: Command = async (argv, io) => {
  const { flags, positionals, help: wantsHelp } = parseArgs(argv, SPEC);
  if (wantsHelp) {
    io.stdout(commandHelpText(help));
    return EXIT_OK;
  }
  const target = firstPositional(positionals, SPEC);
  const credential = credentialFromEnv(flags['credential-env'], io, flags['credential-scheme']);
  return withRedaction(io, [credential?.token, ...urlSecrets(target)], (out, redact) =>
    fetchCommand(target, flags, credential, out, redact),
  );
};

async function fetchCommand(
  target: string,
  flags: FlagValues<typeof SPEC.flags>,
  credential: Credential | undefined,
  io: CliIO,
  redact: Redactor,
): Promise<number> {
  if (flags.extended && !credential)
    throw new UsageError(
      '--extended needs --credential-env VAR (the extended card is only served to authenticated callers)',
    );
  let origin: string;
  try {
    origin = new URL(target).origin;
  } catch {
    throw new UsageError(`not a URL: ${JSON.stringify(target.slice(0, 200))}`);
  }
  const jwks = await loadJwks(flags.jwks, io, `${origin}/`);
  const project = commandSettings({ config: flags.config }, io);
  const http = createHttpClient({ allowHosts: flags['allow-host'] });
  try {
    const trust = combineTrustStores([
      createTrustStore(jwks, http),
      ...(await loadTrustStoreFiles(flags['trust-store'], io.cwd, http)),
    ]);
    const timeoutMs = timeoutFrom(flags.timeout);
    const fetched = await fetchCard({
      target,
      http,
      timeoutMs,
      signaturePolicy: signaturePolicyFrom(flags),
      client: project.client,
      settings: { maxCardBytes: project.maxBytes },
      trust,
    }).catch(rethrowNet);
    let extended: ExtendedCardResult | undefined;
    if (flags.extended && fetched.valid && fetched.profile) {
      // A GRPC interface is chosen when the project's client lists GRPC; the client connects only if it is.
      const grpc = createGrpcClient({ allowHosts: flags['allow-host'] });
      try {
        extended = await fetchExtendedCard({
          http,
          grpc,
          cardUrl: fetched.url,
          publicCard: fetched.card,
          publicProfile: fetched.profile,
          credential,
          originClass: fetched.originClass,
          timeoutMs,
          client: project.client,
        }).catch(rethrowNet);
      } finally {
        grpc.close();
      }
    }
    const shown = redactValue({ fetched, extended }, redact);
    if (flags.format === 'json') io.stdout(`${machineJson(toJson(shown.fetched, shown.extended), 2)}\n`);
    else io.stdout(toText(shown.fetched, shown.extended));
    // --extended asked for the extended card; when none was requested (no scheme to send the credential for) that is a failure, not a success.
    if (shown.extended?.status === 'no-credential') {
      io.stderr(`a2acap fetch: ${safeText(shown.extended.message)}\n`);
      return EXIT_USAGE;
    }
    return fetched.valid && (!extended || !['auth-failed', 'invalid', 'error'].includes(extended.status))
      ? EXIT_OK
      : EXIT_FINDINGS;
  } finally {
    await http.close();
  }
}

function toJson(f: FetchCardResult, ext: ExtendedCardResult | undefined): Record<string, unknown> {
  return {
    url: f.url,
    status: f.status,
    valid: f.valid,
    card: f.card ?? null,
    profile: f.profile ?? null,
    signature: f.signature ?? null,
    validators: f.validators,
    max_age_seconds: f.maxAgeSeconds,
    fetched_at: f.fetchedAt,
    findings: f.findings.map((x) => ({ code: x.code, severity: x.severity, pointer: x.pointer, message: x.message })),
    ...(ext
      ? {
          extended: {
            status: ext.status,
            message: ext.message,
            card: ext.status === 'extended' ? ext.card : null,
            profile: ext.status === 'extended' ? (ext.profile ?? null) : null,
            evidence: ext.evidence,
          },
        }
      : {}),
  };
}

function toText(f: FetchCardResult, ext: ExtendedCardResult | undefined): string {
  const card = (f.card ?? {}) as { name?: unknown; version?: unknown };
  const rows: string[][] = [
    ['card', safeText(f.url)],
    [
      'status',
      `${f.status}${f.validators.etag ? `, ETag ${safeText(f.validators.etag)}` : ''}, fresh for ${f.maxAgeSeconds}s`,
    ],
    ['agent', `${safeText(String(card.name ?? '?'))} ${safeText(String(card.version ?? ''))}`.trim()],
    ['valid', f.valid ? 'yes' : `no (${f.findings.filter((x) => x.severity === 'error').length} error(s))`],
    ['signature', f.signature ? `${f.signature.outcome}: ${safeText(f.signature.detail)}` : 'not checked'],
  ];
  if (f.profile?.interface)
    rows.push([
      'interface',
      `${f.profile.interface.binding} ${f.profile.interface.version} ${safeText(f.profile.interface.url)}`,
    ]);
  if (f.profile) rows.push(['usable', f.profile.usable ? 'yes' : `no: ${safeText(f.profile.reason ?? '')}`]);
  if (f.profile?.skills) rows.push(['skills', Object.keys(f.profile.skills).map(safeText).join(', ') || '(none)']);
  if (ext) rows.push(['extended', `${ext.status}: ${safeText(ext.message)}`]);
  if (ext?.profile?.skills && ext.status === 'extended')
    rows.push(['extended skills', Object.keys(ext.profile.skills).map(safeText).join(', ')]);
  const problems = f.findings
    .filter((x) => x.severity === 'error')
    .slice(0, 10)
    .map((x) => `  ${x.pointer || '/'}: ${safeText(x.message)}\n`)
    .join('');
  return `${alignColumns(rows)}\n${problems}`;
}

function isJwkObject(k: unknown): boolean {
  return typeof k === 'object' && k !== null && !Array.isArray(k);
}
