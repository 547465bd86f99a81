/**
 * interface-url-operation-path: an interface url is the base a client appends operations to (JSON-RPC posts to it;
 * HTTP+JSON adds /message:send, /tasks/…). A url that already ends in an operation or in the card's own path
 * (/.well-known/agent-card.json) makes every other call go to the wrong place (agno-agi/agno#10165).
 */
import { finding, quote, Rule, type RuleDefinition, type RuleMeta } from './context';
import { parseUrl } from './url';
import { interfacesOf } from './walk';
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

export const rule: RuleDefinition = { meta, check: interfaceUrlOperationPath };
