/**
 * A fix is data: a title and JSON-level operations on the document's parsed value, addressed by JSON
 * Pointer. The language server turns the operations into text edits (keeping the rest of the text as
 * it is); any other front end could do the same. Fixes never look at message text.
 */
export type FixOperation =
  /** `index`: where a NEW member goes among its object's members (default: last). */
  | { op: 'set'; pointer: string; value: unknown; index?: number }
  | { op: 'remove'; pointer: string }
  /**
   * Remove one of several members with the same name: the one whose name starts at `keyOffset` in the text (a
   * pointer alone names them all). A front end refuses the operation when no such member is there any more.
   */
  | { op: 'removeMember'; pointer: string; keyOffset: number }
  | { op: 'renameKey'; pointer: string; name: string }
  | { op: 'replaceDocument'; value: unknown };

export interface FixPlan {
  title: string;
  /** LSP code action kind: 'quickfix' (default) or a refactor kind. */
  kind?: 'quickfix' | 'refactor.rewrite';
  /** The obvious fix for the diagnostic (VS Code applies it with the "auto fix" keybinding). */
  preferred?: boolean;
  /**
   * Applied without asking (`a2acap lint --fix`): the one repair there is, and it keeps what the document means
   * (a shape rewritten, a repeat removed). A fix that picks a value or drops content is a person's choice.
   */
  safe?: true;
  operations: FixOperation[];
}

/** The finding fields a fix reads: code, pointer and the finding's data (round-tripped through the editor). */
export interface FixInput {
  code: string;
  pointer: string;
  data?: Record<string, unknown>;
}
