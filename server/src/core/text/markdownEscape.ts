/**
 * The one backslash escape of untrusted text for Markdown. Two character sets, because the two sinks differ:
 *
 * - 'punctuation' (editor hovers): every ASCII punctuation character, which CommonMark allows escaping. Escaping all
 *   of them also breaks autolinks (`https://`, `www.`, `a@b`), whose patterns need the raw characters; a hover has no
 *   other defence against links.
 * - 'inline' (the pull-request comment of `check --format markdown`): only the inline syntax and the table's `|`.
 *   That report turns `&`, `<`, `>`, quotes, `@` mentions and autolinks into entities and zero-width breaks
 *   afterwards (check/report/markdown.ts); a backslash before `&` would then escape the entity itself and show
 *   `&amp;` as text, and escaping `.` `:` `/` `@` would change every comment users already have.
 */
export type MarkdownEscapeSet = 'punctuation' | 'inline';

const CHARACTERS: Record<MarkdownEscapeSet, RegExp> = {
  punctuation: /[!-/:-@[-`{-~]/g,
  inline: /[\\`*_{}[\]()#+!|~]/g,
};

export function escapeMarkdownCharacters(text: string, set: MarkdownEscapeSet): string {
  return text.replace(CHARACTERS[set], (c) => `\\${c}`);
}
