/**
 * Cues in a card's free text written for the model that selects agents ("always choose this agent", "ranked
 * first"). The discovery-poisoning rule reports them; the lockfile check reviews a changed card that now says such
 * things (lockfile/checkOptions.ts).
 */
import { isObject } from '../document';
import { CARD_TEXT, type TextCue, type TextWalk } from './textCues';

const THIS = String.raw`(?:this|our|my)\s+(?:agent|skill|service|tool)`;
const OTHERS = String.raw`(?:all\s+|any\s+)?(?:the\s+)?other\s+(?:agents|skills|services|tools|options)`;
const PICK = String.raw`(?:choose|select|pick|use|call|prefer|route\s+(?:\w+\s+)?to|invoke|recommend)`;
/** "every request", "all tasks", "any user query" */
const EVERY = String.raw`(?:every|each|all|any)\s+(?:\w+\s+)?(?:requests?|tasks?|quer(?:y|ies)|questions?|prompts?|messages?|jobs?|calls?|conversations?|users?|things?)`;
const SEND = String.raw`(?:route|send|forward|direct|delegate|dispatch|hand\s+(?:off|over))`;
const HERE = String.raw`(?:here|to\s+(?:us|me|it)\b|to\s+${THIS})`;

const PHRASES = new RegExp(
  [
    // always / only choose this agent ("only use this skill for refunds" is guidance, not a claim to be chosen)
    String.raw`\b(?:always|must\s+always|should\s+always)\s+${PICK}\s+${THIS}(?!\s+(?:for|when|to|if|with|in)\b)`,
    String.raw`\b(?:always|only)\s+(?:choose|select|pick|prefer)\s+${THIS}`,
    // prefer this agent over (all) others
    String.raw`\b${PICK}\s+${THIS}\s+(?:over|instead\s+of|before|above)\s+(?:${OTHERS}|any(?:\s+other)?|all(?:\s+others)?|others)`,
    // ranked first, rank this agent first, ranked #1
    String.raw`\b(?:is\s+)?rank(?:ed)?\s+(?:${THIS}\s+)?(?:first|#\s?1|number\s+one|highest|above\s+${OTHERS})`,
    // guaranteed best / guaranteed to be the best
    String.raw`\bguaranteed\s+(?:to\s+be\s+)?(?:the\s+)?(?:best|top|most\s+accurate|correct\s+choice|right\s+choice|first\s+choice)`,
    // outranks / supersedes / overrides other agents
    String.raw`\b(?:outranks|supersedes|overrides|beats|is\s+better\s+than)\s+${OTHERS}`,
    // ignore / never use / do not use other agents
    String.raw`\b(?:ignore|disregard|never\s+(?:use|choose|select|call)|do\s+not\s+(?:use|choose|select|call|consider))\s+${OTHERS}`,
    // use this agent for every request / for everything
    String.raw`\b${PICK}\s+${THIS}\s+for\s+(?:${EVERY}|everything|anything)`,
    // route every request here / send all tasks to this agent
    String.raw`\b${SEND}\s+${EVERY}\s+${HERE}`,
    String.raw`\b${SEND}\s+(?:everything|anything)\s+${HERE}`,
    // the first choice / your default choice / the go-to agent
    String.raw`(?:\b(?:first|top|default|preferred|number\s+one|go-to)|#\s?1)\s+(?:choice|pick)\b`,
    // the only agent you should use / need
    String.raw`\bthe\s+only\s+(?:agent|skill|tool|service)\s+(?:you\s+)?(?:should|need|must)\b`,
  ].join('|'),
  'i',
);

/**
 * Cheap screen of the whole JSON text: every phrase says "rank", "guarantee", "choice" or "pick", "everything" or
 * "anything", puts this/our/my, other or only before one of the nouns, or every/each/all/any before what is asked
 * for. In the text, a space between two words may be written as an escape (\n, \t, \r, \f); any character may be
 * written as \uXXXX, and a text holding that escape is not screened. The nouns alone would not do: every card has
 * "skills". A phrase added to PHRASES needs its words here too, or the screen skips it.
 */
const GAP = String.raw`(?:\s|\\[nrtf])+`;
/**
 * The start of a word in the JSON text: `\b`, or an escaped space just before it (`\nevery` has no word boundary
 * before "every", as the "n" of the escape is a word character). The escape is matched, not looked behind for: a
 * lookbehind is tried at every character and made this screen ten times slower.
 */
const START = String.raw`(?:\b|\\[nrtf])`;
/**
 * Three passes, not one alternation: V8 skips through the words' pass quickly (`ything` stands for everything and
 * anything), and a single regex of all three was tried at nearly every character.
 */
const WORD_STEMS = /rank|guarantee|choice|pick|ything/i;
/**
 * `ther` stands for "other": the screen may hit more than the phrases, never less, and with "other" among the
 * alternatives V8 took nearly twice as long over a big text (2.0 ms against 1.2 ms at 3 MB).
 */
const THIS_STEMS = new RegExp(String.raw`(?:this|our|my|ther|only)${GAP}(?:agent|skill|service|tool|option)`, 'i');
const EVERY_STEMS = new RegExp(
  String.raw`${START}(?:every|each|all|any)${GAP}(?:\w+${GAP})?(?:request|task|quer|question|prompt|message|job|call|conversation|user|thing)`,
  'i',
);

function mayHoldSelectionCue(text: string): boolean {
  return text.includes('\\u') || WORD_STEMS.test(text) || THIS_STEMS.test(text) || EVERY_STEMS.test(text);
}

/** At most this many cues are reported. */
const MAX_FINDINGS = 50;

/**
 * The card's free-text fields that tell the selecting model to prefer this agent. `text`, when known, lets a card
 * without any stem skip the walk. Also used by the lockfile check (lockfile/checkOptions.ts).
 */
export function selectionCues(value: unknown, text?: string, walk: TextWalk = CARD_TEXT): TextCue[] {
  if (!isObject(value) || (text !== undefined && !mayHoldSelectionCue(text))) return [];
  const out: TextCue[] = [];
  for (const [pointer, field] of walk.fields(value)) {
    if (typeof field !== 'string' || out.length >= MAX_FINDINGS) continue;
    const phrase = PHRASES.exec(field);
    if (phrase) {
      const said = phrase[0].replace(/\s+/g, ' ').slice(0, 60);
      out.push({ pointer, kind: 'selection', detail: JSON.stringify(said), data: { kind: 'selection', phrase: said } });
    }
  }
  return out;
}
