/** duplicate-interface: the same (url, protocolBinding, protocolVersion, tenant) listed twice adds nothing; likely a copy-paste slip. */
import { finding, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { interfacesOf } from '../card/walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'duplicate-interface',
  defaultSeverity: 'warning',
  title: 'The same interface is listed twice',
  appliesTo: ['card'],
};

export const duplicateInterface: Rule = ({ value }) => {
  const seen = new Map<string, number>();
  const out: Finding[] = [];
  for (const entry of interfacesOf(value)) {
    const { url, protocolBinding, protocolVersion, tenant } = entry.value;
    const parts = [url, protocolBinding, protocolVersion, tenant ?? ''];
    // Objects and arrays there are schema errors of their own; comparing them could mean serializing any depth.
    if (parts.some((p) => typeof p === 'object' && p !== null)) continue;
    const key = JSON.stringify(parts);
    const earlier = seen.get(key);
    if (earlier === undefined) {
      seen.set(key, entry.index);
      continue;
    }
    out.push(
      finding(
        meta,
        entry.pointer,
        `This interface repeats supportedInterfaces[${earlier}] (same url, binding, version and tenant): remove one.`,
        { data: { firstIndex: earlier, index: entry.index } },
      ),
    );
  }
  return out;
};

const docs: RuleDocs = {
  summary: 'The same (url, binding, version, tenant) appears twice in `supportedInterfaces`.',
  bad: '`two identical { "url": "https://agent.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0" } entries`',
  fix: 'remove the copy',
  quickFix: '**Remove the duplicate interface**.',
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
          { url: 'https://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        ],
      },
    },
  ],
  valid: [
    {
      with: {
        supportedInterfaces: [
          { url: 'https://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
          { url: 'https://agent.example.com/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
        ],
      },
    },
  ],
};

export const rule: RuleDefinition = { meta, check: duplicateInterface, docs, examples };
