/** Rule id → implementation. Ids and metadata live in catalog.ts; every id here must be in the catalog (tested). */
import type { Rule } from './context';
import { deprecatedOauthFlow } from './deprecated-oauth-flow';
import { duplicateInterface } from './duplicate-interface';
import { duplicateMember } from './duplicate-member';
import { duplicateSkillId } from './duplicate-skill-id';
import { emptySkillTags } from './empty-skill-tags';
import { extensionMissingUri } from './extension-missing-uri';
import { insecureInterfaceUrl } from './insecure-interface-url';
import { interfaceUrlOperationPath } from './interface-url-operation-path';
import { invalidCardDigest } from './invalid-card-digest';
import { invalidInterfaceUrl } from './invalid-interface-url';
import { invalidMediaType } from './invalid-media-type';
import { invalidPinnedAt } from './invalid-pinned-at';
import { unsupportedLockfileVersion } from './unsupported-lockfile-version';
import { invalidProtocolVersion } from './invalid-protocol-version';
import { legacyCardShape } from './legacy-card-shape';
import { malformedSignature } from './malformed-signature';
import { noSupportedInterface } from './no-supported-interface';
import { notCanonicalizable } from './not-canonicalizable';
import { providerNameField } from './provider-name-field';
import { requiredExtensionUnsupported } from './required-extension-unsupported';
import { sdkInternalShape } from './sdk-internal-shape';
import { securityRequirementShape } from './security-requirement-shape';
import { skillModeNarrowsDefault } from './skill-mode-narrows-default';
import { suspiciousText } from './suspicious-text';
import { undeclaredOauthScope } from './undeclared-oauth-scope';
import { undefinedSecurityScheme } from './undefined-security-scheme';
import { unknownField } from './unknown-field';

/** Semantic rules (invalid-json, schema, card-too-large, not-an-agent-card and internal-error are produced by lint.ts itself). */
export const RULE_IMPLEMENTATIONS: Readonly<Record<string, Rule>> = {
  'legacy-card-shape': legacyCardShape,
  'sdk-internal-shape': sdkInternalShape,
  'security-requirement-shape': securityRequirementShape,
  'no-supported-interface': noSupportedInterface,
  'required-extension-unsupported': requiredExtensionUnsupported,
  'skill-mode-narrows-default': skillModeNarrowsDefault,
  'invalid-media-type': invalidMediaType,
  'undefined-security-scheme': undefinedSecurityScheme,
  'undeclared-oauth-scope': undeclaredOauthScope,
  'duplicate-skill-id': duplicateSkillId,
  'duplicate-interface': duplicateInterface,
  'duplicate-member': duplicateMember,
  'insecure-interface-url': insecureInterfaceUrl,
  'invalid-interface-url': invalidInterfaceUrl,
  'interface-url-operation-path': interfaceUrlOperationPath,
  'invalid-protocol-version': invalidProtocolVersion,
  'unknown-field': unknownField,
  'deprecated-oauth-flow': deprecatedOauthFlow,
  'malformed-signature': malformedSignature,
  'extension-missing-uri': extensionMissingUri,
  'provider-name-field': providerNameField,
  'empty-skill-tags': emptySkillTags,
  'invalid-card-digest': invalidCardDigest,
  'invalid-pinned-at': invalidPinnedAt,
  'unsupported-lockfile-version': unsupportedLockfileVersion,
  'suspicious-text': suspiciousText,
  'not-canonicalizable': notCanonicalizable,
};
