/**
 * Cues in a card's free text that a reader cannot see or that speak to the reading model: invisible or control
 * characters and instructions ("ignore previous instructions"). The suspicious-text rule reports them; the lockfile
 * check does not adopt silently a changed card whose text now carries them (lockfile/checkOptions.ts).
 *
 * Cost: the whole text is screened first (readerText.ts: a few scans for rare characters, one regex pass finds the
 * phrases) and the fields are walked only when the screen finds something, once for every rule that reads them.
 */
import { isObject } from '../document';
import { escapeSegment } from '../pointer/range';
import { hiddenCodePoints, revealHiddenText } from './hiddenCharacters';
import { ReaderText, type TextWalk } from './readerText';
import { objectItems, skillsOf } from '../card/walk';

export type { TextWalk } from './readerText';

const INSTRUCTIONS =
  /ignore\s+(?:all\s+|any\s+)?(?:the\s+|your\s+)?(?:previous|prior|above|earlier|preceding)\s+(?:instructions|prompts?|rules)|disregard\s+(?:all\s+|any\s+)?(?:the\s+|your\s+)?(?:previous|prior|above|earlier)\s+(?:instructions|prompts?|rules)|(?:reveal|print|show)\s+(?:your\s+|the\s+)?system\s+prompt|do\s+not\s+(?:tell|inform|show)\s+the\s+user|you\s+are\s+now\s+(?:in\s+)?(?:developer|jailbreak|dan)\b/i;

// Its screen, INSTRUCTION_STEMS in textScreen.ts, holds a stem of every alternative: a phrase added here needs one there.

const MAX_FINDINGS = 50;

/** At most this many distinct code points are named in a message (tag characters can spell a whole sentence). */
const MAX_NAMED = 12;

/** The card's free-text fields, with pointers: what people and models read (discovery-poisoning reads them too). */
export function* textFields(card: Record<string, unknown>): Generator<[string, unknown]> {
  yield ['/name', card.name];
  yield ['/description', card.description];
  if (isObject(card.provider)) yield ['/provider/organization', card.provider.organization];
  for (const skill of skillsOf(card)) {
    yield [`${skill.pointer}/name`, skill.value.name];
    yield [`${skill.pointer}/description`, skill.value.description];
    for (const key of ['examples', 'tags'] as const) {
      const list = skill.value[key];
      if (Array.isArray(list)) for (let i = 0; i < list.length; i++) yield [`${skill.pointer}/${key}/${i}`, list[i]];
    }
  }
  if (isObject(card.capabilities)) {
    for (const ext of objectItems(card.capabilities.extensions, '/capabilities/extensions')) {
      yield [`${ext.pointer}/description`, ext.value.description];
      // Extension parameters are free-form, and a client hands them to whatever reads the card.
      if (ext.value.params !== undefined) yield* stringsUnder(ext.value.params, `${ext.pointer}/params`);
    }
  }
  // Scheme and scope descriptions: shown when a client asks for consent, and read by models planning the call.
  const schemes = card.securitySchemes;
  if (isObject(schemes))
    for (const name of Object.keys(schemes)) {
      const scheme = schemes[name];
      if (!isObject(scheme)) continue;
      const base = `/securitySchemes/${escapeSegment(name)}`;
      for (const kind of Object.keys(scheme)) {
        const body = scheme[kind];
        if (!isObject(body)) continue;
        yield [`${base}/${escapeSegment(kind)}/description`, body.description];
        if (!isObject(body.flows)) continue;
        for (const flow of Object.keys(body.flows)) {
          const scopes = (body.flows[flow] as Record<string, unknown> | undefined)?.scopes;
          if (!isObject(scopes)) continue;
          const at = `${base}/${escapeSegment(kind)}/flows/${escapeSegment(flow)}/scopes`;
          for (const scope of Object.keys(scopes)) yield [`${at}/${escapeSegment(scope)}`, scopes[scope]];
        }
      }
    }
}

/** Every string under a free-form value, with its pointer (an explicit stack: it can nest deeper than calls). */
function* stringsUnder(root: unknown, rootPointer: string): Generator<[string, unknown]> {
  const stack: [unknown, string][] = [[root, rootPointer]];
  while (stack.length) {
    const [value, pointer] = stack.pop()!;
    if (typeof value === 'string') yield [pointer, value];
    else if (Array.isArray(value))
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${pointer}/${i}`]);
    else if (isObject(value)) {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) stack.push([value[keys[i]!], `${pointer}/${escapeSegment(keys[i]!)}`]);
    }
  }
}

/** One cue in the card's text: where, which kind, and what was found (code points or the phrase). */
export interface TextCue {
  pointer: string;
  /** `selection`: text aimed at the model that selects agents (selectionCues.ts). */
  kind: 'hidden-characters' | 'instruction' | 'selection' | 'spoofed-name';
  /** "U+200B, U+202E" or the phrase, quoted for a message. */
  detail: string;
  data:
    | { kind: 'hidden-characters' | 'spoofed-name'; codePoints: string[] }
    | { kind: 'instruction' | 'selection'; phrase: string };
  /** A value programs use as it is (an id, a URL), not text for reading: hidden characters make it another one. */
  identifier?: true;
}

/** A string value that holds a character other than printable ASCII, tab or a line break: worth a closer look. */
const NOT_PLAIN = /[^\x20-\x7e\t\n\r]/;

/** A card's text: its free-text fields, and every other string in it. */
export const CARD_TEXT: TextWalk = { fields: textFields, others: (card) => stringsUnder(card, '') };

/** Every string value outside the free-text fields (skill ids, URLs, anything else) worth a look. */
function* otherStrings(
  value: Record<string, unknown>,
  skip: ReadonlySet<string>,
  walk: TextWalk,
): Generator<[string, string]> {
  for (const [pointer, field] of walk.others(value))
    if (typeof field === 'string' && NOT_PLAIN.test(field) && !skip.has(pointer)) yield [pointer, field];
}

function hiddenCue(pointer: string, hidden: string[], identifier: boolean): TextCue {
  const detail =
    hidden.length > MAX_NAMED
      ? `${hidden.slice(0, MAX_NAMED).join(', ')}, … ${hidden.length} in all`
      : hidden.join(', ');
  return {
    pointer,
    kind: 'hidden-characters',
    detail,
    data: { kind: 'hidden-characters', codePoints: hidden },
    ...(identifier ? { identifier: true as const } : {}),
  };
}

/**
 * The card's free-text fields that hold invisible or control characters or an instruction aimed at the reading model
 * (at most MAX_FINDINGS). `text`, when known, lets the walk be skipped when a cheap screen rules both out. Also used by
 * the lockfile check: a changed card whose text now carries such cues is not adopted silently (lockfile/check.ts).
 */
export function textCues(value: unknown, text?: string, walk: TextWalk = CARD_TEXT): TextCue[] {
  return readerTextCues(new ReaderText(value, text, walk));
}

/** textCues of a document whose screens and fields the caller shares with other rules (rules/context.ts: readerOf). */
export function readerTextCues(reader: ReaderText): TextCue[] {
  const { value } = reader;
  if (!isObject(value)) return [];
  const mayHide = reader.mayHide;
  const mayInstruct = reader.mayInstruct;
  if (!mayHide && !mayInstruct) return [];
  const out: TextCue[] = [];
  const seen = new Set<string>();
  for (const [pointer, field] of reader.walk.fields(value)) {
    if (typeof field !== 'string' || out.length >= MAX_FINDINGS) continue;
    if (mayHide) seen.add(pointer);
    const hidden = mayHide ? hiddenCodePoints(field) : [];
    if (hidden.length) out.push(hiddenCue(pointer, hidden, false));
    // What a model may read: text spelled in tag characters revealed, zero-width splitters removed.
    const readable = hidden.length ? revealHiddenText(field) : field;
    const phrase = mayInstruct || hidden.length ? INSTRUCTIONS.exec(readable) : null;
    if (phrase)
      out.push({
        pointer,
        kind: 'instruction',
        detail: JSON.stringify(phrase[0].slice(0, 60)),
        data: { kind: 'instruction', phrase: phrase[0] },
      });
  }
  // Ids and URLs are shown to people and used by programs: a hidden character makes the two differ.
  if (mayHide)
    for (const [pointer, field] of otherStrings(value, seen, reader.walk)) {
      if (out.length >= MAX_FINDINGS) break;
      const hidden = hiddenCodePoints(field);
      if (hidden.length) out.push(hiddenCue(pointer, hidden, true));
    }
  return out;
}
