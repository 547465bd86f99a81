/**
 * The core's compiled profile as the library's public union: `usable: true` with every member a client needs, or
 * `usable: false` with the reason. The compiler already gives these shapes; this states them to the type checker
 * (and fills a member a pinned or cached profile may leave out) instead of casting.
 */
import type { CompiledProfile } from '../core/types';
import type { Profile } from './types';

export function publicProfile(p: CompiledProfile): Profile {
  const provenance = p.provenance ? { provenance: p.provenance } : {};
  if (!p.usable || !p.interface) return { usable: false, reason: p.reason ?? 'no usable interface', ...provenance };
  return {
    usable: true,
    agent_version: p.agent_version ?? '',
    interface: p.interface,
    streaming: p.streaming === true,
    push: p.push === true,
    extended_card: p.extended_card === true,
    extensions: p.extensions ?? [],
    skills: p.skills ?? {},
    schemes: p.schemes ?? {},
    ...provenance,
  };
}
