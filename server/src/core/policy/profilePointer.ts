/**
 * A path read in the compiled profile (evaluate.ts) → the card member it was compiled from, by the profile's own
 * provenance: a skill → `/skills/<index>` (its input, output or security → the skill's own member, or the card's
 * default it came from), the interface → the chosen `/supportedInterfaces/<index>`, the capability flags →
 * `/capabilities/…`, a scheme → `/securitySchemes/<name>`. Anything else (usable, reason, provenance) → the card
 * root. A path read in `card` is its own pointer.
 */
import { toPointer } from '../pointer/range';
import type { CompiledProfile, JsonPointer } from '../types';

const FLAGS: Readonly<Record<string, string>> = {
  streaming: '/capabilities/streaming',
  push: '/capabilities/pushNotifications',
  extended_card: '/capabilities/extendedAgentCard',
  extensions: '/capabilities/extensions',
  agent_version: '/version',
};

const INTERFACE_MEMBERS: Readonly<Record<string, string>> = {
  url: 'url',
  binding: 'protocolBinding',
  version: 'protocolVersion',
  tenant: 'tenant',
};

export function policyPointer(
  root: 'profile' | 'card' | undefined,
  path: readonly (string | number)[],
  profile: CompiledProfile,
): JsonPointer {
  if (root === 'card') return toPointer(path);
  if (root !== 'profile') return '';
  const [head, key, member] = path;
  if (typeof head !== 'string') return '';
  if (FLAGS[head]) return FLAGS[head];
  if (head === 'schemes' && typeof key === 'string') return toPointer(['securitySchemes', key]);
  if (head === 'interface') return interfacePointer(profile, key);
  if (head === 'skills' && typeof key === 'string') return skillPointer(profile, key, member);
  return '';
}

function interfacePointer(profile: CompiledProfile, member: string | number | undefined): JsonPointer {
  const chosen = profile.provenance?.interfaces.find((i) => i.chosen);
  if (!chosen) return '';
  const at = `/supportedInterfaces/${chosen.index}`;
  const name = typeof member === 'string' ? INTERFACE_MEMBERS[member] : undefined;
  return name ? `${at}/${name}` : at;
}

function skillPointer(profile: CompiledProfile, id: string, member: string | number | undefined): JsonPointer {
  const origin = profile.provenance?.skills[id];
  if (!origin?.pointer) return '';
  if (member === 'tags') return `${origin.pointer}/tags`;
  if (member === 'input') return origin.input === 'skill' ? `${origin.pointer}/inputModes` : '/defaultInputModes';
  if (member === 'output') return origin.output === 'skill' ? `${origin.pointer}/outputModes` : '/defaultOutputModes';
  if (member === 'security')
    return origin.security === 'skill'
      ? `${origin.pointer}/securityRequirements`
      : origin.security === 'card'
        ? '/securityRequirements'
        : origin.pointer;
  return origin.pointer;
}
