/**
 * The registries that ingest A2A cards and the documented limits a card must meet to be published there
 * (`a2acap lint --target`, `target` in .a2a/config.json). Each limit cites the registry's own documentation; the
 * rules that check them (rules/google-agent-registry-limits.ts, rules/aws-agent-registry-limits.ts) are silent
 * unless their target is set.
 */
export const REGISTRY_TARGETS = ['google-agent-registry', 'aws-agent-registry'] as const;
export type RegistryTarget = (typeof REGISTRY_TARGETS)[number];

export function isRegistryTarget(value: unknown): value is RegistryTarget {
  return typeof value === 'string' && (REGISTRY_TARGETS as readonly string[]).includes(value);
}

/** Google Cloud Agent Registry: "AgentSpec and McpServerSpec content sizes are limited to 10 KB". */
export const GOOGLE_MAX_CARD_BYTES = 10 * 1024;
export const GOOGLE_LIMITS_URL = 'https://docs.cloud.google.com/agent-registry/troubleshooting';
export const GOOGLE_VERSIONS_URL = 'https://docs.cloud.google.com/agent-registry/a2a-protocol';

/** AWS Agent Registry: A2aAgentCardDescriptor.data, "Maximum length of 102400". */
export const AWS_MAX_DESCRIPTOR_CHARS = 102_400;
export const AWS_LIMITS_URL =
  'https://docs.aws.amazon.com/agent-registry/latest/APIReference/API_A2aAgentCardDescriptor.html';

/** Targets from a comma list or repeated values ("a,b", "c"): each trimmed, empty ones dropped, the unknown reported. */
export function parseTargets(
  values: readonly string[],
): { ok: true; targets: RegistryTarget[] } | { ok: false; error: string } {
  const targets: RegistryTarget[] = [];
  for (const value of values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '')) {
    if (!isRegistryTarget(value))
      return {
        ok: false,
        error: `unknown registry target ${JSON.stringify(value.slice(0, 80))}; expected ${REGISTRY_TARGETS.join(', ')}`,
      };
    if (!targets.includes(value)) targets.push(value);
  }
  return { ok: true, targets };
}
