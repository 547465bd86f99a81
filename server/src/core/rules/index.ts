/**
 * The lint rules, each file's { meta, check }, in the order lint runs them (the catalog's order).
 * Findings that lint makes itself (invalid-json, schema, …) or that come from elsewhere (check, fetch) are in
 * catalog.ts.
 */
import type { Rule, RuleDefinition, SkillCheck } from './context';
import { rule as secretsInCard } from './secrets-in-card';
import { rule as internalAddress } from './internal-address';
import { rule as spoofedName } from './spoofed-name';
import { rule as discoveryPoisoning } from './discovery-poisoning';
import { rule as indistinctSkills } from './indistinct-skills';
import { rule as skillDescriptionLength } from './skill-description-length';
import { rule as protocolVersionPatch } from './protocol-version-patch';
import { rule as cardVersionNotSemver } from './card-version-not-semver';
import { rule as deprecatedOauthFlow } from './deprecated-oauth-flow';
import { rule as duplicateInterface } from './duplicate-interface';
import { rule as duplicateMember } from './duplicate-member';
import { rule as duplicateSkillId } from './duplicate-skill-id';
import { rule as emptySkillTags } from './empty-skill-tags';
import { rule as extensionMissingUri } from './extension-missing-uri';
import { rule as insecureInterfaceUrl } from './insecure-interface-url';
import { rule as interfaceUrlOperationPath } from './interface-url-operation-path';
import { rule as invalidCardDigest } from './invalid-card-digest';
import { rule as invalidInterfaceUrl } from './invalid-interface-url';
import { rule as invalidMediaType } from './invalid-media-type';
import { rule as invalidPinnedAt } from './invalid-pinned-at';
import { rule as invalidProtocolVersion } from './invalid-protocol-version';
import { rule as legacyCardShape } from './legacy-card-shape';
import { rule as malformedSignature } from './malformed-signature';
import { rule as noSupportedInterface } from './no-supported-interface';
import { rule as notCanonicalizable } from './not-canonicalizable';
import { rule as providerNameField } from './provider-name-field';
import { rule as requiredExtensionUnsupported } from './required-extension-unsupported';
import { rule as sdkInternalShape } from './sdk-internal-shape';
import { rule as securityRequirementShape } from './security-requirement-shape';
import { rule as skillModeNarrowsDefault } from './skill-mode-narrows-default';
import { rule as suspiciousText } from './suspicious-text';
import { rule as undeclaredOauthScope } from './undeclared-oauth-scope';
import { rule as undefinedSecurityScheme } from './undefined-security-scheme';
import { rule as unknownField } from './unknown-field';
import { rule as unsupportedLockfileVersion } from './unsupported-lockfile-version';
import { rule as customBindingNotUri } from './custom-binding-not-uri';
import { rule as grpcAddressNotHostPort } from './grpc-address-not-host-port';
import { rule as systemPromptInSkill } from './system-prompt-in-skill';
import { rule as unpublishedOfficialExtension } from './unpublished-official-extension';
import { rule as googleAgentRegistryLimits } from './google-agent-registry-limits';
import { rule as awsAgentRegistryLimits } from './aws-agent-registry-limits';
import { rule as catalogEntryUrlAndData } from './catalog-entry-url-and-data';
import { rule as catalogDuplicateEntry } from './catalog-duplicate-entry';
import { rule as catalogConfusableIdentifier } from './catalog-confusable-identifier';
import { rule as catalogHostMismatch } from './catalog-host-mismatch';
import { rule as catalogNestingTooDeep } from './catalog-nesting-too-deep';
import { rule as catalogCycle } from './catalog-cycle';

export const LINT_RULES: readonly RuleDefinition[] = [
  legacyCardShape,
  sdkInternalShape,
  securityRequirementShape,
  noSupportedInterface,
  requiredExtensionUnsupported,
  skillModeNarrowsDefault,
  invalidMediaType,
  undefinedSecurityScheme,
  undeclaredOauthScope,
  duplicateSkillId,
  duplicateMember,
  duplicateInterface,
  insecureInterfaceUrl,
  invalidInterfaceUrl,
  interfaceUrlOperationPath,
  invalidProtocolVersion,
  unknownField,
  deprecatedOauthFlow,
  malformedSignature,
  extensionMissingUri,
  providerNameField,
  emptySkillTags,
  notCanonicalizable,
  suspiciousText,
  invalidCardDigest,
  invalidPinnedAt,
  unsupportedLockfileVersion,
  // Card-author rules, added last so the SARIF ruleIndex of every older rule stays what it was.
  secretsInCard,
  internalAddress,
  spoofedName,
  discoveryPoisoning,
  indistinctSkills,
  skillDescriptionLength,
  protocolVersionPatch,
  cardVersionNotSemver,
  customBindingNotUri,
  grpcAddressNotHostPort,
  systemPromptInSkill,
  unpublishedOfficialExtension,
  googleAgentRegistryLimits,
  awsAgentRegistryLimits,
  // AI Catalog rules, after every card rule for the same reason.
  catalogEntryUrlAndData,
  catalogDuplicateEntry,
  catalogConfusableIdentifier,
  catalogHostMismatch,
  catalogNestingTooDeep,
  catalogCycle,
];

/** Rule id → check, for the rules of LINT_RULES. */
export const RULE_IMPLEMENTATIONS: Readonly<Record<string, Rule>> = Object.fromEntries(
  LINT_RULES.map((r) => [r.meta.id, r.check]),
);

/**
 * Rule id → its per-skill check, for the rules of LINT_RULES that have one: lint runs these in one shared walk over the
 * card's skills (skillWalk.ts) instead of calling their `check`, which walks the skills for that rule alone.
 */
export const SKILL_CHECKS: Readonly<Record<string, SkillCheck<unknown>>> = Object.fromEntries(
  LINT_RULES.flatMap((r) => (r.eachSkill ? [[r.meta.id, r.eachSkill]] : [])),
);
