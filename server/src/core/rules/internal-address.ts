/**
 * internal-address: a public card whose URLs point inside the publisher's network (loopback, RFC 1918 and
 * unique-local addresses, link-local, single-label names, internal suffixes such as .internal or .corp). Nobody
 * outside can reach them, and they map the network for whoever reads the card. A warning; teams that publish cards
 * only inside their network say so once (the a2a.card.internalOnly setting, `card.internalOnly` in
 * .a2a/config.json, `lint --internal-only`) and the rule is silent.
 *
 * Hosts are classified by core/net/internalHost.ts (addresses by core/net/address.ts, the classification the address policy uses for connections).
 */
import { isObject } from '../document';
import { internalHost } from '../net/internalHost';
import {
  finding,
  quote,
  type Rule,
  type RuleDefinition,
  type RuleMeta,
  type RuleDocs,
  type RuleExamples,
} from './context';
import { isHostPort, looksLikePlaceholder, parseUrl } from './url';
import { interfacesOf, pointerTo, securitySchemesOf } from '../card/walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'internal-address',
  defaultSeverity: 'warning',
  title: 'A URL in a public card points at an internal address or host name',
  appliesTo: ['card'],
};

/** OAuth and OpenID Connect members that hold URLs the caller's client will visit. */
const AUTH_URL_MEMBERS = new Set([
  'authorizationUrl',
  'tokenUrl',
  'refreshUrl',
  'deviceAuthorizationUrl',
  'openIdConnectUrl',
  'oauth2MetadataUrl',
]);

const MAX_AUTH_DEPTH = 5;

/** The card's URLs a client or a person visits, with pointers. */
function* cardUrls(card: Record<string, unknown>): Generator<[string, unknown]> {
  for (const entry of interfacesOf(card)) yield [`${entry.pointer}/url`, entry.value.url];
  // A 0.3 card's main URL (legacy-card-shape asks for its migration; the address is still published).
  yield ['/url', card.url];
  if (isObject(card.provider)) yield ['/provider/url', card.provider.url];
  yield ['/documentationUrl', card.documentationUrl];
  yield ['/iconUrl', card.iconUrl];
  for (const [name, scheme] of Object.entries(securitySchemesOf(card)))
    yield* authUrls(scheme, pointerTo('/securitySchemes', name), 0);
}

/** OAuth flow and discovery URLs at any depth of a scheme: the 1.0 shape and the SDKs' shapes nest them differently. */
function* authUrls(value: unknown, pointer: string, depth: number): Generator<[string, unknown]> {
  if (!isObject(value) || depth > MAX_AUTH_DEPTH) return;
  for (const [k, v] of Object.entries(value)) {
    if (AUTH_URL_MEMBERS.has(k)) yield [pointerTo(pointer, k), v];
    else if (isObject(v)) yield* authUrls(v, pointerTo(pointer, k), depth + 1);
  }
}

function hostOf(raw: string): string | undefined {
  const s = raw.trim();
  if (s === '' || looksLikePlaceholder(s)) return undefined;
  // A gRPC target "host:port" parses as a URL whose scheme is the host: read it as host and port first.
  if (isHostPort(s)) return s.slice(0, s.lastIndexOf(':'));
  return parseUrl(s)?.hostname;
}

export const internalAddress: Rule = ({ value, settings }) => {
  if (settings.card.internalOnly || !isObject(value)) return [];
  const out: Finding[] = [];
  for (const [pointer, raw] of cardUrls(value)) {
    if (typeof raw !== 'string') continue;
    const host = hostOf(raw);
    const why = host === undefined ? undefined : internalHost(host);
    if (!why) continue;
    out.push(
      finding(
        meta,
        pointer,
        `${quote(raw)} points at ${why}: nobody outside your network can reach it, and a public card should not map your network. Use the public address, or, if this card is served only inside your network, mark the project's cards internal-only (a2a.card.internalOnly).`,
        { data: { host: host!.slice(0, 253), reason: why } },
      ),
    );
  }
  return out;
};

const docs: RuleDocs = {
  summary: [
    'An interface, provider, documentation, icon or OAuth/OpenID Connect URL',
    '(`authorizationUrl`, `tokenUrl`, `refreshUrl`, `deviceAuthorizationUrl`, `openIdConnectUrl`, `oauth2MetadataUrl`)',
    'whose host is loopback, private (RFC 1918, unique-local `fc00::/7`), link-local, a single-label name (`http://pricing/`)',
    'or under an internal suffix (`.internal`, `.local`, `.localdomain`, `.lan`, `.corp`, `.home`, `.home.arpa`,',
    '`.intranet`, `.intra`, `.private`, `.svc`). Nobody outside your network can reach it, and a public card should not',
    'map your network. Cards served only inside your network are expected to hold such addresses: set',
    '`a2a.card.internalOnly`, `"card": {"internalOnly": true}` in `.a2a/config.json`, or `a2acap lint --internal-only`,',
    'and the rule is silent.',
  ],
  bad: '`"url": "https://10.1.2.3/a2a"`',
  fix: '`"url": "https://pricing.example.com/a2a"` (the public address), or mark the cards internal-only.',
  quickFix: [
    '**These cards are served only inside our network: set a2a.card.internalOnly** (editor) sets',
    "`a2a.card.internalOnly` to `true` in the settings of the card's workspace folder; the card is not edited. The setting",
    'wins over `.a2a/config.json`; for the CLI and CI, put `"card": {"internalOnly": true}` in that file instead.',
  ],
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        supportedInterfaces: [{ url: 'https://10.1.2.3/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      },
    },
    { with: { documentationUrl: 'https://docs.corp/pricing' } },
  ],
  valid: [
    {
      with: {
        supportedInterfaces: [
          { url: 'https://pricing.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        ],
      },
    },
    {
      with: {
        supportedInterfaces: [{ url: 'https://10.1.2.3/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      },
      settings: { card: { internalOnly: true, skillDescription: { minLength: 20, maxLength: 2000 } } },
    },
  ],
};

export const rule: RuleDefinition = { meta, check: internalAddress, docs, examples };
