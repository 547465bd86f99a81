/**
 * custom-binding-not-uri: a protocolBinding that is none of the standard bindings and not a URI. Custom bindings
 * SHOULD be identified by a URI (§5.8), so a bare name ("MCP", "websocket") collides with every other implementer's
 * and no client can tell which protocol it means. A standard binding spelled differently ("jsonrpc") gets the
 * standard spelling as the fix.
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
import { interfacesOf } from '../card/walk';
import { isUri, standardBindingSpelledAs, STANDARD_BINDINGS } from '../a2a/standardBindings';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'custom-binding-not-uri',
  defaultSeverity: 'warning',
  title: 'A custom protocolBinding that is not a URI',
  appliesTo: ['card'],
};

const ANY_STANDARD = new Set(STANDARD_BINDINGS);

function message(binding: string, standard: string | undefined): string {
  return standard !== undefined
    ? `${quote(binding)} is not a binding clients know: the standard binding is spelled "${standard}" (bindings compare exactly).`
    : `${quote(binding)} is neither a standard binding (${STANDARD_BINDINGS.join(', ')}) nor a URI: a custom binding SHOULD be identified by a URI (A2A §5.8), e.g. "https://example.com/bindings/${binding.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'name'}/v1", so that no other implementer's binding shares its name.`;
}

export const customBindingNotUri: Rule = ({ value }) => {
  const out: Finding[] = [];
  for (const entry of interfacesOf(value)) {
    const binding = entry.value.protocolBinding;
    if (typeof binding !== 'string' || binding.trim() === '' || ANY_STANDARD.has(binding) || isUri(binding)) continue;
    const standard = standardBindingSpelledAs(binding);
    out.push(
      finding(meta, `${entry.pointer}/protocolBinding`, message(binding, standard), {
        data: { binding, ...(standard !== undefined ? { suggestion: standard } : {}) },
      }),
    );
  }
  return out;
};

const docs: RuleDocs = {
  summary: [
    'An interface `protocolBinding` that is none of the standard bindings (`JSONRPC`, `GRPC`, `HTTP+JSON`) and not a',
    'URI. Custom bindings SHOULD be identified by a URI (A2A §5.8, "Custom Binding Identification"), so that two',
    'implementers never share a name; a bare `"MCP"` or `"websocket"` says nothing a client can rely on. A standard',
    'binding written in another case or spelling (`"jsonrpc"`, `"JSON-RPC"`) matches no client either: clients compare',
    'bindings exactly.',
  ],
  bad: '`"protocolBinding": "MCP"`',
  fix: '`"protocolBinding": "https://example.com/bindings/mcp/v1"` (a URI you control, with a version)',
  quickFix:
    '**Change to "JSONRPC"** (or `GRPC`, `HTTP+JSON`) for a standard binding spelled differently; none for a custom name: only you know its URI.',
  more: [
    'Evidence: cards in the wild announce `"protocolBinding": "MCP"` beside their A2A interfaces; the specification',
    'shows custom bindings as URIs (`https://a2a-protocol.org/bindings/websocket`, `https://example.com/bindings/websocket/v1`),',
    'see [§5.8](https://a2a-protocol.org/latest/specification/#58-custom-binding-identification) and',
    '[Custom Protocol Bindings](https://a2a-protocol.org/latest/topics/custom-protocol-bindings/).',
  ],
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        supportedInterfaces: [{ url: 'https://agent.example.com/mcp', protocolBinding: 'MCP', protocolVersion: '1.0' }],
      },
    },
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
          { url: 'https://agent.example.com/a2a', protocolBinding: 'jsonrpc', protocolVersion: '1.0' },
        ],
      },
    },
  ],
  valid: [
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
          {
            url: 'wss://agent.example.com/a2a/websocket',
            protocolBinding: 'https://a2a-protocol.org/bindings/websocket',
            protocolVersion: '1.0',
          },
        ],
      },
    },
  ],
};

export const rule: RuleDefinition = { meta, check: customBindingNotUri, docs, examples };
