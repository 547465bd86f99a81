/**
 * spoofed-name: an agent, provider or skill name written to pass for another: a word mixing scripts that look alike
 * (a Cyrillic "а" inside "Pаypal"), a whole word of another script that reads as Latin ("Рау", "Тест"), Latin
 * look-alikes and small capitals among ordinary letters (ɑ, ı, ǀ, ᴀ), letterlike, fullwidth and mathematical forms
 * (ℓ, ｐ, 𝐏). People and planners choose agents by these names. A warning that names each character by code point
 * and script, never shows it bare. Which character passes for which is Unicode's confusables data
 * (core/confusables.ts).
 *
 * A name in another script is a name, not a spoof, as long as one of its letters does not read as Latin
 * ("Поиск билетов").
 */
import { isObject } from '../document';
import {
  asciiLookalike,
  codePointLabel,
  isCaselessLatinLetter,
  latinLookalike,
  lookalikeScript,
  type LookalikeScript,
} from '../confusables';
import {
  finding,
  quote,
  type Rule,
  type RuleDefinition,
  type RuleMeta,
  type RuleDocs,
  type RuleExamples,
} from './context';
import { skillsOf } from './walk';
import { mayHoldNonAsciiStrings } from '../textScreen';
import type { TextCue } from './suspicious-text';

export const meta: RuleMeta = {
  id: 'spoofed-name',
  defaultSeverity: 'warning',
  title: 'A name that mixes look-alike scripts or uses characters that pass for Latin letters',
  appliesTo: ['card'],
};

/** At most this many characters are named in one message. */
const MAX_NAMED = 8;
/** Names longer than this are not names; only their start is looked at. */
const MAX_NAME = 500;
/** A shorter word of another script is not taken for a spoof of a Latin word. */
const MIN_WHOLE_WORD = 3;

function* names(card: Record<string, unknown>): Generator<[string, unknown]> {
  yield ['/name', card.name];
  if (isObject(card.provider)) yield ['/provider/organization', card.provider.organization];
  for (const skill of skillsOf(card)) yield [`${skill.pointer}/name`, skill.value.name];
}

interface Suspect {
  ch: string;
  script: string;
  looksLike?: string;
}

/** The characters of a name that make it a spoof, each once. */
export function spoofingCharacters(name: string): Suspect[] {
  const text = name.slice(0, MAX_NAME);
  const words = text.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const found = new Map<string, Suspect>();
  const add = (ch: string, script: string, looksLike = latinLookalike(ch)) => {
    if (!found.has(ch)) found.set(ch, { ch, script, ...(looksLike !== undefined ? { looksLike } : {}) });
  };
  for (const word of words) {
    const chars = Array.from(word);
    const scripts = new Map<LookalikeScript, string[]>();
    for (const ch of chars) {
      const s = lookalikeScript(ch);
      if (s) scripts.set(s, [...(scripts.get(s) ?? []), ch]);
      // Fullwidth, mathematical and letterlike forms are script Common: they pass for ASCII wherever they are.
      else if (/\p{L}/u.test(ch) || ch.normalize('NFKC') !== ch) {
        if (asciiLookalike(ch)) add(ch, 'Common');
      }
      // Latin look-alikes of ASCII letters (ɑ, ı, ǀ) and small capitals (ᴀ) read as the ASCII letter.
      if (s === 'Latin' && (asciiLookalike(ch) || isCaselessLatinLetter(ch))) add(ch, 'Latin');
    }
    if (scripts.size > 1) {
      // The odd ones out: every script but Latin when Latin is there, else every script but the word's main one.
      const main = scripts.has('Latin')
        ? 'Latin'
        : [...scripts.entries()].reduce((a, b) => (b[1].length > a[1].length ? b : a))[0];
      for (const [script, list] of scripts)
        if (script !== main) for (const ch of list) if (latinLookalike(ch) || main === 'Latin') add(ch, script);
    } else if (scripts.size === 1 && !scripts.has('Latin')) {
      // A whole word of another script that reads as Latin ("Рау", "Тест"): a spoof of a Latin name.
      const [script, list] = [...scripts.entries()][0]!;
      if (list.length >= MIN_WHOLE_WORD && list.length === chars.length && list.every((ch) => latinLookalike(ch)))
        for (const ch of list) add(ch, script);
    }
  }
  return [...found.values()];
}

function describe(s: Suspect): string {
  return `${codePointLabel(s.ch)} (${s.script}${s.looksLike ? `, looks like "${s.looksLike}"` : ''})`;
}

interface SpoofedName {
  pointer: string;
  name: string;
  suspects: Suspect[];
}

function spoofedNames(value: unknown): SpoofedName[] {
  if (!isObject(value)) return [];
  const out: SpoofedName[] = [];
  for (const [pointer, name] of names(value)) {
    if (typeof name !== 'string') continue;
    // Only non-ASCII names can hold any of these.
    // eslint-disable-next-line no-control-regex
    if (/^[\x00-\x7f]*$/.test(name)) continue;
    const suspects = spoofingCharacters(name);
    if (suspects.length) out.push({ pointer, name, suspects });
  }
  return out;
}

function listed(suspects: Suspect[]): string {
  return (
    suspects.slice(0, MAX_NAMED).map(describe).join(', ') +
    (suspects.length > MAX_NAMED ? `, … ${suspects.length} in all` : '')
  );
}

/** The names that pass for others, as cues: a changed card with one is a lockfile check's reason to review. */
export function spoofedNameCues(value: unknown): TextCue[] {
  return spoofedNames(value).map(({ pointer, name, suspects }) => ({
    pointer,
    kind: 'spoofed-name',
    detail: `${quote(name)}: ${listed(suspects)}`,
    data: { kind: 'spoofed-name', codePoints: suspects.map((s) => codePointLabel(s.ch)) },
  }));
}

export const spoofedName: Rule = ({ value, text }) =>
  // Only non-ASCII names are suspects: a text that cannot hold any skips the walk of every skill's name.
  (text !== undefined && !mayHoldNonAsciiStrings(value, text) ? [] : spoofedNames(value)).map(
    ({ pointer, name, suspects }) =>
      finding(
        meta,
        pointer,
        `${quote(name)} uses characters that pass for others: ${listed(suspects)}. A name that looks like another agent's or brand's misleads the people and models choosing agents; write it in one script.`,
        { data: { codePoints: suspects.map((s) => codePointLabel(s.ch)) } },
      ),
  );

const docs: RuleDocs = {
  summary: [
    'An agent name, `provider.organization` or skill name that passes for another. Which',
    "character passes for which is Unicode's confusables data (UTS #39): a word mixing look-alike scripts (a Cyrillic `а`,",
    'U+0430, inside `Pаypal`), a whole word of another script that reads as Latin (`Рау Pal`, `Тест`, Coptic `ⲤⲞⲢⲦ`, Lisu',
    '`ꓑꓮꓬ`), Latin look-alikes and small capitals among ordinary letters (`ɑpple`, `Paypaǀ`, `Pıcing`, `ᴀcme`), and',
    'letterlike, fullwidth and mathematical forms (`Gooℊle`, `ℓogin`, `𝐏𝐫𝐢𝐜𝐞`). The message names each character by',
    'code point and script (`U+0430 (Cyrillic, looks like "a")`). A name in another script with letters that do not read as',
    'Latin (`Поиск билетов`, `Τιμολόγηση`) is fine; Turkish dotless ı is reported (it reads as i). A pinned card that',
    'changes to such a name is a `review` in lockfile checks.',
  ],
  bad: '`"name": "Pаypal Pricing"` (with U+0430)',
  fix: '`"name": "Paypal Pricing"` (ASCII `a`)',
  quickFix: 'none (which script was meant is yours to decide).',
};

const examples: RuleExamples = {
  invalid: [{ with: { name: 'P\u0430ypal Pricing' } }],
  valid: [
    { with: { name: 'Paypal Pricing' } },
    { with: { name: '\u041f\u043e\u0438\u0441\u043a \u0431\u0438\u043b\u0435\u0442\u043e\u0432' } },
  ],
};

export const rule: RuleDefinition = { meta, check: spoofedName, docs, examples };
