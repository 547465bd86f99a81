/**
 * Cues in a card's free text written for the model that selects agents ("always choose this agent", "ranked
 * first"). The discovery-poisoning rule reports them; the lockfile check reviews a changed card that now says such
 * things (lockfile/checkOptions.ts).
 */
import { isObject } from '../document';
import { ReaderText } from './readerText';
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

// Its screen, mayHoldSelectionCue in textScreen.ts, holds the words of every phrase: a phrase added here needs its
// words there too.

/** At most this many cues are reported. */
const MAX_FINDINGS = 50;

/**
 * The card's free-text fields that tell the selecting model to prefer this agent. `text`, when known, lets a card
 * without any stem skip the walk. Also used by the lockfile check (lockfile/checkOptions.ts).
 */
export function selectionCues(value: unknown, text?: string, walk: TextWalk = CARD_TEXT): TextCue[] {
  return readerSelectionCues(new ReaderText(value, text, walk));
}

/** selectionCues of a document whose screens and fields the caller shares with other rules (rules/context.ts: readerOf). */
export function readerSelectionCues(reader: ReaderText): TextCue[] {
  const { value } = reader;
  if (!isObject(value) || !reader.maySelect) return [];
  const out: TextCue[] = [];
  for (const [pointer, field] of reader.walk.fields(value)) {
    if (typeof field !== 'string' || out.length >= MAX_FINDINGS) continue;
    const phrase = PHRASES.exec(field);
    if (phrase) {
      const said = phrase[0].replace(/\s+/g, ' ').slice(0, 60);
      out.push({ pointer, kind: 'selection', detail: JSON.stringify(said), data: { kind: 'selection', phrase: said } });
    }
  }
  return out;
}
