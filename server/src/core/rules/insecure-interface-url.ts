/**
 * insecure-interface-url: http:// to a host other than loopback sends messages and credentials in clear text
 * (§14.3: cards and endpoints SHOULD use HTTPS). Loopback is allowed for local development.
 */
import { finding, quote, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { isLoopbackHost, parseUrl } from './url';
import { interfacesOf } from '../card/walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'insecure-interface-url',
  defaultSeverity: 'warning',
  title: 'An interface uses http:// to a non-loopback host',
  appliesTo: ['card'],
};

export const insecureInterfaceUrl: Rule = ({ value }) => {
  const out: Finding[] = [];
  for (const entry of interfacesOf(value)) {
    const raw = entry.value.url;
    if (typeof raw !== 'string') continue;
    const url = parseUrl(raw.trim());
    if (!url || url.protocol !== 'http:' || isLoopbackHost(url.hostname)) continue;
    out.push(
      finding(
        meta,
        `${entry.pointer}/url`,
        `${quote(raw)} uses plain http:// to a non-loopback host: requests and credentials travel unencrypted. Use https://.`,
        { data: { url: raw, suggestion: 'https://' + raw.trim().slice('http://'.length) } },
      ),
    );
  }
  return out;
};

const docs: RuleDocs = {
  summary:
    'An interface URL uses plain `http://` to a host that is not loopback: messages and credentials travel unencrypted.',
  bad: '`"url": "http://agent.example.com/a2a"`',
  fix: '`"url": "https://agent.example.com/a2a"`',
  quickFix: '**Use** the `https://` URL.',
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        supportedInterfaces: [
          { url: 'http://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        ],
      },
    },
  ],
  valid: [
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        ],
      },
    },
    {
      with: {
        supportedInterfaces: [
          { url: 'http://127.0.0.1:41300/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        ],
      },
    },
  ],
};

export const rule: RuleDefinition = { meta, check: insecureInterfaceUrl, docs, examples };
