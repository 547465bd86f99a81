/**
 * Provider credential shapes from secretlint's maintained rules (the rules of its recommended preset for the
 * providers a card could leak: GitHub, GitLab, npm, Hugging Face, Slack tokens and webhooks, AWS, OpenAI, Anthropic,
 * PEM private keys). Each rule package is plain JavaScript with its patterns inside (no Node built-ins, unlike the
 * preset's bundle), so they run here in the pure core through a thin adapter: a secretlint rule context that only
 * collects the ranges it reports. The rules are synchronous; each is created once.
 */
// The rule packages are ES modules only. esbuild bundles them into the CommonJS bundles and tsx loads them in
// tests; only the type checker, which models a CommonJS `require`, objects: hence each expect-error below.
// @ts-expect-error -- ESM-only package imported from CommonJS (see above)
import { creator as anthropic } from '@secretlint/secretlint-rule-anthropic';
// @ts-expect-error -- ESM-only package imported from CommonJS (see above)
import { creator as aws } from '@secretlint/secretlint-rule-aws';
// @ts-expect-error -- ESM-only package imported from CommonJS (see above)
import { creator as github } from '@secretlint/secretlint-rule-github';
// @ts-expect-error -- ESM-only package imported from CommonJS (see above)
import { creator as gitlab } from '@secretlint/secretlint-rule-gitlab';
// @ts-expect-error -- ESM-only package imported from CommonJS (see above)
import { creator as huggingface } from '@secretlint/secretlint-rule-huggingface';
// @ts-expect-error -- ESM-only package imported from CommonJS (see above)
import { creator as npm } from '@secretlint/secretlint-rule-npm';
// @ts-expect-error -- ESM-only package imported from CommonJS (see above)
import { creator as openai } from '@secretlint/secretlint-rule-openai';
// @ts-expect-error -- ESM-only package imported from CommonJS (see above)
import { creator as privatekey } from '@secretlint/secretlint-rule-privatekey';
// @ts-expect-error -- ESM-only package imported from CommonJS (see above)
import { creator as slack } from '@secretlint/secretlint-rule-slack';

/** A credential found: what it looks like (for a message) and the credential itself (kept out of every output). */
export interface ShapeHit {
  kind: string;
  secret: string;
}

/** What a card says for each of the rules' message ids. */
const KINDS: Readonly<Record<string, string>> = {
  ANTHROPIC_API_KEY: 'an Anthropic API key',
  AWSSecretAccessKey: 'an AWS secret access key',
  AWSAccessKeyID: 'an AWS access key ID',
  GITHUB_TOKEN: 'a GitHub token',
  GITLAB_PERSONAL_ACCESS_TOKEN: 'a GitLab access token',
  HUGGINGFACE_USER_ACCESS_TOKEN: 'a Hugging Face access token',
  PackageJSON_xOauthToken: 'a GitHub token',
  Npmrc_authToken: 'an npm auth token',
  NPM_ACCESS_TOKEN: 'an npm access token',
  OPENAI_TOKEN: 'an OpenAI API key',
  PrivateKey: 'a PEM private key',
  SLACK_TOKEN: 'a Slack token',
  IncomingWebhook: 'a Slack incoming webhook URL',
};

/**
 * Documentation placeholders are not credentials (`AKIAIOSFODNN7EXAMPLE`, `ghp_xxxx…`): secretlint's own `allows`
 * option, in its RegExp-like string syntax.
 */
const ALLOWS = ['/example|sample|dummy|placeholder|x{6}|your/i'];

interface Report {
  message: string;
  range: readonly [number, number];
}

/** The part of secretlint's rule context these rules use. */
interface AdapterContext {
  createTranslator(messages: unknown): (id: string) => string;
  report(report: Report): void;
}

interface RuleCreator {
  create(context: AdapterContext, options: Record<string, unknown>): { file?: (source: unknown) => unknown };
}

/**
 * The rules with their options. Read when the first text reaches the rules, not when this module loads: the language
 * server's bundle evaluates the rule packages on first use (scripts/lazyPackages.mjs), and most cards never get here.
 */
const creators = (): readonly [RuleCreator, Record<string, unknown>][] => [
  [github as unknown as RuleCreator, {}],
  [gitlab as unknown as RuleCreator, {}],
  [npm as unknown as RuleCreator, {}],
  [huggingface as unknown as RuleCreator, {}],
  [slack as unknown as RuleCreator, {}],
  // The ID rule too: an access key ID is half a credential pair, and has no place in a public card.
  [aws as unknown as RuleCreator, { enableIDScanRule: true }],
  [openai as unknown as RuleCreator, {}],
  [anthropic as unknown as RuleCreator, {}],
  [privatekey as unknown as RuleCreator, {}],
];

let reports: Report[] = [];
const context: AdapterContext = {
  // The translated message is the message id: the adapter maps it to a kind, and never shows the rule's text
  // (which quotes the secret).
  createTranslator: () => (id) => id,
  report: (r) => {
    reports.push(r);
  },
};

let rules: ((source: unknown) => unknown)[] | undefined;

function created(): ((source: unknown) => unknown)[] {
  rules ??= creators().flatMap(([creator, options]) => {
    const file = creator.create(context, { allows: ALLOWS, ...options }).file;
    return file ? [file] : [];
  });
  return rules;
}

/**
 * The secret in what a rule reports: a webhook URL's path after `/services/` (the URL's scheme and host are in
 * every such URL, and redacting their runs would hide every other Slack URL too).
 */
function secretPart(id: string, reported: string): string {
  if (id !== 'IncomingWebhook') return reported;
  const at = reported.indexOf('/services/');
  return at >= 0 ? reported.slice(at + '/services/'.length) : reported;
}

/** The credentials secretlint's rules find in one string, each once. */
export function secretlintHits(text: string): ShapeHit[] {
  reports = [];
  const source = { content: text, filePath: undefined, ext: '', contentType: 'text' };
  for (const file of created()) file(source);
  const out: ShapeHit[] = [];
  for (const r of reports) {
    const secret = secretPart(r.message, text.slice(r.range[0], r.range[1]));
    // An account ID names an account, it grants nothing: the AWS rule reports it beside the keys, we do not.
    if (r.message === 'AWSAccountID') continue;
    const kind = KINDS[r.message] ?? 'a credential';
    if (secret.length > 0 && !out.some((h) => h.secret === secret)) out.push({ kind, secret });
  }
  reports = [];
  return out;
}
