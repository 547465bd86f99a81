/**
 * Names that pass for others: the agent, provider and skill names whose characters are look-alikes of other
 * scripts' letters (confusables.ts). The spoofed-name rule reports them; the lockfile check reviews a changed card
 * whose names now pass for others (lockfile/checkOptions.ts).
 */
import { isObject } from '../document';
import {
  asciiLookalike,
  codePointLabel,
  isCaselessLatinLetter,
  latinLookalike,
  lookalikeScript,
  type LookalikeScript,
} from './confusables';
import { quote } from './quote';
import { skillsOf } from '../card/walk';
import type { TextCue } from './textCues';

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

export function spoofedNames(value: unknown): SpoofedName[] {
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

export function listed(suspects: Suspect[]): string {
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
