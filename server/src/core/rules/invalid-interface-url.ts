/**
 * invalid-interface-url: an interface url must be absolute. Relative paths ("/api/a2a"), template placeholders
 * ("{BASE_URL}/a2a") and free text cannot be called by a client that only has the card. gRPC may use host:port.
 */
import { finding, quote, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { isHostPort, looksLikePlaceholder, parseUrl } from './url';
import { interfacesOf } from '../card/walk';
import { HTTP_BINDINGS } from '../a2a/httpBindings';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'invalid-interface-url',
  defaultSeverity: 'error',
  title: 'An interface URL is relative, a placeholder or not a URL',
  appliesTo: ['card'],
};

const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'blob:']);

function problem(raw: string, binding: unknown): { kind: string; message: string } | undefined {
  const s = raw.trim();
  if (s === '') return { kind: 'empty', message: 'The interface url is empty: give the absolute URL of the endpoint.' };
  if (looksLikePlaceholder(s))
    return {
      kind: 'placeholder',
      message: `${quote(raw)} looks like an unfilled placeholder: publish the real absolute URL.`,
    };
  if (s.startsWith('/') || s.startsWith('./') || s.startsWith('../')) {
    return {
      kind: 'relative',
      message: `${quote(raw)} is a relative URL: clients resolve interfaces from the card alone, so give an absolute URL (https://host${s.startsWith('/') ? s : '/' + s}).`,
    };
  }
  const grpc = typeof binding === 'string' && binding.toUpperCase() === 'GRPC';
  if (grpc && isHostPort(s)) return undefined;
  const url = parseUrl(s);
  // "localhost:8080" parses as a URL with the scheme "localhost:": for HTTP-based bindings only http(s) makes sense.
  if (
    url &&
    typeof binding === 'string' &&
    HTTP_BINDINGS.has(binding) &&
    url.protocol !== 'http:' &&
    url.protocol !== 'https:'
  ) {
    return {
      kind: 'not-http',
      message: `${quote(raw)} is not an http(s) URL, which ${binding} needs: write https://….`,
    };
  }
  if (url && !FORBIDDEN_SCHEMES.has(url.protocol)) return undefined;
  return {
    kind: 'not-a-url',
    message: `${quote(raw)} is not an absolute URL: give the endpoint's absolute URL (https://…).`,
  };
}

export const invalidInterfaceUrl: Rule = ({ value }) => {
  const out: Finding[] = [];
  for (const entry of interfacesOf(value)) {
    if (typeof entry.value.url !== 'string') continue;
    const p = problem(entry.value.url, entry.value.protocolBinding);
    if (p) out.push(finding(meta, `${entry.pointer}/url`, p.message, { data: { url: entry.value.url, kind: p.kind } }));
  }
  return out;
};

const docs: RuleDocs = {
  summary:
    'An interface URL is relative, an unfilled placeholder or not a URL at all, so a client holding only the card cannot call it (gRPC `host:port` is accepted).',
  bad: '`"url": "{BASE_URL}/api/a2a"`',
  fix: '`"url": "https://agent.example.com/api/a2a"`',
  quickFix:
    'only for a host written without its scheme on a JSONRPC or HTTP+JSON interface (`agent.example.com/a2a` → `https://agent.example.com/a2a`; a loopback host such as `localhost:8080` gets `http://`). None for relative URLs, placeholders, other schemes or free text: only you know the real address.',
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        supportedInterfaces: [{ url: '{BASE_URL}/api/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      },
    },
    { with: { supportedInterfaces: [{ url: '/api/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }] } },
  ],
  valid: [
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/api/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        ],
      },
    },
    {
      with: {
        supportedInterfaces: [{ url: 'agent.example.com:443', protocolBinding: 'GRPC', protocolVersion: '1.0' }],
      },
    },
  ],
};

export const rule: RuleDefinition = { meta, check: invalidInterfaceUrl, docs, examples };
