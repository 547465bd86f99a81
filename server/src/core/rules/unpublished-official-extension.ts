/**
 * unpublished-official-extension: an extension URI in the A2A project's own namespace
 * (https://a2a-protocol.org/extensions/) that the project does not publish. Only the A2A organization assigns URIs
 * there; a made-up one looks official to readers and clients while no specification stands behind it. A hint: the
 * list of published extensions is data (a2a/officialExtensions.json) and may lag a new release.
 */
import { isObject } from '../document';
import {
  finding,
  quote,
  type Rule,
  type RuleDefinition,
  type RuleMeta,
  type RuleDocs,
  type RuleExamples,
} from './context';
import { objectItems } from '../card/walk';
import official from '../a2a/officialExtensions.json';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'unpublished-official-extension',
  defaultSeverity: 'hint',
  title: 'An extension URI in the A2A namespace that the A2A project does not publish',
  appliesTo: ['card'],
};

const PREFIX = official.prefix;
const PUBLISHED = new Set<string>(official.published);

/** Whether the URI is in the namespace: the prefix compared without case on scheme and host, as URLs are. */
function inNamespace(uri: string): boolean {
  return uri.length > PREFIX.length && uri.slice(0, PREFIX.length).toLowerCase() === PREFIX;
}

// The extensions are read directly, never the document text: a card declares a handful, and a search of a
// multi-megabyte text for the namespace would cost more than reading them all.
export const unpublishedOfficialExtension: Rule = ({ value }) => {
  if (!isObject(value) || !isObject(value.capabilities)) return [];
  const out: Finding[] = [];
  for (const ext of objectItems(value.capabilities.extensions, '/capabilities/extensions')) {
    const uri = ext.value.uri;
    if (typeof uri !== 'string' || !inNamespace(uri.trim()) || PUBLISHED.has(uri.trim())) continue;
    out.push(
      finding(
        meta,
        `${ext.pointer}/uri`,
        `${quote(uri)} is in the A2A project's extension namespace, but the project publishes no such extension: only the A2A organization assigns URIs under ${PREFIX}. Identify your own extension by a URI you control (with a version).`,
        { data: { uri } },
      ),
    );
  }
  return out;
};

const docs: RuleDocs = {
  summary: [
    'An extension `uri` under `https://a2a-protocol.org/extensions/`, the namespace of official A2A extensions, that',
    'the A2A project does not publish. Official extensions are hosted under the `a2aproject` organization (`ext-{name}`',
    'repositories) and listed on the A2A website; a URI made up in that namespace looks official to readers and clients',
    'while no specification stands behind it. A hint: the list of published extensions is data',
    '(`server/src/core/a2a/officialExtensions.json`, with its sources and the date it was checked) and may lag a release.',
  ],
  bad: '`"extensions": [ { "uri": "https://a2a-protocol.org/extensions/cost/v1" } ]`',
  fix: '`"extensions": [ { "uri": "https://example.com/a2a/ext/cost/v1" } ]` (a URI you control)',
  quickFix: 'none (only you know the URI of your extension).',
  more: [
    'Evidence: [Extensions](https://a2a-protocol.org/latest/topics/extensions/#extension-governance) and',
    '[Extension and Protocol Binding Governance](https://a2a-protocol.org/latest/topics/extension-and-binding-governance/#uri-namespaces)',
    '(official URI prefix, tiers); public code announces URIs such as',
    '`https://a2a-protocol.org/extensions/cost/v1`, `…/energy-economy/v1` and `…/a2ui` that the project never published.',
  ],
};

const examples: RuleExamples = {
  invalid: [{ with: { capabilities: { extensions: [{ uri: 'https://a2a-protocol.org/extensions/cost/v1' }] } } }],
  valid: [
    { with: { capabilities: { extensions: [{ uri: 'https://example.com/a2a/ext/cost/v1', description: 'Costs' }] } } },
  ],
};

export const rule: RuleDefinition = { meta, check: unpublishedOfficialExtension, docs, examples };
