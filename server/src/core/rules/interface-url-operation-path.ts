/**
 * interface-url-operation-path: an interface url is the base a client appends operations to (JSON-RPC posts to it;
 * HTTP+JSON adds /message:send, /tasks/…). A url that already ends in an operation or in the card's own path
 * (/.well-known/agent-card.json) makes every other call go to the wrong place (agno-agi/agno#10165).
 */
import { finding, quote, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { parseUrl } from './url';
import { interfacesOf } from '../card/walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'interface-url-operation-path',
  defaultSeverity: 'warning',
  title: 'An interface URL ends in an operation or card path',
  appliesTo: ['card'],
};

const OPERATION =
  /\/(?:message:(?:send|stream)|tasks(?:\/[^/]*)?(?::cancel|:subscribe)?|extendedAgentCard|\.well-known\/agent(?:-card)?\.json|v1\/card)\/?$/;

export const interfaceUrlOperationPath: Rule = ({ value }) => {
  const out: Finding[] = [];
  for (const entry of interfacesOf(value)) {
    const raw = entry.value.url;
    if (typeof raw !== 'string') continue;
    const url = parseUrl(raw.trim());
    if (!url) continue;
    const m = OPERATION.exec(url.pathname);
    if (!m) continue;
    const base = `${url.origin}${url.pathname.slice(0, m.index) || '/'}`;
    out.push(
      finding(
        meta,
        `${entry.pointer}/url`,
        `${quote(raw)} ends in an operation or card path (${m[0]}): an interface url is the base that clients add operations to. Use the endpoint base, e.g. ${quote(base)}.`,
        { data: { url: raw, suggestion: base } },
      ),
    );
  }
  return out;
};

const docs: RuleDocs = {
  summary:
    "An interface URL ends in an operation (`/message:send`, `/tasks/…`) or in the card's own path: it must be the base clients add operations to, or every other call goes to the wrong place.",
  bad: '`"url": "https://agent.example.com/a2a/v1/message:send"`',
  fix: '`"url": "https://agent.example.com/a2a/v1"`',
  quickFix: '**Use** the URL without the operation or card path.',
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/a2a/v1/message:send', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        ],
      },
    },
  ],
  valid: [
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/a2a/v1', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        ],
      },
    },
  ],
};

export const rule: RuleDefinition = { meta, check: interfaceUrlOperationPath, docs, examples };
