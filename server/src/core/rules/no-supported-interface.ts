/**
 * no-supported-interface: walking supportedInterfaces in order (A2A §8.3.2), no entry has a (binding, version) the
 * configured client supports (default JSONRPC@1.0 and HTTP+JSON@1.0): such a client cannot call the agent.
 * Shares the selection with the profile compiler so the editor, the CLI and `compile` agree.
 */
import { isObject } from '../document';
import { describeOffered, selectInterface } from '../profile/selectInterface';
import { finding, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';

export const meta: RuleMeta = {
  id: 'no-supported-interface',
  defaultSeverity: 'error',
  title: 'No interface the client supports',
  appliesTo: ['card'],
};

export const noSupportedInterface: Rule = ({ value, settings }) => {
  if (!isObject(value) || !Array.isArray(value.supportedInterfaces) || value.supportedInterfaces.length === 0)
    return [];
  const selection = selectInterface(value.supportedInterfaces, settings.client);
  if (selection.chosen >= 0) return [];
  const supported = settings.client.bindings.map((b) => `${b.binding}@${b.version}`);
  return [
    finding(
      meta,
      '/supportedInterfaces',
      `No interface this client can use: the card offers ${describeOffered(selection.decisions)}; the client supports ${supported.join(', ') || 'nothing'}. Add an interface for one of those, or configure the client's bindings.`,
      // The offers a "my client speaks it" action could add (a few, each short: the data goes with every diagnostic).
      {
        target: 'key',
        data: {
          offered: selection.decisions.slice(0, 20).map((d) => ({
            binding: d.binding.slice(0, 200),
            version: d.version.slice(0, 20),
            reason: d.reason?.slice(0, 300),
          })),
          supported,
        },
      },
    ),
  ];
};

const docs: RuleDocs = {
  summary:
    'Walking `supportedInterfaces` in order, no entry has a binding and version the client supports (default JSONRPC@1.0 and HTTP+JSON@1.0; configurable), so this client cannot call the agent.',
  bad: '`"supportedInterfaces": [ { "url": "https://agent.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "0.3" } ]`',
  fix: 'add a 1.0 interface: { "url": "https://agent.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0" }',
  quickFix:
    'the card is fine but your client is not configured for it: the fix adds an offered binding to `a2a.client.bindings`.',
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
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
  ],
};

export const rule: RuleDefinition = { meta, check: noSupportedInterface, docs, examples };
