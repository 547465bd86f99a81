/**
 * Update pull requests (`a2acap update`): a provider key comes from a lockfile's `found_via.identifier` (anything a
 * catalog or a hand edit put there) and becomes a branch name, a `--provider` value and a heading of the body.
 * Generated here: provider strings made of the pieces that break a ref name, a shell line, Markdown or a URL's
 * secrecy. Properties: the branch is a valid, safe git branch name; the key and the branch carry no URL credential;
 * the pull-request body of a fuzzed card's check shows no raw control character, HTML, link, mention, autolink or
 * heading of its own. One body per checked pair (of the check already made), a few strings per case.
 */
import { providerOf, updateBranchFor } from '../../server/src/core/lockfile/provider';
import { pinnedVsCurrent } from '../../server/src/core/pin/pinnedVsCurrent';
import { updateBody } from '../../server/src/core/update/body';
import { addChanges, emptyChanges } from '../../server/src/core/update/sections';
import type { CheckResult, CompiledProfile, Lockfile } from '../../server/src/core/types';
import { int, pick, type Rng } from './mutate';
import { forbiddenCharacter, type Failure } from './properties';

/** A credential planted in URLs of provider strings: no key, branch or body may repeat it. */
const SECRET = 'hunter2fuzzsecret';

const PIECES = [
  '..',
  '.',
  '/',
  '//',
  '.lock',
  '@{1}',
  '@',
  '-',
  '--force',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '\u0000',
  '\u001b[31m',
  '\u007f',
  '\u202e',
  '\u200b',
  '\ud800',
  '$(id)',
  '`id`',
  "'",
  '"',
  '~^:?*[\\',
  '<img src=x onerror=alert(1)>',
  '</td>',
  '[link](https://evil.example/)',
  '![i](https://evil.example/p.png)',
  '@everyone',
  '#',
  '\n# Approved\n',
  '| a | b |',
  `https://user:${SECRET}@catalog.example/x`,
  `https://catalog.example/?api_key=${SECRET}`,
  'www.evil.example',
  'p\u0430ypal',
  'acme',
  'pricing',
  'Agent 7',
  'ü',
];

export function providerCase(rng: Rng): string {
  const n = 1 + int(rng, 6);
  let text = '';
  for (let i = 0; i < n; i++) text += pick(rng, PIECES);
  return int(rng, 20) === 0 ? text.repeat(200) : text;
}

/** What git check-ref-format refuses in one component, and what this product additionally rules out. */
function branchProblem(branch: string): string | undefined {
  const m = /^a2acap\/update\/([A-Za-z0-9._-]+)$/.exec(branch);
  if (!m) return 'not a2acap/update/ followed by [A-Za-z0-9._-]';
  const name = m[1]!;
  if (/^[.-]|[.-]$/.test(name)) return 'starts or ends with . or -';
  if (name.includes('..')) return 'holds ..';
  if (/\.lock$/i.test(name)) return 'ends with .lock';
  if (name.length > 80) return `${name.length} characters`;
  return undefined;
}

export function providerFailures(found: string): Failure[] {
  const failures: Failure[] = [];
  const provider = providerOf({ agent: 'https://agent.example/', found_via: { catalog: 'c', identifier: found } });
  const branch = updateBranchFor(provider);
  const problem = branchProblem(branch);
  if (problem)
    failures.push({
      property: 'an update branch is a safe git branch name',
      detail: `${problem}: ${JSON.stringify(branch)}`,
    });
  if (provider.includes(SECRET) || branch.includes(SECRET))
    failures.push({
      property: 'a provider key and its branch carry no URL credential',
      detail: JSON.stringify(provider).slice(0, 200),
    });
  return failures;
}

/** Headings the body writes itself; any other line starting with `#` came from card or lockfile text. */
const OUR_HEADING = /^(?:## A2A capability update: |### Skill “|### The agent$|### Breaking change$)/;

export function updateBodyFailures(
  lock: Lockfile,
  profile: CompiledProfile,
  check: CheckResult,
  found: string,
): Failure[] {
  const changes = emptyChanges();
  addChanges(
    changes,
    'x.a2a-lock.json',
    [...check.problems, ...check.notes],
    pinnedVsCurrent(lock, profile).diff.changes,
  );
  const provider = providerOf({ agent: lock.agent, found_via: { identifier: found } });
  const body = updateBody([
    {
      provider,
      classification: check.classification,
      lockfiles: [
        {
          shown: 'x.a2a-lock.json',
          status: check.classification === 'breaking' ? 'breaking' : 'pending',
          classification: check.classification,
          message: check.problems[0]?.message ?? '',
          loses: check.problems,
        },
      ],
      changes,
    },
  ]);
  const failures: Failure[] = [];
  const bad = forbiddenCharacter(body);
  if (bad) failures.push({ property: 'the update body shows card text visibly', detail: bad });
  const markup = /<[A-Za-z/!?]|\]\(|:\/\/|@(?!&#8203;)|\bwww\./i.exec(body.replace(/&#64;&#8203;/g, ''));
  if (markup)
    failures.push({
      property: 'the update body holds no HTML, link, autolink or mention from card text',
      detail: JSON.stringify(body.slice(Math.max(0, markup.index - 40), markup.index + 40)),
    });
  const heading = body.split('\n').find((line) => line.startsWith('#') && !OUR_HEADING.test(line));
  if (heading !== undefined)
    failures.push({
      property: 'the update body has no heading from card text',
      detail: JSON.stringify(heading.slice(0, 120)),
    });
  if (body.includes(SECRET))
    failures.push({ property: 'the update body carries no URL credential', detail: 'the planted secret' });
  return failures;
}
