/**
 * What a document gives the models that read it, asked once per lint and shared by every rule that looks at it
 * (suspicious-text, discovery-poisoning): the screens of its raw text, each computed on first use, and the one walk
 * of its free-text fields. lint hands the rules one per document through RuleContext (rules/context.ts: readerOf);
 * a walk of a big card's fields costs more than any screen, and two rules walking it each paid twice.
 */
import { isObject } from '../document';
import { mayHoldHiddenCharacters, mayHoldInstruction, mayHoldSelectionCue } from './textScreen';

/**
 * Where a kind of document keeps its text: the free-text fields people and models read, and the other strings
 * (ids, URLs) that programs use as they are.
 */
export interface TextWalk {
  fields(value: Record<string, unknown>): Iterable<[string, unknown]>;
  others(value: Record<string, unknown>): Iterable<[string, unknown]>;
}

/** A free-text field that holds a string: its pointer and its text. */
export type TextField = readonly [pointer: string, text: string];

export class ReaderText {
  private hidden?: boolean;
  private instruction?: boolean;
  private selection?: boolean;
  private stringFields?: readonly TextField[];

  /** `text`, when known, is the document's JSON text: the screens read it; without it every screen says "may". */
  constructor(
    readonly value: unknown,
    readonly text: string | undefined,
    readonly walk: TextWalk,
  ) {}

  /** Whether a string of the document may hold an invisible or control character (hiddenCharacters.ts). */
  get mayHide(): boolean {
    return (this.hidden ??= this.text === undefined || mayHoldHiddenCharacters(this.value, this.text));
  }

  /** Whether the text may hold an instruction aimed at the reading model (textCues.ts). */
  get mayInstruct(): boolean {
    return (this.instruction ??= this.text === undefined || mayHoldInstruction(this.text));
  }

  /** Whether the text may tell the selecting model to prefer this agent (selectionCues.ts). */
  get maySelect(): boolean {
    return (this.selection ??= this.text === undefined || mayHoldSelectionCue(this.text));
  }

  /** The free-text fields that hold a string, in the walk's order: walked once, for every rule that reads them. */
  get fields(): readonly TextField[] {
    if (this.stringFields === undefined) {
      const out: TextField[] = [];
      if (isObject(this.value))
        for (const [pointer, field] of this.walk.fields(this.value))
          if (typeof field === 'string') out.push([pointer, field]);
      this.stringFields = out;
    }
    return this.stringFields;
  }
}
