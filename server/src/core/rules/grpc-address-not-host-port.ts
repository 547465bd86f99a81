/**
 * grpc-address-not-host-port: a GRPC interface whose url is a URL ("https://agent.example.com/a2a/grpc") rather
 * than the "hostname:port" the proto asks for. gRPC clients dial a target, not a URL: a scheme makes many of them
 * fail to connect and a path is dropped, since gRPC sends every call to /a2a.v1.A2AService/<method>. Relative
 * URLs, placeholders and free text are invalid-interface-url's.
 */
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
import { interfacesOf } from '../card/walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'grpc-address-not-host-port',
  defaultSeverity: 'warning',
  title: 'A gRPC interface url that is not hostname:port',
  appliesTo: ['card'],
};

const DEFAULT_PORTS: Readonly<Record<string, string>> = {
  'https:': '443',
  'grpcs:': '443',
  'http:': '80',
  'grpc:': '80',
};

/** The host:port the URL stands for when it adds nothing else (no path, query, fragment or credentials). */
function hostPortOf(url: URL): string | undefined {
  const port = url.port || DEFAULT_PORTS[url.protocol];
  const bare =
    (url.pathname === '' || url.pathname === '/') && !url.search && !url.hash && !url.username && !url.password;
  return port !== undefined && bare ? `${url.hostname}:${port}` : undefined;
}

// The interfaces are read directly, never the document text: a card lists a few, and a search of a multi-megabyte
// text for "grpc" would cost more than reading them all.
export const grpcAddressNotHostPort: Rule = ({ value }) => {
  const out: Finding[] = [];
  for (const entry of interfacesOf(value)) {
    const { url: raw, protocolBinding } = entry.value;
    if (protocolBinding !== 'GRPC' || typeof raw !== 'string') continue;
    const s = raw.trim();
    if (s === '' || isHostPort(s) || looksLikePlaceholder(s)) continue;
    const url = parseUrl(s);
    if (!url || url.hostname === '') continue;
    const suggestion = hostPortOf(url);
    out.push(
      finding(
        meta,
        `${entry.pointer}/url`,
        `${quote(raw)} is a URL, but a GRPC interface's address is "hostname:port" (A2A AgentInterface.url)${
          suggestion !== undefined
            ? `: write "${suggestion}".`
            : ': gRPC calls go to the fixed service path, so the path here is not used; publish the host and port the gRPC server listens on.'
        }`,
        { data: { url: raw, ...(suggestion !== undefined ? { suggestion } : {}) } },
      ),
    );
  }
  return out;
};

const docs: RuleDocs = {
  summary: [
    'A `GRPC` interface whose `url` is a URL (`https://agent.example.com/a2a/grpc`) rather than `hostname:port`. The',
    'proto says of AgentInterface.url: "For gRPC, the address should be in the format `hostname:port`". gRPC clients',
    'dial a target, not a URL: a scheme makes many of them fail, and a path is not used (every call goes to',
    '`/a2a.v1.A2AService/<method>`).',
  ],
  bad: '`{ "url": "https://agent.example.com/a2a/grpc", "protocolBinding": "GRPC", "protocolVersion": "1.0" }`',
  fix: '`{ "url": "agent.example.com:443", "protocolBinding": "GRPC", "protocolVersion": "1.0" }`',
  quickFix:
    '**Change to "agent.example.com:443"** when the URL is only a scheme, a host and perhaps a port (443 for https and grpcs, 80 for http and grpc); none when it has a path: only you know where the gRPC server listens.',
  more: [
    "Evidence: the specification's own sample cards (v1.0.1 and main) publish",
    '`"url": "https://georoute-agent.example.com/a2a/grpc"` for their GRPC interface, and cards copy them; the proto',
    '([a2a.proto, AgentInterface](https://github.com/a2aproject/A2A/blob/main/specification/a2a.proto)) gives',
    '`grpc.example.com:443` as the example.',
  ],
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
          { url: 'https://agent.example.com/a2a/grpc', protocolBinding: 'GRPC', protocolVersion: '1.0' },
        ],
      },
    },
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
          { url: 'grpcs://agent.example.com', protocolBinding: 'GRPC', protocolVersion: '1.0' },
        ],
      },
    },
  ],
  valid: [
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
          { url: 'agent.example.com:443', protocolBinding: 'GRPC', protocolVersion: '1.0' },
        ],
      },
    },
  ],
};

export const rule: RuleDefinition = { meta, check: grpcAddressNotHostPort, docs, examples };
