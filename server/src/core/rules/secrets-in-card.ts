/**
 * secrets-in-card: a card is public (anyone who can reach the agent reads it), so a credential in it is leaked the
 * moment it is served: provider API keys and tokens, JWTs, private keys, connection strings and URLs with a
 * password (core/text/secretShapes.ts). An error. The message names the kind and the member, never the secret; lint also
 * keeps the secret out of every other finding (core/text/hideSecrets.ts), since other rules quote the values they judge.
 *
 * Every string of the document is looked at, member names too (a secret can sit in an extension's params as well
 * as in a description; core/text/secretPlaces.ts), but only when a cheap screen of the whole text finds a credential's stem.
 */
import { documentSecrets } from '../text/documentSecrets';
import { finding, type Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';

export const meta: RuleMeta = {
  id: 'secrets-in-card',
  defaultSeverity: 'error',
  title: 'A credential (API key, token, private key, password) in the document',
  appliesTo: ['card', 'lockfile'],
};

export const secretsInCard: Rule = ({ value, text }) =>
  documentSecrets(value, text).map((s) =>
    finding(
      meta,
      s.pointer,
      `This value holds ${s.kind}: a card is public, so the credential is leaked to everyone who fetches it. Remove it, and revoke or rotate the credential.`,
      { data: { kind: s.kind } },
    ),
  );

const docs: RuleDocs = {
  summary: [
    "A credential in a card (or lockfile): a provider's API key or token (GitHub, GitLab,",
    'npm, Hugging Face, Slack tokens and incoming webhooks, AWS access keys, OpenAI, Anthropic: the shapes of',
    "[secretlint](https://github.com/secretlint/secretlint)'s maintained rules; Stripe live, Google and the older OpenAI and",
    'Anthropic formats), a JSON Web Token, a PEM private key, a private JSON Web Key (its `d`, or `k` of a symmetric',
    'key), an Azure storage account key or shared access signature, a key in a URL query string (`?api_key=…`,',
    '`&access_token=…`), a connection string with a password (`postgres://app:…@db…`, MySQL, MongoDB, Redis, AMQP, …) or',
    'a password in any URL (`https://user:…@host`, a password holding `@` included). Member names are looked at too (a',
    "token used as a skill's scheme name is reported at the object that holds it), and a value written with JSON escapes",
    '(`"ghp\\u005f…"`) is the value it stands for. A card is public: whoever can reach the agent reads it. The message',
    'names the kind and the member, never the credential, and lint keeps it out of every other finding too (messages,',
    'JSON, SARIF, editor diagnostics), as `compile` keeps it out of the profile it shows. Documentation placeholders',
    '(`AKIAIOSFODNN7EXAMPLE`, `sk-...`, `postgres://user:password@localhost`, `${DB_PASSWORD}`) are not reported.',
  ],
  bad: '`"documentationUrl": "https://admin:Zq8vLx2pWm@docs.example.com/"`',
  fix: '`"documentationUrl": "https://docs.example.com/"`, then revoke or rotate the credential: it was published.',
  quickFix: 'none (the credential must be revoked, not only removed).',
};

const examples: RuleExamples = {
  invalid: [{ with: { documentationUrl: 'https://admin:Zq8vLx2pWm@docs.example.com/' } }],
  valid: [
    { with: { documentationUrl: 'https://docs.example.com/' } },
    { with: { description: 'Connects to postgres://user:password@localhost' } },
  ],
};

export const rule: RuleDefinition = { meta, check: secretsInCard, docs, examples };
