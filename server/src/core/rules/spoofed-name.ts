/**
 * spoofed-name: an agent, provider or skill name written to pass for another: one word mixing scripts that look
 * alike (a Cyrillic "а" inside "Pаypal"), a word of look-alike letters inside a Latin name, or fullwidth and
 * mathematical forms of ASCII. People and planners choose agents by these names. A warning that names each
 * character by code point and script (core/confusables.ts), never shows it bare.
 *
 * Whole names in one script are left alone: a Russian or Greek name is a name, not a spoof.
 */
import { isObject } from '../document';
import { asciiLookalike, codePointLabel, lookalikeScript, type LookalikeScript } from '../confusables';
import { finding, quote, type Rule, type RuleDefinition, type RuleMeta } from './context';
import { skillsOf } from './walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'spoofed-name',
  defaultSeverity: 'warning',
  title: 'A name that mixes look-alike scripts or uses characters that pass for ASCII',
  appliesTo: ['card'],
};

/** At most this many characters are named in one message. */
const MAX_NAMED = 8;
/** Names longer than this are not names; only their start is looked at. */
const MAX_NAME = 500;

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
  const hasLatin = /\p{Script=Latin}/u.test(text);
  const found = new Map<string, Suspect>();
  const add = (ch: string, script: string) => {
    if (!found.has(ch)) found.set(ch, { ch, script, looksLike: asciiLookalike(ch) });
  };
  for (const word of words) {
    const chars = Array.from(word);
    const scripts = new Map<LookalikeScript, string[]>();
    for (const ch of chars) {
      const s = lookalikeScript(ch);
      if (s) scripts.set(s, [...(scripts.get(s) ?? []), ch]);
      // Fullwidth and mathematical letters are script Common: they pass for ASCII wherever they are.
      else if (asciiLookalike(ch)) add(ch, 'Common');
    }
    if (scripts.size > 1) {
      // The odd ones out: every script but Latin when Latin is there, else every script but the word's main one.
      const main = scripts.has('Latin')
        ? 'Latin'
        : [...scripts.entries()].reduce((a, b) => (b[1].length > a[1].length ? b : a))[0];
      for (const [script, list] of scripts) if (script !== main) for (const ch of list) add(ch, script);
    } else if (hasLatin && scripts.size === 1 && !scripts.has('Latin')) {
      // A whole word of look-alikes inside a Latin name ("Рау" in "Рау Pal"): it reads as ASCII.
      const [only] = scripts.entries();
      const [script, list] = only ?? ['', []];
      if (list.length === chars.length && list.every((ch) => asciiLookalike(ch)))
        for (const ch of list) add(ch, script);
    }
  }
  return [...found.values()];
}

function describe(s: Suspect): string {
  return `${codePointLabel(s.ch)} (${s.script}${s.looksLike ? `, looks like "${s.looksLike}"` : ''})`;
}

export const spoofedName: Rule = ({ value }) => {
  if (!isObject(value)) return [];
  const out: Finding[] = [];
  for (const [pointer, name] of names(value)) {
    if (typeof name !== 'string') continue;
    // Only non-ASCII names can hold any of these.
    // eslint-disable-next-line no-control-regex
    if (/^[\x00-\x7f]*$/.test(name)) continue;
    const suspects = spoofingCharacters(name);
    if (suspects.length === 0) continue;
    const listed =
      suspects.slice(0, MAX_NAMED).map(describe).join(', ') +
      (suspects.length > MAX_NAMED ? `, … ${suspects.length} in all` : '');
    out.push(
      finding(
        meta,
        pointer,
        `${quote(name)} uses characters that pass for others: ${listed}. A name that looks like another agent's or brand's misleads the people and models choosing agents; write it in one script.`,
        { data: { codePoints: suspects.map((s) => codePointLabel(s.ch)) } },
      ),
    );
  }
  return out;
};

export const rule: RuleDefinition = { meta, check: spoofedName };
