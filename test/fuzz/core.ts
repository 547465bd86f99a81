/**
 * The core target: lint (cards and lockfiles), compile, card digest, lockfile read and check, quick-fix planning
 * and the 0.3 → 1.0 migration, called in-process on one mutated document (or a mutated card/lockfile pair).
 * Properties: nothing throws, no internal-error finding (a rule that threw), a quick fix applied to parseable JSON
 * leaves parseable JSON, check messages quote card text (no raw control or bidi character), what a2a_pin answers a
 * model is bounded and its error line quotes no card value (pinOutput.ts), machine-readable output gives back every
 * value and no planted URL credential (valueProperties.ts), planted secrets never echo (plantSecrets.ts), hidden
 * text is reported and never compatible (hiddenText.ts).
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CanonicalizationError, cardDigest } from '../../server/src/core/card/digest';
import { isLegacyCard, migrateCard } from '../../server/src/core/fixes/migrateCard';
import { quickFixesFor } from '../../server/src/core/fixes/quickFixes';
import { lintDocument } from '../../server/src/core/lint';
import { checkLockfile } from '../../server/src/core/lockfile/check';
import { checkOptionsFor } from '../../server/src/core/lockfile/checkOptions';
import { profileForLock } from '../../server/src/core/lockfile/currentProfile';
import { parseLockfile } from '../../server/src/core/lockfile/read';
import { compileProfile } from '../../server/src/core/profile/compile';
import { DEFAULT_CLIENT } from '../../server/src/core/types';
import { textEditsFor } from '../../server/src/app/document/jsonEdits';
import { nestsDeeperThan } from '../../server/src/app/document/nesting';
import { chance, mutate, pick, type Rng } from './mutate';
import { describeError, forbiddenCharacter, internalFinding, type Failure } from './properties';
import { loadSeeds } from './seeds';
import { pinOutputFailures } from './pinOutput';
import { unknownSkillFailures } from './unknownSkillOutput';
import { cardDiffFailures } from './cardDiffOutput';
import { junitFailures } from './junitOutput';
import { plantSecrets, secretsProperty } from './plantSecrets';
import { hiddenTextFailures, hiddenTextPair, type HiddenTextExpectation } from './hiddenText';
import { screenedTextCase, screenedTextFailures } from './screenedText';
import { machineOutputFailures } from './valueProperties';
import { boundedFindings, WIDE_CHECK_MS, WIDE_LINT_MS, wideCard, widePair } from './wide';
import { checkIpCase, ipCase, type IpCase } from './ipSpellings';
import { schemaRefCase, schemaRefFailures } from './schemaRef';
import { providerCase, providerFailures, updateBodyFailures } from './updateProviders';
import { projectCase, projectCaseFailures, type ProjectCase } from './projectConfig';
import { catalogCase, catalogFailures, type CatalogExpectation } from './catalogCases';
import { referenceCase, referenceFailures, type ReferenceCase } from './catalogReference';

export interface CoreInput {
  /** The document linted (and, for a card, compiled, digested and fixed). */
  fileName: string;
  text: string;
  /** With a lockfile: the card it is checked against (mode "check"). */
  card?: string;
  lock?: string;
  ops: string[];
  origin: string;
  /** Credentials planted in `text` (plantSecrets.ts): no output may repeat a run of one. */
  secrets?: string[];
  /** A hidden-text case (hiddenText.ts): what lint must report in the card, and check must not call compatible. */
  hiddenText?: HiddenTextExpectation;
  /** IP spellings classified beside the document (cheap: a few per case). */
  ips?: IpCase[];
  /** A catalog reference resolved against a hostile catalog beside the document (catalogReference.ts; cheap). */
  reference?: ReferenceCase;
  /** The document is a seed with `$schema` added (schemaRef.ts): `without` is the seed as it was. */
  schemaRef?: { without: string };
  /** Provider keys as a lockfile's found_via.identifier may hold them (updateProviders.ts). */
  providers?: string[];
  /** A hostile .a2a/config.json (ignore entries and a policy) read and run on the document (projectConfig.ts). */
  project?: ProjectCase;
  /** An AI Catalog attack case (catalogCases.ts): what lint must report in it. */
  catalog?: CatalogExpectation;
  /** A model-read phrase spelled to slip past a text screen (screenedText.ts): lint must find what the walk finds. */
  screened?: true;
}

export function generateCoreInput(rng: Rng): CoreInput {
  const ips = Array.from({ length: 4 }, () => ipCase(rng));
  return {
    ...generateDocuments(rng),
    ips,
    reference: referenceCase(rng),
    providers: [providerCase(rng), providerCase(rng)],
    ...(chance(rng, 0.05) ? { project: projectCase(rng) } : {}),
  };
}

function generateDocuments(rng: Rng): CoreInput {
  const { seeds, pairs } = loadSeeds();
  const planted = chance(rng, 0.1) ? plantedCard(rng, seeds) : undefined;
  if (planted) return planted;
  const screened = chance(rng, 0.04) ? screenedTextCase(rng, seeds) : undefined;
  if (screened)
    return {
      fileName: 'agent-card.json',
      text: screened.text,
      ops: [screened.op],
      origin: 'generated',
      screened: true,
    };
  const catalog = chance(rng, 0.04) ? catalogCase(rng, seeds) : undefined;
  if (catalog)
    return {
      fileName: 'ai-catalog.json',
      text: catalog.text,
      ops: [catalog.op],
      origin: 'generated',
      catalog: catalog.expect,
    };
  const ref = chance(rng, 0.03) ? schemaRefCase(rng, pick(rng, seeds)) : undefined;
  if (ref)
    return {
      fileName: ref.fileName,
      text: ref.text,
      ops: [ref.op],
      origin: 'seed',
      schemaRef: { without: ref.without },
    };
  if (chance(rng, 0.1)) {
    const pair = pick(rng, pairs);
    const made = hiddenTextPair(rng, pair);
    if (made)
      return {
        ...{ fileName: 'a2a-lock.json', text: pair.lock, card: made.card, lock: pair.lock },
        ops: [`hidden text: ${made.expect.kind} at ${made.expect.pointer}`],
        origin: pair.origin,
        hiddenText: made.expect,
      };
  }
  if (chance(rng, 0.01)) {
    const pair = widePair(rng);
    return {
      fileName: 'a2a-lock.json',
      text: pair.lock,
      card: pair.card,
      lock: pair.lock,
      ops: [pair.op],
      origin: 'generated',
    };
  }
  if (chance(rng, 0.02)) {
    const wide = wideCard(rng);
    return { fileName: 'agent-card.json', text: wide.text, ops: [wide.op], origin: 'generated' };
  }
  if (chance(rng, 0.3)) {
    const pair = pick(rng, pairs);
    const which = pick(rng, ['card', 'lock', 'both'] as const);
    const card =
      which === 'lock'
        ? { text: pair.card, ops: [] }
        : mutate(rng, { origin: pair.origin, kind: 'card', text: pair.card }, seeds);
    const lock =
      which === 'card'
        ? { text: pair.lock, ops: [] }
        : mutate(rng, { origin: pair.origin, kind: 'lockfile', text: pair.lock }, seeds);
    return {
      fileName: 'a2a-lock.json',
      text: lock.text,
      card: card.text,
      lock: lock.text,
      ops: [...card.ops.map((o) => `card: ${o}`), ...lock.ops.map((o) => `lock: ${o}`)],
      origin: pair.origin,
    };
  }
  const m = mutate(rng, pick(rng, seeds), seeds);
  const fileName = chance(rng, 0.1) ? 'data.json' : m.kind === 'lockfile' ? 'a2a-lock.json' : 'agent-card.json';
  return { fileName, text: m.text, ops: m.ops, origin: m.origin };
}

function plantedCard(rng: Rng, seeds: ReturnType<typeof loadSeeds>['seeds']): CoreInput | undefined {
  const seed = pick(rng, seeds);
  const p = seed.kind === 'card' ? plantSecrets(rng, seed.text) : undefined;
  return p && { fileName: 'agent-card.json', text: p.text, ops: p.ops, origin: seed.origin, secrets: p.secrets };
}

function guarded(failures: Failure[], what: string, fn: () => void): void {
  try {
    fn();
  } catch (err) {
    failures.push({ property: `${what} does not throw`, detail: describeError(err) });
  }
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function lintAndFix(failures: Failure[], fileName: string, text: string, ops: readonly string[] = []): void {
  const started = performance.now();
  const result = lintDocument(text, { fileName });
  const ms = performance.now() - started;
  failures.push(...machineOutputFailures(result, ops));
  const internal = internalFinding(result.findings);
  if (internal) failures.push({ property: 'lint reports no internal error (no rule threw)', detail: internal });
  const unbounded = boundedFindings(result.findings);
  if (unbounded) failures.push(unbounded);
  if (ms > WIDE_LINT_MS && result.findings.some((f) => f.code === 'findings-left-out'))
    failures.push({ property: 'lint of a wide document stays fast', detail: `${Math.round(ms)} ms` });
  const value = result.value;
  if (result.kind === 'card' && value !== undefined) {
    guarded(failures, 'compileProfile', () => {
      compileProfile(value);
    });
    try {
      cardDigest(value);
    } catch (err) {
      // Documented: a value with no canonical form (1e400 parsed to Infinity, too deep) is refused with a one-line
      // CanonicalizationError, and lint reports it as not-canonicalizable.
      const oneLine = err instanceof CanonicalizationError && !/[\r\n]/.test(err.message);
      const reported = result.findings.some((f) => f.code === 'not-canonicalizable');
      if (!oneLine || !reported)
        failures.push({
          property: 'cardDigest refuses with a one-line Error that lint reports',
          detail: describeError(err),
        });
    }
  }
  // The migration and the quick fixes of every finding (bounded: huge documents have thousands), made into text
  // edits as the language server makes them: not for a document too deep to edit, and a plan whose edit cannot be
  // made is skipped there.
  if (nestsDeeperThan(text)) return;
  if (result.kind === 'card' && value !== undefined)
    guarded(failures, 'migrateCard', () => {
      if (isLegacyCard(value)) migrateCard(value);
    });
  const wasJson = parses(text);
  const doc = TextDocument.create('file:///fuzz/doc.json', 'json', 1, text);
  for (const f of result.findings.slice(0, 40)) {
    let plans: ReturnType<typeof quickFixesFor> = [];
    guarded(failures, 'quick-fix planning', () => {
      plans = quickFixesFor({ code: f.code, pointer: f.pointer, ...(f.data ? { data: f.data } : {}) }, value);
    });
    for (const plan of plans) {
      let fixed: string;
      try {
        fixed = TextDocument.applyEdits(doc, textEditsFor(doc, value, plan.operations));
      } catch {
        continue;
      }
      if (wasJson && !parses(fixed))
        failures.push({
          property: 'a quick fix keeps JSON parseable',
          detail: `${f.code} ${f.pointer}: "${plan.title}"`,
        });
    }
  }
}

function check(failures: Failure[], cardText: string, lockText: string, provider = 'acme'): void {
  const read = parseLockfile(lockText);
  if (!read.ok) return;
  const card = lintDocument(cardText, { fileName: 'agent-card.json' }).value;
  if (card === undefined) return;
  let digest: string | undefined;
  try {
    digest = cardDigest(card);
  } catch {
    digest = undefined;
  }
  guarded(failures, 'checkLockfile', () => {
    const started = performance.now();
    const result = checkLockfile(
      read.lockfile,
      profileForLock(card, compileProfile(card, DEFAULT_CLIENT), read.lockfile, DEFAULT_CLIENT),
      checkOptionsFor(card, digest, read.lockfile),
    );
    const compiled = compileProfile(card, DEFAULT_CLIENT);
    failures.push(...pinOutputFailures(compiled, read.lockfile));
    failures.push(...unknownSkillFailures(compiled));
    failures.push(...updateBodyFailures(read.lockfile, compiled, result, provider));
    const ms = performance.now() - started;
    if (ms > WIDE_CHECK_MS)
      failures.push({ property: 'a lockfile check stays fast however many skills', detail: `${Math.round(ms)} ms` });
    for (const item of [...result.problems, ...result.notes]) {
      const bad = forbiddenCharacter(item.message);
      if (bad)
        failures.push({
          property: 'check messages quote card text (no raw control/bidi/invisible character)',
          detail: bad,
        });
    }
  });
  guarded(failures, 'card diff', () => failures.push(...cardDiffFailures(card)));
  guarded(failures, 'junit report', () => failures.push(...junitFailures(card)));
}

export function runCoreInput(input: CoreInput): Failure[] {
  const failures: Failure[] = [];
  for (const ip of input.ips ?? []) {
    const wrong = checkIpCase(ip);
    if (wrong) failures.push(wrong);
  }
  for (const provider of input.providers ?? []) failures.push(...providerFailures(provider));
  if (input.reference) failures.push(...referenceFailures(input.reference));
  guarded(failures, 'lintDocument', () => lintAndFix(failures, input.fileName, input.text, input.ops));
  if (input.project)
    guarded(failures, 'project config', () =>
      failures.push(
        ...projectCaseFailures(input.project!, lintDocument(input.text, { fileName: input.fileName }).value),
      ),
    );
  if (input.secrets) failures.push(...secretsProperty({ text: input.text, secrets: input.secrets, ops: input.ops }));
  if (input.card !== undefined && input.lock !== undefined) {
    guarded(failures, 'lintDocument (card of the pair)', () =>
      lintAndFix(failures, 'agent-card.json', input.card!, input.ops),
    );
    guarded(failures, 'parseLockfile/checkLockfile', () =>
      check(failures, input.card!, input.lock!, input.providers?.[0]),
    );
  }
  if (input.hiddenText && input.card !== undefined && input.lock !== undefined)
    guarded(failures, 'hidden-text properties', () =>
      failures.push(...hiddenTextFailures(input.card!, input.lock!, input.hiddenText!)),
    );
  if (input.schemaRef)
    guarded(failures, '$schema properties', () =>
      failures.push(...schemaRefFailures({ ...input, without: input.schemaRef!.without })),
    );
  if (input.screened)
    guarded(failures, 'screened-text properties', () => failures.push(...screenedTextFailures(input.text)));
  if (input.catalog)
    guarded(failures, 'catalog properties', () => failures.push(...catalogFailures(input.text, input.catalog!)));
  if (input.fileName.endsWith('a2a-lock.json'))
    guarded(failures, 'parseLockfile', () => {
      parseLockfile(input.text);
    });
  return failures;
}
