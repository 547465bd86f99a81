/**
 * The rules that no lint rule's check implements, each with its docs entry: findings lint makes itself (about the
 * whole document, or in place of a rule that failed or of findings past the caps) and findings made by check and
 * fetch, with these ids as their codes. catalog.ts places them among the lint rules.
 */
import type { AppliesTo, RuleDocs, RuleMeta } from './context';

/** A catalog entry without a check: its metadata and its docs/rules.md entry. */
export interface RuleWithoutCheck {
  meta: RuleMeta;
  docs: RuleDocs;
}

const both: AppliesTo[] = ['card', 'lockfile'];
const lock: AppliesTo[] = ['lockfile'];

/** Findings lint makes about the whole document before any rule runs. */
export const DOCUMENT_RULES: readonly RuleWithoutCheck[] = [
  {
    meta: { id: 'invalid-json', defaultSeverity: 'error', title: 'The file is not valid JSON', appliesTo: both },
    docs: {
      summary:
        'The file is not strict JSON (comments, trailing commas, single quotes, unterminated strings, empty or binary files). Every syntax error is reported at its position.',
      bad: '`{ "name": "Pricing Agent", }`',
      fix: '`{ "name": "Pricing Agent" }`',
      quickFix: 'none: only you know what the text meant.',
    },
  },
  {
    meta: {
      id: 'schema',
      defaultSeverity: 'error',
      title: 'The document violates the A2A 1.0 card (or lockfile) schema',
      appliesTo: both,
    },
    docs: {
      summary:
        "The document breaks the A2A 1.0 schema (`schemas/agent-card-1.0.schema.json`, written from the v1.0.1 proto): a REQUIRED member is missing (reported on its parent's key), a REQUIRED array is empty, a value has the wrong type, or a oneof (security scheme, OAuth flows) has none or several variants. Unknown members are never schema errors.",
      bad: '`{ "securitySchemes": { "auth": { "oauth2SecurityScheme": { "flows": { "authorizationCodeFlow": { … } } } } } }`',
      fix: '`{ "securitySchemes": { "auth": { "oauth2SecurityScheme": { "flows": { "authorizationCode": { … } } } } } }`',
      quickFix:
        '**Add the missing member** (a placeholder of the expected type; on a 0.3 card missing `supportedInterfaces`, the migration instead), **remove** an optional member written as `null` (as SDKs that serialize unset fields write it), or **change to** one of the allowed enum values.',
    },
  },
  {
    meta: {
      id: 'card-too-large',
      defaultSeverity: 'error',
      title: 'The card is larger than the configured limit',
      appliesTo: both,
    },
    docs: {
      summary:
        'The document is over the size limit (default 1 MiB, setting `a2a.maxCardBytes`, CLI `--max-card-bytes`): it is neither parsed nor compiled, so a hostile card cannot stall the editor or CI.',
      bad: '`a 40 MB agent-card.json`',
      fix: 'publish a card under the limit, or raise the limit if it is really intended',
      quickFix: 'none.',
    },
  },
  {
    meta: {
      id: 'not-an-agent-card',
      defaultSeverity: 'error',
      title: 'The JSON is not an agent card or a lockfile',
      appliesTo: both,
    },
    docs: {
      summary:
        'The JSON is neither an agent card nor a lockfile: a top-level array, string or number, or an object that shares almost no members with a card (another format served as agent-card.json).',
      bad: '`[ { "name": "Pricing Agent", … } ]`',
      fix: '`{ "name": "Pricing Agent", … }`',
      quickFix: 'none.',
    },
  },
];

/** What lint reports in place of a rule's findings when that rule throws. */
export const INTERNAL_ERROR: RuleWithoutCheck = {
  meta: {
    id: 'internal-error',
    defaultSeverity: 'error',
    title: 'A rule failed on this document, so its findings are missing',
    appliesTo: both,
  },
  docs: {
    summary: [
      'A lint rule failed on this document, so its findings are missing; the message names the',
      'rule. The document is not passed silently. Please report it with the document.',
    ],
    bad: 'a document on which a rule fails (the message names the rule)',
    fix: 'none in the document; report the rule and the document',
    quickFix: 'none.',
  },
};

/** Findings made outside lint, with these ids as their codes. */
export const PRODUCED_ELSEWHERE: readonly RuleWithoutCheck[] = [
  {
    meta: {
      id: 'signature-required',
      defaultSeverity: 'error',
      title: 'Signed cards are required and this card is not verified',
      appliesTo: ['card'],
      producedBy: 'fetch',
    },
    docs: {
      summary: [
        'The signature policy is `require` (`a2a.signatures.policy`, `a2acap fetch',
        "--signature-policy require`, the library's `signaturePolicy`; the older `a2a.signatures.require` and",
        "`--require-signed` mean the same) and the fetched card's signature is missing, unverifiable or invalid; such a card",
        'is not compiled.',
      ],
      bad: 'a card without `signatures`, or signed with a key that is not in the trust store.',
      fix: 'sign the card with a key listed in `a2a.trustStore` (key id → JWKS URL, PEM, JWK/JWKS, optionally with a validity window), or stop requiring signatures for it.',
      quickFix: 'none.',
    },
  },
  {
    meta: {
      id: 'signature-invalid',
      defaultSeverity: 'error',
      title: "The card's signature does not match the card for a trusted key",
      appliesTo: ['card'],
      producedBy: 'fetch',
    },
    docs: {
      summary: [
        'Under the default signature policy `verify-if-present` (and under `require`, where it',
        "is reported as `signature-required`), a trusted key for the signature's `kid` verifies no form of the card: it was",
        'altered after signing, or signed with another key. Such a card is not compiled. Unsigned cards and cards signed with',
        'a key you do not trust are reported, not refused, under this policy. See',
        '[Signature policy](live-agents.md#signature-policy).',
      ],
      bad: 'a signed card whose `description` was edited after signing.',
      fix: 'sign the card again after the last change (the payload is the RFC 8785 canonical card without `signatures`), or fix the key listed for that `kid` in `a2a.trustStore`.',
      quickFix: 'none.',
    },
  },
  // The lockfile checked against the card it pins (a workspace card or the live card fetched this session).
  {
    meta: {
      id: 'lockfile-breaking',
      defaultSeverity: 'error',
      title: 'The card it pins no longer offers what the lockfile requires',
      appliesTo: lock,
      producedBy: 'check',
    },
    docs: {
      summary: [
        'The lockfile is checked against the card it pins: a card in the workspace whose path,',
        'URL or name matches its `agent`, or the live card fetched in this editor session (A2A: Fetch Agent Card, a lockfile',
        'check, the watcher). The card no longer offers something the lockfile requires; the diagnostic is on the requirement.',
      ],
      bad: 'the lockfile has `"requires": { "streaming": true }` and the agent\'s card now says `"streaming": false`.',
      fix: "adapt the workflow and re-pin (**A2A: Update Lockfile**, `a2acap update`), or ask the agent's owner to restore it.",
      quickFix: 'none in the file; **A2A: Update Lockfile** or a new pin.',
    },
  },
  {
    meta: {
      id: 'lockfile-review',
      defaultSeverity: 'warning',
      title: 'The card it pins changed in a way a person should review',
      appliesTo: lock,
      producedBy: 'check',
    },
    docs: {
      summary: [
        'The pinned card changed in a way that may matter (a different interface binding or',
        'protocol version, a new agent version, or text that now gives the reading model orders, hides characters or tells',
        'the selecting model to prefer this agent): nothing',
        'the lockfile requires is gone, but a person should look.',
      ],
      bad: '`"agent_version": "1.2.0"` in the lockfile, `"version": "2.0.0"` in the card.',
      fix: 'review with **Show Diff**, run probes, then **A2A: Update Lockfile**.',
      quickFix: 'none in the file; **Show Diff** and **A2A: Update Lockfile**.',
    },
  },
  {
    meta: {
      id: 'lockfile-note',
      defaultSeverity: 'info',
      title: 'The card it pins changed harmlessly (description, digest, version)',
      appliesTo: lock,
      producedBy: 'check',
    },
    docs: {
      summary: [
        'The pinned card changed harmlessly (its digest differs, e.g. a description edit; a pinned',
        'output mode is gone while another still is; a skill no longer needs credentials), or it was re-checked because a',
        'workflow recorded a stale marker.',
      ],
      bad: '`"card_digest": "sha256:1111…"` while the card\'s digest is now `sha256:2222…`.',
      fix: '**A2A: Update Lockfile** to record the new digest (or set the rule to `off`).',
      quickFix: 'none in the file; **A2A: Update Lockfile**.',
    },
  },
  {
    meta: {
      id: 'lockfile-error',
      defaultSeverity: 'error',
      title: 'The lockfile could not be checked (unreadable or corrupt lockfile, unreachable agent, invalid card)',
      appliesTo: lock,
      producedBy: 'check',
    },
    docs: {
      summary: [
        'The lockfile could not be checked, which is never reported as compatible: the',
        'lockfile itself cannot be read or is corrupt, or the last live check of its agent failed (unreachable, refused by',
        'the address policy, the card is invalid). In the editor the diagnostic is on `agent`; in `a2acap check` SARIF, on',
        'the lockfile (or the member that is wrong). Lockfiles and the card files they name must be regular files: a FIFO or',
        'a device (`/dev/zero`) is refused at once as "not a regular file", never read or waited on.',
      ],
      bad: '`"agent": "https://pricing.example/.well-known/agent-card.json"` while that host does not answer.',
      fix: 'make the agent reachable (or correct `agent`), then **A2A: Check Lockfiles Now**.',
      quickFix: 'none.',
    },
  },
];

/** What lint reports in place of the findings past its caps (findingCap.ts); last, so no ruleIndex moves. */
export const FINDINGS_LEFT_OUT: RuleWithoutCheck = {
  meta: {
    id: 'findings-left-out',
    defaultSeverity: 'warning',
    title: 'More findings than lint reports: how many each rule left out',
    appliesTo: both,
  },
  docs: {
    summary: [
      'The document has more findings than lint reports: at most 100 per rule and 1,000 per',
      'document (the summary included), errors kept before warnings, warnings before info and hints. This one finding, at the',
      'top of the document, says how many each rule left out. Past its cap a rule only counts, so a card of 340,000 empty',
      'skills is linted in about the time it takes to parse, and the editor always publishes.',
    ],
    bad: 'a card whose `skills` are thousands of `{}`',
    fix: 'fix the findings shown (often one cause repeated) and lint again to see the rest.',
    quickFix: 'none.',
  },
};

/** Findings about the project configuration's entries (.a2a/config.json); after findings-left-out, so no ruleIndex moves. */
export const CONFIG_RULES: readonly RuleWithoutCheck[] = [
  {
    meta: {
      id: 'stale-suppression',
      defaultSeverity: 'warning',
      title: 'An ignore entry in .a2a/config.json matches no finding',
      appliesTo: both,
      producedBy: 'config',
    },
    docs: {
      summary: [
        'An `ignore` entry of `.a2a/config.json` covers files of this run but matches none of their findings: the',
        'finding it accepted is gone (fixed, or moved to another member), and the entry would silently accept the next',
        'one. The finding is on the entry. Entries whose files were not linted in the run are not judged.',
      ],
      bad: '`"ignore": [{ "rule": "unknown-field", "file": "agent-card.json", "pointer": "/x-legacy", "reason": "…" }]` after `x-legacy` was removed',
      fix: 'remove the entry (or correct its `file` or `pointer`).',
      quickFix: 'none.',
    },
  },
];
