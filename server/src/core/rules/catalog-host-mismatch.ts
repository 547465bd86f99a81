/**
 * catalog-host-mismatch: a `urn:air:{domain}:…` identifier claims the domain that publishes the artifact. In a
 * catalog whose host is known (host.identifier, or the URL it was read from), an entry claiming another domain
 * speaks for someone else: a reader trusting the identifier is misled about whose agent it is.
 */
import {
  admit,
  finding,
  quote,
  type Rule,
  type RuleDefinition,
  type RuleDocs,
  type RuleExamples,
  type RuleMeta,
} from './context';
import { catalogEntry } from './examples';
import { readCatalog } from '../catalog/model';
import { catalogHostName, sameSite, urnAirDomain } from '../catalog/host';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'catalog-host-mismatch',
  defaultSeverity: 'warning',
  title: "A urn:air identifier of another domain than the catalog's host",
  appliesTo: ['catalog'],
};

export const catalogHostMismatch: Rule = (ctx) => {
  const out: Finding[] = [];
  const host = catalogHostName(ctx.value, ctx.source);
  if (host === undefined) return out;
  for (const entry of readCatalog(ctx.value)?.entries ?? []) {
    const domain = entry.identifier === undefined ? undefined : urnAirDomain(entry.identifier);
    if (domain === undefined || sameSite(domain, host.host) || !admit(ctx, out)) continue;
    const hostFrom = host.from === 'url' ? 'the URL it was read from' : '"host.identifier"';
    out.push(
      finding(
        meta,
        `${entry.pointer}/identifier`,
        `This identifier claims the domain ${quote(domain)}, but the catalog's host is ${quote(host.host)} (from ${hostFrom}): an entry of this catalog speaks for another domain. Use an identifier of ${quote(host.host)}, or let ${quote(domain)} list the agent in its own catalog.`,
        { data: { domain, host: host.host } },
      ),
    );
  }
  return out;
};

const docs: RuleDocs = {
  summary: [
    'An entry identifier of the form `urn:air:{domain}:{namespace}:{name}` names the domain that publishes the',
    "artifact. When the catalog's host is known (`host.identifier`, such as `did:web:example.com`, or the URL the",
    'catalog was read from), an identifier of another domain is an entry speaking for someone else. Subdomains count as',
    'the same host (`agents.example.com` in the catalog of `example.com`).',
  ],
  bad: '`"host": { "identifier": "did:web:example.com" }` with `"identifier": "urn:air:payments.example.net:agents:pay"`',
  fix: "use identifiers of the catalog's own domain, or list the other domain's agent by a nested catalog of that domain",
  quickFix: 'none.',
};

const examples: RuleExamples = {
  invalid: [{ with: { entries: [catalogEntry({ identifier: 'urn:air:payments.example.net:agents:pay' })] } }],
  valid: [{ with: { entries: [catalogEntry({ identifier: 'urn:air:agents.example.com:agents:pay' })] } }],
};

export const rule: RuleDefinition = { meta, check: catalogHostMismatch, docs, examples };
