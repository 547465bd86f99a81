/**
 * What a document gives the models that read it, asked once per lint and shared by every rule that looks at it
 * (suspicious-text, discovery-poisoning): the screens of its raw text, each computed on first use, and where its
 * free-text fields are. lint hands the rules one per document through RuleContext (rules/context.ts: readerOf).
 *
 * The fields are walked afresh by each rule that reads them (walk.fields), not kept: on the 3 MB bench card a kept
 * list of its 28,751 fields with their pointers took 38 ms to build, a walk that lets each pointer go 3 ms.
 */
import { mayHoldHiddenCharacters, mayHoldInstruction, mayHoldSelectionCue } from './textScreen';

/**
 * Where a kind of document keeps its text: the free-text fields people and models read, and the other strings
 * (ids, URLs) that programs use as they are.
 */
export interface TextWalk {
  fields(value: Record<string, unknown>): Iterable<[string, unknown]>;
  others(value: Record<string, unknown>): Iterable<[string, unknown]>;
}

export class ReaderText {
  private hidden?: boolean;
  private instruction?: boolean;
  private selection?: boolean;

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
}
